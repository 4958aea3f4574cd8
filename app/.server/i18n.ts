import { createI18nextMiddleware } from "remix-i18next";
import { detectLanguage, FALLBACK_LANGUAGE, LANGUAGES } from "#domain/languages.ts";
import ar from "#locales/ar/common.json";
import arPages from "#locales/ar/pages.json";
import de from "#locales/de/common.json";
import dePages from "#locales/de/pages.json";
import en from "#locales/en/common.json";
import enPages from "#locales/en/pages.json";
import es from "#locales/es/common.json";
import esPages from "#locales/es/pages.json";
import fr from "#locales/fr/common.json";
import frPages from "#locales/fr/pages.json";
import it from "#locales/it/common.json";
import itPages from "#locales/it/pages.json";
import ja from "#locales/ja/common.json";
import jaPages from "#locales/ja/pages.json";
import ru from "#locales/ru/common.json";
import ruPages from "#locales/ru/pages.json";
import th from "#locales/th/common.json";
import thPages from "#locales/th/pages.json";
import zh from "#locales/zh/common.json";
import zhPages from "#locales/zh/pages.json";
import { sessionContext } from "../context.ts";

/**
 * "common" is the bundle every screen sends to the browser; "pages" holds the long texts of the public
 * pages, which are rendered on the server and never shipped as a bundle.
 */
export const resources = {
  en: { common: en, pages: enPages },
  zh: { common: zh, pages: zhPages },
  ja: { common: ja, pages: jaPages },
  de: { common: de, pages: dePages },
  fr: { common: fr, pages: frPages },
  es: { common: es, pages: esPages },
  it: { common: it, pages: itPages },
  ru: { common: ru, pages: ruPages },
  th: { common: th, pages: thPages },
  ar: { common: ar, pages: arPages },
};

/**
 * The language of a request: the `language` query value, else the one the launch named (both read with
 * product-rules §5 detection), else the browser's Accept-Language by its q-values (remix-i18next), else English.
 */
export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    order: ["custom", "header"],
    async findLocale({ request, context }) {
      const query = new URL(request.url).searchParams.get("language");
      if (query) return detectLanguage(query);
      return context.get(sessionContext).get("launch")?.language ?? null;
    },
  },
  i18next: {
    resources,
    defaultNS: "common",
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  },
});
