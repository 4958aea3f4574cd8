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
    period: (start: string, end: string) => `If you pay now: starts ${start}, when your current package ends, until ${end}`,
    data: (start: string, end: string) => `If you pay now: the data is added at once; the package's period starts ${start}, when your current package ends, until ${end}`,
  },
  zh: {
    period: (start: string, end: string) => `现在支付：${start} 当前套餐结束后开始，至 ${end}`,
    data: (start: string, end: string) => `现在支付：流量立即到账；套餐有效期于 ${start} 当前套餐结束后开始，至 ${end}`,
  },
  de: {
    period: (start: string, end: string) => `Wenn Sie jetzt zahlen: beginnt am ${start}, wenn Ihr aktuelles Paket endet, bis ${end}`,
    data: (start: string, end: string) =>
      `Wenn Sie jetzt zahlen: Das Datenvolumen wird sofort gutgeschrieben; die Laufzeit des Pakets beginnt am ${start}, wenn Ihr aktuelles Paket endet, bis ${end}`,
  },
  ar: {
    period: (start: string, end: string) => `إذا دفعت الآن: تبدأ في ${isolated(start)} عند انتهاء باقتك الحالية، حتى ${isolated(end)}`,
    data: (start: string, end: string) => `إذا دفعت الآن: تُضاف البيانات فورًا، وتبدأ مدة الباقة في ${isolated(start)} عند انتهاء باقتك الحالية، حتى ${isolated(end)}`,
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
