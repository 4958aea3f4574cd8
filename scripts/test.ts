/**
 * npm test: every check, in the order that fails fastest. Typecheck and lint, unit tests, Worker tests
 * on real D1 under workerd, `wrangler deploy --dry-run` of every environment, then a build and the
 * Playwright journeys in Chromium (scripts/ensure-chromium.ts).
 */
import { mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { run } from "./lib/process.ts";
import { devVars, ROOT } from "./lib/project.ts";
import { scanForSecrets } from "./lib/secret-scan.ts";

const bin = (name: string) => `${ROOT}node_modules/.bin/${name}`;
const REPORTS = `${ROOT}test-reports`; // not test-results/: Playwright empties that when it starts
const vitest = (project: string) => ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${REPORTS}/${project}.json`];
const steps: [string, () => Promise<void>][] = [
  ["typecheck", () => run(process.execPath, ["scripts/typegen.ts", "--check"]).then(() => run(bin("tsc"), ["-b"]))],
  ["lint", () => run(bin("eslint"), ["--max-warnings", "0", "."])],
  ["unit tests", () => run(bin("vitest"), vitest("unit"))],
  // Vitest leaves a core free by default, which on 2 cores runs the Worker test files one at a time; they
  // mostly wait on workerd, so two at a time take about 60% as long. (The unit tests are CPU-bound: default.)
  ["worker tests", () => run(bin("vitest"), [...vitest("workers"), `--maxWorkers=${Math.max(2, availableParallelism() - 1)}`])],
  // Before the local build: each one builds the storefront for its environment (about 8 s each).
  ["deploy dry runs (preview, production, a branch preview and its removal)", async () => {
    for (const args of [["--env", "preview"], ["--env", "production"], ["--preview", "--name", "dry-run"], ["--preview", "--remove", "--name", "dry-run"]]) await run(process.execPath, ["scripts/deploy.ts", ...args, "--dry-run"], { stdio: ["ignore", "ignore", "inherit"] });
  }],
  ["build", () => run(bin("react-router"), ["build"]).then(() => run(bin("react-router"), ["build", "console"]))],
  ["no secret in the client assets", async () => scanClientAssets()],
  ["chromium", () => run(process.execPath, ["scripts/ensure-chromium.ts"])],
  ["end-to-end tests", () => run(bin("playwright"), ["test", "--reporter=list,json"], { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/e2e.json` } })],
];

/** The built browser assets (the storefront's and the console's) hold no configured secret (.dev.vars and the environment) and no secret key shape. */
function scanClientAssets(): void {
  const configured = { ...devVars(), ...Object.fromEntries(Object.entries(process.env).filter(([name, value]) => /SECRET|PRIVATE|_KEY$/.test(name) && value)) } as Record<string, string>;
  const hits = ["build/client", "console/build/client"].flatMap((client) => scanForSecrets(`${ROOT}${client}`, configured));
  if (hits.length) throw new Error(hits.map((hit) => `${hit.file} contains ${hit.what}`).join("\n"));
}

/** Passed and failed counts over the three runners' JSON reports. */
function totals(): { passed: number; failed: number } {
  const read = (name: string) => JSON.parse(readFileSync(`${REPORTS}/${name}.json`, "utf8"));
  let passed = 0;
  let failed = 0;
  for (const name of ["unit", "workers"]) {
    const report = read(name) as { numPassedTests: number; numFailedTests: number };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  }
  const e2e = read("e2e") as { stats: { expected: number; unexpected: number; flaky: number } };
  return { passed: passed + e2e.stats.expected + e2e.stats.flaky, failed: failed + e2e.stats.unexpected };
}

mkdirSync(REPORTS, { recursive: true });
devVars(); // the build and the servers read .dev.vars; a fresh clone gets the documented demo values
const started = Date.now();
for (const [name, step] of steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await step();
  } catch (error) {
    console.error(`\n✘ ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.log(`✔ ${name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}
const { passed, failed } = totals();
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
console.log(`${passed} passed, ${failed} failed`);
