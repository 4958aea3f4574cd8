import { z } from "zod";
import { nowSeconds } from "#api/core/clock.ts";
import { localize } from "#api/core/localize.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceServiceQuery } from "../http/schemas.ts";
import { listEntitlements } from "../repositories/entitlements.ts";
import { currentPeriod } from "../services/entitlements.ts";
import { requireOwnedDevice } from "../services/ownership.ts";

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
    await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
    const period = currentPeriod(await listEntitlements(ctx.env.DB, input.deviceId, input.type), nowSeconds());
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
