import { fromCents } from "#domain/money.ts";
import { localize } from "#api/core/localize.ts";
import * as endpoints from "#contract/endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { findCouponNameOfOrder } from "#api/repositories/coupons.ts";
import { findGrantedPeriod } from "#api/repositories/entitlements.ts";
import { listOrderEvents } from "#api/repositories/orders.ts";
import { paymentOfRecord } from "#api/repositories/payments.ts";

export const orderDetail = operation(endpoints.orderDetail, {
  readOnly: true,
  owner: "order",
  readsFirst: ({ db, input }) =>
    Promise.all([listOrderEvents(db, input.orderId), paymentOfRecord(db, input.orderId), findGrantedPeriod(db, "order", input.orderId), findCouponNameOfOrder(db, input.orderId)]),
  handle: async (ctx, input, [events, payment, period, coupon]) => {
    const order = ctx.owned;
    const lang = input.language ?? ctx.language;
    return {
      orderId: order.order_id,
      deviceId: order.device_id,
      serviceType: order.service_type,
      serviceName: localize(order.service_name, lang),
      status: order.status,
      paymentType: order.payment_type,
      period: order.period_days,
      currencyCode: order.currency_code,
      price: fromCents(order.price_cents),
      discount: fromCents(order.discount_cents),
      realPayPrice: fromCents(order.pay_cents),
      coupon: coupon ? { name: localize(coupon.name, lang), couponCode: coupon.coupon_code } : null,
      createTime: order.created_at,
      paymentTime: order.paid_at,
      payment: payment ? { provider: payment.provider, reference: payment.provider_ref, status: payment.status } : null,
      servicePeriod: period ? { startTime: period.start_time, endTime: period.end_time, revoked: period.revoked_at !== null } : null,
      events: events.map((e) => ({ fromStatus: e.from_status, toStatus: e.to_status, time: e.created_at })),
    };
  },
});
