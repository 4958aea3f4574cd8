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

/**
 * The language bundles this side has, by their hashed address (docs/decisions/062): the browser fetches its
 * language's before it hydrates and on a change of language; the server puts in what it renders with. An
 * address names one content forever, so one store serves every request.
 */
const loaded = new Map<string, Messages>();

export const messagesAt = (url: string): Messages | undefined => loaded.get(url);

/** The bundle fetched last: the language the browser shows. */
export const latestMessages = (): Messages | undefined => [...loaded.values()].at(-1);

export function keepMessages(url: string, messages: Messages): void {
  loaded.set(url, messages);
}

/** Fetches a bundle the first time its address is named (the document preloads its own). */
export async function loadMessages(url: string): Promise<void> {
  if (loaded.has(url)) return;
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`language bundle ${url}: ${response.status}`);
  loaded.set(url, (await response.json()) as Messages);
}
