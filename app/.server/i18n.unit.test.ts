import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { Language } from "#domain/languages.ts";
import { sessionContext } from "../context.ts";
import { getI18n, getLocale, i18nextMiddleware } from "./i18n.ts";
import type { StorefrontSession } from "./session/storage.ts";

/** A request's router context after the language middleware, with the launch's language if one is given. */
async function contextOf(url: string, options: { launched?: Language; acceptLanguage?: string } = {}) {
  const context = new RouterContextProvider();
  const launch = options.launched ? { language: options.launched } : null;
  context.set(sessionContext, { get: (key: string) => (key === "launch" ? launch : undefined) } as unknown as StorefrontSession);
  const request = new Request(url, { headers: options.acceptLanguage ? { "Accept-Language": options.acceptLanguage } : {} });
  await i18nextMiddleware({ request, context, params: {}, unstable_pattern: "", url: new URL(url) } as unknown as Parameters<typeof i18nextMiddleware>[0], async () => new Response());
  return context;
}

describe("the storefront's languages (docs/decisions/062)", () => {
  it("serves every request of a language with that language's one i18next instance, built once", async () => {
    const first = await contextOf("https://shop.test/about?language=de");
    const second = await contextOf("https://shop.test/about", { launched: "de" });
    expect(getI18n(first)).toBe(getI18n(second));
    expect(getI18n(first).t("about.title", { ns: "pages" })).toBe("Über CamCloud");
    const japanese = await contextOf("https://shop.test/about", { acceptLanguage: "ja-JP, de;q=0.5" });
    expect(getI18n(japanese)).not.toBe(getI18n(first));
    expect(getI18n(japanese).t("about.title", { ns: "pages" })).toBe("CamCloud について");
    // A German request after a Japanese one still reads German: no request changes an instance's language.
    expect(getI18n(await contextOf("https://shop.test/about?language=de")).t("about.title", { ns: "pages" })).toBe("Über CamCloud");
  });

  it("takes the address's language, else the launch's, else the browser's, else English", async () => {
    expect(getLocale(await contextOf("https://shop.test/?language=zh-CN", { launched: "fr", acceptLanguage: "de" }))).toBe("zh");
    expect(getLocale(await contextOf("https://shop.test/", { launched: "fr", acceptLanguage: "de" }))).toBe("fr");
    expect(getLocale(await contextOf("https://shop.test/", { acceptLanguage: "fr;q=0.1, de;q=0.9" }))).toBe("de");
    expect(getLocale(await contextOf("https://shop.test/", { acceptLanguage: "pt-BR, ja;q=0.5" }))).toBe("en");
    expect(getLocale(await contextOf("https://shop.test/"))).toBe("en");
  });
});
