import { canCancel, canRepay, orderStatusName, OrderStatus, type OrderStatusCode } from "#domain/order-status.ts";
import type { PaymentStart } from "#contract/fields.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { localize } from "#api/core/localize.ts";
import { providerForMethod } from "#api/payments/index.ts";
import { ProviderUnavailable, type PaymentInstructions } from "#api/payments/provider.ts";
import { findOrder, releaseCouponStatement, transitionStatement, type OrderRow } from "#api/repositories/orders.ts";
import { cancelOpenPaymentsStatement, insertPaymentStatement } from "#api/repositories/payments.ts";
import { orderSettings } from "#api/settings.ts";
import { randomHex } from "#api/core/hashing.ts";
import { queueCloses } from "#api/services/provider-closes.ts";
import { recordFunnel } from "#platform/funnel.ts";
import { orderFunnelPoint } from "#api/services/funnel.ts";

export function conflict(order: Pick<OrderRow, "order_id" | "status">, to: OrderStatusCode): ApiError {
  return new ApiError(
    Status.conflict,
    `order ${order.order_id} is ${orderStatusName(order.status)} (${order.status}) and cannot become ${orderStatusName(to)} (${to})`,
    to === OrderStatus.cancelled ? "order_not_cancellable" : "order_state_changed",
  );
}

export function paymentStartOf(order: OrderRow, instructions: PaymentInstructions): PaymentStart {
  return {
    orderId: order.order_id,
    paymentType: order.payment_type,
    h5PaymentUrl: instructions.h5PaymentUrl ?? null,
    alipayForm: instructions.alipayForm ?? null,
    payPalOrderId: instructions.payPalOrderId ?? null,
    sessionId: instructions.sessionId ?? null,
    payAmount: order.pay_cents / 100,
    currencyCode: order.currency_code,
  };
}

/**
 * Opens a payment attempt at the order's provider and records it. Earlier open attempts of the order
 * are cancelled in the same batch, so that only the newest one can move the order (repay).
 */
export async function startPayment(env: CloudApiEnv, order: OrderRow, payerIp?: string): Promise<PaymentStart> {
  const provider = providerForMethod(env, order.payment_type);
  // Letters, digits and "_" only, at most 32 characters: valid as WeChat's and Alipay's out_trade_no.
  const paymentId = `pay_${randomHex(14)}`;
  let created;
  try {
    created = await provider.createPayment({
      paymentId,
      orderId: order.order_id,
      description: localize(order.service_name, order.language),
      amountCents: order.pay_cents,
      currency: order.currency_code,
      language: order.language,
      returnUrl: orderSettings(env).resultPageUrl.replace("{orderId}", encodeURIComponent(order.order_id)),
      payerIp,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailable) {
      throw new ApiError(Status.internal, "the payment provider is unavailable; the order is kept, try paying again shortly", "payment_provider_unavailable");
    }
    throw error;
  }
  const now = nowSeconds();
  const ended = [OrderStatus.cancelled, OrderStatus.closed, OrderStatus.paymentClosed];
  const results = await env.DB.batch([
    cancelOpenPaymentsStatement(env.DB, order.order_id, now),
    insertPaymentStatement(
      env.DB,
      {
        id: paymentId,
        order_id: order.order_id,
        provider: provider.name,
        payment_type: order.payment_type,
        provider_ref: created.providerRef,
        amount_cents: order.pay_cents,
        currency_code: order.currency_code,
        instructions: created.instructions,
      },
      now,
    ),
    // An order cancelled or closed while this attempt was being opened keeps no open attempt: money that
    // still arrives for it is refunded like any for an ended order.
    cancelOpenPaymentsStatement(env.DB, order.order_id, now, ended),
  ]);
  await queueCloses(env, [results[0], results[2]]);
  if ((results[2]?.meta.changes ?? 0) > 0) {
    const current = (await findOrder(env.DB, order.order_id)) ?? order;
    throw conflict(current, OrderStatus.paying);
  }
  return paymentStartOf(order, created.instructions);
}

/** Product-rules §4: cancel only while waiting to pay; the coupon comes back and open payment attempts end. */
export async function cancelOrder(env: CloudApiEnv, order: OrderRow): Promise<void> {
  if (!canCancel(order.status)) throw conflict(order, OrderStatus.cancelled);
  const now = nowSeconds();
  const [moved, , ended] = await env.DB.batch([
    transitionStatement(env.DB, order.order_id, OrderStatus.cancelled, "cancelled by the buyer", now),
    releaseCouponStatement(env.DB, order.order_id, [OrderStatus.cancelled]),
    cancelOpenPaymentsStatement(env.DB, order.order_id, now, [OrderStatus.cancelled]),
  ]);
  await queueCloses(env, [ended]);
  if (!moved?.meta.changes) throw conflict((await findOrder(env.DB, order.order_id)) ?? order, OrderStatus.cancelled);
  recordFunnel(env, orderFunnelPoint(order, "cancelled"));
}

/** Product-rules §4: repay only while waiting to pay, and never a PayPal order. */
export async function repayOrder(env: CloudApiEnv, order: OrderRow, payerIp?: string): Promise<PaymentStart> {
  if (!canRepay(order.status, order.payment_type)) {
    throw order.status === OrderStatus.waitingToPay
      ? new ApiError(Status.conflict, "a PayPal order cannot be paid again; place a new order", "paypal_order_not_repayable")
      : new ApiError(Status.conflict, `order ${order.order_id} is ${orderStatusName(order.status)} (${order.status}) and cannot be paid again`, "order_not_payable");
  }
  return startPayment(env, order, payerIp);
}
