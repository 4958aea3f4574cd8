import { z } from "zod";
import { OrderStatus } from "#domain/order-status.ts";
import { defineOperation } from "../http/operation.ts";
import { orderId } from "../http/schemas.ts";
import { findOrder } from "../repositories/orders.ts";
import { latestPaymentOfOrder } from "../repositories/payments.ts";
import { requireOwnOrder } from "../services/orders.ts";
import { settleFromProvider } from "../services/payment-events.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

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
    /** The newest payment attempt's state, so that "the buyer left the checkout" can be told from "still paying". */
    paymentState: z.enum(["created", "succeeded", "failed", "cancelled", "refunded"]).nullable(),
  }),
  async handle(ctx, input) {
    const read = () => Promise.all([findOrder(ctx.env.DB, input.orderId), latestPaymentOfOrder(ctx.env.DB, input.orderId)]);
    const [before, first] = await readBesideCheck(requireOwnOrder(ctx.env.DB, ctx.userId, input.orderId), read());
    // Only an order still being paid can change by asking its provider; a settled one answers as read.
    const unsettled = before.status === OrderStatus.waitingToPay || before.status === OrderStatus.paying;
    if (unsettled) await settleFromProvider(ctx.env, before);
    const [order, payment] = unsettled ? await read() : first;
    const current = order ?? before;
    return {
      orderId: current.order_id,
      status: current.status,
      paymentType: current.payment_type,
      serviceType: current.service_type,
      paymentTime: current.paid_at,
      updateTime: current.updated_at,
      paymentState: payment?.status ?? null,
    };
  },
});
