import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { confirmOrder } from "#api/services/checkout.ts";

export const confirmOrderV2 = operation(endpoints.confirmOrderV2, {
  readOnly: false,
  owner: "device",
  handle: (ctx, input) => confirmOrder(ctx.env, ctx.userId, ctx, input, ctx.owned),
});

export const confirmOrderV3 = operation(endpoints.confirmOrderV3, {
  readOnly: false,
  owner: "device",
  handle: (ctx, input) => confirmOrder(ctx.env, ctx.userId, ctx, input, ctx.owned),
});
