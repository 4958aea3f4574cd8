export interface DeviceRow {
  id: string;
  user_id: number;
  name: string;
  device_type: 1 | 2;
  attrs: string;
  iccid: string | null;
}

const COLUMNS = "id, user_id, name, device_type, attrs, iccid";

export function findDevice(db: D1Database, deviceId: string): Promise<DeviceRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM devices WHERE id = ?`).bind(deviceId).first<DeviceRow>();
}

export function findDeviceByIccid(db: D1Database, iccid: string): Promise<DeviceRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM devices WHERE iccid = ?`).bind(iccid).first<DeviceRow>();
}

export async function listDevicesOfUser(db: D1Database, userId: number): Promise<DeviceRow[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM devices WHERE user_id = ? ORDER BY created_at, id`).bind(userId).all<DeviceRow>();
  return results;
}
