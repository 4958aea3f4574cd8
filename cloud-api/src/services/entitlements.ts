import { nowSeconds } from "#api/core/clock.ts";
import { listDevicePeriods, type DevicePeriodRow, type EntitlementRow } from "#api/repositories/entitlements.ts";
import type { RequestReads } from "#api/services/request-reads.ts";

/**
 * Every period a device holds or held, not revoked, oldest first, read once for all the calls of a request: a
 * purchase screen's timeline, preview and current package (or VIP or AI state) take theirs from one statement,
 * not one each (docs/decisions/069).
 */
export function devicePeriods(reads: RequestReads, deviceId: string): Promise<DevicePeriodRow[]> {
  return reads.once(["periods of device", deviceId], (db) => listDevicePeriods(db, deviceId));
}

/** The device's periods of one service, not revoked, oldest first. */
export async function servicePeriods(reads: RequestReads, deviceId: string, serviceType: number): Promise<DevicePeriodRow[]> {
  return (await devicePeriods(reads, deviceId)).filter((period) => period.service_type === serviceType);
}

/**
 * When the last of a service's periods ends (null when there is none): where a purchase would start. Fulfilment's
 * grant asks the same of D1 in its own statement (repositories/entitlements.ts lastEndTime), as it must to insert
 * only if no grant came in between.
 */
export function lastEndOf(periods: readonly EntitlementRow[]): number | null {
  return periods.length ? Math.max(...periods.map((period) => period.end_time)) : null;
}

/** Product-rules §4 durationStatus: 0 never opened, 1 expired, 2 in use, 3 in use with a further period queued. */
export interface ServicePeriod {
  durationStatus: 0 | 1 | 2 | 3;
  current: EntitlementRow | null;
}

export function currentPeriod(entitlements: readonly EntitlementRow[], now: number): ServicePeriod {
  if (entitlements.length === 0) return { durationStatus: 0, current: null };
  const active = entitlements.find((e) => e.start_time <= now && now < e.end_time);
  if (active) {
    const queued = entitlements.some((e) => e.start_time >= active.end_time);
    return { durationStatus: queued ? 3 : 2, current: active };
  }
  const upcoming = entitlements.find((e) => e.start_time > now);
  if (upcoming) return { durationStatus: 3, current: upcoming };
  return { durationStatus: 1, current: entitlements[entitlements.length - 1] ?? null };
}

/** The VIP / AI info calls: whether the service is on now, and until when. */
export async function serviceState(reads: RequestReads, deviceId: string, serviceType: number) {
  const periods = await servicePeriods(reads, deviceId, serviceType);
  const now = nowSeconds();
  const { durationStatus } = currentPeriod(periods, now);
  return { durationStatus, active: periods.some((p) => p.start_time <= now && now < p.end_time), expiresAt: lastEndOf(periods) };
}
