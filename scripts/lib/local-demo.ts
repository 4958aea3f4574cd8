import { mkdirSync, openSync } from "node:fs";
import { createServer } from "node:net";
import { demoBuyer } from "./launch-link.ts";
import { slug, startLauncher } from "./launcher.ts";
import { prepareLocalDatabases } from "./local-db.ts";
import { CLOUD_API_PORT, CONSOLE_PORT, CONSOLE_WORKER_PORT, devVars, LAUNCHER_PORT, PORT_OFFSET, RECEIVER_PORT, ROOT, STOREFRONT_PORT } from "./project.ts";
import { SCREEN_LINKS } from "./screens.ts";
import { demoSecret, startWebhookReceiver } from "./webhook-receiver.ts";
import { DEMO_OPERATORS } from "#demo/seed.ts";

/** Where npm start and npm run dev write the build, migration and server output. */
export function openLog(name: string): { path: string; fd: number } {
  mkdirSync(`${ROOT}.wrangler`, { recursive: true });
  const path = `${ROOT}.wrangler/${name}.log`;
  return { path, fd: openSync(path, "w") };
}

/**
 * Refuses to go on when a port of this checkout's servers is taken (another npm start or npm run dev on the same
 * PORT_OFFSET): before the database step, which would wipe the running one's data under it.
 */
export async function ensurePortsFree(): Promise<void> {
  const ports = { storefront: STOREFRONT_PORT, "cloud-api": CLOUD_API_PORT, launcher: LAUNCHER_PORT, console: CONSOLE_PORT, "demo receiver": RECEIVER_PORT, "console Worker": CONSOLE_WORKER_PORT };
  for (const [name, port] of Object.entries(ports)) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer().once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (!free) {
      throw new Error(`port ${port} (the ${name}) is in use: is npm start or npm run dev already running with PORT_OFFSET=${PORT_OFFSET}? Stop it, or start this one with another PORT_OFFSET. Nothing was changed.`);
    }
  }
}

/** The local database as npm start and npm run dev serve it: migrated, and reset to fresh demo data unless kept. */
export async function prepareLocalDatabase(keepData: boolean): Promise<void> {
  await prepareLocalDatabases({ fresh: !keepData });
}

/**
 * Starts the demo receiver of integration events and the launcher, and prints the banner: where everything
 * runs and a few short links. The cloud-api delivers to the receiver (WEBHOOK_ENDPOINTS: demoEndpoints).
 */
export async function announce(options: { title: string; storefront: string; console: string; logPath: string; extra?: string[] }) {
  const vars = devVars();
  const api = `http://127.0.0.1:${CLOUD_API_PORT}`;
  const receiver = await startWebhookReceiver({ port: RECEIVER_PORT, secret: demoSecret(vars) });
  const launcher = await startLauncher({ port: LAUNCHER_PORT, api, storefront: options.storefront, vars, receiver: receiver.url, console: options.console });
  // Fails here, loudly, if the cloud-api cannot sign the demo buyer in.
  await demoBuyer(api, options.storefront, vars);
  const first = SCREEN_LINKS.slice(0, 4).map((link) => `    ${launcher.url}/${slug(link.label)}  ${link.label}`);
  console.log(`
${options.title}
  storefront  ${options.storefront}
  cloud-api   ${api}/v1/docs  (its OpenAPI document, ${api}/v1/openapi.json, to read; every other call is signed, docs/contract.md)
  screens     ${launcher.url}  (every screen and public page; each link signs the demo buyer in)
${first.join("\n")}
  console     ${options.console}  (the operator console behind the local Access stand-in; sign in as a demo operator:)
${Object.keys(DEMO_OPERATORS).map((role) => `    ${launcher.url}/console/${role}  ${role}`).join("\n")}
  events      ${receiver.url}/events  (integration events the cloud-api sent to the demo receiver, signatures verified)
  log         ${options.logPath}
${(options.extra ?? []).map((line) => `  ${line}`).join("\n")}
\`npm run launch -- --help\` makes other links (\`--operator viewer|support|admin\` for the console). Press Ctrl+C to stop.`);
  return {
    close() {
      launcher.close();
      receiver.close();
    },
  };
}
