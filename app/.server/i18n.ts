import { createI18nextMiddleware } from "remix-i18next";
import { detectLanguage, FALLBACK_LANGUAGE, languageFromAcceptLanguage, LANGUAGES } from "../../domain/languages.ts";
import ar from "../../locales/ar/common.json";
import de from "../../locales/de/common.json";
import en from "../../locales/en/common.json";
import es from "../../locales/es/common.json";
import fr from "../../locales/fr/common.json";
import it from "../../locales/it/common.json";
import ja from "../../locales/ja/common.json";
import ru from "../../locales/ru/common.json";
import th from "../../locales/th/common.json";
import zh from "../../locales/zh/common.json";
import { sessionContext } from "../context.ts";

export const resources = {
  en: { common: en },
  zh: { common: zh },
  ja: { common: ja },
  de: { common: de },
  fr: { common: fr },
  es: { common: es },
  it: { common: it },
  ru: { common: ru },
  th: { common: th },
  ar: { common: ar },
};

/**
 * The language of a request: the `language` query value, else the one the launch named, else the
 * browser's. App-given locale strings follow spec §5 detection; the browser's falls back to English.
 */
export const [i18nextMiddleware, getLocale, getI18n] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    order: ["custom"],
    async findLocale({ request, context }) {
      const query = new URL(request.url).searchParams.get("language");
      if (query) return detectLanguage(query);
      const launched = context.get(sessionContext).get("launch")?.language;
      return launched ?? languageFromAcceptLanguage(request.headers.get("Accept-Language"));
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
