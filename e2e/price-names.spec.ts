import { expect, test } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "./launch.ts";

/**
 * An outside buyer heard "Original price" for two different amounts on one screen: a package's price before its
 * own discount, and the total before the coupon. Each has its own words, in every language.
 */
const WORDS = [
  { language: "en", card: "Original price ¥39.90", beforeCoupon: "Before the coupon ¥29.90", notInChooser: "Original price" },
  { language: "de", card: "Ursprünglicher Preis 39,90 ¥", beforeCoupon: "Vor dem Gutschein 29,90 ¥", notInChooser: "Ursprünglicher Preis" },
];

for (const { language, card, beforeCoupon, notInChooser } of WORDS) {
  test(`in ${language} a package's original price and the total before the coupon have their own names`, async ({ page }) => {
    // The 10 GB package: ¥29.90, discounted from ¥39.90; the buyer's coupon takes ¥20.00 off its price.
    await page.goto(await launchLink(DEMO_DEVICES.simSpare, { language, query: { pay: "1" } }));
    const chooser = page.getByRole("dialog");
    await expect(chooser).toContainText(beforeCoupon);
    await expect(chooser).not.toContainText(notInChooser);
    await expect(page.getByRole("link", { name: /10 GB/ })).toContainText(card);
  });
}
