/** Product-rules §1/§5: the 10 interface languages and how a locale string maps onto them. */

export const LANGUAGES = ["en", "zh", "ja", "de", "fr", "es", "it", "ru", "th", "ar"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";

/** Detection order of product-rules §5: the first code contained in the locale string wins. */
const DETECTION_ORDER: readonly Language[] = ["zh", "en", "ja", "de", "fr", "es", "it", "ru", "ar", "th"];

/** Missing gives English; a value that names none of the languages gives Chinese (product-rules §5). */
export function detectLanguage(locale: string | null | undefined): Language {
  if (locale === null || locale === undefined || locale.trim() === "") return FALLBACK_LANGUAGE;
  const lower = locale.toLowerCase();
  return DETECTION_ORDER.find((code) => lower.includes(code)) ?? "zh";
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/** BCP 47 tag for Intl formatting; Chinese is simplified Chinese as used in mainland China. */
export function intlLocale(language: Language): string {
  return language === "zh" ? "zh-CN" : language;
}

/**
 * PayPal's script settings. The locale follows whether the language is Chinese (product-rules §5). The currency is
 * the order's own, not the language's as product-rules §5 has it (issue: a US buyer reading Chinese pays a USD
 * order, which a CNY script cannot take).
 */
export function paypalSettings(language: string, orderCurrency: "CNY" | "USD"): { currency: "CNY" | "USD"; locale: "zh_CN" | "en_US" } {
  return { currency: orderCurrency, locale: language.includes("zh") ? "zh_CN" : "en_US" };
}
