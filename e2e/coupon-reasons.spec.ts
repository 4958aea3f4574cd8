import { expect, test } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "./launch.ts";

/** The selector's words for the unusable list and its reasons, in the languages the issue names. */
const WORDS = {
  en: { unusable: /^Unusable coupons/, worthMore: "Worth more than the price", expired: "Expired", notMet: "Minimum spend not met" },
  zh: { unusable: /^不可用优惠券/, worthMore: "面额高于价格", expired: "已过期", notMet: "未达到最低消费金额" },
  de: { unusable: /^Nicht einlösbare Gutscheine/, worthMore: "Mehr wert als der Preis", expired: "Abgelaufen", notMet: "Mindestbestellwert nicht erreicht" },
  ar: { unusable: /^القسائم غير المتاحة/, worthMore: "قيمتها أعلى من السعر", expired: "منتهية الصلاحية", notMet: "لم يتم بلوغ الحد الأدنى للإنفاق" },
} as const;

test.describe("coupon reasons (issue 31)", () => {
  for (const [language, words] of Object.entries(WORDS)) {
    test(`on the ¥9.90 package a coupon below its minimum spend says so, not that it is worth more, in ${language} @no-js`, async ({ page }) => {
      // The 4G screen's ¥9.90 package (5 GB for 7 days); the demo buyer's CNY coupons, highest first:
      // ¥30 and ¥20 with no minimum, ¥15 expired, ¥10 from ¥50 and ¥5 from ¥20.
      await page.goto(await launchLink(DEMO_DEVICES.simSpare, { screen: "cloud/coupons", language, query: { from: "mobile_data_buy", package: "5" } }));
      const unusable = page.getByRole("region", { name: words.unusable });
      await expect(unusable.getByRole("listitem")).toHaveText([
        new RegExp(`30.*${words.worthMore}`),
        new RegExp(`20.*${words.worthMore}`),
        new RegExp(`15.*${words.expired}`),
        new RegExp(`10.*${words.notMet}`),
        new RegExp(`5.*${words.notMet}`),
      ]);
    });
  }
});
