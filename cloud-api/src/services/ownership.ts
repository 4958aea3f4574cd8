import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { findDevice, findDeviceByIccid, type DeviceRow } from "../repositories/devices.ts";

/** Every call that names a device must name one of the token's user (403 otherwise, existing or not). */
export async function requireOwnedDevice(db: D1Database, userId: number, deviceId: string): Promise<DeviceRow> {
  const device = await findDevice(db, deviceId);
  if (!device || device.user_id !== userId) throw new ApiError(Status.forbidden, "device does not belong to this user", "device_not_yours");
  return device;
}

export async function requireOwnedSim(db: D1Database, userId: number, iccid: string): Promise<DeviceRow> {
  const device = await findDeviceByIccid(db, iccid);
  if (!device || device.user_id !== userId) throw new ApiError(Status.forbidden, "SIM card does not belong to this user", "device_not_yours");
  return device;
}
