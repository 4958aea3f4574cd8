import { nowSeconds } from "#api/core/clock.ts";
import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operationReadingFirst } from "#api/http/operation.ts";
import { listEntitlements } from "#api/repositories/entitlements.ts";
import { currentPeriod } from "#api/services/entitlements.ts";
import { findDevice } from "#api/repositories/devices.ts";
import { ownedDevice } from "#api/services/ownership.ts";

export const currentPackage = operationReadingFirst(
  endpoints.currentPackage,
  ({ db, input }) => Promise.all([findDevice(db, input.deviceId), listEntitlements(db, input.deviceId, input.type)]),
  async (ctx, input, [device, entitlements]) => {
    ownedDevice(device, ctx.userId);
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
);
