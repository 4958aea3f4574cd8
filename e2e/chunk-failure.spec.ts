import { expect, test, type Page } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { callCloudApi, demoBuyer } from "#scripts/lib/launch-link.ts";
import { devVars } from "#scripts/lib/project.ts";
import { launchLink } from "./launch.ts";
import { E2E } from "./ports.ts";

/**
 * An outside tester on a dropped phone connection: the code a tap needs (the payment chooser, a provider's sub-view,
 * the card repay sheet) loads apart, and when it could not be fetched the whole screen turned into "Something went
 * wrong". The screen must stay as it was and say, in the buyer's language, that the payment options did not load,
 * with a retry (on an order, Repay again) that pays once the connection is back.
 */
const NOT_LOADED = {
  en: { message: "Could not load the payment options. Check your connection and try again.", retry: "Try again" },
  zh: { message: "无法加载支付方式，请检查网络后重试。", retry: "重试" },
  de: { message: "Die Zahlungsoptionen konnten nicht geladen werden. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.", retry: "Erneut versuchen" },
  ar: { message: "تعذّر تحميل خيارات الدفع. تحقّق من اتصالك وأعد المحاولة.", retry: "إعادة المحاولة" },
} as const;
const CARD = { en: "Credit or debit card", de: "Kredit- oder Debitkarte", ar: "بطاقة ائتمان أو خصم" } as const;
const REPAY = { en: "Repay", ar: "إعادة الدفع" } as const;

/** Every request for the chunk fails, as on a dropped connection, until `restore` is called; counts the attempts. */
async function dropChunk(page: Page, name: string) {
  const pattern = new RegExp(`/assets/${name}-[\\w-]+\\.js$`);
  let attempts = 0;
  await page.route(pattern, (route) => {
    attempts += 1;
    return route.abort("internetdisconnected");
  });
  return { attempts: () => attempts, restore: () => page.unroute(pattern) };
}

for (const language of ["en", "zh"] as const) {
  test(`a payment chooser that could not load keeps the screen and pays after a retry, in ${language}`, async ({ page }) => {
    const chunk = await dropChunk(page, "payment-chooser");
    // No coupon: a paid order spends it, and the demo buyer's coupons are what other journeys read (coupon-reasons).
    await page.goto(await launchLink(DEMO_DEVICES.simSpare, { language, query: { coupon: "none" } }));
    const total = page.locator("#pay-button").locator("..").locator("[aria-live]");
    await expect(total).toHaveText(/^¥\d+\.\d{2}$/);
    const amount = await total.innerText();
    const chosen = page.locator('a[aria-current="true"]');
    const chosenHref = await chosen.getAttribute("href");
    await page.locator("#pay-button").click();
    const alert = page.getByRole("alert").filter({ hasText: NOT_LOADED[language].message });
    await expect(alert).toBeVisible();
    // Tried twice (a transient failure), then said so; the screen, its package and its amount are still there.
    expect(chunk.attempts()).toBe(2);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await expect(total).toHaveText(amount);
    await expect(chosen).toHaveAttribute("href", chosenHref!);

    chunk.restore();
    await alert.getByRole("button", { name: NOT_LOADED[language].retry }).click();
    const chooser = page.getByRole("dialog");
    await expect(chooser.getByText(amount).first()).toBeVisible();
    await chooser.getByRole("button", { name: language === "en" ? "WeChat Pay" : "微信支付" }).click();
    await expect(page.getByText("SANDBOX · no real money moves")).toBeVisible();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
  });
}

for (const language of ["en", "de"] as const) {
  test(`a card sub-view that could not load keeps the chooser and its amount, and pays after a retry, in ${language}`, async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.simSpare, { country: "US", language, query: { coupon: "none" } }));
    const chunk = await dropChunk(page, "card-view");
    await page.locator("#pay-button").click();
    const chooser = page.getByRole("dialog");
    const amount = await chooser.locator(".text-3xl").innerText();
    expect(amount).toMatch(/\d[.,]\d{2}\s?\$|\$\d/);
    await chooser.getByRole("button", { name: CARD[language] }).click();
    const alert = chooser.getByRole("alert").filter({ hasText: NOT_LOADED[language].message });
    await expect(alert).toBeVisible();
    expect(chunk.attempts()).toBe(2);
    await expect(chooser.getByText(amount).first()).toBeVisible();

    chunk.restore();
    await alert.getByRole("button", { name: NOT_LOADED[language].retry }).click();
    const checkout = page.frameLocator('iframe[title="Card payment (sandbox)"]');
    await checkout.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(/\/app-h5\/cloud\/order\/payment\/result\?orderId=\d+/);
  });
}

for (const language of ["en", "ar"] as const) {
  test(`a card repay sheet that could not load keeps the order list and pays after a retry, in ${language}`, async ({ page }) => {
    // An order of its own, waiting to pay by card.
    const buyer = await demoBuyer(E2E.api, E2E.storefront, devVars());
    const api = <T,>(path: string, body: unknown) => callCloudApi<T>(E2E.api, devVars(), path, body, buyer.tokens.accessToken);
    const device = DEMO_DEVICES.cameraNoPackage;
    const { packageList } = await api<{ packageList: { id: number; salePrice: number }[] }>("/v1/cloud/package/list", { deviceId: device, type: 6, countryCode: "US" });
    const pkg = packageList[0]!;
    const order = { deviceId: device, priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 4, buyServiceType: 6, countryCode: "US" };
    const { orderId } = await api<{ orderId: string }>("/v1/cloud/order/h5/confirm/v2", order);
    await page.goto(buyer.link({ screen: "cloud/ai-srv-package/order/list", deviceId: device, country: "US", language }));
    const card = page.getByRole("listitem").filter({ hasText: orderId });
    const amount = (await card.getByRole("definition").filter({ hasText: "$" }).first().innerText()).trim();

    const chunk = await dropChunk(page, "repay-sheet");
    const repay = card.getByRole("button", { name: REPAY[language] });
    await repay.click();
    await expect(page.getByRole("status").getByText(NOT_LOADED[language].message)).toBeVisible();
    expect(chunk.attempts()).toBe(2);
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    await expect(card.getByText(amount).first()).toBeVisible();

    // Repay again once the connection is back.
    chunk.restore();
    await repay.click();
    await expect(page.getByRole("dialog", { name: CARD[language] })).toBeVisible();
    await page.frameLocator('iframe[title="Card payment (sandbox)"]').getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/app-h5/cloud/order/payment/result\\?orderId=${orderId}`));
  });
}

test("at 320 px in German the message's retry stays inside its box and the screen does not scroll sideways (found by an outside buyer)", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 844 });
  await dropChunk(page, "payment-chooser");
  await page.goto(await launchLink(DEMO_DEVICES.simSpare, { country: "US", language: "de", query: { coupon: "none" } }));
  await page.locator("#pay-button").click();
  const alert = page.getByRole("alert").filter({ hasText: NOT_LOADED.de.message });
  const box = await alert.boundingBox();
  const retry = await alert.getByRole("button", { name: NOT_LOADED.de.retry }).boundingBox();
  expect(box && retry && retry.x >= box.x && retry.x + retry.width <= box.x + box.width).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
