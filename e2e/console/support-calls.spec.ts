import { expect, test } from "@playwright/test";
import { signInAs } from "./fixtures.ts";

/**
 * What a support agent found answering real calls with the console (decision 068): one date style on every page,
 * a readable audit log, status names rather than codes, the status history in the operator's language, a viewer
 * told why an order has no actions, and Today opening on the last days' business.
 */
const EN_DATE = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}`;
const EN_TIME = String.raw`${EN_DATE}, \d{2}:\d{2} UTC`;
const ZH_DATE = String.raw`\d{4}年\d{1,2}月\d{1,2}日`;

test.describe("the console as support answers calls with it", () => {
  test("a card batch's dates read as the orders pages' do: medium dates, 24-hour times, in English and Chinese @no-js", async ({ page }) => {
    await signInAs(page, "admin", "/cards");
    const form = page.getByRole("region", { name: "New batch" });
    await form.getByLabel("Package").selectOption({ label: "VIP card: VIP card, 30 days (CNY)" });
    await form.getByLabel("How many codes (at most 10,000)").fill("1");
    await form.getByLabel("Codes expire (UTC)").fill("2031-03-07");
    await form.getByRole("button", { name: "Generate codes" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Batch \d+$/);
    await expect(page.getByText(/Expires Mar 7, 2031$/)).toBeVisible();
    await expect(page.getByText(new RegExp(`^Made by admin@camcloud\\.example on ${EN_TIME}$`))).toBeVisible();
    await expect(page.getByRole("cell", { name: new RegExp(`^${EN_TIME}$`) })).toBeVisible();
    await page.getByRole("link", { name: "Back to the list" }).click();
    await expect(page.getByText("Expires Mar 7, 2031").first()).toBeVisible();
    await expect(page.getByText(/\d{4}-\d{2}-\d{2}/)).toHaveCount(0);
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByText(/2031年3月7日/).first()).toBeVisible();
  });

  test("the audit log says what changed, field by field with amounts and times worded, and keeps the exact values @no-js", async ({ page }) => {
    await signInAs(page, "admin", "/audit?action=card_batch.create");
    const entry = page.getByTestId("audit-row").first();
    await expect(entry.getByRole("listitem").filter({ hasText: /^expire_time: / })).toHaveText(new RegExp(`^expire_time: ${EN_TIME}$`));
    await expect(entry.getByText("Exact values")).toBeVisible();
    await expect(entry.locator("pre").first()).toBeHidden();
    await entry.getByText("Exact values").click();
    await expect(entry.locator("pre").last()).toContainText(/"expire_time": \d{10}/);
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByTestId("audit-row").first().getByRole("listitem").filter({ hasText: /^expire_time: / })).toHaveText(new RegExp(`^expire_time: ${ZH_DATE} \\d{2}:\\d{2} UTC$`));
    await expect(page.getByTestId("audit-row").first().getByText("原始数据")).toBeVisible();
  });

  test("the orders filter names the statuses in the operator's language, without their codes @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/orders");
    const status = page.getByLabel("Status");
    await expect(status.getByRole("option").nth(1)).toHaveText("Waiting to pay");
    await expect(status.getByRole("option", { name: /80\d\d/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByLabel("状态").getByRole("option").nth(1)).toHaveText("待支付");
  });

  test("a viewer reads an order's history in their language and is told why there are no actions @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/orders/DEMO2000012");
    const history = page.getByRole("region", { name: "Status history" });
    await expect(history.getByRole("cell", { name: "Order created" })).toBeVisible();
    await expect(history.getByRole("cell", { name: "Demo data" }).first()).toBeVisible();
    await expect(history.getByRole("cell", { name: /^(created|demo history)$/ })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Actions" })).toHaveCount(0);
    await expect(page.getByText("Your role (viewer) can read but not change orders. Ask an admin to refund, send again or resolve.")).toBeVisible();
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByRole("region", { name: "状态记录" }).getByRole("cell", { name: "订单已创建" })).toBeVisible();
    await expect(page.getByText("您的角色（只读）可以查看但不能更改订单。如需退款、重新交付或处理，请联系管理员。")).toBeVisible();
  });

  test("Today opens on the last 7 days, named, with the demo's business in its figures, and switches to today or 30 days @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/today");
    const figures = page.getByRole("region", { name: "Figures" });
    await expect(figures).toContainText(new RegExp(`Last 7 days: ${EN_DATE} to ${EN_DATE} \\(UTC days\\)`));
    await expect(figures.getByText("No order was confirmed in these days.")).toHaveCount(0);
    const periods = page.getByRole("navigation", { name: "Period" });
    await expect(periods.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
    await periods.getByRole("link", { name: "Last 30 days" }).click();
    await expect(figures).toContainText("Last 30 days: ");
    await periods.getByRole("link", { name: "Today" }).click();
    await expect(figures.getByText(/^Today: /)).toBeVisible();
    await page.getByRole("button", { name: "Language: 中文" }).click();
    await expect(page.getByText(/^今天：/)).toBeVisible();
  });

  test("Today reads a period it does not know as the last 7 days and refuses a day that does not exist (found by an attacker) @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/today");
    const figures = page.getByRole("region", { name: "Figures" });
    for (const period of ["toString", "__proto__", "constructor", "junk"]) {
      const response = await page.goto(`/today?period=${period}`);
      expect(response?.status()).toBe(200);
      await expect(figures).toContainText("Last 7 days: ");
    }
    await page.goto("/today?from=2024-02-31");
    await expect(page.getByText(/^This was not accepted: /)).toBeVisible();
    await expect(page.getByText("Mar 2, 2024")).toHaveCount(0);
  });
});
