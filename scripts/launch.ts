/**
 * npm run launch -- --screen <route under /app-h5/> [--device ID] [--country CC] [--language LL]
 *   [--version 2] [--page-type T] [--code CODE_ID]
 * Mints a fresh token pair for the demo buyer from the local cloud-api and prints a launch URL.
 * Local only: it talks to 127.0.0.1 and nothing else.
 */
import { parseArgs } from "node:util";
import { DEMO_ACCOUNTS, DEMO_DEVICES } from "../cloud-api/demo/seed.ts";
import { launchUrl, signIn } from "./lib/launch-link.ts";
import { CLOUD_API_PORT, devVars, STOREFRONT_PORT } from "./lib/project.ts";

const { values } = parseArgs({
  options: {
    screen: { type: "string" },
    device: { type: "string" },
    country: { type: "string" },
    language: { type: "string" },
    version: { type: "string" },
    "page-type": { type: "string" },
    code: { type: "string" },
    help: { type: "boolean" },
  },
});

if (values.help || !values.screen) {
  console.log("usage: npm run launch -- --screen cloud/mobile-data/buy [--device SIM-DEMO-001] [--country CN] [--language en] [--version 2] [--page-type T] [--code CODE_ID]");
  process.exit(values.help ? 0 : 2);
}
if (values.version !== undefined && values.version !== "2") {
  console.error("--version takes only 2 (an AES-encrypted payload)");
  process.exit(2);
}

const vars = devVars();
const api = `http://127.0.0.1:${CLOUD_API_PORT}`;
let session;
try {
  session = await signIn(api, vars, DEMO_ACCOUNTS.buyer);
} catch (error) {
  console.error(`Could not reach the local cloud-api at ${api} (${String(error)}). Start the product with \`npm start\` first.`);
  process.exit(1);
}
const deviceId = values.device ?? (values.screen.includes("mobile-data") ? DEMO_DEVICES.sim : DEMO_DEVICES.camera);
const device = session.devices.find((d) => d.deviceId === deviceId);
if (!device) {
  console.error(`The demo buyer has no device ${deviceId}. Theirs: ${session.devices.map((d) => d.deviceId).join(", ")}`);
  process.exit(2);
}
console.log(
  launchUrl({
    storefront: `http://127.0.0.1:${STOREFRONT_PORT}`,
    screen: values.screen,
    device,
    tokens: session.tokens,
    aesKeyHex: vars.LAUNCH_AES_KEY ?? "",
    country: values.country,
    language: values.language,
    version: values.version,
    pageType: values["page-type"],
    codeId: values.code,
  }),
);
