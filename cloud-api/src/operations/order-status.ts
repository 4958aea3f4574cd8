import * as endpoints from "#contract/endpoints.ts";
import { OrderStatus } from "#domain/order-status.ts";
import { operation } from "#api/http/operation.ts";
import { findOrder } from "#api/repositories/orders.ts";
import { latestPaymentOfOrder } from "#api/repositories/payments.ts";
import { requireOwnOrder } from "#api/services/orders.ts";
import { settleFromProvider } from "#api/services/payment-events.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";

export const orderStatus = operation(endpoints.orderStatus, async (ctx, input) => {
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
    packageId: current.package_id,
  };
});
