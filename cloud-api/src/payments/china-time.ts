/**
 * China Standard Time (UTC+8, no daylight saving), in which WeChat Pay and Alipay write times:
 * Alipay as "yyyy-MM-dd HH:mm:ss", WeChat Pay as RFC 3339 with "+08:00".
 */
const OFFSET_SECONDS = 8 * 3600;

/** "yyyy-MM-dd HH:mm:ss" in China Standard Time. */
export function chinaDateTime(unixSeconds: number): string {
  return new Date((unixSeconds + OFFSET_SECONDS) * 1000).toISOString().slice(0, 19).replace("T", " ");
}

/** RFC 3339 with the +08:00 offset, as WeChat Pay's time_expire wants it. */
export function chinaRfc3339(unixSeconds: number): string {
  return `${chinaDateTime(unixSeconds).replace(" ", "T")}+08:00`;
}

/** Unix seconds of a "yyyy-MM-dd HH:mm:ss" China Standard Time; null when it is not one. */
export function parseChinaDateTime(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  return Number.isNaN(ms) ? null : ms / 1000 - OFFSET_SECONDS;
}
