import { expect, test } from "@playwright/test";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { DEMO_ACCOUNTS, DEMO_DEVICES, DEMO_OPERATORS } from "#demo/seed.ts";
import { signInLink } from "#scripts/lib/access-stand-in.ts";
import { proveHotReload } from "#scripts/lib/hot-reload.ts";
import { demoBuyer, signIn } from "#scripts/lib/launch-link.ts";
import { devVars, ROOT } from "#scripts/lib/project.ts";

/**
 * npm run dev as a developer starts it (docs/decisions/066): one Vite dev server runs the storefront with the cloud-api as
 * its auxiliary Worker, the cloud-api still answers signed calls on its own port, the console answers behind the Access
 * stand-in, and an edit reloads in place. On ports 20 above this run's (PORT_OFFSET) and in a state folder of its own,
 * so it touches neither the journeys' servers nor the checkout's local data.
 */
const offset = Number(process.env.PORT_OFFSET ?? 0) + 20;
const url = (port: number) => `http://127.0.0.1:${port + offset}`;
const dev = { storefront: url(8787), api: url(8788), launcher: url(8789), console: url(8790), receiver: url(8791) };

test.describe.configure({ mode: "serial", timeout: 60_000 });

let server: ChildProcess;
let banner = "";
test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = spawn(process.execPath, ["scripts/dev.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT_OFFSET: String(offset), LOCAL_STATE_DIR: ".wrangler/dev-journey-state" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      banner += chunk.toString();
      if (banner.includes("Press Ctrl+C to stop")) resolve();
    });
    server.on("exit", (code) => reject(new Error(`npm run dev exited (${code}) before its links:\n${banner}`)));
  });
  test.info().annotations.push({ type: "links printed after", description: `${((Date.now() - started) / 1000).toFixed(1)} s` });
});
test.afterAll(() => {
  server?.kill("SIGTERM");
});

test("prints the links to the storefront, the cloud-api on its own port and the console", () => {
  expect(banner).toContain(`storefront  ${dev.storefront}`);
  expect(banner).toContain(`cloud-api   ${dev.api}/v1/docs`);
  expect(banner).toContain(`console     ${dev.console}`);
});

test("runs the storefront and the cloud-api in one dev server: its children are the two Vite servers, no wrangler dev", () => {
  const children = execFileSync("ps", ["-o", "args=", "--ppid", String(server.pid)], { encoding: "utf8" }).trim().split("\n");
  expect(children.filter((command) => /wrangler\S* dev /.test(command))).toEqual([]);
  expect(children.filter((command) => command.includes("react-router dev"))).toHaveLength(2);
});

test("the cloud-api answers the companion app's signed calls on its own port", async () => {
  const { tokens, devices } = await signIn(dev.api, devVars(), DEMO_ACCOUNTS.buyer);
  expect(tokens.tgAccessToken).not.toBe("");
  expect(devices.map((device) => device.deviceId)).toContain("CAM-DEMO-001");
  // Unsigned, it refuses as the deployed one does.
  const unsigned = await fetch(`${dev.api}/v1/member/device/list`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  expect(unsigned.status).toBe(401);
});

test("a page on another local origin gets no CORS answer from the dev servers, as none from the deployed Workers (found by an attacker)", async () => {
  const preflight = { "Origin": "http://localhost:5173", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-camcloud-local-cloud-api,content-type" };
  for (const target of [`${dev.storefront}/v1/member/user/s2s/token`, `${dev.api}/v1/openapi.json`, `${dev.console}/today`]) {
    const response = await fetch(target, { method: "OPTIONS", headers: preflight });
    expect(response.headers.get("access-control-allow-origin"), target).toBeNull();
  }
  const read = await fetch(`${dev.api}/v1/openapi.json`, { headers: { Origin: "http://localhost:5173" } });
  expect(read.headers.get("access-control-allow-origin")).toBeNull();
});

test("the storefront serves a public page, and an edit reloads the open screen in place", async ({ page }) => {
  await page.goto(`${dev.storefront}/about`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About CamCloud");
  // The screen's data comes from the cloud-api through the storefront's CLOUD_API binding, in the same workerd.
  expect(await proveHotReload(page, dev.launcher)).toContain("(edited live)");
});

test("a sandbox purchase is paid, and the cloud-api's queues deliver its integration events to the demo receiver", async ({ page }) => {
  const buyer = await demoBuyer(dev.api, dev.storefront, devVars());
  await page.goto(buyer.link({ screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.simSpare }));
  await page.getByRole("link", { name: /5 GB for 7 days/ }).click();
  await expect(page.getByRole("link", { name: /5 GB for 7 days/ })).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: "Pay", exact: true }).click();
  await page.getByRole("dialog", { name: "Choose a payment method" }).getByRole("button", { name: "WeChat Pay" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
  const orderId = new URL(page.url()).searchParams.get("orderId");
  const received = async () => {
    const { events } = (await (await fetch(`${dev.receiver}/events`)).json()) as { events: { verified: boolean; payload: { type: string; data: { orderId?: string } } }[] };
    return events.filter((event) => event.verified && event.payload.data.orderId === orderId).map((event) => event.payload.type);
  };
  await expect.poll(received, { timeout: 20_000 }).toContain("order.paid");
});

test("the console answers behind the Access stand-in", async ({ page }) => {
  await page.goto(signInLink(dev.console, DEMO_OPERATORS.viewer.email));
  await expect(page.getByTestId("operator-email")).toHaveText(`Signed in as ${DEMO_OPERATORS.viewer.email}`);
});
