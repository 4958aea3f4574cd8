import type { ProviderName } from "#domain/payment-methods.ts";
import type { PaymentInstructions } from "#api/payments/provider.ts";

export type PaymentStatus = "created" | "succeeded" | "failed" | "cancelled" | "refunded";

export interface PaymentRow {
  id: string;
  order_id: string;
  provider: ProviderName;
  payment_type: number;
  provider_ref: string | null;
  amount_cents: number;
  currency_code: string;
  status: PaymentStatus;
  instructions: string;
  /** Set while the payment is owed back to the buyer and the provider has not confirmed the refund. */
  refund_due_at: number | null;
  /** How often the refund was asked for, and when it is asked for next (backoff). */
  refund_attempts: number;
  refund_next_at: number | null;
  /** When a payment the cloud-api closed itself is next asked at its provider (it may be paid there anyway). */
  provider_check_at: number | null;
  /** Set while the checkout of an attempt that ended is still to be closed at its provider; its next try, and failed tries. */
  close_due_at: number | null;
  close_next_at: number | null;
  close_attempts: number;
  created_at: number;
  updated_at: number;
}

export function insertPaymentStatement(
  db: D1Database,
  payment: Pick<PaymentRow, "id" | "order_id" | "provider" | "payment_type" | "provider_ref" | "amount_cents" | "currency_code"> & {
    instructions: PaymentInstructions;
  },
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO payments (id, order_id, provider, payment_type, provider_ref, amount_cents, currency_code, status, instructions, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'created', ?, ?, ?)`,
    )
    .bind(
      payment.id,
      payment.order_id,
      payment.provider,
      payment.payment_type,
      payment.provider_ref,
      payment.amount_cents,
      payment.currency_code,
      JSON.stringify(payment.instructions),
      now,
      now,
    );
}

export function findPayment(db: D1Database, paymentId: string): Promise<PaymentRow | null> {
  return db.prepare("SELECT * FROM payments WHERE id = ?").bind(paymentId).first<PaymentRow>();
}

export function findPaymentByRef(db: D1Database, provider: ProviderName, providerRef: string): Promise<PaymentRow | null> {
  return db.prepare("SELECT * FROM payments WHERE provider = ? AND provider_ref = ?").bind(provider, providerRef).first<PaymentRow>();
}

/** The order's newest payment attempt. */
export function latestPaymentOfOrder(db: D1Database, orderId: string): Promise<PaymentRow | null> {
  return db
    .prepare("SELECT * FROM payments WHERE order_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1")
    .bind(orderId)
    .first<PaymentRow>();
}

/** The order's payment that succeeded (the one to refund). */
export function settledPaymentOfOrder(db: D1Database, orderId: string): Promise<PaymentRow | null> {
  return db.prepare("SELECT * FROM payments WHERE order_id = ? AND status = 'succeeded' LIMIT 1").bind(orderId).first<PaymentRow>();
}

/** Moves a payment between statuses; meta.changes is 0 when it was not in one of `from`. */
export function paymentStatusStatement(
  db: D1Database,
  paymentId: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(`UPDATE payments SET status = ?, updated_at = ? WHERE id = ? AND status IN (${from.map(() => "?").join(", ")})`)
    .bind(to, now, paymentId, ...from);
}

/**
 * Open attempts of an order stop counting once a new one is made (repay) or the order ends; with
 * `endedIn`, only if the order is (now) in one of those statuses, as for releaseCouponStatement. Each one's
 * checkout is owed a close at its provider, and it is asked about later all the same (a payment can race the
 * close). Its rows are the ids of the attempts it ended (endedAttemptIds).
 */
export function cancelOpenPaymentsStatement(db: D1Database, orderId: string, now: number, endedIn?: readonly number[]): D1PreparedStatement {
  const guard = endedIn ? `AND EXISTS (SELECT 1 FROM orders WHERE order_id = ?1 AND status IN (${endedIn.map(() => "?").join(", ")}))` : "";
  return db
    .prepare(
      `UPDATE payments SET status = 'cancelled', updated_at = ?2,
         provider_check_at = CASE WHEN provider_ref IS NULL THEN NULL ELSE ?2 + ?3 END,
         close_due_at = CASE WHEN provider_ref IS NULL THEN NULL ELSE ?2 END,
         close_next_at = CASE WHEN provider_ref IS NULL THEN NULL ELSE ?2 END
       WHERE order_id = ?1 AND status = 'created' ${guard} RETURNING id`,
    )
    .bind(orderId, now, FIRST_PROVIDER_CHECK_SECONDS, ...(endedIn ?? []));
}

/** The attempts the cancelOpenPaymentsStatement of these results ended. */
export function endedAttemptIds(results: readonly (D1Result | undefined)[]): string[] {
  return results.flatMap((result) => (result?.results ?? []) as { id: string }[]).map((row) => row.id);
}

/** Ended attempts whose close at the provider is due (just ended, or a try that failed is due again). */
export async function closesDue(db: D1Database, now: number, limit: number): Promise<PaymentRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM payments WHERE close_due_at IS NOT NULL AND close_next_at <= ? ORDER BY close_next_at LIMIT ?")
    .bind(now, limit)
    .all<PaymentRow>();
  return results;
}

/** Closes that failed and are still owed since before `before`: past the deadline, a person has to look. */
export async function failedClosesSince(db: D1Database, before: number, limit: number): Promise<PaymentRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM payments WHERE close_due_at IS NOT NULL AND close_due_at < ? AND close_attempts > 0 ORDER BY close_due_at LIMIT ?")
    .bind(before, limit)
    .all<PaymentRow>();
  return results;
}

/** The checkout is closed at its provider (or can no longer be paid): nothing more to close. */
export function closeSettledStatement(db: D1Database, paymentId: string): D1PreparedStatement {
  return db.prepare("UPDATE payments SET close_due_at = NULL, close_next_at = NULL WHERE id = ?").bind(paymentId);
}

/** The close is tried again at `nextAt`; `failed` counts a try the provider refused or did not answer. */
export function closeAgainStatement(db: D1Database, paymentId: string, nextAt: number, failed: boolean): D1PreparedStatement {
  return db
    .prepare("UPDATE payments SET close_next_at = ?, close_attempts = close_attempts + ? WHERE id = ? AND close_due_at IS NOT NULL")
    .bind(nextAt, failed ? 1 : 0, paymentId);
}

/** A closed attempt is first asked about after this long, then at twice its age each time. */
export const FIRST_PROVIDER_CHECK_SECONDS = 5 * 60;

/** Closed attempts due to be asked at their provider, the longest waiting first. */
export async function closedAttemptsToAsk(db: D1Database, now: number, limit: number): Promise<PaymentRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM payments WHERE provider_check_at <= ? ORDER BY provider_check_at LIMIT ?")
    .bind(now, limit)
    .all<PaymentRow>();
  return results;
}

/** When the attempt is asked next; null: never again. */
export function nextProviderCheckStatement(db: D1Database, paymentId: string, at: number | null): D1PreparedStatement {
  return db.prepare("UPDATE payments SET provider_check_at = ? WHERE id = ?").bind(at, paymentId);
}

/** Records a provider notification; meta.changes is 0 for one seen before. */
export function recordNotificationStatement(
  db: D1Database,
  notification: { provider: ProviderName; eventId: string; orderId: string | null },
  now: number,
): D1PreparedStatement {
  return db
    .prepare("INSERT INTO payment_notifications (provider, event_id, order_id, received_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(notification.provider, notification.eventId, notification.orderId, now);
}

/** Marks a succeeded payment as owed back to the buyer (once; the first mark keeps its time). */
export function markRefundDueStatement(db: D1Database, paymentId: string, now: number): D1PreparedStatement {
  return db.prepare("UPDATE payments SET refund_due_at = COALESCE(refund_due_at, ?) WHERE id = ? AND status = 'succeeded'").bind(now, paymentId);
}

/**
 * A refund the provider refused, owed again with its next ask now (the queue's first ask takes it), while the payment's
 * order is still in `orderStatus`: meta.changes is 0 once it has left it.
 */
export function owedAgainStatement(db: D1Database, paymentId: string, orderStatus: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE payments SET refund_due_at = COALESCE(refund_due_at, ?1), refund_next_at = NULL
       WHERE id = ?2 AND status = 'succeeded' AND order_id IN (SELECT order_id FROM orders WHERE status = ?3)`,
    )
    .bind(now, paymentId, orderStatus);
}

/**
 * Marks as owed every succeeded payment of an order in one of `statuses` that is not marked yet: an
 * order that holds money to give back is never left without a refund being asked for.
 */
export function markRefundsOfOrdersInStatement(db: D1Database, statuses: readonly number[], now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE payments SET refund_due_at = ? WHERE status = 'succeeded' AND refund_due_at IS NULL
       AND order_id IN (SELECT order_id FROM orders WHERE status IN (${statuses.map(() => "?").join(", ")}))`,
    )
    .bind(now, ...statuses);
}

/** The refund went through: the payment is refunded and owed nothing more. */
export function refundedStatement(db: D1Database, paymentId: string, now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE payments SET status = 'refunded', refund_due_at = NULL, refund_next_at = NULL, updated_at = ? WHERE id = ? AND status = 'succeeded'")
    .bind(now, paymentId);
}

/**
 * A refund of the payment failed at the provider, even one recorded as made: the payment is owed back again, and
 * its refund is asked for again a minute from now.
 */
export function refundFailedStatement(db: D1Database, paymentId: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE payments SET status = 'succeeded', refund_due_at = COALESCE(refund_due_at, ?1), refund_next_at = ?1 + 60, updated_at = ?1
       WHERE id = ?2 AND status IN ('succeeded', 'refunded')`,
    )
    .bind(now, paymentId);
}

/** One more refund request was made that did not settle it: when to ask next. */
export function refundAskedStatement(db: D1Database, paymentId: string, nextAt: number): D1PreparedStatement {
  return db
    .prepare("UPDATE payments SET refund_attempts = refund_attempts + 1, refund_next_at = ? WHERE id = ? AND status = 'succeeded' AND refund_due_at IS NOT NULL")
    .bind(nextAt, paymentId);
}

/** Payments still owed back whose next refund request is due (a minute after the first mark, then by backoff). */
export async function refundsDue(db: D1Database, now: number, limit = 50): Promise<PaymentRow[]> {
  const rows = await db
    .prepare(
      `SELECT * FROM payments WHERE refund_due_at IS NOT NULL AND status = 'succeeded'
       AND COALESCE(refund_next_at, refund_due_at + 60) <= ? ORDER BY refund_due_at LIMIT ?`,
    )
    .bind(now, limit)
    .all<PaymentRow>();
  return rows.results;
}

/** Payments owed back since before `before`: past the limit, a person has to look. */
export async function refundsOwedSince(db: D1Database, before: number, limit = 50): Promise<PaymentRow[]> {
  const rows = await db
    .prepare("SELECT * FROM payments WHERE refund_due_at IS NOT NULL AND refund_due_at < ? AND status = 'succeeded' ORDER BY refund_due_at LIMIT ?")
    .bind(before, limit)
    .all<PaymentRow>();
  return rows.results;
}

/**
 * The payment that paid the order: a succeeded one that is not owed back; else one that took money and is
 * owed or given back (the order's own refund); else the newest attempt. A second checkout paid after the
 * first is refunded, and is not the order's payment.
 */
export function paymentOfRecord(db: D1Database, orderId: string): Promise<PaymentRow | null> {
  return db
    .prepare(
      `SELECT * FROM payments WHERE order_id = ?
       ORDER BY CASE WHEN status = 'succeeded' AND refund_due_at IS NULL THEN 0 WHEN status IN ('succeeded', 'refunded') THEN 1 ELSE 2 END,
         created_at DESC, rowid DESC LIMIT 1`,
    )
    .bind(orderId)
    .first<PaymentRow>();
}
