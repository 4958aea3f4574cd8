import type { z } from "zod";
import type { ConsoleLocale, Translate } from "../i18n.ts";

const dateTimes = new Map<ConsoleLocale, Intl.DateTimeFormat>();

/** Unix seconds as a date and time in UTC in the operator's language, formatted on the server (decision 005). */
export function formatUtc(locale: ConsoleLocale, seconds: number): string {
  let format = dateTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === "zh" ? "zh-CN" : "en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC", hourCycle: "h23" });
    dateTimes.set(locale, format);
  }
  return `${format.format(new Date(seconds * 1000))} UTC`;
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
