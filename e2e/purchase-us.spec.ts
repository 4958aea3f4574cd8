import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { callCloudApi, demoBuyer } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { launchLink } from "./launch.ts";
import { E2E } from "./ports.ts";

/** From the result page to the order list, where the paid order must be. */
async function expectPaidInOrderList(page: Page, method: string) {
  await expect(page.getByRole("heading", { name: /Payment received|Purchase complete/ })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
  await page.getByRole("link", { name: "View my orders" }).click();
  const card = page.getByRole("listitem").filter({ hasText: orderId });
  await expect(card).toContainText(/Paid|Buying|Purchase succeeded/);
  await expect(card).toContainText(method);
  await expect(card).toContainText("$");
}

/** The 4G screen of a buyer in the US: PayPal and card, each in a sub-view of the chooser. */
async function openChooser(page: Page) {
  await page.goto(await launchLink(DEMO_DEVICES.simSpare, { country: "US" }));
  await page.getByRole("link", { name: "Pay", exact: true }).click();
  return page.getByRole("dialog", { name: "Choose a payment method" });
}

test.describe("buying 4G data outside China", () => {
  test("PayPal: the SDK loads only in its sub-view; approval leads to the result page", async ({ page }) => {
    const sdkRequests: string[] = [];
    page.on("request", (request) => request.url().includes("/sandbox/paypal/sdk/js") && sdkRequests.push(request.url()));
    const chooser = await openChooser(page);
    await expect(chooser.getByRole("button", { name: "Alipay" })).toHaveCount(0);
    expect(sdkRequests).toEqual([]);
    await chooser.getByRole("button", { name: "PayPal" }).click();
    await expect(chooser.getByRole("button", { name: "Back" })).toBeVisible();
    await chooser.getByRole("button", { name: "Pay with PayPal (sandbox)" }).click();
    expect(sdkRequests[0]).toMatch(/client-id=sandbox.*currency=USD|currency=USD.*client-id=sandbox/);
    const sheet = page.getByRole("dialog", { name: "PayPal sandbox" });
    await expect(sheet.getByText("USD")).toBeVisible();
    await sheet.getByRole("button", { name: "Pay with PayPal" }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    await expectPaidInOrderList(page, "PayPal");
  });

  test("PayPal failure toasts 'Pay Failed'", async ({ page }) => {
    const chooser = await openChooser(page);
    await chooser.getByRole("button", { name: "PayPal" }).click();
    await chooser.getByRole("button", { name: "Pay with PayPal (sandbox)" }).click();
    await page.getByRole("dialog", { name: "PayPal sandbox" }).getByRole("button", { name: "Fail the payment" }).click();
    await expect(page.getByText("Pay Failed")).toBeVisible();
  });

  test("card: Stripe's embedded checkout in its sub-view; paying leads to the result page", async ({ page }) => {
    const chooser = await openChooser(page);
    await chooser.getByRole("button", { name: "Credit or debit card" }).click();
    const checkout = page.frameLocator('iframe[title="Card payment (sandbox)"]');
    await expect(checkout.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    // On a short phone the sheet fits the screen and scrolls inside: its title and Back stay reachable.
    await page.setViewportSize({ width: 390, height: 664 });
    const sheet = page.getByRole("dialog", { name: "Choose a payment method" });
    const box = await sheet.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.height).toBeLessThanOrEqual(664);
    await sheet.getByRole("button", { name: "Back" }).scrollIntoViewIfNeeded();
    await expect(sheet.getByRole("button", { name: "Back" })).toBeInViewport();
    await checkout.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    await expectPaidInOrderList(page, "Credit or debit card");
  });

  test("without JavaScript PayPal and card say they need it, before any order is created @no-js", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "the chooser's SDK methods need JavaScript");
    const buyer = await demoBuyer(E2E.api, E2E.storefront, devVars());
    const orders = async () =>
      (await callCloudApi<{ orderList: unknown[] }>(E2E.api, devVars(), "/v1/cloud/order/query/srv/order/list", { deviceId: DEMO_DEVICES.simSpare, type: 2, pageNum: 1, pageSize: 50 }, buyer.tokens.accessToken))
        .orderList.length;
    await openChooser(page);
    const before = await orders();
    for (const method of ["PayPal", "Credit or debit card"]) {
      await page.goto("/app-h5/cloud/mobile-data/buy?pay=1");
      await page.getByRole("dialog", { name: "Choose a payment method" }).getByRole("button", { name: method }).click();
      // Outside China both methods need it: the message does not send the buyer to "another method".
      await expect(page.getByRole("alert")).toHaveText("This payment method needs JavaScript. Turn it on in your browser, or open this page from the app.");
    }
    expect(await orders()).toBe(before);
  });

  test("the card checkout charges exactly the amount the chooser shows, with a coupon applied", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraCard, { screen: "cloud/ai-srv-package/buy", country: "US" }));
    await page.getByRole("link", { name: /Super AI yearly/ }).click();
    await expect(page.getByRole("link", { name: /Coupon/ })).toContainText(/−\$\d+\.\d{2}/);
    await page.getByRole("link", { name: "Pay", exact: true }).click();
    const chooser = page.getByRole("dialog", { name: "Choose a payment method" });
    await chooser.getByRole("button", { name: "Credit or debit card" }).click();
    const checkout = page.frameLocator('iframe[title="Card payment (sandbox)"]');
    await expect(checkout.getByLabel("Card number")).toBeVisible();
    // The order is created when the sub-view opens and the page reads its offer again: the coupon stays applied.
    const charged = (await checkout.locator(".amount").textContent())?.trim();
    await expect(chooser.getByText(charged!, { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Coupon/ })).toContainText(/−\$\d+\.\d{2}/);
  });
});
