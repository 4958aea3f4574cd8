import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { receivedPackages } from "#api/services/cards.ts";
import { requireOwnedDevice } from "#api/services/ownership.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";

export const receivedPackageInfo = operation(endpoints.receivedPackageInfo, async (ctx, input) => {
  const kind = input.type === undefined ? null : input.type === 5 ? "vip" : "storage";
  return (await readBesideCheck(requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId), receivedPackages(ctx.env.DB, input.deviceId, kind, ctx.language)))[1];
});
