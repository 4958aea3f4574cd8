/**
 * Serves a fresh demo for the end-to-end tests on their own ports and state, so `npm start` can run beside them,
 * with a demo receiver of integration events of its own.
 */
import { E2E } from "../e2e/ports.ts";
import { devVars } from "./lib/project.ts";
import { serveFreshDemo } from "./lib/servers.ts";
import { demoEndpoints, demoSecret, startWebhookReceiver } from "./lib/webhook-receiver.ts";

const receiver = await startWebhookReceiver({ port: E2E.receiverPort, secret: demoSecret(devVars()) });
const servers = await serveFreshDemo({
  stateDir: E2E.stateDir,
  storefrontPort: E2E.storefrontPort,
  apiPort: E2E.apiPort,
  vars: {
    UPSTREAM_REGIONS: JSON.stringify(E2E.unreachableRegion.table),
    // The fault journeys: a browser's fault cookie breaks its own upstream (app/.server/upstream/faults.ts),
    // and a hanging upstream gives up after 1.5 s instead of the production 30 s.
    UPSTREAM_FAULTS: "cookie",
    UPSTREAM_TIMEOUT_MS: "1500",
    // The journeys buy many times on one device within minutes; the limits are tested on the cloud-api.
    ORDER_RATE_PER_DEVICE: "1000",
    ORDER_RATE_PER_USER: "1000",
    // Every purchase screen looks the demo buyer's coupons up; the journeys load many in a minute.
    LOOKUP_LIMITS: "off",
    SENTRY_BROWSER_DSN: E2E.browserErrorDsn,
  },
  apiVars: { WEBHOOK_ENDPOINTS: demoEndpoints(E2E.receiverPort) },
  console: { port: E2E.consolePort, workerPort: E2E.consoleWorkerPort },
  quiet: true,
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    servers.stop();
    receiver.close();
    process.exit(0);
  });
}
console.log(`e2e servers ready on ${E2E.storefrontPort}, ${E2E.apiPort} and ${E2E.consolePort}`);
