import { DeviceType, ServiceType } from "#domain/services.ts";

export interface VipPeriodOnSim {
  entitlement_id: number;
  iccid: string;
  start_time: number;
  end_time: number;
}

/** VIP periods in use at `now` on SIM devices (one device's, or every device's), with the device's SIM card. */
export async function vipPeriodsOnSims(db: D1Database, now: number, deviceId: string | null): Promise<VipPeriodOnSim[]> {
  const { results } = await db
    .prepare(
      `SELECT e.id AS entitlement_id, d.iccid, e.start_time, e.end_time
       FROM entitlements e JOIN devices d ON d.id = e.device_id
       WHERE e.service_type = ${ServiceType.vip} AND d.device_type = ${DeviceType.sim} AND d.iccid IS NOT NULL
         AND e.revoked_at IS NULL AND e.start_time <= ?1 AND e.end_time > ?1 AND (?2 IS NULL OR e.device_id = ?2)`,
    )
    .bind(now, deviceId)
    .all<VipPeriodOnSim>();
  return results;
}

/**
 * One month's VIP data on a SIM card: the month's row, then the top-up, which counts only when this run
 * (`runId`) wrote the row. In one batch, two runs at once add it once; a month already added adds nothing.
 */
export function addVipDataMonthStatements(
  db: D1Database,
  month: { entitlementId: number; month: number; iccid: string; mb: number; runId: string },
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare("INSERT INTO vip_data_months (entitlement_id, month, iccid, run_id, added_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT DO NOTHING")
      .bind(month.entitlementId, month.month, month.iccid, month.runId, now),
    db
      .prepare(
        `UPDATE sim_cards SET total_mb = total_mb + ?1, status = 'NORMAL', updated_at = ?2
         WHERE iccid = ?3 AND EXISTS (SELECT 1 FROM vip_data_months WHERE entitlement_id = ?4 AND month = ?5 AND run_id = ?6)`,
      )
      .bind(month.mb, now, month.iccid, month.entitlementId, month.month, month.runId),
  ];
}
