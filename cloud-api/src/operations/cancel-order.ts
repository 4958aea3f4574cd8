import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { cancelOrder } from "#api/services/orders.ts";

export const orderCancel = operation(endpoints.orderCancel, {
  readOnly: false,
  owner: "order",
  handle: async (ctx) => {
    await cancelOrder(ctx.env, ctx.owned);
    return null;
  },
});
