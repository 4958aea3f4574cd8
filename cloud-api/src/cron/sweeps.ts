import { OrderStatus } from "#domain/order-status.ts";
import { SIGNATURE_WINDOW_SECONDS } from "#contract/signature.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { forgetTokensExpiredBefore } from "#api/repositories/auth-tokens.ts";
import {
  findOrder,
  fulfilledOrdersEndedBefore,
  ordersOlderThan,
  releaseCouponStatement,
  transitionStatement,
} from "#api/repositories/orders.ts";
import { cancelOpenPaymentsStatement, closedAttemptsToAsk, closesDue, failedClosesSince } from "#api/repositories/payments.ts";
import { forgetNoncesBefore } from "#api/repositories/request-nonces.ts";
import { askAboutClosedAttempt, settleFromProvider } from "#api/services/payment-events.ts";
import { closeAtProvider, CLOSE_ALARM_SECONDS } from "#api/services/provider-closes.ts";
import { followOwedRefunds } from "#api/services/refunds.ts";
import { FULFILMENT_ALARM_SECONDS } from "#api/services/needs-a-person.ts";
import { addVipDataDue } from "#api/services/vip-data.ts";
import { orderSettings } from "#api/settings.ts";
import { dispatchEvents, requeueStalled } from "#api/services/webhooks.ts";
import { describeError, log, needsAPerson } from "#platform/observability.ts";

/** Orders handled per sweep and per run; a backlog is worked off over the next runs. */
const BATCH = 100;
/** A paid order still unfulfilled after this long lost its queue message: it is sent again. */
const STALLED_SECONDS = 10 * 60;
/** An order whose payment attempt has had no news for this long is asked about at its provider. */
const RECONCILE_AFTER_SECONDS = 5 * 60;

/**
 * Unpaid orders close by themselves: 8001 -> 8014 closed, or 8015 payment closed once a payment was
 * attempted (8002 paying, 8004 failed). The provider is asked first, so that a payment whose
 * notification was lost is not closed; the coupon comes back.
 */
export async function closeUnpaidOrders(env: CloudApiEnv, now: number): Promise<number> {
  const due = await ordersOlderThan(
    env.DB,
    [OrderStatus.waitingToPay, OrderStatus.paying, OrderStatus.paymentFailed],
    "created_at",
    now - orderSettings(env).unpaidTtl,
    BATCH,
  );
  let closed = 0;
  for (const { order_id } of due) {
    const order = await findOrder(env.DB, order_id);
    if (!order) continue;
    await settleFromProvider(env, order);
    const to = order.status === OrderStatus.waitingToPay ? OrderStatus.closed : OrderStatus.paymentClosed;
    const ended = [OrderStatus.closed, OrderStatus.paymentClosed];
    // Its attempts' closes at the provider are made by closeEndedAttempts, later in the same run.
    const [moved] = await env.DB.batch([
      transitionStatement(env.DB, order_id, to, "not paid in time", now),
      releaseCouponStatement(env.DB, order_id, ended),
      cancelOpenPaymentsStatement(env.DB, order_id, now, ended),
    ]);
    if (moved?.meta.changes) closed += 1;
  }
  return closed;
}

/**
 * Reconciliation: orders stuck with an open payment attempt, 8002 paying or 8001 waiting to pay, for
 * more than a few minutes are settled from what the provider says (paid, failed, cancelled), so that a
 * lost notification does not wait for the buyer to look or for the order to close. Runs after
 * closeUnpaidOrders, which asks about the orders it closes itself. Returns the orders that moved.
 */
export async function reconcileOpenPayments(env: CloudApiEnv, now: number): Promise<number> {
  const stuck = await ordersOlderThan(env.DB, [OrderStatus.waitingToPay, OrderStatus.paying], "updated_at", now - RECONCILE_AFTER_SECONDS, BATCH);
  let moved = 0;
  for (const { order_id } of stuck) {
    const order = await findOrder(env.DB, order_id);
    if (!order) continue;
    try {
      await settleFromProvider(env, order);
    } catch (error) {
      // One provider's trouble (or a misconfigured adapter) must not stop the other orders' sweep.
      log("error", "reconcile.failed", { orderId: order_id, error: describeError(error) });
      continue;
    }
    if ((await findOrder(env.DB, order_id))?.status !== order.status) moved += 1;
  }
  return moved;
}

/**
 * Attempts the cloud-api closed itself (a repay or a new checkout replaced them, or their order ended) are
 * asked about at their provider until their checkout can no longer be paid (services/payment-events.ts).
 * Returns how many were asked.
 */
export async function askAboutClosedAttempts(env: CloudApiEnv, now: number): Promise<number> {
  const due = await closedAttemptsToAsk(env.DB, now, BATCH);
  for (const payment of due) {
    try {
      await askAboutClosedAttempt(env, payment, now);
    } catch (error) {
      log("error", "closed-attempt.ask-failed", { paymentId: payment.id, orderId: payment.order_id, provider: payment.provider, error: describeError(error) });
    }
  }
  return due.length;
}

/**
 * Ended attempts whose checkout is still to be closed at its provider: those the unpaid orders' close just ended,
 * and closes that failed, due again (services/provider-closes.ts). A close the provider has refused for longer than
 * CLOSE_ALARM_SECONDS is logged for a person at every sweep. Returns how many closes were tried.
 */
export async function closeEndedAttempts(env: CloudApiEnv, now: number): Promise<{ tried: number; needPerson: number }> {
  const due = await closesDue(env.DB, now, BATCH);
  for (const payment of due) {
    try {
      await closeAtProvider(env, payment, now);
    } catch (error) {
      log("error", "close.failed", { paymentId: payment.id, orderId: payment.order_id, provider: payment.provider, error: describeError(error) });
    }
  }
  const overdue = await failedClosesSince(env.DB, now - CLOSE_ALARM_SECONDS, BATCH);
  for (const payment of overdue) {
    needsAPerson(
      "close-refused",
      payment.order_id,
      `the checkout of payment ${payment.id} (order ${payment.order_id}) at ${payment.provider} could not be closed since ` +
        `${new Date((payment.close_due_at ?? now) * 1000).toISOString()} (${payment.close_attempts} tries): close ${payment.provider_ref} in the provider's dashboard`,
      { paymentId: payment.id, provider: payment.provider },
    );
  }
  return { tried: due.length, needPerson: overdue.length };
}

export async function requeueStalledFulfilment(env: CloudApiEnv, now: number): Promise<number> {
  const stalled = await ordersOlderThan(env.DB, [OrderStatus.paid, OrderStatus.buying], "updated_at", now - STALLED_SECONDS, BATCH);
  if (stalled.length) await env.FULFILMENT.sendBatch(stalled.map(({ order_id }) => ({ body: { orderId: order_id } })));
  return stalled.length;
}

/** Paid orders stuck in 8003/8005 past the limit: logged loudly at every sweep until they move. */
export async function alarmStuckFulfilment(env: CloudApiEnv, now: number): Promise<number> {
  const stuck = await ordersOlderThan(env.DB, [OrderStatus.paid, OrderStatus.buying], "updated_at", now - FULFILMENT_ALARM_SECONDS, BATCH);
  for (const { order_id, status } of stuck) {
    needsAPerson("fulfilment-stuck", order_id, `paid order ${order_id} has been in ${status} for over an hour, neither delivered nor refunded`, { status });
  }
  return stuck.length;
}

/** 8006 -> 8008 once the period the order granted has ended. */
export async function finishEndedOrders(env: CloudApiEnv, now: number): Promise<number> {
  const ended = await fulfilledOrdersEndedBefore(env.DB, now, BATCH);
  if (!ended.length) return 0;
  const results = await env.DB.batch(
    ended.map(({ order_id }) => transitionStatement(env.DB, order_id, OrderStatus.finished, "service period ended", now)),
  );
  return results.filter((r) => r.meta.changes > 0).length;
}

/** Every Cron Trigger run (cloud-api/wrangler.jsonc). */
export async function runSweeps(env: CloudApiEnv): Promise<Record<string, number>> {
  const now = nowSeconds();
  return {
    noncesForgotten: await forgetNoncesBefore(env.DB, now - 2 * SIGNATURE_WINDOW_SECONDS),
    tokensForgotten: await forgetTokensExpiredBefore(env.DB, now - 86400),
    ordersClosed: await closeUnpaidOrders(env, now),
    paymentsReconciled: await reconcileOpenPayments(env, now),
    ...(await closeEndedAttempts(env, now).then(({ tried, needPerson }) => ({ closesTried: tried, closesNeedingAPerson: needPerson }))),
    closedAttemptsAsked: await askAboutClosedAttempts(env, now),
    ...(await followOwedRefunds(env, now).then(({ asked, needPerson }) => ({ refundsAsked: asked, refundsNeedingAPerson: needPerson }))),
    fulfilmentRequeued: await requeueStalledFulfilment(env, now),
    fulfilmentNeedingAPerson: await alarmStuckFulfilment(env, now),
    ordersFinished: await finishEndedOrders(env, now),
    vipDataMonthsAdded: await addVipDataDue(env.DB, now),
    // Last, so that the events of this sweep's own changes go out with it.
    webhooksRequeued: await requeueStalled(env, now),
    webhooksQueued: await dispatchEvents(env),
  };
}
