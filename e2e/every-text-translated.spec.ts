import { expect, test, type APIRequestContext } from "@playwright/test";
import { LANGUAGES, type Language } from "#domain/languages.ts";
import { demoBuyer } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { PUBLIC_PAGES, SCREEN_LINKS } from "#scripts/lib/screens.ts";
import { DEMO_CARD_CODES, DEMO_DEVICES } from "#demo/seed.ts";
import { foreignDeviceLaunchLink, launchLink } from "./launch.ts";
import { E2E } from "./ports.ts";

/**
 * Issue 16: every screen in every language carries no English word but names. Each screen is fetched
 * as HTML (the server renders every text; no browser needed), its visible text and the texts read
 * aloud (aria-label, alt, title, placeholder) are split into Latin words, and a word is English when
 * the English rendering of the same screen has it too; in languages not written in Latin letters,
 * any Latin word counts.
 */

/** Names kept as they are in every language: brands, units, standards, and the buyer's own names for devices. */
const NAMES = [
  "CamCloud", "PayPal", "Alipay", "WeChat Pay", "WeChat", "Stripe", "Super AI", "VIP", "AI", "SIM", "ICCID", "ID", "QR", "GB", "MB", "Wi-Fi",
  "ISO/IEC", "China Mobile", "China Unicom", "China Telecom", "T-Mobile", "App Store", "Google Play", "APP", "App",
  // ISO 4217 currency codes, which a receipt names beside the amount.
  "CNY", "USD",
  // The demo brand's seller and support contact (BRAND, docs/decisions/051), printed on receipts and refunds as the brand wrote them.
  "CamCloud Demo GmbH", "Example Street", "Berlin", "Germany", "support@camcloud.example",
  // Currency symbols as CLDR writes them in Arabic (decision 051: one Intl formatter in the buyer's language).
  "US$", "CN¥",
  "Front door", "Garage", "Porch", "Backyard", "Farm gate", "Cabin", "Boat", "Shed", "Nursery", "Not mine", "Demo buyer",
];
/** Titles the spec fixes in one language for every buyer (locales.test.ts keeps them the same too). */
const FIXED_TITLES = ["App download"];
/** A machine reference shown for support, such as the launch failure's "bad_json". */
const REFERENCE_CODE = /\b[a-z]+(?:_[a-z]+)+\b/g;
const NON_LATIN: readonly Language[] = ["zh", "ja", "ru", "th", "ar"];
/** Words of these languages that English writes alike (compared without case). */
const SHARED_WORDS: Partial<Record<Language, string[]>> = {
  de: ["an", "in", "live", "online", "download", "cloud", "clips"],
  fr: ["coupon", "coupons", "minimum", "service", "services", "total", "clip", "cloud", "code", "garage", "moment", "obligations", "page", "pages", "protection"],
  es: ["no", "has", "total", "clip", "clips", "error", "plan", "original"],
  it: ["in", "coupon", "account", "app", "browser", "clip", "cloud", "download", "garage", "home", "link", "loop", "online", "page", "tablet", "video"],
};

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** What a buyer reads or hears on the page: text outside scripts and styles, and the spoken attributes. */
function buyerTexts(html: string): string {
  const body = html.replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1>/gi, " ").replace(/<!--[\s\S]*?-->/g, " ");
  const spoken = [...body.matchAll(/\s(?:aria-label|alt|title|placeholder)="([^"]*)"/gi)].map((m) => m[1]);
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "";
  // A <wbr> (a place a long address may break) joins what is either side of it; every other tag separates.
  return decode([title, body.replace(/<wbr\s*\/?>/gi, "").replace(/<[^>]*>/g, " "), ...spoken].join(" "));
}

function latinWords(text: string): Set<string> {
  let rest = text.replace(REFERENCE_CODE, " ");
  for (const name of [...NAMES, ...FIXED_TITLES].sort((a, b) => b.length - a.length)) rest = rest.split(name).join(" ");
  return new Set(rest.split(/[^\p{L}\p{N}'’-]+/u).filter((word) => /^[A-Za-z][A-Za-z'’-]+$/.test(word)));
}

interface Screen {
  label: string;
  url: (language: Language) => Promise<string>;
}

async function screens(): Promise<Screen[]> {
  const buyer = await demoBuyer(E2E.api, E2E.storefront, devVars());
  return [
    ...SCREEN_LINKS.map(({ label, deviceId, ...link }) => ({ label, url: async (language: Language) => buyer.link({ ...link, deviceId, language }) })),
    { label: "Someone else's device (the refusal worded)", url: (language: Language) => foreignDeviceLaunchLink("CAM-OTHER-001", { language }) },
    { label: "Cloud card refund, device picker open", url: async (language: Language) => buyer.link({ deviceId: "", screen: "cloud/storage-card/refund", language, query: { picker: "1" } }) },
    { label: "No access (no token)", url: async (language: Language) => `${E2E.storefront}/app-h5/no-login/1?language=${language}` },
    { label: "No access (bad link)", url: async (language: Language) => `${E2E.storefront}/app-h5/no-login/2?reason=bad_json&language=${language}` },
    ...PUBLIC_PAGES.filter((page) => !page.path.includes("privacy")).map((page) => ({
      label: page.label,
      url: async (language: Language) => `${E2E.storefront}${page.path}?language=${language}`,
    })),
  ];
}

async function fetchTexts(request: APIRequestContext, url: string, language: Language): Promise<string> {
  const response = await request.get(url, { headers: { "Accept-Language": language } });
  expect(response.status(), url).toBe(200);
  const html = await response.text();
  expect(html).toContain(`lang="${language}"`);
  expect(html, "refusal texts are worded on the server and not shipped").not.toContain("upstreamErrors");
  return buyerTexts(html);
}

test.describe("every text in the buyer's language", () => {
  let all: Screen[] = [];
  const english = new Map<string, Set<string>>();

  test.beforeAll(async ({ playwright }) => {
    all = await screens();
    const request = await playwright.request.newContext();
    for (const screen of all) english.set(screen.label, latinWords(await fetchTexts(request, await screen.url("en"), "en")));
    await request.dispose();
  });

  for (const language of LANGUAGES.filter((l) => l !== "en")) {
    test(`${language}: no screen shows an English word`, async ({ playwright }) => {
      const request = await playwright.request.newContext();
      const found: string[] = [];
      for (const screen of all) {
        const words = latinWords(await fetchTexts(request, await screen.url(language), language));
        const englishWords = english.get(screen.label) ?? new Set();
        const shared = new Set(SHARED_WORDS[language] ?? []);
        const foreign = [...words].filter((word) => (englishWords.has(word) || NON_LATIN.includes(language)) && !shared.has(word.toLowerCase()));
        if (foreign.length > 0) found.push(`${screen.label}: ${foreign.join(", ")}`);
      }
      await request.dispose();
      expect(found, found.join("\n")).toEqual([]);
    });
  }
});

test.describe("a refusal in the buyer's language", () => {
  test("a VIP card received before says so in Chinese, not in the cloud-api's English", async ({ page }) => {
    const link = await launchLink(DEMO_DEVICES.cameraNoPackage, { screen: "cloud/vip-package/buy", language: "zh", pageType: "vip_card_receive", codeId: DEMO_CARD_CODES.vipReceived, serviceId: 501 });
    await page.goto(link);
    await page.getByRole("button", { name: "免费领取" }).click();
    await expect(page.getByText("该卡已被领取。")).toBeVisible();
    await expect(page.getByText("card already received")).toHaveCount(0);
  });
});
