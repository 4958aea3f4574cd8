import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { findOrder } from "../repositories/orders.ts";
import { latestPaymentOfOrder } from "../repositories/payments.ts";
import { requireOwnOrder } from "../services/orders.ts";
import { settleFromProvider } from "../services/payment-events.ts";

export const orderStatus = operation(endpoints.orderStatus, async (ctx, input) => {
  const before = await requireOwnOrder(ctx.env.DB, ctx.userId, input.orderId);
  await settleFromProvider(ctx.env, before);
  const [order, payment] = await Promise.all([findOrder(ctx.env.DB, input.orderId), latestPaymentOfOrder(ctx.env.DB, input.orderId)]);
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
});
