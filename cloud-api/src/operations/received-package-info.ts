import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { receivedPackages } from "#api/services/cards.ts";

export const receivedPackageInfo = operation(endpoints.receivedPackageInfo, {
  readOnly: true,
  owner: "device",
  handle: async (ctx, input) => {
    const kind = input.type === undefined ? null : input.type === 5 ? "vip" : "storage";
    return receivedPackages(ctx.env.DB, input.deviceId, kind, ctx.language);
  },
});
