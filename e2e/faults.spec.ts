import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { SCREEN_LINKS, type ScreenLink } from "#scripts/lib/screens.ts";
import { launchLink } from "./launch.ts";
import { E2E } from "./ports.ts";

/**
 * A broken cloud-api, on every screen. The e2e storefront runs with UPSTREAM_FAULTS=cookie and a 1.5 s
 * upstream timeout (scripts/serve-e2e.ts); this cookie then breaks the upstream for this browser only
 * (app/.server/upstream/faults.ts defines the name and the faults).
 */
const FAULT_COOKIE = "camcloud-fault";
type Fault = "slow" | "500" | "garbage" | "token";

const setFault = (page: Page, fault: Fault) => page.context().addCookies([{ name: FAULT_COOKIE, value: fault, url: E2E.storefront }]);
const clearFault = (page: Page) => page.context().clearCookies({ name: FAULT_COOKIE });

/** Product-rules §2: the VIP card refund screen is a blank placeholder that asks the upstream nothing. */
const NO_UPSTREAM_CALL = new Set(["cloud/vip-package-card/refund"]);
/** Every screen once (its first launch in SCREEN_LINKS), and the Alipay cashier, which a purchase opens. */
const SCREENS: ScreenLink[] = [
  ...SCREEN_LINKS.filter((link, i) => SCREEN_LINKS.findIndex((l) => l.screen === link.screen) === i && !NO_UPSTREAM_CALL.has(link.screen)),
  { label: "Alipay cashier", screen: "cloud/srv/alipay", deviceId: DEMO_DEVICES.sim, query: { orderId: "DEMO2000001" } },
];

const launch = ({ deviceId, screen, country, language, version, pageType, codeId, serviceId, query }: ScreenLink) =>
  launchLink(deviceId, { screen, country, language, version, pageType, codeId, serviceId, query });

/** What the buyer reads for each fault, and the status the page comes with. */
const EXPECTED = {
  slow: { status: 503, message: "The service is not responding. Check your connection and try again." },
  "500": { status: 502, message: "The service ran into a problem. Please try again in a moment." },
  garbage: { status: 502, message: "The service ran into a problem. Please try again in a moment." },
} as const;

/** The error page: what happened, a way back, and "Try again" to the same address; never blank, never the upstream's body. */
async function expectErrorPage(page: Page, fault: keyof typeof EXPECTED) {
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(page.getByText(EXPECTED[fault].message)).toBeVisible();
  await expect(page.getByRole("button", { name: "Go back" })).toBeVisible();
  await expect(page.getByText(/^Reference for support: [0-9a-f]{32}$/)).toBeVisible();
  const url = new URL(page.url());
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", url.pathname + url.search);
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/It works!|Internal Server Error|UpstreamUnavailable|at \S+\.[jt]sx?:\d+/);
}

/** With the upstream back, "Try again" loads the screen itself. */
async function expectRetryLoads(page: Page) {
  await clearFault(page);
  const reloaded = page.waitForResponse((r) => r.request().isNavigationRequest() && r.frame() === page.mainFrame());
  await page.getByRole("link", { name: "Try again" }).click();
  expect((await reloaded).status()).toBeLessThan(400);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeAttached();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
}

/** Screens split into lanes that run at once, each in its own browser context: most of a "slow" step is waiting. */
const LANES = 3;
const lanes = Array.from({ length: LANES }, (_, lane) => SCREENS.filter((_, i) => i % LANES === lane));

test.describe("a broken upstream", () => {
  // One test per fault, one step per screen; the lanes' contexts stand in for one context per screen.
  for (const fault of ["slow", "500", "garbage"] as const) {
    test(`${fault}: every screen explains it with a way to try again, and loads when the upstream is back @no-js`, async ({ browser }, testInfo) => {
      test.setTimeout(60_000);
      // Every lane ends (and closes its context) before the test reports a lane's failure.
      const ended = await Promise.allSettled(
        lanes.map(async (screens) => {
          const context = await browser.newContext(testInfo.project.use);
          try {
            const page = await context.newPage();
            for (const link of screens) {
              await test.step(link.label, async () => {
                await setFault(page, fault);
                const response = await page.goto(await launch(link));
                expect(response?.status()).toBe(EXPECTED[fault].status);
                expect(new URL(page.url()).pathname).toBe(`/app-h5/${link.screen}`);
                await expectErrorPage(page, fault);
                await expectRetryLoads(page);
              });
            }
          } finally {
            await context.close();
          }
        }),
      );
      for (const lane of ended) if (lane.status === "rejected") throw lane.reason;
    });
  }

  test("token: a refused refresh on any screen ends at no-login/1 @no-js", async ({ page }) => {
    for (const link of SCREENS) {
      await test.step(link.label, async () => {
        await setFault(page, "token");
        await page.goto(await launch(link));
        await expect(page).toHaveURL(/\/app-h5\/no-login\/1$/);
        await expect(page.getByRole("heading", { name: "No access" })).toBeVisible();
      });
    }
  });

  test("the message is in the buyer's language, right to left in Arabic @no-js", async ({ page }) => {
    await setFault(page, "garbage");
    const response = await page.goto(await launchLink(DEMO_DEVICES.sim, { country: "US", language: "ar" }));
    expect(response?.status()).toBe(502);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "حدث خطأ ما" })).toBeVisible();
    await expect(page.getByText("واجهت الخدمة مشكلة. يُرجى إعادة المحاولة بعد قليل.")).toBeVisible();
    await expect(page.getByRole("link", { name: "إعادة المحاولة" })).toHaveAttribute("href", "/app-h5/cloud/mobile-data/buy");
  });

  test("the reference on the error page is the request's trace id, which support finds in both Workers' logs @no-js", async ({ page }) => {
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    await page.setExtraHTTPHeaders({ traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    await setFault(page, "500");
    const response = await page.goto(await launchLink(DEMO_DEVICES.sim, { country: "CN", language: "zh" }));
    expect(response?.status()).toBe(502);
    await expect(page.getByText(`客服查询编号： ${traceId}`)).toBeVisible();
  });

  // Client-side navigations and submissions: with JavaScript only (phone-js).
  test.describe("with JavaScript, after the page has loaded", () => {
    test("a client-side navigation explains the fault instead of leaving the screen blank", async ({ page }) => {
      await page.goto(await launchLink(DEMO_DEVICES.sim));
      const coupons = page.getByRole("link", { name: /Coupon/ }).first();
      await expect(coupons).toBeVisible();
      await setFault(page, "500");
      await coupons.click();
      await expect(page).toHaveURL(/\/app-h5\/cloud\/coupons\?/);
      await expectErrorPage(page, "500");
      await expectRetryLoads(page);
      await expect(page.getByRole("heading", { name: "Choose a coupon" })).toBeVisible();
    });

    test("confirming a purchase explains the fault, and the screen loads again", async ({ page }) => {
      await page.goto(await launchLink(DEMO_DEVICES.sim));
      await page.getByRole("link", { name: "Pay", exact: true }).click();
      await setFault(page, "slow");
      await page.getByRole("button", { name: "WeChat Pay" }).click();
      await expectErrorPage(page, "slow");
      await expect(page).toHaveURL(/\/app-h5\/cloud\/mobile-data\/buy/);
      await expectRetryLoads(page);
      await expect(page.getByRole("link", { name: "Pay", exact: true })).toBeVisible();
    });

    test("cancelling an order explains the fault and cancels nothing", async ({ page }) => {
      await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/mobile-data/order/list" }));
      const first = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Cancel" }) }).first();
      const orderId = (await first.locator("dd").first().innerText()).trim();
      await first.getByRole("button", { name: "Cancel" }).click();
      await setFault(page, "garbage");
      await page.getByRole("dialog", { name: "Tips" }).getByRole("button", { name: "Cancel Order" }).click();
      await expectErrorPage(page, "garbage");
      await expectRetryLoads(page);
      const again = page.getByRole("listitem").filter({ hasText: orderId });
      await expect(again.getByRole("button", { name: "Cancel" })).toBeVisible();
    });
  });
});

test("a package tap whose data request fails at the network loads the screen whole in the buyer's language, not an error page with a reference support cannot find (found by an outside buyer)", async ({ page }) => {
  await page.goto(await launchLink(DEMO_DEVICES.simSpare, { country: "US", language: "de" }));
  const packages = page.getByRole("region", { name: "Paket wählen" }).getByRole("link");
  await expect(packages.first()).toHaveAttribute("aria-current", "true");
  await page.route("**/*.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.abort();
  });
  const documents: string[] = [];
  page.on("request", (request) => request.resourceType() === "document" && documents.push(request.url()));
  await packages.nth(1).click();
  // The data request is aborted after 2 s; the screen then loads whole, with the package tapped.
  await expect.poll(() => documents.length, { timeout: 10_000 }).toBe(1);
  await page.waitForLoadState();
  await expect(page.getByText("Etwas ist schiefgelaufen")).toHaveCount(0);
  await expect(page.getByText(/Referenz für den Support/)).toHaveCount(0);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(packages.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("link", { name: "Bezahlen", exact: true })).toBeVisible();
});
