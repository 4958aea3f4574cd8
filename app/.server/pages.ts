import type { RouterContextProvider } from "react-router";
import { getI18n } from "./i18n.ts";

/** The translator of the public pages' own texts (locales/<language>/pages.json), for their loaders. */
export function pagesText(context: Readonly<RouterContextProvider>): (key: string, values?: Record<string, string | number>) => string {
  const { t } = getI18n(context);
  return (key, values) => t(key, { ns: "pages", ...values });
}
