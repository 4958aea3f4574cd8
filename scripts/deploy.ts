/**
 * npm run deploy -- --env preview|production: both environments' D1 migrations, then the cloud-api
 * (the storefront and the console bind to it), then the storefront and the operator console built for that environment;
 * a console whose Access settings are not a real Access team's (or that names the local stand-in) stops it first.
 * npm run deploy:preview [-- --name BRANCH]: the same into the preview environment, but as versions aliased to
 * the branch (<alias>-camcloud-storefront-preview.<account>.workers.dev), the branch's storefront calling
 * the branch's cloud-api; the URLs are printed (and written to the GitHub job summary).
 * --comment-file PATH writes the pull request comment with the preview's URLs there (the workflow posts it).
 * npm run deploy:preview -- --remove --name BRANCH: the branch's alias moves, on both preview Workers, to a version
 * that answers 410 Gone (the workflow runs it when a branch is deleted).
 * --dry-run builds and checks everything and uploads nothing, printing the alias a preview would take or give back
 * (npm test runs it for both environments and a preview).
 * docs/decisions/019-environments-and-previews.md
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { quietEnv, run } from "./lib/process.ts";
import { previewAlias, previewComment, previewWorkers } from "./lib/preview.ts";
import { ROOT } from "./lib/project.ts";
import { unstable_readConfig } from "wrangler";
import { accessVariableProblems } from "#console/app/access-rules.ts";

const { values } = parseArgs({
  options: { env: { type: "string" }, preview: { type: "boolean" }, name: { type: "string" }, "dry-run": { type: "boolean" }, remove: { type: "boolean" }, "comment-file": { type: "string" } },
});
const env = values.preview ? "preview" : values.env;
if (env !== "preview" && env !== "production") {
  console.error("usage: npm run deploy -- --env preview|production [--dry-run] | npm run deploy:preview [-- --name BRANCH] [--comment-file PATH] [--remove] [--dry-run]");
  process.exit(2);
}
const dryRun = values["dry-run"] === true;
const wrangler = (args: string[], outputFile?: string) =>
  run(`${ROOT}node_modules/.bin/wrangler`, args, { cwd: ROOT, env: { ...quietEnv, ...(outputFile ? { WRANGLER_OUTPUT_FILE_PATH: outputFile } : {}) } });
const out = mkdtempSync(join(tmpdir(), "camcloud-deploy-"));
const checkOnly = dryRun ? ["--dry-run", "--outdir"] : [];

const branch = () => values.name ?? process.env.GITHUB_HEAD_REF ?? process.env.GITHUB_REF_NAME ?? execFileSync("git", ["rev-parse", "--abbrev-ref", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();

/** The aliased URL wrangler reports for an uploaded version (its ND-JSON output file). */
function aliasUrl(outputFile: string): string {
  const entries = readFileSync(outputFile, "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as { type?: string; preview_alias_url?: string });
  const url = entries.find((entry) => entry.type === "version-upload")?.preview_alias_url;
  if (!url) throw new Error(`wrangler reported no preview alias URL (is preview_urls on for the Worker?); see ${outputFile}`);
  return url;
}

if (values.remove) {
  if (!values.preview || !values.name) {
    console.error("--remove takes the deleted branch's --name: npm run deploy:preview -- --remove --name BRANCH");
    process.exit(2);
  }
  const alias = previewAlias(values.name);
  for (const worker of Object.values(previewWorkers())) {
    console.log(`${dryRun ? "Would move" : "Moving"} the alias "${alias}" of ${worker} to a version that answers 410 Gone`);
    await wrangler(["versions", "upload", "-c", "scripts/lib/preview-removed.wrangler.jsonc", "--name", worker, "--preview-alias", alias, ...checkOnly, ...(dryRun ? [`${out}/${worker}`] : [])]);
  }
  process.exit(0);
}

// The console refuses every request with Access settings that are not a real team's: refuse to deploy it so first.
const consoleVars = unstable_readConfig({ config: `${ROOT}console/wrangler.jsonc`, env }, { hideWarnings: true }).vars;
const accessProblems = accessVariableProblems(consoleVars);
if (accessProblems.length) {
  console.error(`console/wrangler.jsonc (${env}) is not behind a real Cloudflare Access team: ${accessProblems.join("; ")}`);
  process.exit(1);
}

if (!dryRun) {
  for (const [binding, config] of [["DB", "cloud-api/wrangler.jsonc"], ["SESSIONS_DB", "wrangler.jsonc"]] as const) {
    await wrangler(["d1", "migrations", "apply", binding, "--remote", "-c", config, "--env", env]);
  }
}
await run(`${ROOT}node_modules/.bin/react-router`, ["build"], { cwd: ROOT, env: { ...quietEnv, CLOUDFLARE_ENV: env }, stdio: ["ignore", "ignore", "inherit"] });

if (values.preview) {
  const alias = previewAlias(branch());
  const workers = previewWorkers();
  if (dryRun) console.log(`A preview of this branch would be aliased "${alias}": ${alias}-${workers.storefront}.<account>.workers.dev`);
  await wrangler(["versions", "upload", "-c", "cloud-api/wrangler.jsonc", "--env", "preview", "--preview-alias", alias, ...checkOnly, ...(dryRun ? [`${out}/cloud-api`] : [])], `${out}/cloud-api.json`);
  const api = dryRun ? `https://${alias}-${workers.cloudApi}.example.workers.dev` : aliasUrl(`${out}/cloud-api.json`);
  // The branch's storefront calls the branch's cloud-api, signed, over HTTPS (the binding would reach the deployed preview).
  const upstream = JSON.stringify({ "preview/*": api });
  await wrangler(["versions", "upload", "--preview-alias", alias, "--var", `UPSTREAM_REGIONS:${upstream}`, ...checkOnly, ...(dryRun ? [`${out}/storefront`] : [])], `${out}/storefront.json`);
  if (!dryRun) {
    const storefront = aliasUrl(`${out}/storefront.json`);
    const summary = `Preview of ${alias}:\n  storefront ${storefront}\n  cloud-api  ${api}/v1\n`;
    console.log(`\n${summary}`);
    if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, `\`\`\`\n${summary}\`\`\`\n`);
    const commit = process.env.GITHUB_SHA ?? execFileSync("git", ["rev-parse", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    if (values["comment-file"]) writeFileSync(values["comment-file"], previewComment({ alias, commit, storefront, api }));
  }
} else {
  await wrangler(["deploy", "-c", "cloud-api/wrangler.jsonc", "--env", env, ...checkOnly, ...(dryRun ? [`${out}/cloud-api`] : [])]);
  // The build wrote the storefront's configuration for this environment (.wrangler/deploy/config.json points at it).
  await wrangler(["deploy", ...checkOnly, ...(dryRun ? [`${out}/storefront`] : [])]);
  await run(`${ROOT}node_modules/.bin/react-router`, ["build", "console"], { cwd: ROOT, env: { ...quietEnv, CLOUDFLARE_ENV: env }, stdio: ["ignore", "ignore", "inherit"] });
  await wrangler(["deploy", "-c", "console/build/server/wrangler.json", ...checkOnly, ...(dryRun ? [`${out}/console`] : [])]);
}
