import { z } from "zod";
import { fromCents } from "#domain/money.ts";
import { localize } from "../http/localize.ts";
import { defineOperation } from "../http/operation.ts";
import { orderId } from "../http/schemas.ts";
import { findCouponNameOfOrder } from "../repositories/coupons.ts";
import { findGrantedPeriod } from "../repositories/entitlements.ts";
import { listOrderEvents } from "../repositories/orders.ts";
import { paymentOfRecord } from "../repositories/payments.ts";
import { requireOwnOrder } from "../services/orders.ts";
import { readBesideCheck } from "../storage/beside-check.ts";

export const orderDetail = defineOperation({
  method: "POST",
  path: "/v1/cloud/order/detail",
  access: "user",
  summary:
    "One of the user's orders in full: package, period granted, price, coupon, amount paid, the payment's provider reference, " +
    "and every status change (404 for another user's order)",
  input: z.object({ orderId, language: z.string().trim().min(2).max(16).optional() }),
  output: z.object({
    orderId: z.string(),
    deviceId: z.string(),
    serviceType: z.number().int(),
    serviceName: z.string(),
    status: z.number().int(),
    paymentType: z.number().int(),
    period: z.number().int(),
    currencyCode: z.string(),
    price: z.number(),
    discount: z.number(),
    realPayPrice: z.number(),
    coupon: z.object({ name: z.string(), couponCode: z.string() }).nullable(),
    createTime: z.number().int(),
    paymentTime: z.number().int().nullable(),
    payment: z.object({ provider: z.string(), reference: z.string().nullable(), status: z.string() }).nullable(),
    servicePeriod: z.object({ startTime: z.number().int(), endTime: z.number().int(), revoked: z.boolean() }).nullable(),
    events: z.array(z.object({ fromStatus: z.number().int().nullable(), toStatus: z.number().int(), time: z.number().int() })),
  }),
  async handle(ctx, input) {
    const db = ctx.env.DB;
    const [order, [events, payment, period, coupon]] = await readBesideCheck(
      requireOwnOrder(db, ctx.userId, input.orderId),
      Promise.all([
        listOrderEvents(db, input.orderId),
        paymentOfRecord(db, input.orderId),
        findGrantedPeriod(db, "order", input.orderId),
        findCouponNameOfOrder(db, input.orderId),
      ]),
    );
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
