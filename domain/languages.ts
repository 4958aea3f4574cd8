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

/**
 * A browser's language (Accept-Language, RFC 9110 §12.5.4): its most preferred tag by q-value (the first
 * of equals; `*` and malformed tags aside) when that tag's language is one of ours, else none, so that a
 * browser preferring a language we lack gets English rather than one it ranked lower (docs/decisions/020).
 */
export function preferredLanguage(acceptLanguage: string | null): Language | null {
  const ranked = (acceptLanguage ?? "")
    .split(",")
    .map((entry, order) => {
      const [tag = "", ...parameters] = entry.trim().split(";");
      const quality = parameters.map((parameter) => /^\s*q\s*=\s*([01](?:\.\d+)?)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), quality: quality === undefined ? 1 : Number(quality), order };
    })
    .filter(({ tag }) => /^[a-z]{1,8}(?:-[a-z0-9]{1,8}){0,2}$/i.test(tag))
    .sort((a, b) => b.quality - a.quality || a.order - b.order);
  const language = ranked[0]?.tag.split("-")[0]?.toLowerCase();
  return isLanguage(language) ? language : null;
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
