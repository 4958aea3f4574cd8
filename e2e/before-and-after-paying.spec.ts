import { expect, test, type Locator } from "@playwright/test";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { formatMoney } from "#domain/money.ts";
import { intlLocale, type Language } from "#domain/languages.ts";
import { launchLink } from "./launch.ts";

/** What a buyer reads before paying and after (issue 31 items 3, 4, 8, 9, 11), in English, Chinese, German and Arabic. */
const LANGUAGES = ["en", "zh", "de", "ar"] as const satisfies Language[];

/** Intl spaces an amount from its symbol with a no-break or a narrow no-break space: compare them as one. */
const spaced = (text: string) => text.replace(/\s/g, " ");
const money = (cents: number, currency: "CNY" | "USD", language: Language) => spaced(formatMoney(cents, currency, intlLocale(language)));
/** The launch's device by name (set apart from the text around it, as the storefront does) and id. */
const NURSERY = "\u2068Nursery\u2069 (CAM-DEMO-004)";
const expectText = async (locator: Locator, text: string) => expect.poll(async () => spaced((await locator.textContent()) ?? "")).toContain(text);

const T = {
  summary: { en: "What you bought", zh: "购买内容", de: "Ihr Kauf", ar: "ما اشتريته" },
  done: { en: "Done", zh: "完成", de: "Fertig", ar: "تم" },
  allDay7: { en: "All-day recording, 7-day loop", zh: "全天录像 7天循环", de: "Daueraufnahme, 7 Tage Speicher", ar: "تسجيل طوال اليوم، دورة 7 أيام" },
  refund: { en: "Refund", zh: "退款", de: "Erstattung", ar: "الاسترداد" },
  late: { en: "Your refund is late", zh: "退款已逾期", de: "Ihre Erstattung ist überfällig", ar: "تأخّر استرداد أموالك" },
  support: { en: "Contact support", zh: "联系客服", de: "Support kontaktieren", ar: "تواصل مع الدعم" },
  refundPolicy: { en: "Refund policy", zh: "退款政策", de: "Erstattungsrichtlinie", ar: "سياسة الاسترداد" },
  keeps7: { en: "Recordings kept 7 days", zh: "录像保存 7 天", de: "Aufnahmen 7 Tage gespeichert", ar: "مدة حفظ التسجيلات: 7 يوم" },
  receipt: { en: "Receipt", zh: "收据", de: "Beleg", ar: "إيصال" },
} satisfies Record<string, Record<(typeof LANGUAGES)[number], string>>;

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    test(`the success page says what was bought, for which device, what was paid and for when, and Done returns to the purchase screen @no-js`, async ({ page }) => {
      await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/order/payment/result", query: { orderId: "DEMO1000026" }, language }));
      const bought = page.getByRole("region", { name: T.summary[language] });
      await expect(bought).toContainText(T.allDay7[language]);
      await expect(bought).toContainText(NURSERY);
      await expectText(bought, money(3800, "CNY", language));
      await expect(bought).toContainText(/\d{4}-\d{2}-\d{2}.*\d{4}-\d{2}-\d{2}/);
      await page.getByRole("link", { name: T.done[language], exact: true }).click();
      await expect(page).toHaveURL(/\/app-h5\/cloud\/storage\/buy$/);
    });

    test(`a refund past its expected date says it is late, what to do and how to reach support, with its amount @no-js`, async ({ page }) => {
      // Refunding since 10 days ago: the money was expected 7 days after the request.
      await page.goto(await launchLink(DEMO_DEVICES.sim, { screen: "cloud/order/detail", query: { orderId: "DEMO2000010" }, language }));
      const refund = page.getByRole("region", { name: T.refund[language], exact: true });
      await expect(refund).toContainText(T.late[language]);
      await expect(refund).toContainText("DEMO2000010");
      await expectText(refund, money(7900, "CNY", language));
      await expect(refund.getByRole("link", { name: new RegExp(T.support[language]) })).toHaveAttribute("href", "mailto:support@camcloud.example");
    });

    test(`before paying, each storage package says how many days of recordings it keeps and the screen links the refund policy and support @no-js`, async ({ page }) => {
      await page.goto(await launchLink(DEMO_DEVICES.camera, { screen: "cloud/storage/buy", language }));
      await expect(page.getByRole("link", { name: new RegExp(T.allDay7[language]) })).toContainText(T.keeps7[language]);
      await expect(page.getByRole("link", { name: T.refundPolicy[language] })).toHaveAttribute("href", `/protocol/storage-agreement?language=${language}#section-refund`);
      await expect(page.getByRole("link", { name: T.support[language], exact: true })).toHaveAttribute("href", "mailto:support@camcloud.example");
    });
  });
}

test.describe("the receipt", () => {
  test("names the seller with address and VAT id, the device, and the tax included at the buyer's country's rate @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/order/receipt", query: { orderId: "DEMO1000026" }, language: "de", country: "DE" }));
    const receipt = page.getByRole("article", { name: T.receipt.de });
    await expect(receipt.getByRole("term")).toContainText(["Händler", "Anschrift", "USt-IdNr.", "Bestellnummer", "Gerät", "Zahlungsreferenz", "Enthaltene Steuern (19 %)"]);
    await expect(receipt.getByRole("definition")).toContainText(["CamCloud Demo GmbH", "Example Street 1, 10115 Berlin, Germany", "DE000000000", "DEMO1000026", NURSERY, "DEMO-REF-DEMO1000026"]);
    // ¥38.00 with 19% included: 6.07 of it is tax.
    await expectText(receipt, `Enthaltene Steuern (19 %)${money(607, "CNY", "de")}`);
  });

  test("states the tax even when none is included, in the buyer's language @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.cameraRenewal, { screen: "cloud/order/receipt", query: { orderId: "DEMO1000026" }, language: "zh" }));
    await expectText(page.getByRole("article", { name: T.receipt.zh }), `其中税额（0%）${money(0, "CNY", "zh")}`);
  });
});

test.describe("formats in the buyer's language", () => {
  test("German amounts put the symbol after the number and French data volumes read Go @no-js", async ({ page }) => {
    await page.goto(await launchLink(DEMO_DEVICES.sim, { language: "de", country: "US" }));
    await expect(page.getByRole("link", { name: /10 GB für 30 Tage/ })).toContainText(/4,99\s\$/);
    await page.goto(await launchLink(DEMO_DEVICES.sim, { language: "fr" }));
    await expect(page.getByText(/^12,25\sGo$/)).toBeVisible();
  });
});
