import { z } from "zod";
import { OrderStatus } from "#domain/order-status.ts";
import { localize } from "#api/core/localize.ts";
import { defineOperation } from "../http/operation.ts";
import { orderId, paymentStartOutput } from "../http/schemas.ts";
import type { PaymentInstructions } from "../payments/provider.ts";
import { latestPaymentOfOrder } from "../repositories/payments.ts";
import { paymentStartOf, requireOwnOrder } from "../services/orders.ts";

export const payOrderInfo = defineOperation({
  method: "POST",
  path: "/v1/cloud/order/pay/info",
  access: "user",
  summary: "What an order costs and how it is being paid; the payment instructions while it waits to be paid",
  input: z.object({ orderId }),
  output: paymentStartOutput.extend({
    status: z.number().int(),
    serviceName: z.string(),
    period: z.number().int(),
    originPrice: z.number(),
    discountAmount: z.number(),
    createTime: z.number().int(),
    paymentTime: z.number().int().nullable(),
  }),
  async handle(ctx, input) {
    const order = await requireOwnOrder(ctx.env.DB, ctx.userId, input.orderId);
    const payment = order.status === OrderStatus.waitingToPay ? await latestPaymentOfOrder(ctx.env.DB, order.order_id) : null;
    const instructions: PaymentInstructions = payment?.status === "created" ? (JSON.parse(payment.instructions) as PaymentInstructions) : {};
    return {
      ...paymentStartOf(order, instructions),
      status: order.status,
      serviceName: localize(order.service_name, ctx.language),
      period: order.period_days,
      originPrice: order.price_cents / 100,
      discountAmount: order.discount_cents / 100,
      createTime: order.created_at,
      paymentTime: order.paid_at,
    };
  },
});
