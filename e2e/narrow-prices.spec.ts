import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { LANGUAGES } from "#domain/languages.ts";
import { launchLink } from "./launch.ts";

/**
 * An outside buyer's findings at the narrowest phones: Arabic prices broke inside the number at 320 px, and the
 * German 4G order list scrolled sideways by 6 px (an order's status beside a long package name).
 */

/** The purchase screens with their payment sheets open, and the order lists, each for a device that has them. */
const PURCHASE_SCREENS = [
  { deviceId: DEMO_DEVICES.simSpare, screen: "cloud/mobile-data/buy" },
  // This camera is offered the installers' package, ¥10,000.00 (German "10.000,00 ¥", struck "12.000,00 ¥").
  { deviceId: DEMO_DEVICES.cameraRenewal, screen: "cloud/storage/buy" },
  { deviceId: DEMO_DEVICES.camera, screen: "cloud/vip-package/buy" },
  { deviceId: DEMO_DEVICES.camera, screen: "cloud/ai-srv-package/buy" },
];
const ORDER_LISTS = [
  { deviceId: DEMO_DEVICES.sim, screen: "cloud/mobile-data/order/list" },
  { deviceId: DEMO_DEVICES.camera, screen: "cloud/storage/order/list" },
  { deviceId: DEMO_DEVICES.camera, screen: "cloud/vip-package/order/list" },
  { deviceId: DEMO_DEVICES.cameraNoPackage, screen: "cloud/ai-srv-package/order/list" },
];

/** Prices on the page (a currency sign and digits, no words) that take more than one line or leave their box. */
function brokenPrices(page: Page, screenWidth: number) {
  return page.evaluate((screenWidth) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const price = text.data.trim();
      if (!/[¥$€£]/.test(price) || !/[\d٠-٩]/.test(price) || /\p{L}{3,}/u.test(price)) continue;
      // Text only a screen reader hears sits in a 1 px box; the chooser behind a closed sheet is not shown.
      if (text.parentElement?.closest(".sr-only, [hidden], noscript") || !text.parentElement?.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0);
      const lines = new Set(rects.map((r) => Math.round(r.bottom)));
      const box = (text.parentElement.closest("li, [role=dialog]") ?? document.documentElement).getBoundingClientRect();
      const outside = rects.some((r) => r.left < Math.max(box.left, 0) - 0.5 || r.right > Math.min(box.right, screenWidth) + 0.5);
      if (lines.size > 1) broken.push(`"${price}" on ${lines.size} lines`);
      else if (outside) broken.push(`"${price}" outside its box`);
    }
    return broken;
  }, screenWidth);
}

// A phone widens its layout viewport to content that overflows, so window.innerWidth is not the screen's width.
const pageWidth = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth);

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 } });
    for (const language of ["ar", "de", "zh", "en"]) {
      test(`in ${language} no price breaks inside itself or leaves its card`, async ({ page }) => {
        for (const { deviceId, screen } of PURCHASE_SCREENS) {
          await page.goto(await launchLink(deviceId, { screen, language, query: { pay: "1" } }));
          await expect(page.getByRole("dialog")).toBeVisible();
          expect(await brokenPrices(page, width), `${screen} in ${language}`).toEqual([]);
        }
      });
    }
  });
}

test.describe("at 320 px", () => {
  test.use({ viewport: { width: 320, height: 640 } });
  for (const language of LANGUAGES) {
    test(`in ${language} no purchase screen, payment sheet or order list scrolls sideways`, async ({ page }) => {
      for (const { deviceId, screen } of PURCHASE_SCREENS) {
        for (const query of [{}, { pay: "1" }] as Record<string, string>[]) {
          await page.goto(await launchLink(deviceId, { screen, language, query }));
          await expect(page.locator("main").first()).toBeVisible();
          expect.soft(await pageWidth(page), `${screen} ${JSON.stringify(query)} in ${language}`).toBeLessThanOrEqual(320);
        }
      }
      for (const { deviceId, screen } of ORDER_LISTS) {
        await page.goto(await launchLink(deviceId, { screen, language }));
        await expect(page.getByRole("listitem").first()).toBeVisible();
        expect.soft(await pageWidth(page), `${screen} in ${language}`).toBeLessThanOrEqual(320);
      }
    });
  }
});
