import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { findDevice, findDeviceByIccid, type DeviceRow } from "#api/repositories/devices.ts";

/** Every call that names a device must name one of the token's user (403 otherwise, existing or not). */
export async function requireOwnedDevice(db: D1Database, userId: number, deviceId: string): Promise<DeviceRow> {
  return ownedDevice(await findDevice(db, deviceId), userId);
}

/** The device row read before the caller was known (docs/decisions/040), if it is the caller's. */
export function ownedDevice(device: DeviceRow | null, userId: number): DeviceRow {
  if (!device || device.user_id !== userId) throw new ApiError(Status.forbidden, "device does not belong to this user", "device_not_yours");
  return device;
}

export async function requireOwnedSim(db: D1Database, userId: number, iccid: string): Promise<DeviceRow> {
  return ownedSim(await findDeviceByIccid(db, iccid), userId);
}

/** The device row of a SIM read before the caller was known, if it is the caller's. */
export function ownedSim(device: DeviceRow | null, userId: number): DeviceRow {
  if (!device || device.user_id !== userId) throw new ApiError(Status.forbidden, "SIM card does not belong to this user", "device_not_yours");
  return device;
}
