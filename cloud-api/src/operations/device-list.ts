import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { sha256Hex } from "#api/core/hashing.ts";
import { listDevicesOfToken } from "#api/repositories/devices.ts";
import { authenticate } from "#api/services/tokens.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";

export const deviceList = operation(endpoints.deviceList, {
  readOnly: true,
  // An app-level call: the token in its input names the user, and its check runs beside the read.
  owner: "none",
  handle: async ({ env }, { tgAccessToken }) => {
    const [, devices] = await readBesideCheck(authenticate(env.DB, tgAccessToken, "tg"), listDevicesOfToken(env.DB, await sha256Hex(tgAccessToken), "tg"));
    return {
      items: devices.map((d) => ({ deviceId: d.id, deviceName: d.name, attrs: d.attrs, deviceType: d.device_type, iccId: d.iccid })),
    };
  },
});
