import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";

/** An i18next instance for rendering, from the one language bundle the root loader sends. */
export function createRenderI18n(locale: string, messages: Record<string, unknown>): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: { common: messages } },
    defaultNS: "common",
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
