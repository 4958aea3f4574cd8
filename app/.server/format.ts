import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { isEmpty } from "../../domain/empty.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec §5/§9: Unix seconds as year-month-day hour:minute:second; empty in, empty out. */
export function formatUnixSeconds(seconds: number | null | undefined, timeZone: string, format = "YYYY-MM-DD HH:mm:ss"): string {
  if (isEmpty(seconds) || !Number.isFinite(seconds)) return "";
  return dayjs.unix(seconds).tz(timeZone).format(format);
}
