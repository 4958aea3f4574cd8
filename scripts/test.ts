/**
 * npm test: every check, in the order that fails fastest. Typecheck and lint, unit tests, Worker tests
 * on real D1 under workerd, then a build and the Playwright journeys in Debian's Chromium.
 */
import { run } from "./lib/process.ts";
import { devVars, ROOT } from "./lib/project.ts";

const bin = (name: string) => `${ROOT}node_modules/.bin/${name}`;
const steps: [string, () => Promise<void>][] = [
  ["typecheck", () => run(bin("react-router"), ["typegen"]).then(() => run(bin("tsc"), ["-b"]))],
  ["lint", () => run(bin("eslint"), ["--max-warnings", "0", "."])],
  ["unit tests", () => run(bin("vitest"), ["run", "--project", "unit"])],
  ["worker tests", () => run(bin("vitest"), ["run", "--project", "workers"])],
  ["build", () => run(bin("react-router"), ["build"])],
  ["chromium", () => run(process.execPath, ["scripts/ensure-chromium.ts"])],
  ["end-to-end tests", () => run(bin("playwright"), ["test"])],
];

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
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
