import { z } from "zod";
import { currencyForCountry, fromCents } from "#domain/money.ts";
import { ServiceType } from "#domain/services.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceId } from "../http/schemas.ts";
import { serviceState } from "../services/entitlements.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

export const vipInfo = defineOperation({
  method: "POST",
  path: "/v1/cloud/vip/device/info",
  access: "user",
  summary: "A device's VIP state: isVip, durationStatus, when it ends, and what its VIP periods saved",
  input: z.object({ deviceId }),
  output: z.object({ isVip: z.number().int(), durationStatus: z.number().int(), vipExpireTimestamp: z.number().int().nullable(), saveMoney: z.number() }),
  async handle(ctx, input) {
    const [, state] = await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), serviceState(ctx.env.DB, input.deviceId, ServiceType.vip, currencyForCountry(ctx.countryCode)));
    return { isVip: state.active ? 1 : 0, durationStatus: state.durationStatus, vipExpireTimestamp: state.expiresAt, saveMoney: fromCents(state.savedCents) };
  },
});
