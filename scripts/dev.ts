/**
 * npm run dev: the storefront under Vite with hot reload (React Router dev server, the Cloudflare plugin running it in
 * workerd) with the cloud-api as an auxiliary Worker in the same workerd, bound as CLOUD_API and answering on its own
 * port through a forwarder (docs/decisions/066); the console under Vite too, behind the local Access stand-in. The same
 * ports and the same local database as npm start: migrated, fresh demo data unless --keep-data, and the launcher's links.
 */
import { spawn } from "node:child_process";
import { writeSync } from "node:fs";
import { announce, ensurePortsFree, openLog, prepareLocalDatabase } from "./lib/local-demo.ts";
import { quietEnv, waitForHttp } from "./lib/process.ts";
import { CLOUD_API_PORT, CONSOLE_PORT, CONSOLE_WORKER_PORT, devVars, ROOT, STATE_DIR, STOREFRONT_PORT } from "./lib/project.ts";
import { startAccessStandIn } from "./lib/access-stand-in.ts";
import { localAccessAudience, serveLocalCloudApiPort } from "./lib/servers.ts";

const keepData = process.argv.includes("--keep-data");
await ensurePortsFree().catch((error: Error) => {
  console.error(`✘ ${error.message}`);
  process.exit(1);
});
const log = openLog("dev");
devVars();
console.log(keepData ? "▶ migrating the local database (data kept)" : "▶ resetting the local database to fresh demo data");
// While the dev servers start: the state folder is wiped before this returns, and neither Worker reads its database
// until the first request, which waits for this (on 2 cores the servers' start is most of the wait).
const database = prepareLocalDatabase(keepData);

// The console's dev server finds the cloud-api (its CLOUD_API binding) in the storefront's through this registry,
// private to the checkout; wrangler and the Vite plugin's miniflare each read it under their own name.
const registry = `${ROOT}${STATE_DIR}/registry`;
// The checkout's secrets in the environment too: the plugin looks for the auxiliary cloud-api's beside its own config
// (cloud-api/), finds them in the environment, and does not warn that they are missing.
const env = { ...quietEnv, ...devVars(), WRANGLER_REGISTRY_PATH: registry, CLOUDFLARE_DEV_REGISTRY_PATH: registry, MINIFLARE_REGISTRY_PATH: registry };
console.log(`▶ starting the storefront with the cloud-api, and the console, under Vite (log: ${log.path})`);
const vite = spawn(`${ROOT}node_modules/.bin/react-router`, ["dev", "--host", "127.0.0.1", "--port", String(STOREFRONT_PORT), "--strictPort"], { cwd: ROOT, env, stdio: ["ignore", log.fd, "pipe"] });
// Vite's errors (a file that does not compile, a failed update) show in this terminal as well as in the log.
vite.stderr?.on("data", (chunk: Buffer) => {
  writeSync(log.fd, chunk);
  process.stderr.write(chunk);
});
// The console under Vite too, behind the local Access stand-in (console/vite.config.ts turns it on by name).
const consoleVite = spawn(`${ROOT}node_modules/.bin/react-router`, ["dev", "console", "--host", "127.0.0.1", "--port", String(CONSOLE_WORKER_PORT), "--strictPort"], { cwd: ROOT, env, stdio: ["ignore", log.fd, log.fd] });
const children = [vite, consoleVite];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
};
for (const child of children) child.on("exit", (code) => code && (stop(), process.exit(code)));
try {
  const [cloudApi, standIn] = await Promise.all([
    serveLocalCloudApiPort({ port: CLOUD_API_PORT, storefrontPort: STOREFRONT_PORT }),
    startAccessStandIn({ port: CONSOLE_PORT, worker: `http://127.0.0.1:${CONSOLE_WORKER_PORT}`, audience: localAccessAudience() }),
    database,
  ]);
  const storefront = `http://127.0.0.1:${STOREFRONT_PORT}`;
  await waitForHttp(`${storefront}/app-h5/no-login/1`, 120_000);
  const launcher = await announce({ title: "CamCloud dev server is running (edits reload in place).", storefront, console: standIn.url, logPath: log.path });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      launcher.close();
      standIn.close();
      cloudApi.close();
      stop();
      process.exit(0);
    });
  }
} catch (error) {
  stop();
  console.error(`✘ ${error instanceof Error ? error.message : String(error)}\n  the log has the detail: ${log.path}`);
  process.exit(1);
}
