import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { listDevicesOfUser } from "../repositories/devices.ts";
import { authenticate } from "../services/tokens.ts";

export const deviceList = operation(endpoints.deviceList, async ({ env }, { tgAccessToken }) => {
  const { userId } = await authenticate(env.DB, tgAccessToken, "tg");
  const devices = await listDevicesOfUser(env.DB, userId);
  return {
    items: devices.map((d) => ({ deviceId: d.id, deviceName: d.name, attrs: d.attrs, deviceType: d.device_type, iccId: d.iccid })),
  };
});
