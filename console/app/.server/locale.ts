import { createCookie } from "react-router";
import en from "../../locales/en.json";
import zh from "../../locales/zh.json";
import { isConsoleLocale, LANGUAGE_COOKIE, translate, type ConsoleLocale, type Messages, type Translate } from "../i18n.ts";

/** Every bundle has the English one's shape (console/locales/locales.unit.test.ts checks each string is translated). */
export const MESSAGES: Record<ConsoleLocale, Messages> = { en, zh };

export const translatorFor = (locale: ConsoleLocale): Translate => (key, values) => translate(MESSAGES[locale], key, values);

/** The language switch's choice, kept a year; the console's pages are all on one origin. */
export const languageCookie = createCookie(LANGUAGE_COOKIE, { path: "/", sameSite: "lax", httpOnly: true, maxAge: 365 * 24 * 3600 });

/** The language the switch chose (its cookie), else the first of English and Chinese the browser asks for, else English. */
export async function requestLocale(request: Request): Promise<ConsoleLocale> {
  const chosen: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  if (isConsoleLocale(chosen)) return chosen;
  const asked = (request.headers.get("Accept-Language") ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((param) => param.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { language: tag.toLowerCase().split("-")[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .find((entry) => isConsoleLocale(entry.language));
  return (asked?.language as ConsoleLocale | undefined) ?? "en";
}
