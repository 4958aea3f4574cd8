import { z } from "zod";
import { endingSoon, serviceTimeline } from "#domain/service-periods.ts";
import { ServiceType } from "#domain/services.ts";
import { nowSeconds } from "../http/clock.ts";
import { localize } from "../http/localize.ts";
import { defineOperation } from "../http/operation.ts";
import { deviceId, language, serviceType } from "../http/schemas.ts";
import { listDevicePeriods, type DevicePeriodRow } from "../repositories/entitlements.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

const periodOutput = z.object({
  serviceName: z.string(),
  packageId: z.number().int(),
  source: z.enum(["order", "vip_card", "storage_card"]),
  startTime: z.number().int(),
  endTime: z.number().int(),
});

export const entitlementTimeline = defineOperation({
  method: "POST",
  path: "/v1/cloud/entitlement/timeline",
  access: "user",
  summary:
    "A device's periods per service (cloud storage, mobile data, VIP, AI, or only `type`): the one in use, those queued after it, " +
    "those ended in the last 90 days, and endingSoonAt when the service stops within 7 days",
  input: z.object({ deviceId, type: serviceType.optional(), language: language.optional() }),
  output: z.object({
    services: z.array(
      z.object({
        serviceType: z.number().int(),
        inUse: periodOutput.nullable(),
        queued: z.array(periodOutput),
        ended: z.array(periodOutput),
        endingSoonAt: z.number().int().nullable(),
      }),
    ),
  }),
  async handle(ctx, input) {
    const [, rows] = await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), listDevicePeriods(ctx.env.DB, input.deviceId));
    const now = nowSeconds();
    const lang = input.language ?? ctx.language;
    const wire = (row: DevicePeriodRow) => ({
      serviceName: localize(row.service_name, lang),
      packageId: row.package_id,
      source: row.source,
      startTime: row.start_time,
      endTime: row.end_time,
    });
    const types = input.type ? [input.type] : Object.values(ServiceType);
    return {
      services: types.map((type) => {
        const periods = rows.filter((row) => row.service_type === type).map(wire);
        const timeline = serviceTimeline(periods, now);
        return { serviceType: type, ...timeline, endingSoonAt: endingSoon(periods, now) };
      }),
    };
  },
});
