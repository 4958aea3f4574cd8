import { VIP_DATA_MB_PER_MONTH, vipDataMonthsBegun } from "#domain/service-periods.ts";
import { addVipDataMonthStatements, vipPeriodsOnSims } from "#api/repositories/vip-data.ts";
import { describeError, log } from "#platform/observability.ts";

/**
 * Adds to SIM cards the 4G data of every begun month of the VIP periods in use on SIM devices (one device's,
 * or all), each month once (docs/decisions/050-c). Returns the months added by this run.
 */
export async function addVipDataDue(db: D1Database, now: number, deviceId: string | null = null): Promise<number> {
  const periods = await vipPeriodsOnSims(db, now, deviceId);
  const runId = crypto.randomUUID();
  const statements = periods.flatMap((period) =>
    vipDataMonthsBegun({ startTime: period.start_time, endTime: period.end_time }, now).flatMap((month) =>
      addVipDataMonthStatements(db, { entitlementId: period.entitlement_id, month, iccid: period.iccid, mb: VIP_DATA_MB_PER_MONTH, runId }, now),
    ),
  );
  if (statements.length === 0) return 0;
  const results = await db.batch(statements);
  // Every second statement is a month's top-up: it changed a row only when this run added the month.
  return results.filter((result, index) => index % 2 === 1 && result.meta.changes > 0).length;
}

/**
 * The data of a VIP period a device has just received, added at once; when that fails the cron's next run
 * adds it, so the purchase or card receive that called it still succeeds.
 */
export async function addVipDataOfDevice(db: D1Database, deviceId: string, now: number): Promise<void> {
  try {
    await addVipDataDue(db, now, deviceId);
  } catch (error) {
    log("error", "vip-data.failed", { deviceId, error: describeError(error), next: "the cron adds it" });
  }
}
