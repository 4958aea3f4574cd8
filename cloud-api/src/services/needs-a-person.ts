import { openCasesStatement, type CaseDeadlines, type CaseRow } from "#api/repositories/order-reports.ts";
import { CLOSE_ALARM_SECONDS } from "#api/services/provider-closes.ts";
import { REFUND_ALARM_SECONDS } from "#api/services/refunds.ts";

/** A paid order neither delivered nor refunded after this long needs a person (the cron logs it, Today lists it). */
export const FULFILMENT_ALARM_SECONDS = 3600;

/** The console's queue holds at most this many cases, the oldest first. */
const QUEUE_LIMIT = 200;

/** The cases the cron logs as NEEDS A PERSON, with the same deadlines, as of `now`. */
export const caseDeadlines = (now: number): CaseDeadlines => ({
  fulfilmentBefore: now - FULFILMENT_ALARM_SECONDS,
  refundOwedBefore: now - REFUND_ALARM_SECONDS,
  closeRefusedBefore: now - CLOSE_ALARM_SECONDS,
});

/** The open cases (docs/decisions/058): every order's, or one order's. */
export function openCasesQuery(db: D1Database, now: number, orderId: string | null = null): D1PreparedStatement {
  return openCasesStatement(db, caseDeadlines(now), QUEUE_LIMIT, orderId);
}

export const caseToWire = (row: CaseRow) => ({
  kind: row.kind,
  orderId: row.order_id,
  since: row.since,
  paymentId: row.payment_id,
  status: row.status,
  currencyCode: row.currency_code,
  payCents: row.pay_cents,
});
