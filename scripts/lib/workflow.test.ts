import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ROOT } from "./project.ts";

interface Workflow {
  on: { push: { branches: string[] } };
  concurrency: { group: string; "cancel-in-progress": string | boolean };
  jobs: Record<string, { if?: string; needs?: string; steps: { run?: string; uses?: string }[] }>;
}

const workflow = parse(readFileSync(`${ROOT}.github/workflows/deploy.yml`, "utf8")) as Workflow;
const scripts = (JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")) as { scripts: Record<string, string> }).scripts;
const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : [])));

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

  it("runs the wrangler commands that the installed wrangler has", () => {
    const help = execFileSync(`${ROOT}node_modules/.bin/wrangler`, ["--help"], { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } });
    const deploy = readFileSync(`${ROOT}scripts/deploy.ts`, "utf8");
    for (const command of ["deploy", "versions", "d1"]) expect(help).toMatch(new RegExp(`wrangler ${command}\\b`));
    for (const used of ['"versions", "upload"', '"--preview-alias"', '"d1", "migrations", "apply"', '"--remote"']) expect(deploy).toContain(used);
    const upload = execFileSync(`${ROOT}node_modules/.bin/wrangler`, ["versions", "upload", "--help"], { encoding: "utf8" });
    expect(upload).toContain("--preview-alias");
  });
});
