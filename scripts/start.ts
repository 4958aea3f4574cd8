/**
 * npm start: build, reset the local demo database (unless --keep-data), serve the storefront on 8787
 * and the cloud-api on 8788, and print a launch link for each screen.
 */
import { demoBuyer } from "./lib/launch-link.ts";
import { migrateLocal, resetLocalState, seedDemo } from "./lib/local-db.ts";
import { run } from "./lib/process.ts";
import { CLOUD_API_PORT, devVars, ROOT, STOREFRONT_PORT } from "./lib/project.ts";
import { PUBLIC_PAGES, SCREEN_LINKS } from "./lib/screens.ts";
import { startServers } from "./lib/servers.ts";

const keepData = process.argv.includes("--keep-data");
const vars = devVars();

await run(`${ROOT}node_modules/.bin/react-router`, ["build"], { cwd: ROOT });
if (!keepData) resetLocalState();
await migrateLocal();
if (!keepData) await seedDemo();

const servers = await startServers({ storefrontPort: STOREFRONT_PORT, apiPort: CLOUD_API_PORT });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    servers.stop();
    process.exit(0);
  });
}

const storefront = `http://127.0.0.1:${STOREFRONT_PORT}`;
const buyer = await demoBuyer(`http://127.0.0.1:${CLOUD_API_PORT}`, storefront, vars);
const lines = SCREEN_LINKS.map((link) => `  ${link.label}\n    ${buyer.link(link)}`);
console.log(`
CamCloud is running.
  storefront  ${storefront}
  cloud-api   http://127.0.0.1:${CLOUD_API_PORT}/v1  (signed requests, DESIGN.md §2)

Open a screen (each link signs in the demo buyer; \`npm run launch -- --help\` makes more):
${lines.join("\n")}

Public pages:
${PUBLIC_PAGES.map((page) => `  ${page.label}\n    ${storefront}${page.path}`).join("\n")}

Press Ctrl+C to stop.`);
