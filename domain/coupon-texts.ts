/**
 * What a buyer reads of a coupon, in the 10 languages, stored as {"en": "...", "zh": "..."} JSON columns:
 * its name says what it takes off and its description the minimum spend, with the amounts formatted with
 * Intl in each language the way the storefront formats the amounts around them. Campaigns and the demo
 * data word their coupons with it.
 */
import { intlLocale, LANGUAGES, type Language } from "#domain/languages.ts";
import { formatMoney } from "#domain/money.ts";

export type Texts = Record<Language, string>;

export function inEveryLanguage(text: (language: Language, locale: string) => string): Texts {
  return Object.fromEntries(LANGUAGES.map((language) => [language, text(language, intlLocale(language))])) as Texts;
}

const OFF: Texts = { en: "{amount} off", zh: "立减{amount}", ja: "{amount}引き", de: "{amount} Rabatt", fr: "{amount} de réduction", es: "{amount} de descuento", it: "{amount} di sconto", ru: "Скидка {amount}", th: "ลด {amount}", ar: "خصم {amount}" };
const MINIMUM: Texts = { en: "For orders of {amount} or more", zh: "满{amount}可用", ja: "{amount}以上のご注文で利用可", de: "Ab einem Bestellwert von {amount}", fr: "Dès {amount} d'achat", es: "Para pedidos desde {amount}", it: "Per ordini da {amount}", ru: "Для заказов от {amount}", th: "สำหรับคำสั่งซื้อตั้งแต่ {amount}", ar: "للطلبات بقيمة {amount} أو أكثر" };
const NO_MINIMUM: Texts = { en: "No minimum spend", zh: "无门槛", ja: "最低利用金額なし", de: "Kein Mindestbestellwert", fr: "Sans minimum d'achat", es: "Sin gasto mínimo", it: "Nessuna spesa minima", ru: "Без минимальной суммы", th: "ไม่มียอดขั้นต่ำ", ar: "بلا حد أدنى للإنفاق" };

/** A coupon's name and description, with its amounts formatted as the storefront formats money. */
export function couponTexts(amountCents: number, minimumCents: number, currency: string): { name: Texts; descrip: Texts } {
  const money = (cents: number, locale: string) => formatMoney(cents, currency, locale);
  return {
    name: inEveryLanguage((language, locale) => OFF[language].replace("{amount}", money(amountCents, locale))),
    descrip: minimumCents > 0 ? inEveryLanguage((language, locale) => MINIMUM[language].replace("{amount}", money(minimumCents, locale))) : NO_MINIMUM,
  };
}
