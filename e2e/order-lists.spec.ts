import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { callCloudApi, demoBuyer } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { launchLink } from "./launch.ts";
import { E2E } from "./ports.ts";

/** A finger dragging down from near the top of the page: touch events, as a phone sends them. */
async function pullDown(page: Page, pixels: number) {
  await page.evaluate(async (distance) => {
    const touch = (y: number) => new Touch({ identifier: 1, target: document.body, clientX: 150, clientY: y });
    const send = (type: string, y: number) =>
      document.body.dispatchEvent(new TouchEvent(type, { bubbles: true, touches: type === "touchend" ? [] : [touch(y)], changedTouches: [touch(y)] }));
    send("touchstart", 100);
    for (let y = 100; y <= 100 + distance * 2; y += 40) {
      send("touchmove", y);
      await new Promise((resolve) => setTimeout(resolve, 16));
    }
    send("touchend", 100 + distance * 2);
  }, pixels);
}

test.describe("order lists", () => {
  test("pages through a device's orders, five at a time, until 'no more data' @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/mobile-data/order/list" }));
    await expect(page.getByRole("heading", { name: "4G top-up orders" })).toBeVisible();
    const cards = page.getByRole("listitem");
    await expect(cards).toHaveCount(5);
    await expect(cards.first()).toContainText("DEMO2000001");
    await expect(cards.first()).toContainText("Order number");
    // 15 demo orders: three full pages, then an empty one ends the list.
    const more = page.getByRole("link", { name: "Load more" });
    const end = page.getByText("no more data");
    for (let i = 0; i < 4 && !(await end.isVisible()); i++) {
      const next = await more.getAttribute("href");
      await more.click();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === next);
      await expect(end.or(more).first()).toBeVisible();
    }
    await expect(end).toBeVisible();
    // Each order once, however the pages arrived (links, and with JavaScript also scrolling).
    const numbers = (await cards.allTextContents()).map((text) => /DEMO\d+/.exec(text)?.[0]);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  test("scrolling appends the next pages; pulling down from the top goes back to page 1", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/mobile-data/order/list" }));
    const cards = page.getByRole("listitem");
    await expect(cards).toHaveCount(5);
    await page.getByRole("link", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(10);
    await expect(page).not.toHaveURL(/page=/);

    await page.evaluate(() => window.scrollTo(0, 0));
    await pullDown(page, 200);
    await expect(cards).toHaveCount(5);

    await page.getByRole("link", { name: "Load more" }).scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(10);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(cards).toHaveCount(5);
  });

  test("Refresh without JavaScript reloads page 1 @no-js", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "covered with JavaScript above");
    await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/mobile-data/order/list" }));
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByRole("listitem")).toHaveCount(5);
  });

  test("cancel asks first, then the order is cancelled and the coupon of the list comes back @no-js", async ({ page, javaScriptEnabled }) => {
    // Each run cancels its own waiting order: the 4G one with JavaScript, the storage one without.
    const [device, screen, orderId] = javaScriptEnabled
      ? [DEMO_DEVICES.sim, "cloud/mobile-data/order/list", "DEMO2000001"]
      : [DEMO_DEVICES.camera, "cloud/storage/order/list", "DEMO1000002"];
    await page.goto(await launchLink(device, { screen }));
    const card = page.getByRole("listitem").filter({ hasText: orderId });
    await card.getByRole("button", { name: "Cancel Order" }).click();
    // The question is a sheet of the page (a webview may not show window.confirm), with and without JavaScript.
    const tips = page.getByRole("dialog", { name: "Tips" });
    await expect(tips.getByText("Are you sure you want to cancel this order?")).toBeVisible();
    await tips.getByRole("button", { name: "Cancel Order" }).click();
    await expect(page.getByText("cancel success")).toBeVisible();
    await expect(card).toContainText("Cancelled");
    await expect(card.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  });

  test("repay sends a waiting order back to its provider and it ends paid @no-js", async ({ page, javaScriptEnabled }) => {
    // WeChat Pay with JavaScript, Alipay (through the cashier) without: each run repays its own order.
    const [orderId, method] = javaScriptEnabled ? ["DEMO1000007", "WeChat Pay"] : ["DEMO1000008", "Alipay"];
    await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/storage/order/list" }));
    await page.getByRole("listitem").filter({ hasText: orderId }).getByRole("button", { name: "Repay" }).click();
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Continue to Alipay" }).click();
    await expect(page.getByText("SANDBOX · no real money moves")).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app-h5/cloud/order/payment/result\\?orderId=${orderId}`));
    await expect(page.getByRole("heading", { name: /Payment received|Purchase complete/ })).toBeVisible();
    await page.getByRole("link", { name: "View my orders" }).click();
    const card = page.getByRole("listitem").filter({ hasText: orderId });
    await expect(card).toContainText(/Paid|Buying|Purchase succeeded/);
    await expect(card).toContainText(method);
    await expect(card.getByRole("button", { name: "Repay" })).toHaveCount(0);
  });

  test("repaying a card order opens Stripe's embedded checkout on the list", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/ai-srv-package/order/list" }));
    await page.getByRole("listitem").filter({ hasText: "DEMO6000009" }).getByRole("button", { name: "Repay" }).click();
    const sheet = page.getByRole("dialog", { name: "Credit or debit card" });
    await expect(sheet).toBeVisible();
    const checkout = page.frameLocator('iframe[title="Card payment (sandbox)"]');
    await checkout.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=DEMO6000009/);
    await expect(page.getByRole("heading", { name: /Payment received|Purchase complete/ })).toBeVisible();
  });

  test("a PayPal order waiting to pay offers Cancel but not Repay @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/vip-package/order/list" }));
    const card = page.getByRole("listitem").filter({ hasText: "DEMO5000003" });
    await expect(card).toContainText("PayPal");
    await expect(card.getByRole("button", { name: "Cancel Order" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Repay" })).toHaveCount(0);
  });

  test("a cancel that fails because the order moved on reports once, on its card, in the buyer's language", async ({ page }) => {
    const buyer = await demoBuyer(E2E.api, E2E.storefront, devVars());
    const api = <T,>(path: string, body: unknown) => callCloudApi<T>(E2E.api, devVars(), path, body, buyer.tokens.accessToken);
    const device = DEMO_DEVICES.cameraCard;
    const { packageList } = await api<{ packageList: { id: number; salePrice: number }[] }>("/v1/cloud/package/list", { deviceId: device, type: 6 });
    const pkg = packageList[0]!;
    const { orderId } = await api<{ orderId: string }>("/v1/cloud/order/h5/confirm/v2", { deviceId: device, priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 6 });
    await page.goto(buyer.link({ screen: "cloud/ai-srv-package/order/list", deviceId: device }));
    const card = page.getByRole("listitem").filter({ hasText: orderId });
    await expect(card).toContainText("Waiting for payment. Pay it, or cancel the order.");
    // Another tab cancels it first.
    await api("/v1/cloud/order/cancel", { orderId });
    await card.getByRole("button", { name: "Cancel Order" }).click();
    await page.getByRole("dialog", { name: "Tips" }).getByRole("button", { name: "Cancel Order" }).click();
    await expect(page.getByRole("status").getByText("This order can no longer be cancelled.")).toHaveCount(1);
    await expect(page.getByText(/cannot become cancelled/)).toHaveCount(0);
    await expect(card).toContainText("Cancelled");
    await expect(card).toContainText("You can place it again.");
    await expect(card.getByRole("button", { name: "Cancel Order" })).toHaveCount(0);
  });
});
