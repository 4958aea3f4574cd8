import { OrderStatus } from "#domain/order-status.ts";
import { periodBought } from "#domain/service-periods.ts";

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

/** When the device's last period of a service ends (null when it has none): where a purchase would start. */
async function lastEndTime(db: D1Database, deviceId: string, serviceType: number): Promise<number | null> {
  const row = await db
    .prepare("SELECT MAX(end_time) AS last_end FROM entitlements WHERE device_id = ? AND service_type = ? AND revoked_at IS NULL")
    .bind(deviceId, serviceType)
    .first<{ last_end: number | null }>();
  return row?.last_end ?? null;
}

/**
 * A statement that grants the period domain/service-periods.ts periodBought computes, the same the
 * purchase preview shows. It inserts only if the device's last period is still the one it was computed
 * from: when another grant came in between, start_time is NULL, the NOT NULL constraint fails the
 * batch and the caller's retry computes again (docs/decisions/021). A second grant for the same
 * source is ignored (unique source, source_ref), which makes fulfilment and card receives safe to retry. An
 * order's period is granted only while the order is being bought (8005), like its carrier top-up: an order an
 * operator refunded while its fulfilment ran gets none.
 */
export async function grantStatement(db: D1Database, grant: EntitlementGrant, now: number): Promise<D1PreparedStatement> {
  const lastEnd = await lastEndTime(db, grant.deviceId, grant.serviceType);
  const period = periodBought(lastEnd, now, grant.periodDays);
  return db
    .prepare(
      `INSERT INTO entitlements (device_id, service_type, package_id, service_name, status, start_time, end_time, source, source_ref)
       SELECT ?1, ?2, ?3, ?4, ?5, CASE WHEN unchanged OR granted THEN ?6 END, ?7, ?8, ?9
       FROM (SELECT COALESCE((SELECT MAX(end_time) FROM entitlements
                              WHERE device_id = ?1 AND service_type = ?2 AND revoked_at IS NULL), -1) = ?10 AS unchanged,
                    EXISTS (SELECT 1 FROM entitlements WHERE source = ?8 AND source_ref = ?9) AS granted)
       WHERE ?8 <> 'order' OR EXISTS (SELECT 1 FROM orders WHERE order_id = ?9 AND status = ${OrderStatus.buying})
       ON CONFLICT (source, source_ref) DO NOTHING`,
    )
    .bind(
      grant.deviceId,
      grant.serviceType,
      grant.packageId,
      grant.serviceName,
      grant.status,
      period.startTime,
      period.endTime,
      grant.source,
      grant.sourceRef,
      lastEnd ?? -1,
    );
}

/**
 * What a device's periods of a service saved, in one currency: each package's origin price (as the order was sold
 * it: its version) minus what was paid for it (0 for a card). Periods bought or received in another currency are not added in.
 */
export async function savedCents(db: D1Database, deviceId: string, serviceType: number, currency: string): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(MAX(0, p.origin_price_cents - COALESCE(o.pay_cents, 0))), 0) AS saved
       FROM entitlements e
       LEFT JOIN orders o ON e.source = 'order' AND o.order_id = e.source_ref
       JOIN package_versions p ON p.package_id = e.package_id
        AND p.version = COALESCE(o.package_version, (SELECT version FROM packages WHERE id = e.package_id))
       WHERE e.device_id = ? AND e.service_type = ? AND e.revoked_at IS NULL AND p.currency_code = ?`,
    )
    .bind(deviceId, serviceType, currency)
    .first<{ saved: number }>();
  return row?.saved ?? 0;
}

export interface DevicePeriodRow extends EntitlementRow {
  source: EntitlementGrant["source"];
}

/** Every period the device holds or held, of every service, not revoked, oldest first. */
export async function listDevicePeriods(db: D1Database, deviceId: string): Promise<DevicePeriodRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, device_id, service_type, package_id, service_name, status, start_time, end_time, source
       FROM entitlements WHERE device_id = ? AND revoked_at IS NULL ORDER BY start_time, id`,
    )
    .bind(deviceId)
    .all<DevicePeriodRow>();
  return results;
}

/** The period an order or card granted, if it did (revoked or not). */
export function findGrantedPeriod(db: D1Database, source: EntitlementGrant["source"], sourceRef: string) {
  return db
    .prepare("SELECT start_time, end_time, revoked_at FROM entitlements WHERE source = ? AND source_ref = ?")
    .bind(source, sourceRef)
    .first<{ start_time: number; end_time: number; revoked_at: number | null }>();
}

/**
 * Takes back the periods that `taken(alias)` names (an SQL condition on that alias of entitlements, whose
 * placeholders `binds` fill; a card refunded, an order refunded): the periods queued behind them move up by the
 * time they free (from now, or from their start if they had not started), so that the device is not left without
 * the service until a later period's old start, then they are revoked. First the move, while the taken periods are
 * not revoked yet: run again, the pair frees and revokes nothing.
 */
export function revokePeriodsStatements(
  db: D1Database,
  taken: (alias: string) => string,
  binds: readonly unknown[],
  now: number,
): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db
      .prepare(
        `UPDATE entitlements AS later SET start_time = later.start_time - moved.freed, end_time = later.end_time - moved.freed
         FROM (SELECT queued.id AS id, SUM(gone.end_time - MAX(?, gone.start_time)) AS freed
               FROM entitlements AS queued JOIN entitlements AS gone
                 ON gone.device_id = queued.device_id AND gone.service_type = queued.service_type
               WHERE gone.revoked_at IS NULL AND gone.end_time > ? AND ${taken("gone")}
                 AND queued.revoked_at IS NULL AND queued.start_time >= gone.end_time AND NOT (${taken("queued")})
               GROUP BY queued.id) AS moved
         WHERE later.id = moved.id AND moved.freed > 0`,
      )
      .bind(now, now, ...binds, ...binds),
    db.prepare(`UPDATE entitlements SET revoked_at = ? WHERE revoked_at IS NULL AND ${taken("entitlements")}`).bind(now, ...binds),
  ];
}

/** The period an order granted, taken back (an operator refunded the order). */
export function revokeOrderPeriodStatements(db: D1Database, orderId: string, now: number): [D1PreparedStatement, D1PreparedStatement] {
  return revokePeriodsStatements(db, (alias) => `${alias}.source = 'order' AND ${alias}.source_ref = ?`, [orderId], now);
}
