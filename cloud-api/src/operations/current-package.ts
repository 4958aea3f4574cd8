import { nowSeconds } from "#api/core/clock.ts";
import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { listEntitlements } from "../repositories/entitlements.ts";
import { currentPeriod } from "../services/entitlements.ts";
import { requireOwnedDevice } from "../services/ownership.ts";

export const currentPackage = operation(endpoints.currentPackage, async (ctx, input) => {
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
});
