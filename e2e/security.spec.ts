import { expect, test } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { LOCAL_CLOUD_API_HEADER } from "../workers/local-cloud-api.ts";
import { launchLink } from "./launch.ts";

/** Every route with a form action (and a resource route that takes posts). */
const ACTION_PATHS = [
  "/app-h5/cloud/mobile-data/buy",
  "/app-h5/cloud/vip-package/buy",
  "/app-h5/cloud/ai-srv-package/buy",
  "/app-h5/cloud/storage/buy",
  "/app-h5/cloud/storage/order/list",
  "/app-h5/cloud/mobile-data/order/list",
  "/app-h5/cloud/vip-package/order/list",
  "/app-h5/cloud/ai-srv-package/order/list",
  "/app-h5/cloud/storage-card/refund",
  "/sandbox/wechat/pay",
];

test.describe("security", () => {
  test("pages carry a nonce-based CSP, HSTS, nosniff and a referrer policy; personal pages are not stored @no-js", async ({ page, request }) => {
    const response = await page.goto(await launchLink(DEMO_DEVICES.sim));
    const headers = response!.headers();
    const csp = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(Number(/max-age=(\d+)/.exec(headers["strict-transport-security"] ?? "")?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["cache-control"]).toBe("no-store");
    // Every inline script of the document carries this response's nonce.
    const html = await response!.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1] ?? "");
    expect(inline.length).toBeGreaterThan(0);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
    // A second response gets another nonce.
    const again = await request.get("/app-h5/no-login/1");
    expect(again.headers()["content-security-policy"]).not.toContain(nonce!);

    // The page paints without its modules; their preloads yield to the stylesheet (docs/decisions/016).
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads.length).toBeGreaterThan(0);
    for (const preload of preloads) expect(preload).toContain('fetchpriority="low"');

    // Scripts and the language bundle (docs/decisions/062) are hashed assets, kept for a year.
    const assets = [/\/assets\/[^"]+\.js(?=")/.exec(html)?.[0], /\/assets\/messages-en-[0-9a-f]+\.json(?=")/.exec(html)?.[0]];
    for (const asset of assets) {
      const assetHeaders = (await request.get(asset!)).headers();
      expect(assetHeaders["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      expect(assetHeaders["x-content-type-options"], asset).toBe("nosniff");
    }
  });

  test("the payment sub-views run under the CSP without a violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(await launchLink(DEMO_DEVICES.simSpare, { country: "US" }));
    await page.getByRole("link", { name: "Pay", exact: true }).click();
    const chooser = page.getByRole("dialog", { name: "Choose a payment method" });
    await chooser.getByRole("button", { name: "PayPal" }).click();
    await expect(chooser.getByRole("button", { name: /PayPal/ }).last()).toBeVisible();
    await chooser.getByRole("button", { name: "Back" }).click();
    await chooser.getByRole("button", { name: "Credit or debit card" }).click();
    await expect(page.frameLocator('iframe[title="Card payment (sandbox)"]').getByLabel("Card number")).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("a post from another site is refused by every action, and changes nothing @no-js", async ({ page, request }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/vip-package/order/list" }));
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    for (const path of ACTION_PATHS) {
      const forged = await request.post(path, {
        headers: { cookie, origin: "https://attacker.example", "content-type": "application/x-www-form-urlencoded" },
        data: "intent=cancel&orderId=DEMO5000003",
        maxRedirects: 0,
      });
      expect(forged.status(), path).toBe(403);
      const noOrigin = await request.post(path, {
        headers: { cookie, "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" },
        data: "intent=cancel&orderId=DEMO5000003",
        maxRedirects: 0,
      });
      expect(noOrigin.status(), path).toBe(403);
    }
    await page.reload();
    await expect(page.getByRole("listitem").filter({ hasText: "DEMO5000003" })).toContainText("Waiting to pay");
  });

  test("the built storefront does not pass npm run dev's cloud-api header on to its upstream (decision 066) @no-js", async ({ request }) => {
    const response = await request.get("/v1/openapi.json", { headers: { [LOCAL_CLOUD_API_HEADER]: "1" } });
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toContain("text/html");
    expect(await response.text()).not.toContain('"openapi"');
  });

  test("provider notifications may come from anywhere: refused by their signature, not by origin @no-js", async ({ request }) => {
    const response = await request.post("/v1/pay/notify/wechat", { headers: { origin: "https://api.mch.weixin.qq.com" }, data: "{}" });
    expect(response.status()).not.toBe(403);
    expect(response.status()).toBeLessThan(500);
  });

  test("every sign-in starts a new session id and deletes the old one @no-js", async ({ page, context, request }) => {
    const sessionCookie = async () => (await context.cookies()).find((cookie) => cookie.name.endsWith("camcloud_sid"))?.value ?? "";
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    const first = await sessionCookie();
    expect(first).not.toBe("");
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    const second = await sessionCookie();
    expect(second).not.toBe(first);
    expect(new URL(page.url()).pathname).toBe("/app-h5/cloud/mobile-data/buy");
    // The id from before the second sign-in opens nothing any more.
    const name = (await context.cookies()).find((cookie) => cookie.name.endsWith("camcloud_sid"))!.name;
    const stale = await request.get("/app-h5/cloud/mobile-data/buy", { headers: { cookie: `${name}=${first}` }, maxRedirects: 0 });
    expect(stale.status()).toBe(302);
    expect(stale.headers()["location"]).toContain("/app-h5/no-login/1");
  });

  test("a link to the coupon selector naming a prototype key is sent home, never to a made-up screen @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    for (const from of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      const response = await page.request.get(`/app-h5/cloud/coupons?from=${from}`, { maxRedirects: 0 });
      expect(response.status(), from).toBe(302);
      expect(response.headers()["location"]).toBe("/app-h5");
    }
  });
});
