import { formatMoney } from "#domain/money.ts";
import { orderStatusName, OrderStatus, type OrderStatusCode } from "#domain/order-status.ts";
import { regionForCountry } from "#domain/regions.ts";
import { Status } from "#contract/codes.ts";
import type { OperatorIdentity } from "#contract/operator.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { ApiError } from "#api/core/errors.ts";
import { localize } from "#api/core/localize.ts";
import { addCaseNoteStatement } from "#api/repositories/case-notes.ts";
import { revokeOrderPeriodStatements } from "#api/repositories/entitlements.ts";
import { claimOperatorRefundStatement } from "#api/repositories/operator-refunds.ts";
import { findOrder, transitionStatement, type OrderRow } from "#api/repositories/orders.ts";
import { markRefundDueStatement, owedAgainStatement, settledPaymentOfOrder } from "#api/repositories/payments.ts";
import type { CaseNoteRow } from "#api/repositories/case-notes.ts";
import type { OperatorRefundRow } from "#api/repositories/operator-refunds.ts";
import type { PaymentRow } from "#api/repositories/payments.ts";
import {
  orderRecordStatements,
  spanFigures,
  type CaseRow,
  type DeliveryOfOrderRow,
  type FoundOrderRow,
  type OrderEventDetailRow,
  type OrderSearch,
  type Span,
  searchOrders,
} from "#api/repositories/order-reports.ts";
import { auditStatement } from "#api/services/audit.ts";
import { caseToWire, openCasesQuery } from "#api/services/needs-a-person.ts";
import type { RefundLimits } from "#api/core/refund-limits.ts";
import { REFUND_STATES } from "#api/services/refunds.ts";
import { describeError, log } from "#platform/observability.ts";

/** Paid orders an operator may refund: before delivery, while it runs, or delivered and in use. */
const REFUNDABLE = [OrderStatus.paid, OrderStatus.buying, OrderStatus.purchaseSucceeded] as const;
/** Paid orders whose delivery can be queued again. */
const UNDELIVERED = [OrderStatus.paid, OrderStatus.buying] as const;

export const isRefundable = (status: number) => (REFUNDABLE as readonly number[]).includes(status);
/** Money on its way back that the provider has not refused: a failed refund (8012) is the operator's to ask again. */
export const isRefundPending = (status: number) => status !== OrderStatus.refundFailed && (REFUND_STATES as readonly number[]).includes(status);
export const isUndelivered = (status: number) => (UNDELIVERED as readonly number[]).includes(status);

const describeStatus = (status: number) => `${orderStatusName(status) ?? "unknown"} (${status})`;

async function requireOrder(db: D1Database, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw new ApiError(Status.notFound, `no order ${orderId}`);
  return order;
}

const orderToWire = (order: FoundOrderRow, language: string) => ({
  orderId: order.order_id,
  account: order.account,
  deviceId: order.device_id,
  serviceType: order.service_type,
  serviceName: localize(order.service_name, language),
  status: order.status,
  paymentType: order.payment_type,
  currencyCode: order.currency_code,
  payCents: order.pay_cents,
  createdAt: order.created_at,
  paidAt: order.paid_at,
});

/** The keyset cursor of a search page: the last order's creation time and id. */
const cursorOf = (order: FoundOrderRow) => `${order.created_at}:${order.order_id}`;
function afterCursor(cursor: string | undefined): OrderSearch["after"] {
  if (cursor === undefined) return undefined;
  const at = cursor.indexOf(":");
  return { createdAt: Number(cursor.slice(0, at)), orderId: cursor.slice(at + 1) };
}

/** The default page of a search when the caller names none. */
const SEARCH_PAGE = 20;

/** Orders matching the filters, a page at a time, newest first (issue 32 item 2). */
export async function findOrders(env: CloudApiEnv, filters: Omit<OrderSearch, "after" | "limit"> & { cursor?: string | undefined; pageSize?: number | undefined }, language: string) {
  const { cursor, pageSize = SEARCH_PAGE, ...search } = filters;
  // One more than a page tells whether another page follows.
  const rows = await searchOrders(env.DB, { ...search, after: afterCursor(cursor), limit: pageSize + 1 });
  const page = rows.slice(0, pageSize);
  return { orders: page.map((row) => orderToWire(row, language)), nextCursor: rows.length > pageSize ? cursorOf(page[page.length - 1]!) : null };
}

/** Everything an order's page shows (issue 32 item 2), read in one batch. */
export async function orderRecord(env: CloudApiEnv, orderId: string, language: string) {
  const db = env.DB;
  const results = await db.batch([...orderRecordStatements(db, orderId), openCasesQuery(db, nowSeconds(), orderId)]);
  const [orders, events, payments, periods, deliveries, refunds, notes, cases] = results.map((result) => result.results);
  const order = orders?.[0] as FoundOrderRow | undefined;
  if (!order) throw new ApiError(Status.notFound, `no order ${orderId}`);
  const period = periods?.[0] as { start_time: number; end_time: number; revoked_at: number | null } | undefined;
  const refund = refunds?.[0] as OperatorRefundRow | undefined;
  return {
    order: {
      ...orderToWire(order, language),
      userId: order.user_id,
      packageId: order.package_id,
      periodDays: order.period_days,
      priceCents: order.price_cents,
      discountCents: order.discount_cents,
      countryCode: order.country_code,
      language: order.language,
      updatedAt: order.updated_at,
    },
    events: (events as OrderEventDetailRow[]).map((e) => ({ fromStatus: e.from_status, toStatus: e.to_status, reason: e.reason, at: e.created_at })),
    payments: (payments as PaymentRow[]).map((p) => ({
      paymentId: p.id,
      provider: p.provider,
      providerRef: p.provider_ref,
      status: p.status,
      amountCents: p.amount_cents,
      currencyCode: p.currency_code,
      createdAt: p.created_at,
      refundOwedSince: p.refund_due_at,
      refundAttempts: p.refund_attempts,
      refundNextAt: p.refund_next_at,
    })),
    period: period ? { startTime: period.start_time, endTime: period.end_time, revokedAt: period.revoked_at } : null,
    operatorRefund: refund ? { reason: refund.reason, operatorEmail: refund.operator_email, amountCents: refund.amount_cents, requestedAt: refund.requested_at } : null,
    deliveries: (deliveries as DeliveryOfOrderRow[]).map((d) => ({
      eventId: d.event_id,
      type: d.type,
      occurredAt: d.occurred_at,
      endpoint: d.endpoint,
      attempts: d.attempts ?? 0,
      lastStatus: d.last_status,
      deliveredAt: d.delivered_at,
      deadAt: d.dead_at,
    })),
    needsAPerson: (cases as CaseRow[]).map(caseToWire),
    notes: (notes as CaseNoteRow[]).map((n) => ({ note: n.note, operatorEmail: n.operator_email, at: n.created_at })),
    refundable: isRefundable(order.status) || order.status === OrderStatus.refundFailed,
    refundPending: isRefundPending(order.status),
    fulfilmentResendable: isUndelivered(order.status),
  };
}

/** Today's page (issue 32 item 1): the span's figures, the conversion folded by method and by region, and the queue. */
export async function todayReport(env: CloudApiEnv, span: Span) {
  const [figures, cases] = await Promise.all([spanFigures(env.DB, span), openCasesQuery(env.DB, nowSeconds()).all<CaseRow>()]);
  const fold = <K extends string | number>(key: (row: (typeof figures.conversion)[number]) => K) => {
    const cells = new Map<K, { created: number; paid: number }>();
    for (const row of figures.conversion) {
      const cell = cells.get(key(row)) ?? { created: 0, paid: 0 };
      cells.set(key(row), { created: cell.created + row.created, paid: cell.paid + row.paid });
    }
    return [...cells].sort(([a], [b]) => String(a).localeCompare(String(b)));
  };
  return {
    from: span.from,
    to: span.to,
    ordersCreated: figures.created,
    ordersPaid: figures.perCurrency.reduce((sum, row) => sum + row.paid, 0),
    revenue: figures.perCurrency.map((row) => ({ currencyCode: row.currency_code, paidOrders: row.paid, cents: row.cents })),
    conversionByMethod: fold((row) => row.payment_type).map(([paymentType, cell]) => ({ paymentType, ...cell })),
    conversionByRegion: fold((row) => regionForCountry(row.country_code)).map(([region, cell]) => ({ region, ...cell })),
    delivered: figures.delivery.delivered,
    medianPaidToDeliveredSeconds: figures.delivery.median,
    needsAPerson: cases.results.map(caseToWire),
  };
}

/** The audit row of an operator's refund or its retry, the order moving from its status to `to`. */
function refundAuditStatement(
  db: D1Database,
  operator: OperatorIdentity,
  action: "order.refund" | "order.refund-retry",
  order: OrderRow,
  payment: PaymentRow,
  to: OrderStatusCode,
  reason: string,
  onlyAfterAChange = false,
) {
  return auditStatement(db, {
    operator,
    action,
    objectType: "order",
    objectId: order.order_id,
    before: { status: order.status },
    after: { status: to, refundCents: payment.amount_cents, currencyCode: payment.currency_code },
    note: reason,
    onlyAfterAChange,
  });
}

/** The queue's first ask for an owed refund; when the queue fails, the payment is owed in D1 and the cron asks a minute later. */
async function askFromQueue(env: CloudApiEnv, orderId: string, paymentId: string) {
  try {
    await env.FULFILMENT.send({ paymentId });
  } catch (error) {
    log("warn", "operator-refund.queue-failed", { orderId, paymentId, error: describeError(error), next: "the cron asks" });
  }
}

/**
 * A full refund an operator asks for (issue 32 item 2), through the money exits every refund takes: the payment is
 * owed back (refund_due_at), the queue makes the first ask and the cron follows it until the provider confirms
 * (services/refunds.ts), and order.refunded goes out when it does. The period the order granted is revoked at once,
 * as a card refund revokes its period. One refund whatever happens: the claim fails the batch of a second one.
 * `limits`: cents per currency the operator may refund (null: no limit).
 */
export async function refundByOperator(env: CloudApiEnv, operator: OperatorIdentity, orderId: string, reason: string, limits: RefundLimits | null) {
  const db = env.DB;
  const order = await requireOrder(db, orderId);
  const retry = order.status === OrderStatus.refundFailed;
  if (isRefundPending(order.status)) return { orderId, refund: "pending" as const, status: order.status };
  if (order.status === OrderStatus.refunded) throw new ApiError(Status.conflict, `order ${orderId} was refunded already`);
  if (!retry && !isRefundable(order.status)) {
    throw new ApiError(Status.conflict, `order ${orderId} is ${describeStatus(order.status)}: only a paid order that is not refunded can be refunded`);
  }
  if (limits !== null && order.pay_cents > (limits[order.currency_code] ?? 0)) {
    const limit = formatMoney(limits[order.currency_code] ?? 0, order.currency_code, "en");
    throw new ApiError(
      Status.forbidden,
      `your role may refund at most ${limit} (${order.currency_code}) at once; order ${orderId} paid ${formatMoney(order.pay_cents, order.currency_code, "en")}: ask an admin`,
    );
  }
  const payment = await settledPaymentOfOrder(db, orderId);
  if (!payment) throw new ApiError(Status.conflict, `order ${orderId} has no settled payment to refund`);
  if (retry) return retryFailedRefund(env, operator, order, payment, reason);
  const now = nowSeconds();
  try {
    await db.batch([
      claimOperatorRefundStatement(
        db,
        {
          order_id: orderId,
          payment_id: payment.id,
          amount_cents: payment.amount_cents,
          currency_code: payment.currency_code,
          reason,
          operator_email: operator.email,
          requested_at: now,
        },
        REFUNDABLE,
      ),
      transitionStatement(db, orderId, OrderStatus.waitingForRefund, `refund asked for by ${operator.email}: ${reason}`.slice(0, 500), now),
      markRefundDueStatement(db, payment.id, now),
      ...revokeOrderPeriodStatements(db, orderId, now),
      refundAuditStatement(db, operator, "order.refund", order, payment, OrderStatus.waitingForRefund, reason),
    ]);
  } catch (error) {
    // Claimed already, or the order moved since it was read: say where it stands now.
    const now = await requireOrder(db, orderId);
    if (isRefundPending(now.status)) return { orderId, refund: "pending" as const, status: now.status };
    if (now.status !== order.status) throw new ApiError(Status.conflict, `order ${orderId} became ${describeStatus(now.status)} meanwhile; look again`);
    throw error;
  }
  await askFromQueue(env, orderId, payment.id);
  return { orderId, refund: "requested" as const, status: OrderStatus.waitingForRefund as OrderStatusCode };
}

/**
 * A refund the provider refused (8012), asked for again at once (docs/decisions/058): the payment is owed again with
 * its next ask now, the order goes back to 8010 refunding, and the queue asks, as for the first refund; the cron
 * follows it from there. Once under a double click: the second batch finds the order refunding already, moves
 * nothing and writes no audit row (onlyAfterAChange), and answers pending.
 */
async function retryFailedRefund(env: CloudApiEnv, operator: OperatorIdentity, order: OrderRow, payment: PaymentRow, reason: string) {
  const db = env.DB;
  const orderId = order.order_id;
  const now = nowSeconds();
  const [, moved] = await db.batch([
    owedAgainStatement(db, payment.id, OrderStatus.refundFailed, now),
    transitionStatement(db, orderId, OrderStatus.refunding, `refund asked for again by ${operator.email}: ${reason}`.slice(0, 500), now),
    refundAuditStatement(db, operator, "order.refund-retry", order, payment, OrderStatus.refunding, reason, true),
  ]);
  if (!moved?.meta.changes) {
    const current = await requireOrder(db, orderId);
    if (isRefundPending(current.status)) return { orderId, refund: "pending" as const, status: current.status };
    throw new ApiError(Status.conflict, `order ${orderId} became ${describeStatus(current.status)} meanwhile; look again`);
  }
  await askFromQueue(env, orderId, payment.id);
  return { orderId, refund: "requested" as const, status: OrderStatus.refunding as OrderStatusCode };
}

/**
 * Queues the delivery of a paid, undelivered order again. Fulfilment delivers once however often it is queued
 * (fulfilment/fulfil.ts: each effect is guarded by the status it starts from and the grant by its source).
 */
export async function resendFulfilment(env: CloudApiEnv, operator: OperatorIdentity, orderId: string) {
  const order = await requireOrder(env.DB, orderId);
  if (!isUndelivered(order.status)) {
    throw new ApiError(Status.conflict, `order ${orderId} is ${describeStatus(order.status)}: only a paid order not yet delivered can be sent again`);
  }
  await auditStatement(env.DB, {
    operator,
    action: "order.resend-fulfilment",
    objectType: "order",
    objectId: orderId,
    before: { status: order.status },
    after: { status: order.status, queued: true },
  }).run();
  await env.FULFILMENT.send({ orderId });
  return { orderId, queued: true as const };
}

/** A note that takes the order's open cases out of the queue (docs/decisions/058). */
export async function resolveCases(env: CloudApiEnv, operator: OperatorIdentity, orderId: string, note: string) {
  const db = env.DB;
  await requireOrder(db, orderId);
  const now = nowSeconds();
  const { results: open } = await openCasesQuery(db, now, orderId).all<CaseRow>();
  if (open.length === 0) throw new ApiError(Status.conflict, `order ${orderId} has no case that needs a person`);
  await db.batch([
    addCaseNoteStatement(db, { order_id: orderId, note, operator_email: operator.email, created_at: now }),
    auditStatement(db, {
      operator,
      action: "order.resolve",
      objectType: "order",
      objectId: orderId,
      before: { cases: open.map((row) => row.kind) },
      after: { cases: [] },
      note,
    }),
  ]);
  return { orderId, resolved: open.length };
}
