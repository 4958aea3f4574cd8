import { nowSeconds } from "#api/core/clock.ts";
import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { listEntitlements } from "../repositories/entitlements.ts";
import { currentPeriod } from "../services/entitlements.ts";
import { requireOwnedDevice } from "../services/ownership.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";

export const currentPackage = operation(endpoints.currentPackage, async (ctx, input) => {
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
});
