import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { isEmpty } from "#domain/empty.ts";
import { textDirection, type Language } from "#domain/languages.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The zone times are shown in, and whether it is only the country's guess (then a time says its offset). */
export interface BuyerTimeZone {
  name: string;
  guessed: boolean;
}

/** "+08:00" for a moment in a zone: digits read the same in every language. */
function offsetLabel(seconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(new Date(seconds * 1000));
  const offset = (parts.find((part) => part.type === "timeZoneName")?.value ?? "").replace(/^GMT/, "");
  return offset === "" ? "+00:00" : offset;
}

/**
 * Product-rules §5/§9: Unix seconds as year-month-day hour:minute:second; empty in, empty out. A time of day in a
 * guessed zone carries the zone's offset, so that the buyer can tell which clock it follows.
 */
export function formatUnixSeconds(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, format = "YYYY-MM-DD HH:mm:ss"): string {
  if (isEmpty(seconds) || !Number.isFinite(seconds)) return "";
  const zone = typeof timeZone === "string" ? { name: timeZone, guessed: false } : timeZone;
  const text = dayjs.unix(seconds).tz(zone.name).format(format);
  return zone.guessed && format.includes("HH") ? `${text} (${offsetLabel(seconds, zone.name)})` : text;
}

/**
 * Unix seconds as a year-month-day date to put inside a sentence. In a right-to-left language it is
 * isolated left to right (U+2066 ... U+2069): bare, Arabic text would show 2026-11-28 as 28-11-2026.
 */
export function formatDateInText(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, language: Language): string {
  const text = formatUnixSeconds(seconds, timeZone, "YYYY-MM-DD");
  return text && textDirection(language) === "rtl" ? `\u2066${text}\u2069` : text;
}
