import type en from "../locales/en.json";

/** The console's languages (issue 32): English and Chinese, each a bundle in console/locales/. */
export const CONSOLE_LOCALES = ["en", "zh"] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];
/** A language's strings (the browser gets its operator's language only, from the root loader: .server/locale.ts). */
export type Messages = typeof en;

/** "shell.title" and the like: every string of the English bundle, by group and name. */
export type MessageKey = { [G in keyof Messages]: `${G & string}.${keyof Messages[G] & string}` }[keyof Messages];

/** The operator's chosen language (the switch's cookie), else the first English or Chinese one their browser asks for. */
export const LANGUAGE_COOKIE = "console-language";

export function isConsoleLocale(value: unknown): value is ConsoleLocale {
  return CONSOLE_LOCALES.includes(value as ConsoleLocale);
}

/** A string of `messages` with its {{placeholders}} filled. */
export function translate(messages: Messages, key: MessageKey, values: Record<string, string | number> = {}): string {
  const [group, name] = key.split(".") as [keyof Messages, string];
  const text = (messages[group] as Record<string, string>)[name] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, placeholder: string) => String(values[placeholder] ?? `{{${placeholder}}}`));
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
