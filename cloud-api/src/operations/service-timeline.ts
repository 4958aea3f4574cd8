import { endingSoon, serviceTimeline } from "#domain/service-periods.ts";
import { ServiceType } from "#domain/services.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import type { DevicePeriodRow } from "#api/repositories/entitlements.ts";
import { devicePeriods } from "#api/services/entitlements.ts";

export const entitlementTimeline = operation(endpoints.entitlementTimeline, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ reads, input }) => devicePeriods(reads, input.deviceId),
  handle: async (ctx, input, rows) => {
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
