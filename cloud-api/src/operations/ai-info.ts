import { z } from "zod";
import { currencyForCountry } from "#domain/money.ts";
import { ServiceType } from "#domain/services.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceId } from "../http/schemas.ts";
import { serviceState } from "../services/entitlements.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

export const aiInfo = defineOperation({
  method: "POST",
  path: "/v1/cloud/ai/device/info",
  access: "user",
  summary: "A device's AI service state: isOpenAi, durationStatus and when it ends",
  input: z.object({ deviceId }),
  output: z.object({ isOpenAi: z.number().int(), durationStatus: z.number().int(), aiExpireTimestamp: z.number().int().nullable() }),
  async handle(ctx, input) {
    const [, state] = await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), serviceState(ctx.env.DB, input.deviceId, ServiceType.ai, currencyForCountry(ctx.countryCode)));
    return { isOpenAi: state.active ? 1 : 0, durationStatus: state.durationStatus, aiExpireTimestamp: state.expiresAt };
  },
});
