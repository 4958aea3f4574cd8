import type { z } from "zod";
import type { ConsoleLocale, Translate } from "../i18n.ts";

const formats = new Map<string, Intl.DateTimeFormat>();

/** The console's one date style, cached per language and shape: UTC, medium dates, 24-hour times (decision 068). */
function utcFormat(locale: ConsoleLocale, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}:${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "zh" ? "zh-CN" : "en", { dateStyle: "medium", timeZone: "UTC", ...(withTime ? { timeStyle: "short", hourCycle: "h23" } : {}) });
    formats.set(key, format);
  }
  return format;
}

/** Unix seconds as a date and time in UTC in the operator's language, formatted on the server (decision 005). */
export function formatUtc(locale: ConsoleLocale, seconds: number): string {
  return `${utcFormat(locale, true).format(new Date(seconds * 1000))} UTC`;
}

/** Unix seconds as the UTC day they fall in, in the same style as formatUtc: coupon and card dates are whole UTC days. */
export function formatUtcDay(locale: ConsoleLocale, seconds: number): string {
  return utcFormat(locale, false).format(new Date(seconds * 1000));
}

/** A form's or a query's refusal by the endpoint's input schema, in the operator's language, naming the field. */
export function refusalOf(error: z.ZodError, t: Translate): { refused: string } {
  const issue = error.issues[0];
  return { refused: t("errors.invalid", { detail: `${issue?.path.join(".") ?? ""}: ${issue?.message ?? ""}` }) };
}

/** A form's or query's text fields, with empty ones left out (an empty filter is no filter). */
export function filledIn(entries: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  return Object.fromEntries([...entries].filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
}
