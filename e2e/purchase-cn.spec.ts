import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "../cloud-api/demo/seed.ts";
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
  });

  test("with Alipay: the cashier submits the provider's form; a failed payment says so @no-js", async ({ page, javaScriptEnabled }) => {
    await payWith(page, "Alipay", javaScriptEnabled);
    await page.getByRole("button", { name: "Fail the payment" }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
    await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
    await expect(page.getByText("Wait 15 minutes")).toBeVisible();
  });

  test("a cancelled checkout leaves the order waiting, and the result page keeps asking @no-js", async ({ page, javaScriptEnabled }) => {
    await payWith(page, "WeChat Pay", javaScriptEnabled);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Checking your payment" })).toBeVisible();
    await expect(page.getByText("Please do not pay twice.")).toBeVisible();
  });
});
