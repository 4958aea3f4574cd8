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

/** A zone's offset from UTC for a whole UTC day, and how a guessed zone's times write it ("+08:00"). */
interface DayOffset {
  ms: number;
  label: string;
}

const DAY_MS = 86_400_000;
/**
 * Per zone and UTC day, the offset that holds all day, or null for a day in which it changes (a DST transition):
 * only the offset needs Intl, the calendar fields of a moment shifted by it are the Date's UTC fields. Learning a
 * day costs two `formatToParts`, a date of a known day none (docs/decisions/072).
 */
const dayOffsets = new Map<string, DayOffset | null>();
/** Days are asked for by any moment an order carries: a bound keeps the map small. */
const MOST_DAYS_KEPT = 4096;

/** What Intl writes of a moment in a zone, by part. */
type ZoneParts = Partial<Record<Intl.DateTimeFormatPartTypes, string>>;

function zoneParts(timeZone: string, ms: number): ZoneParts {
  const part: ZoneParts = {};
  for (const { type, value } of zoneFormat(timeZone).formatToParts(new Date(ms))) part[type] = value;
  return part;
}

/** Intl's "GMT+08:00" as "+08:00" ("GMT" alone is UTC). */
const offsetLabel = (part: ZoneParts) => part.timeZoneName?.replace(/^GMT/, "") || "+00:00";

/** The zone's offset at a whole second `ms`, read back from the fields Intl writes for it. */
function offsetAt(timeZone: string, ms: number): DayOffset {
  const part = zoneParts(timeZone, ms);
  const local = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second));
  return { ms: local - ms, label: offsetLabel(part) };
}

function dayOffset(timeZone: string, day: number): DayOffset | null {
  const key = `${timeZone} ${day}`;
  let offset = dayOffsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(timeZone, day * DAY_MS);
    const end = offsetAt(timeZone, (day + 1) * DAY_MS - 1000);
    offset = start.ms === end.ms && start.label === end.label ? start : null;
    if (dayOffsets.size >= MOST_DAYS_KEPT) dayOffsets.clear();
    dayOffsets.set(key, offset);
  }
  return offset;
}

/** Moments the arithmetic writes: four-digit years of the Gregorian calendar, as Intl writes them; Intl writes the rest. */
const ARITHMETIC_FROM_MS = Date.UTC(1900, 0, 1);
const ARITHMETIC_UNTIL_MS = Date.UTC(9999, 0, 1);

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * Product-rules §5/§9: Unix seconds as year-month-day hour:minute:second (or the date alone); empty in, empty out.
 * A time of day in a guessed zone carries the zone's offset ("+08:00"; Intl's "GMT" alone is UTC), so that the buyer
 * can tell which clock it follows: digits read the same in every language.
 */
export function formatUnixSeconds(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, format: MomentFormat = "date-time"): string {
  if (isEmpty(seconds) || !Number.isFinite(seconds)) return "";
  const zone = typeof timeZone === "string" ? { name: timeZone, guessed: false } : timeZone;
  // As Date does: milliseconds are cut toward zero, and the clock shows the whole second at or before them.
  const ms = Math.trunc(seconds * 1000);
  const offset = ms >= ARITHMETIC_FROM_MS && ms < ARITHMETIC_UNTIL_MS ? dayOffset(zone.name, Math.floor(ms / DAY_MS)) : null;
  let date: string;
  let time: string;
  let label: string;
  if (offset) {
    const local = new Date(Math.floor(ms / 1000) * 1000 + offset.ms);
    date = `${local.getUTCFullYear()}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())}`;
    time = `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}:${twoDigits(local.getUTCSeconds())}`;
    label = offset.label;
  } else {
    const part = zoneParts(zone.name, ms);
    date = `${part.year}-${part.month}-${part.day}`;
    time = `${part.hour}:${part.minute}:${part.second}`;
    label = offsetLabel(part);
  }
  if (format === "date") return date;
  return zone.guessed ? `${date} ${time} (${label})` : `${date} ${time}`;
}

/**
 * Unix seconds as a year-month-day date to put inside a sentence. In a right-to-left language it is
 * isolated left to right (U+2066 ... U+2069): bare, Arabic text would show 2026-11-28 as 28-11-2026.
 */
export function formatDateInText(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, language: Language): string {
  const text = formatUnixSeconds(seconds, timeZone, "date");
  return text && textDirection(language) === "rtl" ? `\u2066${text}\u2069` : text;
}
