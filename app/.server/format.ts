import { isEmpty } from "#domain/empty.ts";
import { textDirection, type Language } from "#domain/languages.ts";

/** The zone times are shown in, and whether it is only the country's guess (then a time says its offset). */
export interface BuyerTimeZone {
  name: string;
  guessed: boolean;
}

/**
 * One formatter per zone that gives a moment's date, time of day and offset there in a single call, by Intl's own
 * rules of the zone. Building a formatter per call (dayjs's timezone plugin) was a fifth of a purchase page's server
 * time; asking Intl for the offset and then formatting the shifted moment again with dayjs cost twice this one call,
 * dates being 3% of the storefront's CPU on a purchase page and an order list (docs/decisions/069).
 */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();
/** Zone names come from a cookie, and Intl takes any spelling of a case: a bound keeps the map small. */
const MOST_ZONES_KEPT = 512;

/** The zone's formatter; throws a RangeError for a name that is no IANA zone. */
export function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      timeZoneName: "longOffset",
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (zoneFormats.size >= MOST_ZONES_KEPT) zoneFormats.clear();
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** How a moment is written: a date and time of day, or a date alone. */
export type MomentFormat = "date-time" | "date";

/**
 * Product-rules §5/§9: Unix seconds as year-month-day hour:minute:second (or the date alone); empty in, empty out.
 * A time of day in a guessed zone carries the zone's offset ("+08:00"; Intl's "GMT" alone is UTC), so that the buyer
 * can tell which clock it follows: digits read the same in every language.
 */
export function formatUnixSeconds(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, format: MomentFormat = "date-time"): string {
  if (isEmpty(seconds) || !Number.isFinite(seconds)) return "";
  const zone = typeof timeZone === "string" ? { name: timeZone, guessed: false } : timeZone;
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of zoneFormat(zone.name).formatToParts(new Date(seconds * 1000))) part[type] = value;
  const date = `${part.year}-${part.month}-${part.day}`;
  if (format === "date") return date;
  const text = `${date} ${part.hour}:${part.minute}:${part.second}`;
  const offset = part.timeZoneName?.replace(/^GMT/, "") || "+00:00";
  return zone.guessed ? `${text} (${offset})` : text;
}

/**
 * Unix seconds as a year-month-day date to put inside a sentence. In a right-to-left language it is
 * isolated left to right (U+2066 ... U+2069): bare, Arabic text would show 2026-11-28 as 28-11-2026.
 */
export function formatDateInText(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, language: Language): string {
  const text = formatUnixSeconds(seconds, timeZone, "date");
  return text && textDirection(language) === "rtl" ? `\u2066${text}\u2069` : text;
}
