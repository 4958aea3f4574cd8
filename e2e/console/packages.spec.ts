import { expect, test, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_DEVICES, DEMO_OPERATORS } from "#demo/seed.ts";
import { LANGUAGES, intlLocale, type Language } from "#domain/languages.ts";
import { formatMoney } from "#domain/money.ts";
import { callCloudApi, signIn } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { launchLink } from "../launch.ts";
import { E2E } from "../ports.ts";
import { expectNoSeriousViolations, expectTargetsAtLeast44px, signInAs } from "./fixtures.ts";

/**
 * Issue 32 item 3: the brand's catalogue manager publishes a package in the console and the storefront shows it on
 * its next view; an order created before keeps its price. The journeys share the demo database with every other
 * journey: they sell their own package, for AI on SIM devices only (the demo SIM with unlimited data buys it, which no
 * other journey lists AI for), and retire it at the end, so no other journey's catalogue changes.
 */

const DEVICE = DEMO_DEVICES.simUnlimited;
const AI_SCREEN = "cloud/ai-srv-package/buy";
const names = (text: string) => Object.fromEntries(LANGUAGES.map((language) => [language, `${text} ${language}`])) as Record<Language, string>;
const yuan = (cents: number, language: Language) => formatMoney(cents, "CNY", intlLocale(language));

const textbox = (page: Page, group: string, language: Language) => page.getByRole("group", { name: group }).getByRole("textbox", { name: new RegExp(`\\(${language}\\)$`) });

/** Fills the new package form as the catalogue manager would, every language but those left out. */
async function fillNewPackage(page: Page, productId: string, name: Record<Language, string>, leaveOut: Language[] = []) {
  await page.getByLabel("Service", { exact: true }).selectOption({ label: "AI" });
  await page.getByLabel("Kind of device").selectOption({ label: "SIM devices" });
  await page.getByLabel("Region (currency)").selectOption({ label: "China (CNY)" });
  await page.getByLabel("Product id").fill(productId);
  await page.getByLabel("Service line").fill("601");
  await page.getByLabel(/^Place in the list/).fill("1");
  await page.getByLabel("Original price").fill("20");
  await page.getByLabel("Sale price").fill("15.00");
  await page.getByLabel("Period in days").fill("30");
  for (const language of LANGUAGES.filter((code) => !leaveOut.includes(code))) {
    await textbox(page, "Name in every language", language).fill(name[language]);
    await textbox(page, "Description in every language", language).fill(`People and vehicles ${language}`);
  }
}

test.describe("the console's packages", () => {
  let created: number | null = null;
  // A journey that stopped half way leaves its package on sale: retire it, as the catalogue manager would.
  test.afterEach(async ({ page }) => {
    if (created === null) return;
    await signInAs(page, "admin", `/packages/${created}`);
    const retire = page.getByRole("button", { name: "Retire package" });
    if (await retire.count()) await retire.click();
    created = null;
  });

  test("an admin publishes a new name in Chinese and Arabic and a new price: the storefront shows them on its next view, an order created before keeps its price @no-js", async ({ page, browser }) => {
    const stamp = Date.now();
    const first = names(`Journey AI ${stamp}`);
    await signInAs(page, "admin", "/packages/new");
    await fillNewPackage(page, `journey-ai-${stamp}`, first);
    await page.getByRole("button", { name: "Publish package" }).click();
    await expect(page.getByRole("status")).toHaveText("Published version 1. Buyers see it on their next view.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.en);
    created = Number(/\/packages\/(\d+)/.exec(page.url())?.[1]);

    // The demo buyer checks out at ¥15.00 before the change (an order waiting to pay).
    const vars = devVars();
    const buyer = await signIn(E2E.api, vars, DEMO_ACCOUNTS.buyer);
    const order = await callCloudApi<{ orderId: string }>(
      E2E.api,
      vars,
      "/v1/cloud/order/h5/confirm/v2",
      { deviceId: DEVICE, deviceType: 2, priceId: created, payAmount: 15, payMethod: 1, buyServiceType: 6 },
      buyer.tokens.accessToken,
    );

    const renamed = { ...first, zh: `新名称 ${stamp}`, ar: `اسم جديد ${stamp}` };
    await textbox(page, "Name in every language", "zh").fill(renamed.zh);
    await textbox(page, "Name in every language", "ar").fill(renamed.ar);
    await page.getByLabel("Sale price").fill("12.50");
    await page.getByRole("button", { name: "Publish changes" }).click();
    await expect(page.getByRole("status")).toHaveText("Published version 2. Buyers see it on their next view.");
    const history = page.getByRole("table", { name: "History" }).getByRole("row");
    await expect(history).toHaveCount(3);
    await expect(history.nth(1)).toContainText(yuan(1250, "en"));
    await expect(history.nth(1)).toContainText(DEMO_OPERATORS.admin.email);
    // Saved at a time in the console's one style, as the orders pages write it: 24-hour, UTC.
    await expect(history.nth(1)).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC/);
    await expect(history.nth(1)).not.toContainText(/\d [AP]M/);
    await expect(history.nth(2)).toContainText(yuan(1500, "en"));

    const buyerPage = await browser.newPage({ javaScriptEnabled: false });
    for (const language of ["zh", "ar"] as const) {
      await buyerPage.goto(await launchLink(DEVICE, { screen: AI_SCREEN, language }));
      const offered = buyerPage.getByText(renamed[language], { exact: true });
      await expect(offered).toBeVisible();
      await expect(buyerPage.locator("body")).toContainText(yuan(1250, language));
      await expect(buyerPage.getByText(first[language], { exact: true })).toHaveCount(0);
    }
    // The order created before the change keeps its price and name.
    await buyerPage.goto(await launchLink(DEVICE, { screen: "cloud/order/detail", query: { orderId: order.orderId }, language: "zh" }));
    const detail = buyerPage.getByRole("region", { name: first.zh });
    await expect(detail.getByRole("definition")).toContainText([yuan(1500, "zh")]);
    await expect(buyerPage.locator("body")).not.toContainText(yuan(1250, "zh"));
    await buyerPage.close();

    // Retiring takes it off the storefront; the console lists it apart.
    await page.getByRole("button", { name: "Retire package" }).click();
    await expect(page.getByRole("status")).toHaveText("Retired: no new checkout offers it.");
    await page.goto(`${E2E.console}/packages?region=CNY&service=6`);
    await expect(page.getByRole("table", { name: "Retired" })).toContainText(first.en);
    await expect(page.getByRole("table", { name: "Offered to buyers" })).not.toContainText(first.en);
  });

  test("publishing with a language missing says which, and publishes nothing @no-js", async ({ page }) => {
    const stamp = Date.now();
    await signInAs(page, "admin", "/packages/new");
    await fillNewPackage(page, `journey-missing-${stamp}`, names(`Missing ${stamp}`), ["ar", "th"]);
    await page.getByRole("button", { name: "Publish package" }).click();
    await expect(page.getByRole("alert")).toHaveText("Nothing was published: correct the fields marked below.");
    await expect(page.getByRole("group", { name: "Name in every language" })).toContainText("Missing in Thai and Arabic.");
    await expect(page.getByRole("group", { name: "Description in every language" })).toContainText("Missing in Thai and Arabic.");
    // What was typed is still there.
    await expect(textbox(page, "Name in every language", "zh")).toHaveValue(`Missing ${stamp} zh`);
    await expect(page.getByLabel("Sale price")).toHaveValue("15.00");
    await page.goto(`${E2E.console}/packages?region=CNY&service=6`);
    await expect(page.getByRole("main")).not.toContainText(`Missing ${stamp}`);
  });

  test("a viewer reads a package but has no form, and a forged post is refused with 403 @no-js", async ({ page }) => {
    await signInAs(page, "viewer", "/packages/1");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Your role may read the catalogue but not change it.")).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Publish|Retire/ })).toHaveCount(0);
    await expect(page.getByRole("table", { name: "History" })).toBeVisible();
    const before = await page.getByRole("table", { name: "History" }).getByRole("row").count();
    const forged = await page.request.post(`${E2E.console}/packages/1`, { form: { intent: "retire", version: "1" }, headers: { Origin: E2E.console } });
    expect(forged.status()).toBe(403);
    expect(await forged.text()).toContain("Your role (viewer) may not do this.");
    await page.reload();
    await expect(page.getByRole("table", { name: "History" }).getByRole("row")).toHaveCount(before);
  });

  test("the list, a package's form with its history and a refused new form pass axe, with every target at least 44 px", async ({ page }) => {
    await signInAs(page, "admin", "/packages");
    await expect(page.getByRole("table", { name: "Offered to buyers" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectTargetsAtLeast44px(page);
    await page.goto(`${E2E.console}/packages/1`);
    await expect(page.getByRole("table", { name: "History" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectTargetsAtLeast44px(page);
    await page.goto(`${E2E.console}/packages/new`);
    await page.getByRole("button", { name: "Publish package" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectNoSeriousViolations(page);
    await expectTargetsAtLeast44px(page);
  });
});
