import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { LANGUAGES } from "#domain/languages.ts";
import { launchLink } from "./launch.ts";

/**
 * Issue 31 item 7, at the narrowest phone (320 px) in every language: no package tag covers a package's name, and
 * no date, time offset, order number or payment reference breaks across lines (a browser breaks after any hyphen:
 * the German payment sheet showed "2026-12-" / "26").
 */
test.use({ viewport: { width: 320, height: 640 } });

/** The screens with tags, dates and references: 4G and storage with their payment sheets, an order, a refund, the receipt, My services. */
const SCREENS: { deviceId: string; screen: string; query: Record<string, string> }[] = [
  { deviceId: DEMO_DEVICES.sim, screen: "cloud/mobile-data/buy", query: { pay: "1" } },
  { deviceId: DEMO_DEVICES.cameraRenewal, screen: "cloud/storage/buy", query: { pay: "1" } },
  { deviceId: DEMO_DEVICES.sim, screen: "cloud/order/detail", query: { orderId: "DEMO2000010" } },
  { deviceId: DEMO_DEVICES.cameraRenewal, screen: "cloud/order/receipt", query: { orderId: "DEMO1000026" } },
  { deviceId: DEMO_DEVICES.cameraRenewal, screen: "cloud/services", query: {} },
];

/** Runs of text that must stay on one line, each with the number of line boxes it takes (more than one: broken). */
function brokenRuns(page: Page) {
  return page.evaluate(() => {
    const UNBREAKABLE = /\d{4}-\d{2}-\d{2}|\([+-]\d{2}:\d{2}\)|DEMO-REF-\w+|DEMO\d{7}/g;
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      // Text only a screen reader hears sits in a 1 px box, where every word is a line of its own.
      if (text.parentElement?.closest(".sr-only, [hidden], noscript")) continue;
      for (const match of text.data.matchAll(UNBREAKABLE)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const lines = new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
        if (lines.size > 1) broken.push(`${match[0]} in "${text.data}"`);
      }
    }
    return broken;
  });
}

/** Package cards whose tag's box overlaps the box of the package's name. */
function coveredNames(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("#packages-heading ~ ul > li > a")).flatMap((card) => {
      const [tag, name] = card.children.length > 1 && card.children[0]!.classList.contains("bg-orange-700") ? [card.children[0]!, card.children[1]!] : [null, null];
      if (!tag || !name) return [];
      const t = tag.getBoundingClientRect();
      const n = name.getBoundingClientRect();
      const overlap = t.left < n.right && n.left < t.right && t.top < n.bottom && n.top < t.bottom;
      return overlap ? [`${tag.textContent} over ${name.textContent}`] : [];
    }),
  );
}

for (const language of LANGUAGES) {
  test(`in ${language} at 320 px no tag covers a name and no date or reference breaks`, async ({ page }) => {
    for (const { deviceId, screen, query } of SCREENS) {
      await page.goto(await launchLink(deviceId, { screen, query, language }));
      await expect(page.locator("main").first()).toBeVisible();
      expect(await brokenRuns(page), `${screen} in ${language}`).toEqual([]);
      expect(await coveredNames(page), `${screen} in ${language}`).toEqual([]);
    }
  });
}
