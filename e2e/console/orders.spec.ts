import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES, DEMO_SUPPORT_ORDERS } from "#demo/seed.ts";
import { E2E } from "../ports.ts";
import { expectNoSeriousViolations, expectTargetsAtLeast44px, signInAs } from "./fixtures.ts";

/**
 * Today and Orders as support and finance use them (issue 32 items 1 and 2), with and without JavaScript: each
 * project works on its own demo orders, since a refund or a resolution happens once.
 */
const withJs = () => test.info().project.name === "console-js";
/** axe and the 44 px targets, which run in the page: with JavaScript only. */
async function checkAccessibility(page: Page) {
  if (!withJs()) return;
  await expectNoSeriousViolations(page);
  await expectTargetsAtLeast44px(page);
}

test.describe("orders in the console", () => {
  test("support finds an order by device id and by provider reference, and refunds it once: a reason is required, it is pending, then refunded @no-js", async ({ page, context }) => {
    const { orderId, providerRef } = withJs() ? DEMO_SUPPORT_ORDERS.withJs : DEMO_SUPPORT_ORDERS.withoutJs;
    await signInAs(page, "support", "/orders");
    await page.getByLabel("Device id").fill(DEMO_DEVICES.otherSim);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/[?&]deviceId=SIM-OTHER-001/);
    await expect(page.getByRole("link", { name: orderId })).toBeVisible();
    await checkAccessibility(page);

    await page.goto("/orders");
    await page.getByLabel("Provider reference").fill(providerRef);
    await page.getByRole("button", { name: "Search" }).click();
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(2);
    for (const cell of [orderId, "other@camcloud.example", "Delivered", "Card", "$4.99"]) await expect(rows.nth(1)).toContainText(cell);
    await page.getByRole("link", { name: orderId }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderId}`);
    await checkAccessibility(page);

    // A second agent on the same call opens the same order before the first refunds it.
    const second = await context.newPage();
    await second.goto(`/orders/${orderId}`);

    const reason = page.getByLabel("Reason for the refund");
    await reason.fill("   ");
    await page.getByRole("button", { name: "Refund $4.99" }).click();
    await expect(page.getByRole("alert")).toHaveText("Write a Reason for the refund.");

    await page.getByLabel("Reason for the refund").fill("Paid twice, says the buyer");
    await page.getByRole("button", { name: "Refund $4.99" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Refund asked for. It is pending until the provider confirms.");
    await expect(page.getByRole("button", { name: "Refund $4.99" })).toBeDisabled();

    // The other agent's refund is harmless: the cloud-api refunds once and the page says where it stands.
    await second.getByLabel("Reason for the refund").fill("Buyer called again");
    await second.getByRole("button", { name: "Refund $4.99" }).click();
    await expect(second.getByRole("button", { name: "Refund $4.99" })).toBeDisabled();

    // The sandbox confirms from the queue: the page says refunded.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("Status")).toHaveText("Refunded", { timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByText("Refunded.")).toBeVisible();
    await expect(page.getByText(/^Refund asked for by support@camcloud\.example on .+: Paid twice, says the buyer$/)).toBeVisible();
    const timeline = page.getByRole("region", { name: "Status history" });
    await expect(timeline.getByRole("cell", { name: "Delivered → Waiting for refund" })).toHaveCount(1);
    await expect(page.getByRole("region", { name: "Period granted" })).toContainText("Revoked");
  });

  test("a viewer sees the order but no refund, and a forged refund post is refused with 403 @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/orders/DEMO2000006");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order DEMO2000006");
    await expect(page.getByTestId("Paid")).toHaveText("¥79.00");
    await expect(page.getByRole("button", { name: /Refund/ })).toHaveCount(0);
    const forged = await page.request.post(`${E2E.console}/orders/DEMO2000006`, {
      form: { intent: "refund", reason: "forged" },
      headers: { Origin: E2E.console },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain("Your role (viewer) may not do this.");
    await page.reload();
    await expect(page.getByTestId("Status")).toHaveText("Delivered");
    const unknown = await page.goto("/orders/NO-SUCH-ORDER");
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("There is no such page in the console.");
  });

  test("Today lists an order that needs a person, linked to its order, and a note from support resolves it @no-js", async ({ page }) => {
    const orderId = withJs() ? "DEMO2000003" : "DEMO2000005";
    await signInAs(page, "support", "/today");
    const queue = page.getByRole("region", { name: "Needs a person" });
    const link = queue.getByRole("link", { name: orderId });
    await expect(link).toBeVisible();
    await expect(queue.getByRole("row").filter({ has: page.getByRole("link", { name: orderId }) })).toContainText("Paid but not delivered for over an hour");
    // Refunds owed for days, waiting (8009) or refunding (8010), whether or not the cron has marked them yet.
    for (const owed of ["DEMO2000009", "DEMO2000010"]) {
      await expect(queue.getByRole("row").filter({ has: page.getByRole("link", { name: owed }) })).toContainText("Refund owed for over three days");
    }
    await checkAccessibility(page);
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderId}`);
    await page.getByLabel("Note (what was done)").fill("Delivered by hand at the carrier; told the buyer");
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByRole("status").first()).toHaveText("Resolved: the order left the queue.");
    await expect(page.getByText("Delivered by hand at the carrier; told the buyer")).toBeVisible();
    await page.getByRole("link", { name: "Today" }).click();
    await expect(page.getByRole("region", { name: "Needs a person" }).getByRole("link", { name: orderId })).toHaveCount(0);
  });

  test("a refund the provider refused says so and offers support to try it again, in English and Chinese @no-js", async ({ page }) => {
    // Only looked at and posted without a reason: the order stays failed for the other journeys that read it.
    await signInAs(page, "support", "/orders/DEMO2000012");
    const actions = page.getByRole("region", { name: "Actions" });
    await expect(actions.getByRole("status")).toContainText("The refund failed at the provider: the money has not gone back yet.");
    await expect(actions.getByRole("status")).toContainText("Last error: Demo data");
    await expect(actions.getByText("Refund pending")).toHaveCount(0);
    const retry = actions.getByRole("button", { name: "Try the refund again" });
    await expect(retry).toBeEnabled();
    await checkAccessibility(page);
    await actions.getByLabel("Reason for the refund").fill("   ");
    await retry.click();
    await expect(page.getByRole("alert")).toHaveText("Write a Reason for the refund.");
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByRole("region", { name: "操作" }).getByRole("status")).toContainText("退款在支付机构处失败：款项尚未退回。");
    await expect(page.getByRole("button", { name: "重新尝试退款" })).toBeEnabled();
  });

  test("amounts are in the order's currency and dates in the operator's language @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/orders/DEMO2000012");
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("订单 DEMO2000012");
    await expect(page.getByTestId("实付")).toHaveText("¥79.00");
    await expect(page.getByTestId("状态")).toHaveText("退款失败");
    await expect(page.getByTestId("创建时间")).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} UTC$/);
  });
});
