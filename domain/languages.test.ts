import { describe, expect, it } from "vitest";
import { detectLanguage, intlLocale, isLanguage, LANGUAGES, paypalSettings, preferredLanguage, textDirection } from "./languages.ts";

describe("language detection (product-rules §5)", () => {
  it("has the 10 languages", () => {
    expect([...LANGUAGES].sort()).toEqual(["ar", "de", "en", "es", "fr", "it", "ja", "ru", "th", "zh"]);
  });

  it.each([
    ["zh", "zh"],
    ["zh-CN", "zh"],
    ["zh_TW", "zh"],
    ["en-US", "en"],
    ["ja_JP", "ja"],
    ["de-DE", "de"],
    ["fr", "fr"],
    ["es-MX", "es"],
    ["it-IT", "it"],
    ["ru", "ru"],
    ["ar-SA", "ar"],
    ["th-TH", "th"],
    ["EN", "en"],
    ["pt-BR", "zh"],
    ["xx", "zh"],
  ])("%s gives %s", (input, expected) => {
    expect(detectLanguage(input)).toBe(expected);
  });

  it("gives English when missing", () => {
    for (const missing of [null, undefined, "", "  "]) expect(detectLanguage(missing)).toBe("en");
  });

  it("checks in the spec's order, so a string naming two languages takes the earlier", () => {
    expect(detectLanguage("en-zh")).toBe("zh");
    expect(detectLanguage("ar-th")).toBe("ar");
  });

  it("lays out Arabic right to left only", () => {
    for (const lang of LANGUAGES) expect(textDirection(lang)).toBe(lang === "ar" ? "rtl" : "ltr");
  });

  it("maps to Intl locales and PayPal settings", () => {
    expect(intlLocale("zh")).toBe("zh-CN");
    expect(intlLocale("de")).toBe("de");
    expect(paypalSettings("zh", "CNY")).toEqual({ currency: "CNY", locale: "zh_CN" });
    expect(paypalSettings("en", "USD")).toEqual({ currency: "USD", locale: "en_US" });
    // The currency is the order's: a US buyer reading Chinese pays in USD.
    expect(paypalSettings("zh", "USD")).toEqual({ currency: "USD", locale: "zh_CN" });
    expect(isLanguage("ar")).toBe(true);
    expect(isLanguage("pt")).toBe(false);
  });
});

describe("a browser's language (Accept-Language, docs/decisions/020)", () => {
  it.each([
    ["fr;q=0.1, de;q=0.9", "de"],
    ["ja-JP, en;q=0.5", "ja"],
    ["fr-CA, en;q=0.8", "fr"],
    ["zh-Hans-CN", "zh"],
    ["de;q=0.5, it;q=0.5", "de"],
    ["*, es;q=0.9", "es"],
    ["en;q=0, ru;q=0.2", "ru"],
    ["x@y, th", "th"],
  ])("%s is %s: the most preferred tag by q-value, the first of equals", (header, language) => {
    expect(preferredLanguage(header)).toBe(language);
  });

  it.each([["pt-BR, ja;q=0.5"], ["pt-BR"], [""], ["*"]])("%s names none of ours first: no language, so the page is English", (header) => {
    expect(preferredLanguage(header)).toBeNull();
  });

  it("is none without the header", () => {
    expect(preferredLanguage(null)).toBeNull();
  });
});
