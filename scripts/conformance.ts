/**
 * npm run conformance -- --upstream URL [--app-id ID --app-secret SECRET]
 *   [--s2s-secret SECRET --account ACCOUNT | --access-token T --refresh-token T --tg-access-token T]
 *   [--vip-card CODE@DEVICE] [--storage-card CODE@DEVICE]
 * Runs the contract's checks (contract/conformance.ts, docs/decisions/053) against an upstream that speaks
 * the spec's contract, and prints what conforms and what does not; exits 1 when something does not.
 * Without credentials it signs in as the demo buyer with the local demo secrets (.dev.vars), as it would
 * against `npm start`'s cloud-api; a brand's own upstream needs its app id and secret and a test user.
 */
import { createHash } from "node:crypto";
import { parseArgs } from "node:util";
import { runConformance, type Identity, type ReceivedCard } from "#contract/conformance.ts";
import { DEMO_ACCOUNTS, DEMO_CARD_CODES, DEMO_DEVICES } from "#demo/seed.ts";
import { devVars } from "./lib/project.ts";

const USAGE = `usage: npm run conformance -- --upstream URL [--app-id ID --app-secret SECRET]
  [--s2s-secret SECRET --account ACCOUNT | --access-token T --refresh-token T --tg-access-token T]
  [--vip-card CODE@DEVICE] [--storage-card CODE@DEVICE]

Without credentials: the demo buyer, signed in with the local demo secrets (.dev.vars), as npm start serves it.
A brand's own upstream: its app id and secret, and a test user's tokens (or the S2S secret and an account)
with a camera, a SIM device and an order; the card calls are asked about the cards given.
The batch (POST /v1/cloud/batch) is optional: an upstream that answers it 404 is listed as not offering it, not
as failing; one that offers it is checked, and may then be declared in the storefront's UPSTREAM_REGIONS.`;

const { values } = parseArgs({
  options: {
    upstream: { type: "string" },
    "app-id": { type: "string" },
    "app-secret": { type: "string" },
    "s2s-secret": { type: "string" },
    account: { type: "string" },
    "access-token": { type: "string" },
    "refresh-token": { type: "string" },
    "tg-access-token": { type: "string" },
    "vip-card": { type: "string" },
    "storage-card": { type: "string" },
    help: { type: "boolean" },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.upstream || !/^https?:\/\/[^/]+/.test(values.upstream)) fail("--upstream must be the upstream's base URL (http://host:port, whose /v1/... answers)");
const base = values.upstream.replace(/\/+$/, "").replace(/\/v1$/, "");

const given = values["app-id"] !== undefined || values["app-secret"] !== undefined;
const demo = given ? null : devVars();
const appId = values["app-id"] ?? demo?.APP_ID ?? "";
const appSecret = values["app-secret"] ?? demo?.APP_SECRET ?? "";
if (!appId || !appSecret) fail("--app-id and --app-secret go together");

function identity(): Identity {
  const tokens = { accessToken: values["access-token"], refreshToken: values["refresh-token"], tgAccessToken: values["tg-access-token"] };
  if (tokens.accessToken || tokens.refreshToken || tokens.tgAccessToken) {
    if (!tokens.accessToken || !tokens.refreshToken || !tokens.tgAccessToken) fail("--access-token, --refresh-token and --tg-access-token go together");
    return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, tgAccessToken: tokens.tgAccessToken };
  }
  const s2sSecret = values["s2s-secret"] ?? demo?.S2S_SECRET;
  if (!s2sSecret) fail("a user to act as: --s2s-secret and --account, or the three tokens");
  return { s2sSecret, account: values.account ?? DEMO_ACCOUNTS.buyer };
}

function card(flag: string | undefined, demoCard: ReceivedCard): ReceivedCard | undefined {
  if (flag === undefined) return demo ? demoCard : undefined;
  const [code, deviceId] = flag.split("@");
  if (!code || !deviceId) fail(`a card is CODE@DEVICE, not ${flag}`);
  return { code, deviceId };
}

const results = await runConformance(
  {
    fetch: (path, init) => fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(15_000) }),
    appId,
    appSecret,
    sign: async (id, secret, noticeStr, timestamp) => createHash("md5").update(id + secret + noticeStr + timestamp).digest("hex"),
  },
  identity(),
  {
    vipCard: card(values["vip-card"], { code: DEMO_CARD_CODES.vipReceived, deviceId: DEMO_DEVICES.camera }),
    storageCard: card(values["storage-card"], { code: DEMO_CARD_CODES.storageReceived, deviceId: DEMO_DEVICES.cameraNoPackage }),
  },
);

const mark = (ok: boolean | null) => (ok === true ? "✔" : ok === false ? "✘" : "–");
for (const result of results) console.log(`${mark(result.ok)} ${result.endpoint}: ${result.check}${result.ok === true ? "" : ` (${result.detail})`}`);
const count = (ok: boolean | null) => results.filter((result) => result.ok === ok).length;
console.log(`\n${base}: ${count(true)} conform, ${count(false)} do not, ${count(null)} not checked`);
process.exit(count(false) > 0 ? 1 : 0);
