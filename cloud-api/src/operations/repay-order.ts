import { z } from "zod";
import { buyerIpOf } from "#api/core/buyer-ip.ts";
import { defineOperation } from "../http/operation.ts";
import { orderId, paymentStartOutput } from "../http/schemas.ts";
import { repayOrder } from "../services/orders.ts";

export const orderRepay = defineOperation({
  method: "POST",
  path: "/v1/cloud/order/h5/order/repay",
  access: "user",
  summary: "Start a new payment attempt for an order waiting to pay (not PayPal); earlier attempts stop counting",
  input: z.object({ orderId }),
  output: paymentStartOutput,
  handle: (ctx, input) => repayOrder(ctx.env, ctx.userId, input.orderId, buyerIpOf(ctx.request)),
});
