import type { CloudApiEnv } from "#api/env.ts";
import { providerNamed } from "#api/payments/index.ts";
import { ProviderUnavailable, type CloseOutcome } from "#api/payments/provider.ts";
import { closeAgainStatement, closeSettledStatement, endedAttemptIds, type PaymentRow } from "#api/repositories/payments.ts";
import { askAboutClosedAttempt, PAYABLE_FOR_SECONDS } from "#api/services/payment-events.ts";
import { orderSettings } from "#api/settings.ts";
import { log } from "#platform/observability.ts";

/**
 * An attempt that ends (cancel, repay, a new checkout that replaces its order, the unpaid order's close) is closed
 * at its provider, so that its QR code, cashier or card session cannot take a second payment (docs/decisions/052).
 * The close is owed in D1 (close_due_at) from the batch that ended the attempt; the queue makes it at once, and a
 * try that fails is made again by the cron, a minute later and then at the close's age, up to an hour apart.
 */
const FIRST_RETRY_SECONDS = 60;
const MAX_RETRY_SECONDS = 3600;
/** A close the provider keeps refusing for this long is logged as needing a person, at every sweep. */
export const CLOSE_ALARM_SECONDS = 3600;
/** Slack past a checkout's own expiry (the unpaid order's life) before a payment that never started cannot start. */
const EXPIRY_SLACK_SECONDS = 5 * 60;

/** Asks the queue to close, at their providers, the attempts that these batch results' cancelOpenPaymentsStatement ended. */
export async function queueCloses(env: CloudApiEnv, results: readonly (D1Result | undefined)[]): Promise<void> {
  const ids = endedAttemptIds(results);
  if (ids.length) await env.FULFILMENT.sendBatch(ids.map((paymentId) => ({ body: { paymentId } })));
}

/**
 * Closes an ended attempt's checkout at its provider, once its close is due. Paid before the close: the payment
 * is settled at once, as the question of decision 042 would settle it later (the order is paid if it still can
 * be, or the money is owed back). Nothing to close yet (an Alipay form not submitted): tried again until the
 * checkout's own expiry has passed. Returns what the provider said, or null when no call was made or it failed.
 */
export async function closeAtProvider(env: CloudApiEnv, payment: PaymentRow, now: number): Promise<CloseOutcome | null> {
  if (payment.close_due_at === null) return null;
  const retryAt = now + Math.min(MAX_RETRY_SECONDS, Math.max(FIRST_RETRY_SECONDS, now - payment.close_due_at));
  if (!payment.provider_ref || now - payment.created_at > PAYABLE_FOR_SECONDS) {
    if (payment.close_attempts > 0) log("error", "close.given-up", { paymentId: payment.id, orderId: payment.order_id, provider: payment.provider, why: "its checkout can no longer be paid anyway" });
    await closeSettledStatement(env.DB, payment.id).run();
    return null;
  }
  let outcome: CloseOutcome;
  try {
    outcome = await providerNamed(env, payment.provider).close(payment.provider_ref);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    log("warn", "close.failed", { paymentId: payment.id, orderId: payment.order_id, provider: payment.provider, error: error.message, next: "tried again later" });
    await closeAgainStatement(env.DB, payment.id, retryAt, true).run();
    return null;
  }
  if (outcome === "absent") {
    const expired = now > payment.created_at + orderSettings(env).unpaidTtl + EXPIRY_SLACK_SECONDS;
    await (expired ? closeSettledStatement(env.DB, payment.id) : closeAgainStatement(env.DB, payment.id, retryAt, false)).run();
    return outcome;
  }
  await closeSettledStatement(env.DB, payment.id).run();
  if (outcome === "paid") await askAboutClosedAttempt(env, payment, now);
  return outcome;
}
