import { z } from "zod";
import { defineOperation } from "../http/operation.ts";
import { orderId } from "../http/schemas.ts";
import { cancelOrder } from "../services/orders.ts";

export const orderCancel = defineOperation({
  method: "POST",
  path: "/v1/cloud/order/cancel",
  access: "user",
  summary: "Cancel an order waiting to pay (8001 -> 8007); its coupon comes back. 409 in any other status",
  input: z.object({ orderId }),
  output: z.null(),
  async handle(ctx, input) {
    await cancelOrder(ctx.env, ctx.userId, input.orderId);
    return null;
  },
});
