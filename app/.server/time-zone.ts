import { timeZoneForCountry } from "#domain/regions.ts";
import { TIME_ZONE_COOKIE } from "../time-zone-script.ts";
import { zoneFormat, type BuyerTimeZone } from "./format.ts";

function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    zoneFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The zone Cloudflare places the request's network in, when it is in the launch's country (request.cf). */
function networkTimeZone(request: Request, countryCode: string): string | null {
  const cf = (request as { cf?: { timezone?: unknown; country?: unknown } }).cf;
  const zone = typeof cf?.timezone === "string" ? cf.timezone : "";
  return cf?.country === countryCode.toUpperCase() && isTimeZone(zone) ? zone : null;
}

/**
 * Product-rules §9: times are shown in the buyer's local time. That is the device's zone once the browser has
 * said it; until then (the first page, or without JavaScript) a guess, marked with its offset: the zone of the
 * buyer's network when it is in the launch's country (a buyer in Los Angeles is not shown New York's clock,
 * issue 31 item 8), else the country's main zone (decision 051).
 */
export function buyerTimeZone(request: Request, countryCode: string): BuyerTimeZone {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`).exec(cookie);
  let named = "";
  try {
    named = decodeURIComponent(match?.[1] ?? "");
  } catch {
    named = "";
  }
  if (isTimeZone(named)) return { name: named, guessed: false };
  return { name: networkTimeZone(request, countryCode) ?? timeZoneForCountry(countryCode), guessed: true };
}
