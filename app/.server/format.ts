import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { isEmpty } from "../../domain/empty.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The zone times are shown in, and whether it is only the country's guess (then a time says its offset). */
export interface BuyerTimeZone {
  name: string;
  guessed: boolean;
}

/** "GMT+8" for a moment in a zone. */
function offsetLabel(seconds: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" }).formatToParts(new Date(seconds * 1000));
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}

/**
 * Spec §5/§9: Unix seconds as year-month-day hour:minute:second; empty in, empty out. A time of day in a
 * guessed zone carries the zone's offset, so that the buyer can tell which clock it follows.
 */
export function formatUnixSeconds(seconds: number | null | undefined, timeZone: string | BuyerTimeZone, format = "YYYY-MM-DD HH:mm:ss"): string {
  if (isEmpty(seconds) || !Number.isFinite(seconds)) return "";
  const zone = typeof timeZone === "string" ? { name: timeZone, guessed: false } : timeZone;
  const text = dayjs.unix(seconds).tz(zone.name).format(format);
  return zone.guessed && format.includes("HH") ? `${text} (${offsetLabel(seconds, zone.name)})` : text;
}
