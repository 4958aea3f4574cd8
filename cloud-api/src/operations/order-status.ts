import { z } from "zod";
import { defineOperation } from "../http/operation.ts";
import { orderId } from "../http/schemas.ts";
import { findOrder } from "../repositories/orders.ts";
import { requireOwnOrder } from "../services/orders.ts";
import { settleFromProvider } from "../services/payment-events.ts";

export const orderStatus = defineOperation({
  method: "POST",
  path: "/v1/cloud/order/status",
  access: "user",
  summary: "An order's status (8001-8015); an unsettled payment is first checked with its provider",
  input: z.object({ orderId }),
  output: z.object({
    orderId: z.string(),
    status: z.number().int(),
    paymentType: z.number().int(),
    serviceType: z.number().int(),
    paymentTime: z.number().int().nullable(),
    updateTime: z.number().int(),
  }),
  async handle(ctx, input) {
    const before = await requireOwnOrder(ctx.env.DB, ctx.userId, input.orderId);
    await settleFromProvider(ctx.env, before);
    const order = (await findOrder(ctx.env.DB, input.orderId)) ?? before;
    return {
      orderId: order.order_id,
      status: order.status,
      paymentType: order.payment_type,
      serviceType: order.service_type,
      paymentTime: order.paid_at,
      updateTime: order.updated_at,
    };
  },
});
