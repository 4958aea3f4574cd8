import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { LANGUAGES } from "#domain/languages.ts";
import { PUBLIC_PAGES, SCREEN_LINKS, type ScreenLink } from "#scripts/lib/screens.ts";
import { launchLink } from "./launch.ts";

/**
 * Issue 17, screen by screen: finger-sized controls, dark mode with the same contrast, and layouts that
 * hold for every language's longest strings and for 8-digit prices.
 */

const open = ({ deviceId, label: _label, ...link }: ScreenLink, language?: string) => launchLink(deviceId, { ...link, ...(language ? { language } : {}) });

/** Every screen `npm start` links to, the public pages, the no-login and error pages, and the open sheets. */
const SCREENS: { label: string; url: () => Promise<string> }[] = [
  ...SCREEN_LINKS.map((link) => ({ label: link.label, url: () => open(link) })),
  ...PUBLIC_PAGES.filter((page) => !page.path.includes("privacy")).map((page) => ({ label: page.label, url: async () => page.path })),
  { label: "No access (no token)", url: async () => "/app-h5/no-login/1" },
  { label: "Error page (404)", url: async () => "/app-h5/cloud/no-such-screen" },
  { label: "Cloud card refund, device picker open", url: () => launchLink("", { screen: "cloud/storage-card/refund", query: { picker: "1" } }) },
  { label: "VIP orders, cancel confirmation open", url: () => launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/vip-package/order/list", query: { cancel: "DEMO5000003" } }) },
  { label: "Cloud card refund, refund question open", url: () => launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/storage-card/refund", query: { refund: "1" } }) },
];

/** The controls a finger can reach now: with a sheet open, only the sheet's. */
function smallControls(page: Page) {
  return page.evaluate((minimum) => {
    const scope = document.querySelector("dialog:modal, dialog[open], [role=dialog][aria-modal=true]") ?? document;
    const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])";
    return Array.from(scope.querySelectorAll(selector))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ el, box }) => box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== "hidden" && !el.closest("[inert]"))
      .filter(({ box }) => box.width < minimum || box.height < minimum)
      .map(({ el, box }) => `${Math.round(box.width)}x${Math.round(box.height)} ${el.outerHTML.slice(0, 140)}`);
  }, 44);
}

test.describe("tap targets", () => {
  // With JavaScript the dark-mode test below measures them on the same page load.
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "measured by the dark-mode test with JavaScript");
  for (const screen of SCREENS) {
    test(`${screen.label}: every control is at least 44 x 44 CSS px @no-js`, async ({ page }) => {
      await page.goto(await screen.url());
      await page.waitForLoadState("networkidle");
      expect(await smallControls(page)).toEqual([]);
    });
  }
});

/** axe-core with the WCAG 2.1 A and AA rules, contrast included: no serious or critical violation. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join("\n    ")}`);
}

/** The relative luminance (0 black, 1 white) of a computed `rgb(...)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

test.describe("dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("the page says it has both schemes, with a bar colour for each", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim));
    await expect(page.locator('meta[name="color-scheme"]')).toHaveAttribute("content", "light dark");
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]')).toHaveAttribute("content", "#0f1013");
    await expect(page.locator('meta[name="theme-color"][media="(prefers-color-scheme: light)"]')).toHaveAttribute("content", "#eff1f5");
  });

  /**
   * An outside buyer in dark mode found the storage screen's head a light band over the dark page (the VIP and AI
   * screens share it), where the 4G screen's head is dark: the band as drawn is dark, and its title light.
   */
  for (const width of [320, 390]) {
    test(`the storage, VIP and AI screens' heads are dark bands with light titles and a state on one line in dark mode, at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 700 });
      for (const screen of ["cloud/storage/buy", "cloud/vip-package/buy", "cloud/ai-srv-package/buy"]) {
        await page.goto(await launchLink(DEMO_DEVICES.camera, { screen }));
        const head = page.locator("main > header");
        const shot = (await head.screenshot()).toString("base64");
        // The mean relative luminance of the band's pixels as drawn.
        const drawn = await page.evaluate(async (png) => {
          const image = new Image();
          image.src = `data:image/png;base64,${png}`;
          await image.decode();
          const canvas = Object.assign(document.createElement("canvas"), { width: image.width, height: image.height });
          const context = canvas.getContext("2d")!;
          context.drawImage(image, 0, 0);
          const { data } = context.getImageData(0, 0, image.width, image.height);
          const linear = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
          let sum = 0;
          for (let i = 0; i < data.length; i += 4) sum += 0.2126 * linear(data[i]!) + 0.7152 * linear(data[i + 1]!) + 0.0722 * linear(data[i + 2]!);
          return sum / (data.length / 4);
        }, shot);
        expect(drawn, screen).toBeLessThan(0.1);
        // The title's colour as drawn (a canvas gives it as sRGB whatever space the stylesheet wrote it in).
        const title = await head.getByRole("heading", { level: 1 }).evaluate((h) => {
          const context = document.createElement("canvas").getContext("2d")!;
          context.fillStyle = getComputedStyle(h).color;
          context.fillRect(0, 0, 1, 1);
          return `rgb(${Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3)).join(", ")})`;
        });
        expect(luminance(title), `${screen}: ${title}`).toBeGreaterThan(0.6);
        // The state ("In use") keeps one line beside the date, which wraps instead.
        const state = head.locator("p.rounded-full > span").first();
        expect(await state.evaluate((span) => span.getBoundingClientRect().height < 1.5 * Number.parseFloat(getComputedStyle(span).lineHeight)), screen).toBe(true);
      }
    });
  }

  for (const screen of SCREENS) {
    test(`${screen.label}: dark, axe finds no contrast or other serious problem, and every control is at least 44 x 44 CSS px`, async ({ page }) => {
      await page.goto(await screen.url());
      await page.waitForLoadState("networkidle");
      expect(await smallControls(page)).toEqual([]);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(luminance(background), background).toBeLessThan(0.02);
      expect(await seriousViolations(page)).toEqual([]);
      await page.emulateMedia({ colorScheme: "light" });
      expect(luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor))).toBeGreaterThan(0.8);
    });
  }
});

/**
 * Text that sticks out sideways of the nearest box drawn around it (a card, a button, a banner), or a page
 * that scrolls sideways. Text a box clips on purpose (an ellipsis) does not count.
 */
function overflowingText(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
    const drawn = (el: Element) => {
      const style = getComputedStyle(el);
      return style.backgroundColor !== "rgba(0, 0, 0, 0)" || Number.parseFloat(style.borderLeftWidth) > 0 || Number.parseFloat(style.borderRightWidth) > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || parent.getBoundingClientRect().width <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0) continue;
      for (let box: Element | null = parent; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible") break;
        if (!drawn(box)) continue;
        const edges = box.getBoundingClientRect();
        if (text.left < edges.left - 1 || text.right > edges.right + 1) {
          problems.push(`"${node.textContent.trim().slice(0, 40)}" [${Math.round(text.left)}..${Math.round(text.right)}] outside ${box.tagName.toLowerCase()} [${Math.round(edges.left)}..${Math.round(edges.right)}]`);
        }
        break;
      }
    }
    return problems;
  });
}

/** Every amount on the page becomes an 8-digit one in the same notation (¥12.000,00 becomes ¥99.999.999,00). */
function eightDigitPrices(page: Page) {
  return page.evaluate(() => {
    const money = /([¥$])(\d{1,3}(?:([.,\u00a0\u202f'’])\d{3})*)([.,]\d{2})/g;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let changed = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const before = node.textContent ?? "";
      const after = before.replace(money, (_all, symbol: string, _digits: string, group: string | undefined, decimals: string) => {
        const separator = group ?? (decimals.startsWith(".") ? "," : ".");
        return `${symbol}99${separator}999${separator}999${decimals}`;
      });
      if (after !== before) {
        node.textContent = after;
        changed += 1;
      }
    }
    return changed;
  });
}

/** The screens with prices, long labels and tables, in the states that show the most text. */
const PRICED_SCREENS: ScreenLink[] = [
  { label: "Cloud storage, with the Fleet plan (CN)", screen: "cloud/storage/buy", deviceId: DEMO_DEVICES.camera },
  { label: "Cloud storage, event recording (US)", screen: "cloud/storage/buy", deviceId: DEMO_DEVICES.cameraNoPackage, country: "US", query: { tab: "event" } },
  { label: "4G top-up, chooser open", screen: "cloud/mobile-data/buy", deviceId: DEMO_DEVICES.sim, query: { pay: "1" } },
  { label: "VIP (US, SIM device)", screen: "cloud/vip-package/buy", deviceId: DEMO_DEVICES.sim, country: "US" },
  { label: "Super AI (CN)", screen: "cloud/ai-srv-package/buy", deviceId: DEMO_DEVICES.camera },
  { label: "Coupon selector", screen: "cloud/coupons", deviceId: DEMO_DEVICES.sim, query: { from: "mobile_data_buy" } },
  { label: "4G top-up orders", screen: "cloud/mobile-data/order/list", deviceId: DEMO_DEVICES.sim },
  { label: "Cloud card refund, a received package", screen: "cloud/storage-card/refund", deviceId: DEMO_DEVICES.cameraNoPackage },
  { label: "Payment result", screen: "cloud/order/payment/result", deviceId: DEMO_DEVICES.sim, query: { orderId: "DEMO2000006" } },
];

test.describe("layouts hold in every language and for 8-digit prices", () => {
  for (const screen of PRICED_SCREENS) {
    test(`${screen.label}: nothing sticks out of its card in any of the ${LANGUAGES.length} languages`, async ({ page }) => {
      test.setTimeout(90_000);
      for (const language of LANGUAGES) {
        await page.goto(await open(screen, language));
        const asShown = await overflowingText(page);
        const changed = await eightDigitPrices(page);
        const eightDigits = await overflowingText(page);
        if (asShown.length || eightDigits.length) await test.info().attach(`${language}.png`, { body: await page.screenshot({ fullPage: true }), contentType: "image/png" });
        expect(asShown, `${language} as served`).toEqual([]);
        expect(eightDigits, `${language} with ${changed} amounts at 8 digits`).toEqual([]);
      }
    });
  }
});
