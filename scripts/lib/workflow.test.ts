import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "./project.ts";

interface Workflow {
  on: { push: { branches: string[] }; delete?: null };
  concurrency: { group: string; "cancel-in-progress": string | boolean };
  jobs: Record<string, { if?: string; needs?: string; permissions?: Record<string, string>; env?: Record<string, string>; steps: { run?: string; uses?: string; env?: Record<string, string> }[] }>;
}

const readWorkflow = (name: string) => parse(readFileSync(`${ROOT}.github/workflows/${name}`, "utf8")) as Workflow;
const workflow = readWorkflow("deploy.yml");
const removal = readWorkflow("preview-remove.yml");
const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> }).scripts;
const runsOf = (flow: Workflow) => Object.values(flow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : [])));
const runs = [...runsOf(workflow), ...runsOf(removal)];

describe("the deploy workflow (.github/workflows/deploy.yml)", () => {
  it("tests every push, previews branches and deploys main only after the tests", () => {
    expect(workflow.on.push.branches).toEqual(["**"]);
    expect(workflow.jobs.test?.steps.map((step) => step.run).filter(Boolean)).toContain("npm test");
    expect(workflow.jobs.preview).toMatchObject({ needs: "test", if: "github.ref != 'refs/heads/main'" });
    expect(workflow.jobs.production).toMatchObject({ needs: "test", if: "github.ref == 'refs/heads/main'" });
    expect(workflow.jobs.preview?.steps.some((step) => step.run?.startsWith("npm run deploy:preview"))).toBe(true);
    expect(workflow.jobs.production?.steps.some((step) => step.run === "npm run deploy -- --env production")).toBe(true);
  });

  it("cancels a branch's running preview for a newer push, but never a production deploy half-way", () => {
    expect(workflow.concurrency.group).toContain("github.ref");
    expect(workflow.concurrency["cancel-in-progress"]).toBe("${{ github.ref != 'refs/heads/main' }}");
  });

  it("installs exactly the lockfile, as .ci/run does", () => {
    const installs = runs.filter((command) => command.startsWith("npm install") || command.startsWith("npm ci"));
    expect(installs.length).toBeGreaterThan(0);
    for (const command of installs) expect(command).toMatch(/^npm ci\b/);
    expect(readFileSync(`${ROOT}.ci/run`, "utf8")).toMatch(/^npm ci\b/m);
  });

  it("names only npm scripts that exist", () => {
    const named = runs.flatMap((command) => [...command.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(Object.keys(scripts), name).toContain(name);
  });

  it("runs the wrangler commands that the installed wrangler has", { timeout: 60_000 }, () => {
    const help = execFileSync(`${ROOT}node_modules/.bin/wrangler`, ["--help"], { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
    const deploy = readFileSync(`${ROOT}scripts/deploy.ts`, "utf8");
    for (const command of ["deploy", "versions", "d1"]) expect(help).toMatch(new RegExp(`wrangler ${command}\\b`));
    for (const used of ['"versions", "upload"', '"--preview-alias"', '"d1", "migrations", "apply"', '"--remote"']) expect(deploy).toContain(used);
    const upload = execFileSync(`${ROOT}node_modules/.bin/wrangler`, ["versions", "upload", "--help"], { encoding: "utf8" });
    expect(upload).toContain("--preview-alias");
  });

  it("comments the preview's URLs on the branch's open pull request, one comment that each push updates", () => {
    const preview = workflow.jobs.preview!;
    expect(preview.permissions).toMatchObject({ "pull-requests": "write" });
    const deploy = preview.steps.find((step) => step.run?.startsWith("npm run deploy:preview"))?.run ?? "";
    const file = /--comment-file "([^"]+)"/.exec(deploy)?.[1];
    expect(file).toBeTruthy();
    const comment = preview.steps.find((step) => step.run?.includes("gh pr comment"));
    expect(comment?.env?.GH_TOKEN).toBe("${{ github.token }}");
    expect(comment?.run).toContain('gh pr list --repo "$GITHUB_REPOSITORY" --head "$BRANCH" --state open');
    expect(comment?.run).toContain(`--body-file "${file}" --edit-last --create-if-none`);
  });

  it("takes a deleted branch's preview alias back, from the branch's name", () => {
    expect(removal.on).toHaveProperty("delete");
    const job = removal.jobs.remove!;
    expect(job.if).toBe("github.event.ref_type == 'branch'");
    expect(job.env?.BRANCH).toBe("${{ github.event.ref }}");
    expect(job.steps.map((step) => step.run).filter(Boolean)).toContain('npm run deploy:preview -- --remove --name "$BRANCH"');
  });

  it("passes a branch name to the shell only through the environment (a name can hold $(...))", () => {
    for (const command of runs) expect(command).not.toMatch(/\$\{\{\s*github\.(ref_name|event\.ref|head_ref)/);
  });
});
