import type { TokenKind } from "#api/repositories/auth-tokens.ts";

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

/** The devices of the user a token names, by the token's hash: read beside the token's own check, whose refusal wins. */
export async function listDevicesOfToken(db: D1Database, tokenHash: string, kind: TokenKind): Promise<DeviceRow[]> {
  const { results } = await db
    .prepare(`SELECT d.id, d.user_id, d.name, d.device_type, d.attrs, d.iccid FROM devices d JOIN auth_tokens t ON t.user_id = d.user_id WHERE t.token_hash = ? AND t.kind = ? ORDER BY d.created_at, d.id`)
    .bind(tokenHash, kind)
    .all<DeviceRow>();
  return results;
}
