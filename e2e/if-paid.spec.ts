import { expect, test } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { launchLink } from "./launch.ts";

const DAY_MS = 86_400_000;
/** A date as the demo buyer in China reads it. */
const chinaDate = (ms: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(ms);
const plusDays = (date: string, days: number) => new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
/** Arabic text keeps a date left to right inside its line. */
const isolated = (date: string) => `\u2066${date}\u2069`;

/** The payment bar's line when the package queues after the current one: the period, and for 4G the data at once. */
const QUEUED = {
  en: {
    period: (start: string, end: string) => `If you pay now: ${start} to ${end}, after your current package`,
    data: (start: string, end: string) => `If you pay now: data added at once; period ${start} to ${end}, after your current package`,
  },
  zh: {
    period: (start: string, end: string) => `现在支付：${start} 至 ${end}（当前套餐结束后开始）`,
    data: (start: string, end: string) => `现在支付：流量立即到账；有效期 ${start} 至 ${end}（当前套餐结束后开始）`,
  },
  de: {
    period: (start: string, end: string) => `Wenn Sie jetzt zahlen: ${start} bis ${end}, nach Ihrem aktuellen Paket`,
    data: (start: string, end: string) => `Wenn Sie jetzt zahlen: Daten sofort; Laufzeit ${start} bis ${end}, nach Ihrem aktuellen Paket`,
  },
  ar: {
    period: (start: string, end: string) => `إذا دفعت الآن: من ${isolated(start)} إلى ${isolated(end)} بعد باقتك الحالية`,
    data: (start: string, end: string) => `إذا دفعت الآن: تُضاف البيانات فورًا، والمدة من ${isolated(start)} إلى ${isolated(end)} بعد باقتك الحالية`,
  },
} as const;

test.describe("a package that will not start now says when it starts and ends (issue 31)", () => {
  for (const [language, words] of Object.entries(QUEUED)) {
    test(`cloud storage queued after the current period, in ${language} @no-js`, async ({ page }) => {
      // All-day recording ends in 4 days; the first package lasts 30.
      await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/storage/buy", language }));
      const ends = chinaDate(Date.now() + 4 * DAY_MS);
      await expect(page.getByText(words.period(ends, plusDays(ends, 30)), { exact: true })).toBeVisible();
    });

    test(`4G data: the data comes at once and the period queues, in ${language} @no-js`, async ({ page }) => {
      // The SIM's 10 GB package runs 18 more days; the first package on sale is 10 GB for 30 days.
      await page.goto(await launchLink(DEMO_DEVICES.sim, { language }));
      const ends = chinaDate(Date.now() + 18 * DAY_MS);
      await expect(page.getByText(words.data(ends, plusDays(ends, 30)), { exact: true })).toBeVisible();
    });
  }
});
