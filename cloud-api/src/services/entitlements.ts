import { nowSeconds } from "#api/core/clock.ts";
import { listEntitlements, savedCents, type EntitlementRow } from "#api/repositories/entitlements.ts";

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

/** The VIP / AI info calls: whether the service is on now, until when, and what it saved in `currency`. */
export async function serviceState(db: D1Database, deviceId: string, serviceType: number, currency: string) {
  const [periods, saved] = await Promise.all([listEntitlements(db, deviceId, serviceType), savedCents(db, deviceId, serviceType, currency)]);
  const now = nowSeconds();
  const { durationStatus } = currentPeriod(periods, now);
  return {
    durationStatus,
    active: periods.some((p) => p.start_time <= now && now < p.end_time),
    expiresAt: periods.length ? Math.max(...periods.map((p) => p.end_time)) : null,
    savedCents: saved,
  };
}
