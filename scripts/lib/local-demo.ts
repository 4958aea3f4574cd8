import { mkdirSync, openSync } from "node:fs";
import { demoBuyer } from "./launch-link.ts";
import { slug, startLauncher } from "./launcher.ts";
import { migrateLocal, resetLocalState, seedDemo } from "./local-db.ts";
import { CLOUD_API_PORT, devVars, LAUNCHER_PORT, ROOT } from "./project.ts";
import { SCREEN_LINKS } from "./screens.ts";

/** Where npm start and npm run dev write the build, migration and server output. */
export function openLog(name: string): { path: string; fd: number } {
  mkdirSync(`${ROOT}.wrangler`, { recursive: true });
  const path = `${ROOT}.wrangler/${name}.log`;
  return { path, fd: openSync(path, "w") };
}

/** The local database as npm start and npm run dev serve it: migrated, and reset to fresh demo data unless kept. */
export async function prepareLocalDatabase(keepData: boolean, log: number): Promise<void> {
  if (!keepData) resetLocalState();
  await migrateLocal(undefined, ["ignore", log, log]);
  if (!keepData) await seedDemo(undefined, ["ignore", log, log]);
}

/** Starts the launcher and prints the banner: where everything runs and a few short links. */
export async function announce(options: { title: string; storefront: string; logPath: string; extra?: string[] }) {
  const vars = devVars();
  const api = `http://127.0.0.1:${CLOUD_API_PORT}`;
  const launcher = await startLauncher({ port: LAUNCHER_PORT, api, storefront: options.storefront, vars });
  // Fails here, loudly, if the cloud-api cannot sign the demo buyer in.
  await demoBuyer(api, options.storefront, vars);
  const first = SCREEN_LINKS.slice(0, 4).map((link) => `    ${launcher.url}/${slug(link.label)}  ${link.label}`);
  console.log(`
${options.title}
  storefront  ${options.storefront}
  cloud-api   ${api}/v1/docs  (its OpenAPI document, ${api}/v1/openapi.json, to read; every other call is signed, docs/contract.md)
  screens     ${launcher.url}  (every screen and public page; each link signs the demo buyer in)
${first.join("\n")}
  log         ${options.logPath}
${(options.extra ?? []).map((line) => `  ${line}`).join("\n")}
\`npm run launch -- --help\` makes other links. Press Ctrl+C to stop.`);
  return launcher;
}
