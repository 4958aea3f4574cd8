/** The periods a device holds of a service: what a purchase adds, what is in use, queued or ended. Unix seconds. */
import { ServiceType } from "./services.ts";

export const DAY_SECONDS = 86_400;

/** A service ending within this many days gets a renewal reminder. */
export const RENEW_REMINDER_DAYS = 7;
/** A coupon expiring within this many days is marked as such. */
export const COUPON_EXPIRY_WARNING_DAYS = 3;
/** The timeline shows periods that ended within this many days. */
export const RECENTLY_ENDED_DAYS = 90;

export interface Period {
  startTime: number;
  endTime: number;
}

export interface BoughtPeriod extends Period {
  /** True when the purchase queues after a period still running, false when it starts now. */
  extendsCurrent: boolean;
}

/**
 * The period a purchase (or a received card) of `periodDays` grants: it starts now, or when the
 * device's last period of the service ends if that is later. Fulfilment grants it and the
 * purchase preview shows it, so both come from here.
 */
export function periodBought(lastEndTime: number | null, now: number, periodDays: number): BoughtPeriod {
  const startTime = Math.max(now, lastEndTime ?? 0);
  return { startTime, endTime: startTime + periodDays * DAY_SECONDS, extendsCurrent: startTime > now };
}

/**
 * What a purchase delivers before its period starts (docs/decisions/050-b): a 4G package's data goes on the SIM card as
 * soon as the order is paid, also when its period queues after the one in use; every other service begins
 * with its period. Fulfilment tops the card up by this rule, and the purchase screens say it.
 */
export function addsDataAtPayment(serviceType: number): boolean {
  return serviceType === ServiceType.mobileData;
}

/** The VIP bundle's 4G data on a SIM device (product-rules §1): this much at the start of each month of a VIP period. */
export const VIP_DATA_MB_PER_MONTH = 20 * 1024;
export const VIP_DATA_MONTH_DAYS = 30;

/** The months of a VIP period (0 = its first) that have begun by `now`; none before it starts. */
export function vipDataMonthsBegun(period: Period, now: number): number[] {
  if (now < period.startTime) return [];
  const last = Math.min(now, period.endTime - 1);
  return Array.from({ length: Math.floor((last - period.startTime) / (VIP_DATA_MONTH_DAYS * DAY_SECONDS)) + 1 }, (_, month) => month);
}

export type PeriodState = "in_use" | "queued" | "ended";

export function periodState(period: Period, now: number): PeriodState {
  if (period.endTime <= now) return "ended";
  return period.startTime <= now ? "in_use" : "queued";
}

/**
 * A device's periods of one service as the buyer reads them: the one in use, those queued after it
 * (soonest first), and those that ended within RECENTLY_ENDED_DAYS (latest first).
 */
export function serviceTimeline<P extends Period>(periods: readonly P[], now: number) {
  const byStart = [...periods].sort((a, b) => a.startTime - b.startTime);
  const recentSince = now - RECENTLY_ENDED_DAYS * DAY_SECONDS;
  return {
    inUse: byStart.find((p) => periodState(p, now) === "in_use") ?? null,
    queued: byStart.filter((p) => periodState(p, now) === "queued"),
    ended: byStart.filter((p) => periodState(p, now) === "ended" && p.endTime > recentSince).reverse(),
  };
}

/**
 * When the service the device uses now stops (the end of its last period) if that is within
 * RENEW_REMINDER_DAYS; null when it is not in use or runs longer.
 */
export function endingSoon(periods: readonly Period[], now: number): number | null {
  if (!periods.some((p) => periodState(p, now) === "in_use")) return null;
  const lastEnd = Math.max(...periods.map((p) => p.endTime));
  return lastEnd - now <= RENEW_REMINDER_DAYS * DAY_SECONDS ? lastEnd : null;
}

/** A coupon still valid that lapses within COUPON_EXPIRY_WARNING_DAYS. */
export function couponExpiresSoon(expireTime: number, now: number): boolean {
  return expireTime > now && expireTime - now <= COUPON_EXPIRY_WARNING_DAYS * DAY_SECONDS;
}
