import { buyerIpOf } from "#api/core/buyer-ip.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { repayOrder } from "#api/services/orders.ts";

export const orderRepay = operation(endpoints.orderRepay, {
  readOnly: false,
  owner: "order",
  handle: (ctx) => repayOrder(ctx.env, ctx.owned, buyerIpOf(ctx.request)),
});
