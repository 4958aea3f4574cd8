import { expect, test } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "./launch.ts";

const DAY_MS = 86_400_000;
/** A date as the demo buyer in China reads it. */
const chinaDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(ms);
const plusDays = (date: string, days: number) => new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

test.describe("my services", () => {
  test("shows per service what is in use until when, what starts next and what ended, with the reminder @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/services" }));
    await expect(page.getByRole("heading", { name: "My services", level: 1 })).toBeVisible();
    const storage = page.getByRole("region", { name: "Cloud storage" });
    const ends = chinaDate(Date.now() + 4 * DAY_MS);
    await expect(storage.getByRole("note", { name: "Renewal reminder" })).toHaveText(`Your service ends on ${ends}. Renew now to keep it running.Renew`);
    await expect(storage.getByRole("listitem")).toHaveText([`All-day recording, 7-day loopIn use · until ${ends}`]);
    const vip = page.getByRole("region", { name: "VIP" });
    await expect(vip.getByRole("listitem")).toHaveText([/^VIP monthlyIn use · until \d{4}-/, /^VIP monthlyStarts next · \d{4}-\d{2}-\d{2} to \d{4}-/]);
    await expect(vip.getByRole("note", { name: "Renewal reminder" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Super AI recognition" }).getByRole("listitem")).toHaveText([/^Super AI monthlyEnded · \d{4}-/]);
    await storage.getByRole("link", { name: "Renew", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/storage\/buy$/);
  });

  test("a device that never had a service says so and offers to buy @no-js", async ({ page }) => {
    // A SIM the demo gives no package and no journey buys for (its carrier has no record of it).
    await page.goto(await launchLink(DEMO_DEVICES.simException, { screen: "cloud/services" }));
    const data = page.getByRole("region", { name: "4G data top-up" });
    await expect(data).toContainText("Not opened yet.");
    await expect(data.getByRole("link", { name: "Buy or renew" })).toHaveAttribute("href", "/app-h5/cloud/mobile-data/buy");
  });
});

test.describe("purchase screens: plan, reminder and 'if I pay'", () => {
  test("the head shows the plan; Renew opens the chooser, which says the purchase extends the period @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/storage/buy" }));
    const ends = chinaDate(Date.now() + 4 * DAY_MS);
    await expect(page.getByRole("region", { name: "Your plan" }).getByRole("listitem")).toHaveText([`All-day recording, 7-day loopIn use · until ${ends}`]);
    // The first package lasts 30 days: paying now queues it after the current period.
    const preview = `If you pay now: ${ends} to ${plusDays(ends, 30)}, after your current package`;
    await expect(page.getByText(preview)).toBeVisible();
    await page.getByRole("note", { name: "Renewal reminder" }).getByRole("link", { name: "Renew" }).click();
    const chooser = page.getByRole("dialog", { name: "Choose a payment method" });
    await expect(chooser).toContainText(preview);
    await expect(chooser.getByRole("button", { name: "WeChat Pay" })).toBeVisible();
  });

  test("on a device without the service, paying starts it now; the line follows the chosen package @no-js", async ({ page }) => {
    // A camera that never had AI, and where no journey pays for it.
    await page.goto(await launchLink(DEMO_DEVICES.cameraCard, { screen: "cloud/ai-srv-package/buy" }));
    const today = chinaDate(Date.now());
    await expect(page.getByText(`If you pay now: starts now, until ${plusDays(today, 30)}`)).toBeVisible();
    await page.getByRole("link", { name: /Super AI yearly/ }).click();
    await expect(page.getByText(`If you pay now: starts now, until ${plusDays(today, 365)}`)).toBeVisible();
    await expect(page.getByRole("note", { name: "Renewal reminder" })).toHaveCount(0);
  });

  test("a coupon expiring within 3 days is marked in the selector and in the coupon row @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/coupons", query: { from: "storage_buy" } }));
    const usable = page.getByRole("region", { name: /^Usable coupons/ });
    await expect(usable.getByRole("link", { name: /^¥5\.00/ })).toContainText("Expires within 3 days");
    await expect(usable.getByRole("link", { name: /^¥20\.00 No minimum/ })).not.toContainText("Expires within 3 days");
    await usable.getByRole("link", { name: /^¥5\.00/ }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/storage\/buy\?.*coupon=1/);
    await expect(page.getByRole("link", { name: /Coupon/ })).toContainText("Expires within 3 days");
  });
});
