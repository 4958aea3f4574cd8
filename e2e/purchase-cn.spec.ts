import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "./launch.ts";

/** From the 4G screen: open the chooser, pick a method, and land on the sandbox checkout. */
async function payWith(page: Page, method: "WeChat Pay" | "Alipay", javaScript: boolean) {
  await page.goto(await launchLink(DEMO_DEVICES.simSpare));
  await page.getByRole("link", { name: /5 GB for 7 days/ }).click();
  await expect(page.getByRole("link", { name: /5 GB for 7 days/ })).toHaveAttribute("aria-current", "true");
  await page.getByRole("link", { name: "Pay", exact: true }).click();
  const chooser = page.getByRole("dialog", { name: "Choose a payment method" });
  await expect(chooser.getByText("¥9.90")).toBeVisible();
  await chooser.getByRole("button", { name: method }).click();
  const sandbox = page.getByText("SANDBOX · no real money moves");
  // The cashier submits Alipay's form by itself after 300 ms; without JavaScript the buyer taps.
  if (method === "Alipay" && !javaScript) await page.getByRole("button", { name: "Continue to Alipay" }).click();
  await expect(sandbox).toBeVisible();
  await expect(page.getByText("¥9.90")).toBeVisible();
}

test.describe("buying 4G data in China", () => {
  test("with WeChat Pay: sandbox checkout, then the result page shows the purchase @no-js", async ({ page, javaScriptEnabled }) => {
    await payWith(page, "WeChat Pay", javaScriptEnabled);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    await expect(page.getByRole("heading", { name: /Payment received|Purchase complete/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "View my orders" })).toHaveAttribute("href", "/app-h5/cloud/mobile-data/order/list");
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    await page.getByRole("link", { name: "View my orders" }).click();
    const card = page.getByRole("listitem").filter({ hasText: orderId });
    await expect(card).toContainText(/Paid|Buying|Purchase succeeded/);
    await expect(card).toContainText("WeChat Pay");
    await expect(card).toContainText("¥9.90");
  });

  test("with Alipay: the cashier submits the provider's form; a failed payment says so @no-js", async ({ page, javaScriptEnabled }) => {
    await payWith(page, "Alipay", javaScriptEnabled);
    await page.getByRole("button", { name: "Fail the payment" }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(page.getByText("Wait 15 minutes")).toBeVisible();
    // The way back to the packages is on the page, not only in the orders, and it offers the same package.
    await page.getByRole("link", { name: "Buy again" }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/mobile-data\/buy\?package=5$/);
    await expect(page.getByRole("heading", { name: "4G data top-up", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /5 GB for 7 days/ })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("¥9.90", { exact: true }).first()).toBeVisible();
  });

  test("with Alipay: paid on the sandbox, back on the result page, then in the order list @no-js", async ({ page, javaScriptEnabled }) => {
    await payWith(page, "Alipay", javaScriptEnabled);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    await expect(page.getByRole("heading", { name: /Payment received|Purchase complete/ })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    await page.getByRole("link", { name: "View my orders" }).click();
    await expect(page.getByRole("listitem").filter({ hasText: orderId })).toContainText("Alipay");
  });

  test("with Alipay: Back from the result page goes to the order, not to the posted gateway page @no-js", async ({ page, javaScriptEnabled }) => {
    await payWith(page, "Alipay", javaScriptEnabled);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    const orderId = new URL(page.url()).searchParams.get("orderId") ?? "";
    // The gateway answers its form post with a redirect: Back finds no form to post again ("Confirm Form Resubmission").
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/app-h5/cloud/order/payment/result\\?orderId=${orderId}`));
    await expect(page.getByRole("heading", { name: /Payment received|Purchase complete/ })).toBeVisible();
  });

  test("a cancelled checkout leaves the order waiting, and the result page says so and stops asking @no-js", async ({ page, javaScriptEnabled }) => {
    await payWith(page, "Alipay", javaScriptEnabled);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    await expect(page.getByRole("heading", { name: "Payment not finished" })).toBeVisible();
    await expect(page.getByText("Nothing was charged.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy again" })).toHaveAttribute("href", "/app-h5/cloud/mobile-data/buy?package=5");
    // Settled: no revalidation and no refresh follow.
    const asks: string[] = [];
    page.on("request", (request) => request.url().includes("/payment/result") && asks.push(request.url()));
    await page.waitForTimeout(4_000);
    expect(asks).toEqual([]);
  });

  test("after a successful WeChat Pay purchase the result page follows the order until it is active @no-js", async ({ page, javaScriptEnabled }) => {
    await payWith(page, "WeChat Pay", javaScriptEnabled);
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Purchase complete" })).toBeVisible({ timeout: 15_000 });
    // The package may start after the current one: the page does not say it is active now.
    await expect(page.getByText("Your package is bought.", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy again" })).toHaveCount(0);
  });

  test("a checkout left without paying is not 'being checked' past 15 s: the page offers the order, to pay or cancel it @no-js", async ({ page, javaScriptEnabled }) => {
    test.setTimeout(60_000);
    await payWith(page, "WeChat Pay", javaScriptEnabled);
    // The buyer comes back from WeChat without doing anything there.
    const back = new URL(page.url()).searchParams.get("redirect_url") ?? "";
    const orderId = new URL(back).searchParams.get("orderId") ?? "";
    await page.goto(back);
    await expect(page.getByRole("heading", { name: "Checking your payment" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment not received yet" })).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText("If you did not pay, you can still pay for this order or cancel it.")).toBeVisible();
    await expect(page.getByText("If you have paid, check your orders in 5 minutes.")).toBeVisible();
    await page.getByRole("link", { name: "Open the order" }).click();
    await expect(page).toHaveURL(`/app-h5/cloud/order/detail?orderId=${orderId}`);
    await expect(page.getByRole("button", { name: "Repay" })).toBeVisible();
  });

  test("the result page without an order number says so @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.simSpare));
    await page.goto("/app-h5/cloud/order/payment/result");
    await expect(page.getByRole("heading", { name: "No order to show" })).toBeVisible();
    await expect(page.getByRole("link", { name: "View my orders" })).toHaveAttribute("href", "/app-h5/cloud/mobile-data/order/list");
  });
});

test.describe("coupon selector", () => {
  test("lists usable and unusable coupons by value with reasons; a choice and 'no coupon' return to the screen @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.simSpare));
    // Auto-pick (mode 1): the best usable coupon for ¥29.90 is ¥20.00 off.
    await expect(page.getByText("−¥20.00")).toBeVisible();
    await page.getByRole("link", { name: /Coupon/ }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/coupons\?.*from=mobile_data_buy/);
    const usable = page.getByRole("region", { name: /^Usable coupons/ });
    await expect(usable.getByRole("link")).toHaveText([/¥20\.00/, /¥5\.00/]);
    await expect(usable.getByRole("link").first()).toHaveAttribute("aria-current", "true");
    const unusable = page.getByRole("region", { name: /^Unusable coupons/ });
    await expect(unusable.getByRole("listitem")).toHaveText([/¥30\.00.*Worth more than the price/, /¥15\.00.*Expired/, /¥10\.00.*Minimum spend not met/]);
    await expect(page.getByText("Orders from ¥20.00")).toBeVisible();
    await expect(page.getByText(/^Expires \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}( \(\+08:00\))?$/).first()).toBeVisible();

    // Mode 2: the buyer's choice.
    await usable.getByRole("link", { name: /¥5\.00/ }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/mobile-data\/buy\?.*coupon=1/);
    await expect(page.getByText("−¥5.00")).toBeVisible();
    await expect(page.getByText("¥24.90").first()).toBeVisible();

    // Mode 3: none.
    await page.getByRole("link", { name: /Coupon/ }).click();
    await page.getByRole("link", { name: "Don't use a coupon" }).click();
    await expect(page.getByText("Not used")).toBeVisible();
    await expect(page.getByText("¥29.90").first()).toBeVisible();
  });
});
