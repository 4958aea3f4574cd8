import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import { isEmpty } from "#domain/empty.ts";
import { textDirection, type Language } from "#domain/languages.ts";

dayjs.extend(utc);

/** The zone times are shown in, and whether it is only the country's guess (then a time says its offset). */
export interface BuyerTimeZone {
  name: string;
  guessed: boolean;
}

/**
 * One formatter per zone that names a moment's offset there. dayjs's timezone plugin builds a new Intl
 * formatter on every call, which made formatting a purchase page's dates a fifth of its server time.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
/** Zone names come from a cookie, and Intl takes any spelling of a case: a bound keeps the map small. */
const MOST_ZONES_KEPT = 512;

/** The zone's offset formatter; throws a RangeError for a name that is no IANA zone. */
export function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    if (offsetFormats.size >= MOST_ZONES_KEPT) offsetFormats.clear();
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** "+08:00" for a moment in a zone ("GMT+08:00" in Intl's words; "GMT" alone is UTC): digits read the same in every language. */
function offsetLabel(seconds: number, timeZone: string): string {
  const name = offsetFormat(timeZone).formatToParts(new Date(seconds * 1000)).find((part) => part.type === "timeZoneName")?.value ?? "";
  const offset = name.replace(/^GMT/, "");
  return offset === "" ? "+00:00" : offset;
}

/** The offset label in seconds east of UTC ("+05:30" is 19800; a historic "+08:05:43" keeps its seconds). */
function offsetSeconds(label: string): number {
  const match = /^([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(label);
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return match[1] === "-" ? -seconds : seconds;
}

/**
 * Product-rules §5/§9: Unix seconds as year-month-day hour:minute:second; empty in, empty out. A time of day in a
 * guessed zone carries the zone's offset, so that the buyer can tell which clock it follows.
 */
export function formatUnixSeconds(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, format = "YYYY-MM-DD HH:mm:ss"): string {
  if (isEmpty(seconds) || !Number.isFinite(seconds)) return "";
  const zone = typeof timeZone === "string" ? { name: timeZone, guessed: false } : timeZone;
  const offset = offsetLabel(seconds, zone.name);
  const text = dayjs.unix(seconds + offsetSeconds(offset)).utc().format(format);
  return zone.guessed && format.includes("HH") ? `${text} (${offset})` : text;
}

/**
 * Unix seconds as a year-month-day date to put inside a sentence. In a right-to-left language it is
 * isolated left to right (U+2066 ... U+2069): bare, Arabic text would show 2026-11-28 as 28-11-2026.
 */
export function formatDateInText(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, language: Language): string {
  const text = formatUnixSeconds(seconds, timeZone, "YYYY-MM-DD");
  return text && textDirection(language) === "rtl" ? `\u2066${text}\u2069` : text;
}
