/**
 * npm run dev: the storefront and the console under Vite with hot reload (React Router dev server, the Cloudflare plugin
 * running it in workerd; the console behind the local Access stand-in) and the cloud-api beside them in `wrangler dev`, on the same ports and the same
 * local database as npm start: migrated, fresh demo data unless --keep-data, and the launcher's links.
 */
import { spawn } from "node:child_process";
import { writeSync } from "node:fs";
import { announce, openLog, prepareLocalDatabase } from "./lib/local-demo.ts";
import { quietEnv, waitForHttp } from "./lib/process.ts";
import { CLOUD_API_PORT, CONSOLE_PORT, CONSOLE_WORKER_PORT, devVars, RECEIVER_PORT, ROOT, STATE_DIR, STOREFRONT_PORT } from "./lib/project.ts";
import { startAccessStandIn } from "./lib/access-stand-in.ts";
import { localAccessAudience } from "./lib/servers.ts";
import { demoEndpoints } from "./lib/webhook-receiver.ts";

const keepData = process.argv.includes("--keep-data");
const log = openLog("dev");
devVars();
console.log(keepData ? "▶ migrating the local database (data kept)" : "▶ resetting the local database to fresh demo data");
await prepareLocalDatabase(keepData);

// Both processes find each other (the storefront's CLOUD_API service binding) through this registry,
// private to the checkout; wrangler and the Vite plugin's miniflare each read it under their own name.
const registry = `${ROOT}${STATE_DIR}/registry`;
const env = { ...quietEnv, WRANGLER_REGISTRY_PATH: registry, CLOUDFLARE_DEV_REGISTRY_PATH: registry, MINIFLARE_REGISTRY_PATH: registry };
const stdio = ["ignore", log.fd, log.fd] as const;
const children = [
  spawn(`${ROOT}node_modules/.bin/wrangler`, ["dev", "-c", "cloud-api/wrangler.jsonc", "--ip", "127.0.0.1", "--port", String(CLOUD_API_PORT), "--persist-to", STATE_DIR, "--env-file", `${ROOT}.dev.vars`, "--var", "PAYMENT_SANDBOX:on", "--var", `WEBHOOK_ENDPOINTS:${demoEndpoints(RECEIVER_PORT)}`, "--show-interactive-dev-session=false"], { cwd: ROOT, env, stdio: [...stdio] }),
];
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
};
console.log("▶ starting the cloud-api, then the storefront under Vite");
try {
  await waitForHttp(`http://127.0.0.1:${CLOUD_API_PORT}/`, 60_000);
  const vite = spawn(`${ROOT}node_modules/.bin/react-router`, ["dev", "--host", "127.0.0.1", "--port", String(STOREFRONT_PORT), "--strictPort"], { cwd: ROOT, env, stdio: ["ignore", log.fd, "pipe"] });
  // Vite's errors (a file that does not compile, a failed update) show in this terminal as well as in the log.
  vite.stderr?.on("data", (chunk: Buffer) => {
    writeSync(log.fd, chunk);
    process.stderr.write(chunk);
  });
  children.push(vite);
  // The console under Vite too, behind the local Access stand-in (console/vite.config.ts turns it on by name).
  children.push(spawn(`${ROOT}node_modules/.bin/react-router`, ["dev", "console", "--host", "127.0.0.1", "--port", String(CONSOLE_WORKER_PORT), "--strictPort"], { cwd: ROOT, env, stdio: [...stdio] }));
  const standIn = await startAccessStandIn({ port: CONSOLE_PORT, worker: `http://127.0.0.1:${CONSOLE_WORKER_PORT}`, audience: localAccessAudience() });
  for (const child of children) child.on("exit", (code) => code && (stop(), process.exit(code)));
  const storefront = `http://127.0.0.1:${STOREFRONT_PORT}`;
  await waitForHttp(`${storefront}/app-h5/no-login/1`, 120_000);
  const launcher = await announce({ title: "CamCloud dev server is running (edits reload in place).", storefront, console: standIn.url, logPath: log.path });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      launcher.close();
      standIn.close();
      stop();
      process.exit(0);
    });
  }
} catch (error) {
  stop();
  console.error(`✘ ${error instanceof Error ? error.message : String(error)}\n  the log has the detail: ${log.path}`);
  process.exit(1);
}
