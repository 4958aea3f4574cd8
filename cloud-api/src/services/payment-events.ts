import { OrderStatus } from "#domain/order-status.ts";
import type { ProviderName } from "#domain/payment-methods.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { providerNamed } from "#api/payments/index.ts";
import { NotificationRejected, ProviderUnavailable, type PaymentReport } from "#api/payments/provider.ts";
import { findOrder, releaseCouponStatement, transitionStatement, type OrderRow } from "#api/repositories/orders.ts";
import {
  closeSettledStatement,
  FIRST_PROVIDER_CHECK_SECONDS,
  findPaymentByRef,
  latestPaymentOfOrder,
  nextProviderCheckStatement,
  paymentStatusStatement,
  recordNotificationStatement,
  refundedStatement,
  refundFailedStatement,
  type PaymentRow,
} from "#api/repositories/payments.ts";
import { refundStrayPayment } from "#api/services/refunds.ts";
import { log } from "#platform/observability.ts";
import { recordOrderStep } from "#api/services/funnel.ts";

/**
 * Applies what a provider says about one payment (a verified notification, or the answer to a status
 * query). Every write is guarded by the state it starts from, so the same report applied ten times at
 * once has one effect: one order becomes paid and one fulfilment message is sent.
 */
export async function applyPaymentReport(env: CloudApiEnv, payment: PaymentRow, report: PaymentReport, eventId: string | null): Promise<void> {
  if (report.amountCents !== payment.amount_cents || report.currency !== payment.currency_code) {
    throw new NotificationRejected(
      `amount ${report.amountCents} ${report.currency} does not match payment ${payment.id} (${payment.amount_cents} ${payment.currency_code})`,
    );
  }
  const db = env.DB;
  const now = nowSeconds();
  const seen = eventId ? [recordNotificationStatement(db, { provider: payment.provider, eventId, orderId: payment.order_id }, now)] : [];
  const provider = providerNamed(env, payment.provider);

  switch (report.outcome) {
    case "approved": {
      await db.batch([...seen, transitionStatement(db, payment.order_id, OrderStatus.paying, "approved by the buyer at the provider", now)]);
      // Capture only what can be delivered: never for an order that was cancelled or closed meanwhile, or
      // for an attempt a newer one replaced. An approval left uncaptured charges the buyer nothing.
      const order = await findOrder(db, payment.order_id);
      if (order?.status !== OrderStatus.paying || payment.status !== "created") {
        log("warn", "capture.skipped", { paymentId: payment.id, orderId: payment.order_id, orderStatus: order?.status ?? null, paymentStatus: payment.status });
        await paymentStatusStatement(db, payment.id, ["created"], "cancelled", now).run();
        return;
      }
      const captured = await provider.capture(report.providerRef);
      if (captured.outcome === "paid") await applyPaymentReport(env, payment, captured, null);
      return;
    }
    case "paid": {
      const results = await db.batch([
        ...seen,
        paymentStatusStatement(db, payment.id, ["created", "cancelled", "failed"], "succeeded", now),
        transitionStatement(db, payment.order_id, OrderStatus.paid, `paid through ${payment.provider}`, now),
        // A paid checkout has nothing left to close.
        closeSettledStatement(db, payment.id),
      ]);
      const [paymentMoved, orderMoved] = results.slice(seen.length).map((r) => r.meta.changes > 0);
      if (orderMoved) {
        await env.FULFILMENT.send({ orderId: payment.order_id });
        await recordOrderStep(env, payment.order_id, "paid");
      } else if (paymentMoved) {
        await refundStrayPayment(env, payment);
      }
      return;
    }
    case "failed": {
      const results = await db.batch([...seen, paymentStatusStatement(db, payment.id, ["created"], "failed", now)]);
      if ((results[seen.length]?.meta.changes ?? 0) > 0) {
        const moved = await transitionStatement(db, payment.order_id, OrderStatus.paymentFailed, `payment failed at ${payment.provider}`, now).run();
        if (moved.meta.changes > 0) await recordOrderStep(env, payment.order_id, "failed");
      }
      return;
    }
    case "cancelled":
      // The provider closed the checkout itself (it expired): nothing left to close either.
      await db.batch([...seen, paymentStatusStatement(db, payment.id, ["created"], "cancelled", now), closeSettledStatement(db, payment.id)]);
      return;
    case "refunded": {
      // A confirmation may find the order between two asks (8012 refund failed): it ends refunded all the same.
      const results = await db.batch([
        ...seen,
        refundedStatement(db, payment.id, now),
        transitionStatement(db, payment.order_id, OrderStatus.refunding, `refund confirmed by ${payment.provider}`, now),
        transitionStatement(db, payment.order_id, OrderStatus.refunded, `refund confirmed by ${payment.provider}`, now),
        releaseCouponStatement(db, payment.order_id, [OrderStatus.refunded]),
      ]);
      if ((results[seen.length + 2]?.meta.changes ?? 0) > 0) await recordOrderStep(env, payment.order_id, "refunded");
      return;
    }
    case "refundFailed":
      // Money the provider said it gave back did not reach the buyer (Stripe's refund.failed): it is owed again,
      // and asked for again by the cron (docs/decisions/028), with the order in 8012 meanwhile.
      await db.batch([
        ...seen,
        refundFailedStatement(db, payment.id, now),
        transitionStatement(db, payment.order_id, OrderStatus.refundFailed, `refund failed at ${payment.provider}`, now),
      ]);
      return;
    case "pending":
      if (seen.length) await db.batch(seen);
      return;
  }
}

/**
 * POST /v1/pay/notify/<provider>: verify, apply once, acknowledge the way the provider expects. A genuine
 * notification about something the cloud-api does not follow (an event type, a payment it never made) is logged and
 * acknowledged: a refused one is sent again for days, and Stripe disables an endpoint that keeps failing. Only a
 * notification that is not genuine, or whose amount does not match, is refused.
 */
export async function handleNotification(env: CloudApiEnv, providerName: ProviderName, request: Request, body: string): Promise<Response> {
  const provider = providerNamed(env, providerName);
  let notification;
  try {
    notification = await provider.verifyNotification(request, body);
  } catch (error) {
    if (error instanceof NotificationRejected) throw new ApiError(Status.invalidParams, `notification rejected: ${error.message}`);
    throw error;
  }
  if ("unfollowed" in notification) {
    log("info", "notification.unfollowed", { provider: providerName, eventId: notification.eventId, why: notification.unfollowed });
    return provider.acknowledge();
  }
  const payment = await findPaymentByRef(env.DB, providerName, notification.providerRef);
  if (!payment) {
    log("warn", "notification.not-ours", { provider: providerName, eventId: notification.eventId, providerRef: notification.providerRef });
    return provider.acknowledge();
  }
  try {
    await applyPaymentReport(env, payment, notification, notification.eventId);
  } catch (error) {
    if (error instanceof NotificationRejected) throw new ApiError(Status.invalidParams, `notification rejected: ${error.message}`);
    throw error;
  }
  return provider.acknowledge();
}

/**
 * Before answering an order's status, asks the provider about an unsettled payment: a lost
 * notification must not leave a paid order waiting, and a redirect to the result page proves nothing.
 */
export async function settleFromProvider(env: CloudApiEnv, order: OrderRow): Promise<void> {
  if (order.status !== OrderStatus.waitingToPay && order.status !== OrderStatus.paying) return;
  const payment = await latestPaymentOfOrder(env.DB, order.order_id);
  if (!payment?.provider_ref || payment.status !== "created") return;
  try {
    const report = await providerNamed(env, payment.provider).queryPayment(payment.provider_ref);
    if (report.outcome !== "pending") await applyPaymentReport(env, payment, report, null);
  } catch (error) {
    if (error instanceof ProviderUnavailable || error instanceof NotificationRejected) {
      log("warn", "provider.query-failed", { paymentId: payment.id, orderId: payment.order_id, provider: payment.provider, error: error.message });
      return;
    }
    throw error;
  }
}

/** A provider's checkout is not payable longer than this (Stripe's sessions last at most 24 h, the others less). */
export const PAYABLE_FOR_SECONDS = 24 * 3600;

/**
 * A payment attempt the cloud-api closed itself is asked about at its provider, since its checkout can still
 * be paid there and a lost notification would leave that money neither delivering nor refunded. Paid: the
 * report applies as a notification would (it pays the order if the order can still be paid, else the money is
 * owed back). Still open: asked again at twice its age, until its checkout can no longer be paid.
 */
export async function askAboutClosedAttempt(env: CloudApiEnv, payment: PaymentRow, now: number): Promise<void> {
  const age = now - payment.created_at;
  if (!payment.provider_ref || age > PAYABLE_FOR_SECONDS) {
    await nextProviderCheckStatement(env.DB, payment.id, null).run();
    return;
  }
  let report: PaymentReport;
  try {
    report = await providerNamed(env, payment.provider).queryPayment(payment.provider_ref);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable || error instanceof NotificationRejected)) throw error;
    log("warn", "provider.query-failed", { paymentId: payment.id, orderId: payment.order_id, provider: payment.provider, closed: true, error: error.message });
    await nextProviderCheckStatement(env.DB, payment.id, now + FIRST_PROVIDER_CHECK_SECONDS).run();
    return;
  }
  if (report.outcome === "pending") {
    await nextProviderCheckStatement(env.DB, payment.id, now + Math.max(FIRST_PROVIDER_CHECK_SECONDS, age)).run();
    return;
  }
  await applyPaymentReport(env, payment, report, null);
  await nextProviderCheckStatement(env.DB, payment.id, null).run();
}
