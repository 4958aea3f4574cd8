import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import ts from "typescript";
import { endProcess, quietEnv, waitForHttp } from "./process.ts";
import { ROOT } from "./project.ts";

/**
 * Both built Workers in ONE workerd, as production runs a service binding (same thread, no hop between
 * processes): `wrangler dev -c <storefront> -c <cloud-api>`, the storefront primary on `port`, the cloud-api
 * reachable only through its binding. Wrangler gives an auxiliary Worker neither `--var` nor `--env-file`,
 * so the cloud-api runs from a copy of its config with the extra vars in `vars` and the local secrets in a
 * `.dev.vars` beside it; the state folder is the primary's, which both share. Serves what `stateDir` already
 * holds (migrated, seeded, signed in): the bench signs buyers in through the two-process servers first.
 */
export async function serveInOneProcess(options: { stateDir: string; port: number; vars: Record<string, string> }) {
  const dir = `${ROOT}${options.stateDir}/one-process`;
  mkdirSync(dir, { recursive: true });
  const source = `${ROOT}cloud-api/wrangler.jsonc`;
  const parsed = ts.parseConfigFileTextToJson(source, readFileSync(source, "utf8"));
  if (parsed.error) throw new Error(`cloud-api/wrangler.jsonc does not parse: ${String(parsed.error.messageText)}`);
  const config = parsed.config as { name: string; main: string; vars: Record<string, string>; env?: unknown };
  const storefront = JSON.parse(readFileSync(`${ROOT}build/server/wrangler.json`, "utf8")) as { name: string };
  const vars = { PAYMENT_SANDBOX: "on", ...options.vars };
  const { env: _deployments, ...local } = config;
  writeFileSync(`${dir}/cloud-api.json`, JSON.stringify({ ...local, main: `${ROOT}cloud-api/${config.main}`, vars: { ...config.vars, ...vars } }, null, 2));
  copyFileSync(`${ROOT}.dev.vars`, `${dir}/.dev.vars`);

  const varArgs = Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]);
  const args = ["dev", "-c", "build/server/wrangler.json", "-c", `${dir}/cloud-api.json`, "--port", String(options.port), "--ip", "127.0.0.1"];
  const child: ChildProcess = spawn(
    `${ROOT}node_modules/.bin/wrangler`,
    [...args, "--persist-to", options.stateDir, "--env-file", `${ROOT}.dev.vars`, "--show-interactive-dev-session=false", ...varArgs],
    { cwd: ROOT, env: { ...quietEnv, WRANGLER_REGISTRY_PATH: `${ROOT}${options.stateDir}/registry` }, stdio: "ignore" },
  );
  const stop = () => endProcess(child);
  try {
    await waitForHttp(`http://127.0.0.1:${options.port}/`, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, child, workers: { storefront: storefront.name, cloudApi: config.name } };
}
