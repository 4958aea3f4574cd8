import * as endpoints from "#contract/endpoints.ts";
import { OrderStatus } from "#domain/order-status.ts";
import { operation } from "#api/http/operation.ts";
import { findOrder } from "#api/repositories/orders.ts";
import { latestPaymentOfOrder } from "#api/repositories/payments.ts";
import { settleFromProvider } from "#api/services/payment-events.ts";

export const orderStatus = operation(endpoints.orderStatus, {
  // Asking the provider about an unsettled order may settle it.
  readOnly: false,
  owner: "order",
  readsFirst: ({ db, input }) => latestPaymentOfOrder(db, input.orderId),
  handle: async (ctx, input, first) => {
    const before = ctx.owned;
    // Only an order still being paid can change by asking its provider; a settled one answers as read.
    const unsettled = before.status === OrderStatus.waitingToPay || before.status === OrderStatus.paying;
    if (unsettled) await settleFromProvider(ctx.env, before);
    const [order, payment] = unsettled ? await Promise.all([findOrder(ctx.env.DB, input.orderId), latestPaymentOfOrder(ctx.env.DB, input.orderId)]) : [before, first];
    const current = order ?? before;
    return {
      orderId: current.order_id,
      status: current.status,
      paymentType: current.payment_type,
      serviceType: current.service_type,
      paymentTime: current.paid_at,
      updateTime: current.updated_at,
      paymentState: payment?.status ?? null,
      packageId: current.package_id,
    };
  },
});
