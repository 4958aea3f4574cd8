import { OrderStatus } from "#domain/order-status.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { providerNamed } from "#api/payments/index.ts";
import { ProviderUnavailable } from "#api/payments/provider.ts";
import { releaseCouponStatement, transitionStatement } from "#api/repositories/orders.ts";
import {
  markRefundDueStatement,
  markRefundsOfOrdersInStatement,
  refundAskedStatement,
  refundedStatement,
  refundsDue,
  refundsOwedSince,
  settledPaymentOfOrder,
  type PaymentRow,
} from "#api/repositories/payments.ts";
import { describeError, log, needsAPerson } from "#platform/observability.ts";
import { recordOrderStep } from "#api/services/funnel.ts";

/**
 * Money owed back to a buyer lives on the payment (refund_due_at) until the provider confirms the
 * refund. Every provider's refund call is idempotent (one refund per payment), so asking again is how
 * a pending refund is followed and a failed one retried: a minute after the first ask, then with a
 * doubling delay up to six hours. The order follows: 8010 refunding while asked, 8012 refund failed
 * after a refusal (back to 8010 at the next ask), 8011 refunded with its coupon back.
 */
const FIRST_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 6 * 3600;
/** An owed refund older than this is logged as needing a person, at every sweep, until it settles. */
export const REFUND_ALARM_SECONDS = 3 * 86400;

/** Orders whose money is on its way back; their payment is owed until it is refunded. */
export const REFUND_STATES = [OrderStatus.waitingForRefund, OrderStatus.refunding, OrderStatus.refundFailed] as const;

export function nextRefundAskAt(now: number, attempts: number): number {
  return now + Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** attempts);
}

export type RefundProgress = "refunded" | "pending" | "failed";

/**
 * Asks the provider for the refund of an owed payment and records what it says. Safe to run twice at
 * once: every write starts from the state it expects.
 */
export async function askForRefund(env: CloudApiEnv, payment: PaymentRow): Promise<RefundProgress> {
  const db = env.DB;
  const orderId = payment.order_id;
  await transitionStatement(db, orderId, OrderStatus.refunding, payment.refund_attempts > 0 ? "refund asked for again" : "refund requested", nowSeconds()).run();
  let outcome: "refunded" | "pending";
  try {
    if (!payment.provider_ref) throw new ProviderUnavailable(`payment ${payment.id} has no provider reference to refund`);
    // What is owed back is the whole payment, in its first and only refund.
    ({ outcome } = await providerNamed(env, payment.provider).refund(payment.provider_ref, { number: 1, amountCents: payment.amount_cents, paymentCents: payment.amount_cents }));
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    const now = nowSeconds();
    log("warn", "refund.failed", { paymentId: payment.id, orderId, provider: payment.provider, error: error.message, next: "asked again later" });
    await db.batch([
      refundAskedStatement(db, payment.id, nextRefundAskAt(now, payment.refund_attempts)),
      transitionStatement(db, orderId, OrderStatus.refundFailed, `refund failed: ${error.message}`.slice(0, 500), now),
    ]);
    return "failed";
  }
  const now = nowSeconds();
  if (outcome === "pending") {
    await refundAskedStatement(db, payment.id, nextRefundAskAt(now, payment.refund_attempts)).run();
    return "pending";
  }
  const [, moved] = await db.batch([
    refundedStatement(db, payment.id, now),
    transitionStatement(db, orderId, OrderStatus.refunded, `refunded by ${payment.provider}`, now),
    releaseCouponStatement(db, orderId, [OrderStatus.refunded]),
  ]);
  if (moved?.meta.changes) await recordOrderStep(env, orderId, "refunded");
  return "refunded";
}

/**
 * Money arrived for an order that can no longer use it (cancelled or closed, or already paid by another
 * attempt): it goes back to the buyer. The debt is written down first, so that a refund the provider
 * cannot make now is asked for again by the cron until it goes through; the first ask is made from the queue
 * (refundFromQueue), so that the notification that brought the money is acknowledged without waiting for it.
 */
export async function refundStrayPayment(env: CloudApiEnv, payment: PaymentRow): Promise<void> {
  log("warn", "refund.stray-payment", { paymentId: payment.id, orderId: payment.order_id, provider: payment.provider });
  await markRefundDueStatement(env.DB, payment.id, nowSeconds()).run();
  await env.FULFILMENT.send({ paymentId: payment.id });
}

/** The queue's first ask for a payment owed back; one asked already is the cron's to follow, so a repeated message asks nothing. */
export async function refundFromQueue(env: CloudApiEnv, payment: PaymentRow): Promise<void> {
  if (payment.status !== "succeeded" || payment.refund_due_at === null || payment.refund_next_at !== null) return;
  await askForRefund(env, payment);
}

/**
 * A paid order that cannot be delivered: 8005 -> 8009 waiting for refund -> 8010 refunding, its payment
 * owed, then the first ask. Whatever the provider says, the cron follows the refund from there.
 */
export async function refundUndeliverable(env: CloudApiEnv, orderId: string, reason: string): Promise<void> {
  const db = env.DB;
  const now = nowSeconds();
  const payment = await settledPaymentOfOrder(db, orderId);
  await db.batch([
    transitionStatement(db, orderId, OrderStatus.waitingForRefund, `fulfilment failed: ${reason}`.slice(0, 500), now),
    ...(payment ? [markRefundDueStatement(db, payment.id, now)] : []),
  ]);
  if (!payment) {
    needsAPerson("undeliverable-unpaid", orderId, `order ${orderId} cannot be delivered and has no settled payment to refund`);
    return;
  }
  await askForRefund(env, { ...payment, refund_due_at: payment.refund_due_at ?? now });
}

/**
 * Cron: every owed refund whose next ask is due is asked for again; an order that holds money to give
 * back but whose payment was never marked owed (a crash between two steps) is marked first. Refunds owed
 * for longer than REFUND_ALARM_SECONDS are logged loudly for a person, and counted.
 */
export async function followOwedRefunds(env: CloudApiEnv, now: number): Promise<{ asked: number; needPerson: number }> {
  await markRefundsOfOrdersInStatement(env.DB, REFUND_STATES, now - FIRST_RETRY_SECONDS).run();
  const due = await refundsDue(env.DB, now);
  for (const payment of due) {
    try {
      await askForRefund(env, payment);
    } catch (error) {
      // One provider's trouble (or a misconfigured adapter) must not stop the other refunds.
      log("error", "refund.ask-failed", { paymentId: payment.id, orderId: payment.order_id, provider: payment.provider, error: describeError(error) });
    }
  }
  const overdue = await refundsOwedSince(env.DB, now - REFUND_ALARM_SECONDS);
  for (const payment of overdue) {
    needsAPerson(
      "refund-overdue",
      payment.order_id,
      `payment ${payment.id} of order ${payment.order_id} (${payment.amount_cents} ${payment.currency_code} at ${payment.provider}) ` +
        `has been owed back since ${new Date((payment.refund_due_at ?? now) * 1000).toISOString()}, asked ${payment.refund_attempts} times`,
      { paymentId: payment.id, provider: payment.provider },
    );
  }
  return { asked: due.length, needPerson: overdue.length };
}
