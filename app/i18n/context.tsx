import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createTranslator, type Messages, type Translate } from "./translate.ts";

const I18nContext = createContext<{ t: Translate; locale: string }>({ t: (key) => key, locale: "en" });

export function I18nProvider({ locale, messages, children }: { locale: string; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => ({ t: createTranslator(locale, messages), locale }), [locale, messages]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useTranslation() {
  return useContext(I18nContext);
}
