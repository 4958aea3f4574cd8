/**
 * npm start: build, reset the local demo database (unless --keep-data), serve the storefront on 8787
 * and the cloud-api on 8788, the launcher on 8789, the operator console behind the local Access stand-in on 8790
 * and the demo receiver of integration events on 8791 (PORT_OFFSET shifts them), and print where they run and the launcher's short links. Build and server output go to a log file whose path is printed.
 */
import { announce, ensurePortsFree, openLog, prepareLocalDatabase } from "./lib/local-demo.ts";
import { run } from "./lib/process.ts";
import { CLOUD_API_PORT, CONSOLE_PORT, CONSOLE_WORKER_PORT, devVars, RECEIVER_PORT, ROOT, STOREFRONT_PORT } from "./lib/project.ts";
import { startServers } from "./lib/servers.ts";
import { demoEndpoints } from "./lib/webhook-receiver.ts";

const keepData = process.argv.includes("--keep-data");
await ensurePortsFree().catch((error: Error) => {
  console.error(`✘ ${error.message}`);
  process.exit(1);
});
devVars(); // a fresh checkout gets .dev.vars from the documented demo values before anything reads it
const log = openLog("start");
const step = (text: string) => console.log(`▶ ${text}`);

try {
  step(`building the storefront and the console, and ${keepData ? "migrating the local database (data kept)" : "resetting the local database to fresh demo data"} (log: ${log.path})`);
  // At once: each waits on its own files (build/, console/build/, the state folder), and on 2 cores a build leaves time free.
  const build = (...args: string[]) => run(`${ROOT}node_modules/.bin/react-router`, ["build", ...args], { cwd: ROOT, stdio: ["ignore", log.fd, log.fd] });
  await Promise.all([build(), build("console"), prepareLocalDatabase(keepData)]);
  step("starting the Workers");
} catch (error) {
  console.error(`✘ ${error instanceof Error ? error.message : String(error)}\n  the log has the detail: ${log.path}`);
  process.exit(1);
}
const servers = await startServers({ storefrontPort: STOREFRONT_PORT, apiPort: CLOUD_API_PORT, apiVars: { WEBHOOK_ENDPOINTS: demoEndpoints(RECEIVER_PORT) },
  console: { port: CONSOLE_PORT, workerPort: CONSOLE_WORKER_PORT },
  log: log.fd,
});
const launcher = await announce({ title: "CamCloud is running.", storefront: `http://127.0.0.1:${STOREFRONT_PORT}`, console: `http://127.0.0.1:${CONSOLE_PORT}`, logPath: log.path });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    launcher.close();
    servers.stop();
    process.exit(0);
  });
}
