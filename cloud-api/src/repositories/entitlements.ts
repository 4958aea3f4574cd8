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
