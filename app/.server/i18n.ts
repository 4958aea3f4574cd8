import { createInstance, type i18n } from "i18next";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import localeBundles from "virtual:locale-bundles";
import { detectLanguage, FALLBACK_LANGUAGE, isLanguage, LANGUAGES, preferredLanguage, type Language } from "#domain/languages.ts";
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
import { keepMessages, messagesAt } from "../i18n/context.tsx";
import { browserMessages, type Messages } from "../i18n/translate.ts";

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

/** One i18next instance per language, made when the isolate first needs it: the bundles never change. */
const instances = new Map<Language, i18n>();

function i18nextFor(language: Language): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance({
      resources,
      lng: language,
      defaultNS: "common",
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      interpolation: { escapeValue: false },
      // Initialised before init returns: the resources are in the bundle, nothing loads.
      initAsync: false,
    });
    void instance.init();
    instances.set(language, instance);
  }
  return instance;
}

const languageContext = createContext<Language>();

/**
 * The language of a request: the `language` query value, else the one the launch named (both read with
 * product-rules §5 detection), else the browser's Accept-Language by its q-values, else English
 * (docs/decisions/020). Its i18next instance is the language's own, shared by every request of the isolate
 * (docs/decisions/062): nothing may change its language or add to its resources.
 */
export const i18nextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const query = new URL(request.url).searchParams.get("language");
  const launched = context.get(sessionContext).get("launch")?.language;
  context.set(languageContext, query ? detectLanguage(query) : isLanguage(launched) ? launched : (preferredLanguage(request.headers.get("Accept-Language")) ?? FALLBACK_LANGUAGE));
  return next();
};

export const getLocale = (context: Readonly<RouterContextProvider>): Language => context.get(languageContext);
export const getI18n = (context: Readonly<RouterContextProvider>): i18n => i18nextFor(getLocale(context));

/**
 * The address of a language's browser bundle (a hashed static asset, docs/decisions/062), with its messages
 * kept for the server's own render of the document.
 */
export function browserBundleOf(language: Language): string {
  const url = localeBundles[language];
  if (!messagesAt(url)) keepMessages(url, browserMessages(resources[language].common as Messages, resources.en.common as Messages));
  return url;
}
