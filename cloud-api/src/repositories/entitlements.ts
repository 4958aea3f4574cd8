export interface EntitlementRow {
  id: number;
  device_id: string;
  service_type: number;
  package_id: number;
  service_name: string;
  status: number;
  start_time: number;
  end_time: number;
}

/** The device's periods of one service that are not revoked, oldest first. */
export async function listEntitlements(db: D1Database, deviceId: string, serviceType: number): Promise<EntitlementRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, device_id, service_type, package_id, service_name, status, start_time, end_time
       FROM entitlements WHERE device_id = ? AND service_type = ? AND revoked_at IS NULL ORDER BY start_time, id`,
    )
    .bind(deviceId, serviceType)
    .all<EntitlementRow>();
  return results;
}

export interface EntitlementGrant {
  deviceId: string;
  serviceType: number;
  packageId: number;
  /** The package's name column (JSON by language), copied so that a later rename leaves history alone. */
  serviceName: string;
  periodDays: number;
  /** 2 for an unlimited package, 1 otherwise. */
  status: 1 | 2;
  source: "order" | "vip_card" | "storage_card";
  sourceRef: string;
}

/**
 * A statement that grants a period: it starts now, or when the device's last period of the service
 * ends if that is later (a purchase queues after the current period). Computed inside the statement so
 * that two grants at once cannot both start at the same moment. A second grant for the same source is
 * ignored (unique source, source_ref), which makes fulfilment safe to retry.
 */
export function grantStatement(db: D1Database, grant: EntitlementGrant, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO entitlements (device_id, service_type, package_id, service_name, status, start_time, end_time, source, source_ref)
       SELECT ?1, ?2, ?3, ?4, ?5, start, start + ?6 * 86400, ?7, ?8
       FROM (SELECT MAX(?9, COALESCE((SELECT MAX(end_time) FROM entitlements
                                      WHERE device_id = ?1 AND service_type = ?2 AND revoked_at IS NULL), 0)) AS start)
       WHERE true
       ON CONFLICT (source, source_ref) DO NOTHING`,
    )
    .bind(grant.deviceId, grant.serviceType, grant.packageId, grant.serviceName, grant.status, grant.periodDays, grant.source, grant.sourceRef, now);
}

/**
 * What a device's periods of a service saved, in one currency: each package's origin price minus what was
 * paid for it (0 for a card). Periods bought or received in another currency are not added in.
 */
export async function savedCents(db: D1Database, deviceId: string, serviceType: number, currency: string): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(MAX(0, p.origin_price_cents - COALESCE(o.pay_cents, 0))), 0) AS saved
       FROM entitlements e JOIN packages p ON p.id = e.package_id
       LEFT JOIN orders o ON e.source = 'order' AND o.order_id = e.source_ref
       WHERE e.device_id = ? AND e.service_type = ? AND e.revoked_at IS NULL AND p.currency_code = ?`,
    )
    .bind(deviceId, serviceType, currency)
    .first<{ saved: number }>();
  return row?.saved ?? 0;
}
