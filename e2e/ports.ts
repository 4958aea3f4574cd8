/** PORT_OFFSET shifts the ports, so that two checkouts can run their journeys side by side. */
const offset = Number(process.env.PORT_OFFSET ?? 0);
const storefrontPort = 8797 + offset;
const apiPort = 8798 + offset;
const receiverPort = 8801 + offset;
const consolePort = 8800 + offset;

export const E2E = {
  storefrontPort,
  apiPort,
  stateDir: ".wrangler/e2e-state",
  storefront: `http://127.0.0.1:${storefrontPort}`,
  api: `http://127.0.0.1:${apiPort}`,
  /** The operator console as operators open it: the Access stand-in (scripts/lib/access-stand-in.ts) before the console Worker. */
  consolePort,
  consoleWorkerPort: 8802 + offset,
  console: `http://127.0.0.1:${consolePort}`,
  /** The demo receiver of integration events (scripts/lib/webhook-receiver.ts). */
  receiverPort,
  receiver: `http://127.0.0.1:${receiverPort}`,
  /** The browser's error reports go here (SENTRY_BROWSER_DSN); nothing listens: a journey that reads them intercepts the request. */
  browserErrorDsn: "http://e2epublic@127.0.0.1:9/1",
  /** Buyers in this region reach an upstream that refuses connections: the outage journeys use it. */
  unreachableRegion: { country: "JP", table: { "local/ap-southeast": "https://127.0.0.1:1" } },
} as const;
