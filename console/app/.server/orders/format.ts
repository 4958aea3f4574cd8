import { formatMoney } from "#domain/money.ts";
import { formatPercent, formatTimeUnit } from "#domain/number-format.ts";
import type { ConsoleLocale } from "../../i18n.ts";
import { formatUtc } from "../admin.ts";

/** The BCP 47 tag the console's formatters use for an operator's language. */
const TAGS: Record<ConsoleLocale, string> = { en: "en", zh: "zh-CN" };

/**
 * How the orders pages write money, times and shares in the operator's language. Times are UTC, as Today's span
 * is, and say so; they are formatted on the server like the storefront's (decision 005).
 */
export function orderFormat(locale: ConsoleLocale) {
  const tag = TAGS[locale];
  return {
    money: (cents: number, currency: string) => formatMoney(cents, currency, tag),
    /** Unix seconds as a date and time in UTC. */
    time: (seconds: number) => formatUtc(locale, seconds),
    /** A span of seconds in the largest unit under which it is at least one. */
    duration: (seconds: number) =>
      seconds < 60
        ? formatTimeUnit(tag, "second", seconds)
        : seconds < 3600
          ? formatTimeUnit(tag, "minute", seconds / 60)
          : seconds < 86400
            ? formatTimeUnit(tag, "hour", seconds / 3600)
            : formatTimeUnit(tag, "day", seconds / 86400),
    /** `part` of `whole` as a percentage; a dash when there is no whole. */
    share: (part: number, whole: number) => (whole === 0 ? "–" : formatPercent(tag, (100 * part) / whole)),
  };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as a form sends it (YYYY-MM-DD) as the Unix seconds at its UTC start; null when it is no such day. */
export function utcDayStart(value: string | null | undefined): number | null {
  const parsed = value && ISO_DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  // Date.parse rolls an impossible day over (2024-02-31 is March 2): such a day is no day.
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== value) return null;
  return parsed / 1000;
}
