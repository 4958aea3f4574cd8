/** A refund an operator asked for (issue 32): one per order, never changed. */
export interface OperatorRefundRow {
  order_id: string;
  payment_id: string;
  amount_cents: number;
  currency_code: string;
  reason: string;
  operator_email: string;
  requested_at: number;
}

/**
 * Claims the order's one operator refund, first in the batch that refunds it, while the order is in one of
 * `refundableIn`. It fails, and with it the whole batch, when the order was claimed already (a double click, another
 * operator at the same moment: the primary key) or has left those statuses since it was read (payment_id is then
 * NULL, which the NOT NULL constraint refuses).
 */
export function claimOperatorRefundStatement(db: D1Database, refund: OperatorRefundRow, refundableIn: readonly number[]): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO operator_refunds (order_id, payment_id, amount_cents, currency_code, reason, operator_email, requested_at)
       VALUES (?1, CASE WHEN EXISTS (SELECT 1 FROM orders WHERE order_id = ?1 AND status IN (${refundableIn.map((_, i) => `?${8 + i}`).join(", ")})) THEN ?2 END,
               ?3, ?4, ?5, ?6, ?7)`,
    )
    .bind(refund.order_id, refund.payment_id, refund.amount_cents, refund.currency_code, refund.reason, refund.operator_email, refund.requested_at, ...refundableIn);
}

