import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { receivedPackages } from "../services/cards.ts";
import { requireOwnedDevice } from "../services/ownership.ts";

export const receivedPackageInfo = operation(endpoints.receivedPackageInfo, async (ctx, input) => {
  await requireOwnedDevice(ctx.env.DB, ctx.userId, input.deviceId);
  const kind = input.type === undefined ? null : input.type === 5 ? "vip" : "storage";
  return receivedPackages(ctx.env.DB, input.deviceId, kind, ctx.language);
});
