import { createContext, useContext, useMemo, type ReactNode } from "react";
import { translate, type ConsoleLocale, type Messages, type Translate } from "./i18n.ts";

const I18nContext = createContext<{ t: Translate; locale: ConsoleLocale }>({ t: (key) => key, locale: "en" });

/** The operator's language and its strings (from the root loader) for every component below. */
export function I18nProvider({ locale, messages, children }: { locale: ConsoleLocale; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => ({ t: ((key, values) => translate(messages, key, values)) as Translate, locale }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useTranslation = () => useContext(I18nContext);
