import { z } from "zod";
import { nowSeconds } from "../http/clock.ts";
import { localize } from "../http/localize.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceServiceQuery } from "../http/schemas.ts";
import { listEntitlements } from "../repositories/entitlements.ts";
import { currentPeriod } from "../services/entitlements.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

export const currentPackage = defineOperation({
  method: "POST",
  path: "/v1/cloud/package/current",
  access: "user",
  summary: "The device's current period of a service (durationStatus 0 when never opened)",
  input: deviceServiceQuery,
  output: z.object({
    serviceName: z.string().nullable(),
    durationStatus: z.number().int(),
    status: z.number().int(),
    startTime: z.number().int().nullable(),
    endTime: z.number().int().nullable(),
  }),
  async handle(ctx, input) {
    const [, entitlements] = await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), listEntitlements(ctx.env.DB, input.deviceId, input.type));
    const period = currentPeriod(entitlements, nowSeconds());
    const current = period.current;
    return {
      serviceName: current ? localize(current.service_name, input.language ?? ctx.language) : null,
      durationStatus: period.durationStatus,
      status: current?.status ?? 0,
      startTime: current?.start_time ?? null,
      endTime: current?.end_time ?? null,
    };
  },
});
