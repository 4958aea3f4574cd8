/**
 * npm run typegen: the Workers' env types from their wrangler configs (`wrangler types`) and the route
 * types (`react-router typegen`), for the storefront and the console. With --check it only fails when a generated file is out of date.
 */
import { run } from "./lib/process.ts";
import { ROOT } from "./lib/project.ts";

const check = process.argv.includes("--check");
const WORKERS = [
  { config: "wrangler.jsonc", out: "worker-configuration.d.ts", envInterface: "StorefrontBindings" },
  { config: "cloud-api/wrangler.jsonc", out: "cloud-api/worker-configuration.d.ts", envInterface: "CloudApiBindings" },
  { config: "console/wrangler.jsonc", out: "console/worker-configuration.d.ts", envInterface: "ConsoleBindings" },
];

for (const worker of WORKERS) {
  // Runtime types come from @cloudflare/workers-types; vars are plain strings so tests and deployments may set any value.
  const args = ["types", worker.out, "-c", worker.config, "--env-interface", worker.envInterface, "--include-runtime=false", "--strict-vars=false"];
  await run(`${ROOT}node_modules/.bin/wrangler`, check ? [...args, "--check"] : args, { cwd: ROOT });
}
// The storefront's routes, then the console's (its own React Router project in console/).
await run(`${ROOT}node_modules/.bin/react-router`, ["typegen"], { cwd: ROOT });
await run(`${ROOT}node_modules/.bin/react-router`, ["typegen", "console"], { cwd: ROOT });
