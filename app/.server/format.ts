import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { isEmpty } from "../../domain/empty.ts";
import { textDirection, type Language } from "../../domain/languages.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec §5/§9: Unix seconds as year-month-day hour:minute:second; empty in, empty out. */
export function formatUnixSeconds(seconds: number | null | undefined, timeZone: string, format = "YYYY-MM-DD HH:mm:ss"): string {
  if (isEmpty(seconds) || !Number.isFinite(seconds)) return "";
  return dayjs.unix(seconds).tz(timeZone).format(format);
}

/**
 * Unix seconds as a year-month-day date to put inside a sentence. In a right-to-left language it is
 * isolated left to right (U+2066 ... U+2069): bare, Arabic text would show 2026-11-28 as 28-11-2026.
 */
export function formatDateInText(seconds: number | null | undefined, timeZone: string, language: Language): string {
  const text = formatUnixSeconds(seconds, timeZone, "YYYY-MM-DD");
  return text && textDirection(language) === "rtl" ? `\u2066${text}\u2069` : text;
}
