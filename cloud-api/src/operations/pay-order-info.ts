import { OrderStatus } from "#domain/order-status.ts";
import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import type { PaymentInstructions } from "#api/payments/provider.ts";
import { latestPaymentOfOrder } from "#api/repositories/payments.ts";
import { paymentStartOf } from "#api/services/orders.ts";

export const payOrderInfo = operation(endpoints.payOrderInfo, {
  readOnly: true,
  owner: "order",
  handle: async (ctx) => {
    const order = ctx.owned;
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
