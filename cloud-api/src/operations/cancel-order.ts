import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { cancelOrder } from "#api/services/orders.ts";

export const orderCancel = operation(endpoints.orderCancel, async (ctx, input) => {
  await cancelOrder(ctx.env, ctx.userId, input.orderId);
  return null;
});
