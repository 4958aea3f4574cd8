import { z } from "zod";
import { defineOperation } from "../http/operation.ts";
import { listDevicesOfToken } from "../repositories/devices.ts";
import { sha256Hex } from "../services/hashing.ts";
import { authenticate } from "../services/tokens.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

/** query_user_device_list: the devices of the user that the app's device token names. */
export const deviceList = defineOperation({
  method: "POST",
  path: "/v1/member/device/list",
  access: "app",
  summary: "The user's devices, for the device picker (authenticated by tgAccessToken)",
  input: z.object({ tgAccessToken: z.string().min(1, "required").max(512) }),
  output: z.object({
    items: z.array(
      z.object({ deviceId: z.string(), deviceName: z.string(), attrs: z.string(), deviceType: z.number().int(), iccId: z.string().nullable() }),
    ),
  }),
  async handle({ env }, { tgAccessToken }) {
    const [, devices] = await readBesideCheck(authenticate(env.DB, tgAccessToken, "tg"), listDevicesOfToken(env.DB, await sha256Hex(tgAccessToken), "tg"));
    return {
      items: devices.map((d) => ({ deviceId: d.id, deviceName: d.name, attrs: d.attrs, deviceType: d.device_type, iccId: d.iccid })),
    };
  },
});
