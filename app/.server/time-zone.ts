import { timeZoneForCountry } from "#domain/regions.ts";
import { TIME_ZONE_COOKIE } from "../time-zone-script.ts";
import { offsetFormat, type BuyerTimeZone } from "./format.ts";

function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    offsetFormat(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Product-rules §9: times are shown in the buyer's local time. That is the device's zone once the browser has
 * said it; until then (the first page, or without JavaScript) the country's main zone, marked as a guess.
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
  return isTimeZone(named) ? { name: named, guessed: false } : { name: timeZoneForCountry(countryCode), guessed: true };
}
