import { nowSeconds } from "#api/core/clock.ts";
import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { currentPeriod, servicePeriods } from "#api/services/entitlements.ts";

export const currentPackage = operation(endpoints.currentPackage, {
  readOnly: true,
  owner: "device",
  readsFirst: ({ reads, input }) => servicePeriods(reads, input.deviceId, input.type),
  handle: async (ctx, input, entitlements) => {
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
