/**
 * npm run launch -- --screen <route under /app-h5/> [--device ID] [--country CC] [--language LL]
 *   [--version 2] [--page-type T] [--code CODE_ID]
 * Mints a fresh token pair for the demo buyer from the local cloud-api and prints a launch URL.
 * npm run launch -- --operator viewer|support|admin
 * Prints the link that signs that demo operator in to the console, through the local Access stand-in.
 * Local only: it talks to 127.0.0.1 and nothing else.
 */
import { parseArgs } from "node:util";
import { DEMO_DEVICES, DEMO_OPERATORS } from "#demo/seed.ts";
import { defaultDemoDevice, demoBuyer } from "./lib/launch-link.ts";
import { CLOUD_API_PORT, CONSOLE_PORT, devVars, STOREFRONT_PORT } from "./lib/project.ts";
import { signInLink } from "./lib/access-stand-in.ts";
import { LAUNCH_SCREENS } from "./lib/route-table.ts";

const { values } = parseArgs({
  options: {
    screen: { type: "string" },
    device: { type: "string" },
    country: { type: "string" },
    language: { type: "string" },
    version: { type: "string" },
    "page-type": { type: "string" },
    code: { type: "string" },
    operator: { type: "string" },
    help: { type: "boolean" },
  },
});

const USAGE = `usage: npm run launch -- --screen SCREEN [--device ID] [--country CC] [--language LL] [--version 2] [--page-type T] [--code CODE_ID]
       npm run launch -- --operator ROLE

Demo operators of the console (--operator; the link signs them in through the local Access stand-in):
${Object.entries(DEMO_OPERATORS)
  .map(([role, { email, name }]) => `  ${role.padEnd(14)} ${email} (${name})`)
  .join("\n")}

Screens (from app/routes.ts):
${LAUNCH_SCREENS.map((screen) => `  ${screen}`).join("\n")}

Demo devices of the demo buyer (--device; default: one of a kind the screen's service is sold for, the SIM for 4G screens, else the camera):
${Object.entries(DEMO_DEVICES)
  .filter(([, id]) => !id.includes("OTHER"))
  .map(([name, id]) => `  ${id.padEnd(14)} ${name}`)
  .join("\n")}`;

if (values.operator !== undefined && !values.help) {
  if (!(values.operator in DEMO_OPERATORS)) {
    console.error(`--operator ${values.operator} is not a demo operator: ${Object.keys(DEMO_OPERATORS).join(", ")}`);
    process.exit(2);
  }
  const consoleUrl = `http://127.0.0.1:${CONSOLE_PORT}`;
  // A link to nothing would fail in the browser with no word of why: say it here, as the screens' links do.
  const running = await fetch(consoleUrl, { redirect: "manual" }).then(() => true, () => false);
  if (!running) {
    console.error(`Could not reach the local console at ${consoleUrl}. Start the product with \`npm start\` (or \`npm run dev\`) first.`);
    process.exit(1);
  }
  console.log(signInLink(consoleUrl, DEMO_OPERATORS[values.operator as keyof typeof DEMO_OPERATORS].email));
  process.exit(0);
}
if (values.help || !values.screen) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}
if (!LAUNCH_SCREENS.includes(values.screen.replace(/^\/?(app-h5\/)?/, ""))) {
  console.error(`--screen ${values.screen} is not a screen of the route table. ${USAGE.slice(USAGE.indexOf("Screens"))}`);
  process.exit(2);
}
if (values.version !== undefined && values.version !== "2") {
  console.error("--version takes only 2 (an AES-encrypted payload)");
  process.exit(2);
}

const vars = devVars();
const api = `http://127.0.0.1:${CLOUD_API_PORT}`;
let buyer;
try {
  buyer = await demoBuyer(api, `http://127.0.0.1:${STOREFRONT_PORT}`, vars);
} catch (error) {
  console.error(`Could not reach the local cloud-api at ${api} (${String(error)}). Start the product with \`npm start\` first.`);
  process.exit(1);
}
const deviceId = values.device ?? defaultDemoDevice(values.screen);
try {
  console.log(
    buyer.link({
      screen: values.screen.replace(/^\/?(app-h5\/)?/, ""),
      deviceId,
      country: values.country,
      language: values.language,
      version: values.version,
      pageType: values["page-type"],
      codeId: values.code,
    }),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
