import { OrderStatus, type OrderStatusCode } from "#domain/order-status.ts";
import type { OrderRow } from "#api/repositories/orders.ts";

/**
 * What the operator console reads across orders (issue 32): the search, the figures of a span of time and the
 * cases that need a person. Reads only; every statement is for a batch, so that a page is one round trip.
 */

export interface OrderSearch {
  orderId?: string | undefined;
  deviceId?: string | undefined;
  account?: string | undefined;
  providerRef?: string | undefined;
  status?: number | undefined;
  /** Created at or after, before (Unix seconds). */
  from?: number | undefined;
  to?: number | undefined;
  /** Keyset: the last row of the page before (newest first, ties by order id). */
  after?: { createdAt: number; orderId: string } | undefined;
  limit: number;
}

export type FoundOrderRow = OrderRow & { account: string };

/** Orders matching every filter given, newest first; `limit` rows at most. */
export async function searchOrders(db: D1Database, search: OrderSearch): Promise<FoundOrderRow[]> {
  const where: string[] = [];
  const binds: unknown[] = [];
  const filter = (sql: string, ...values: unknown[]) => {
    where.push(sql);
    binds.push(...values);
  };
  if (search.orderId !== undefined) filter("o.order_id = ?", search.orderId);
  if (search.deviceId !== undefined) filter("o.device_id = ?", search.deviceId);
  if (search.account !== undefined) filter("u.account = ?", search.account);
  if (search.providerRef !== undefined) filter("o.order_id IN (SELECT order_id FROM payments WHERE provider_ref = ?)", search.providerRef);
  if (search.status !== undefined) filter("o.status = ?", search.status);
  if (search.from !== undefined) filter("o.created_at >= ?", search.from);
  if (search.to !== undefined) filter("o.created_at < ?", search.to);
  if (search.after !== undefined) filter("(o.created_at, o.order_id) < (?, ?)", search.after.createdAt, search.after.orderId);
  const { results } = await db
    .prepare(
      `SELECT o.*, u.account FROM orders o JOIN users u ON u.id = o.user_id
       ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY o.created_at DESC, o.order_id DESC LIMIT ?`,
    )
    .bind(...binds, search.limit)
    .all<FoundOrderRow>();
  return results;
}

/** A span of time, [from, to) in Unix seconds. */
export interface Span {
  from: number;
  to: number;
}

export interface CurrencyTotalRow {
  currency_code: string;
  paid: number;
  cents: number;
}

export interface ConversionRow {
  payment_type: number;
  country_code: string;
  created: number;
  paid: number;
}

/** The figures of a span: orders created, paid and their money per currency, conversion cells, and the median delivery. */
export async function spanFigures(db: D1Database, span: Span) {
  const [created, paid, conversion, delivery] = await db.batch([
    db.prepare("SELECT COUNT(*) AS n FROM orders WHERE created_at >= ?1 AND created_at < ?2").bind(span.from, span.to),
    db
      .prepare(
        `SELECT currency_code, COUNT(*) AS paid, SUM(pay_cents) AS cents FROM orders
         WHERE paid_at >= ?1 AND paid_at < ?2 GROUP BY currency_code ORDER BY currency_code`,
      )
      .bind(span.from, span.to),
    // Every order is made by a confirm; it converted when it was paid, whenever that was.
    db
      .prepare(
        `SELECT payment_type, country_code, COUNT(*) AS created, COUNT(paid_at) AS paid FROM orders
         WHERE created_at >= ?1 AND created_at < ?2 GROUP BY payment_type, country_code`,
      )
      .bind(span.from, span.to),
    // The median seconds from paid to delivered (8006) of the orders paid in the span: the middle one, or the mean
    // of the middle two. An order reaches 8006 once.
    db
      .prepare(
        `WITH d AS (SELECT e.created_at - o.paid_at AS seconds FROM orders o
                    JOIN order_events e ON e.order_id = o.order_id AND e.to_status = ${OrderStatus.purchaseSucceeded}
                    WHERE o.paid_at >= ?1 AND o.paid_at < ?2)
         SELECT (SELECT COUNT(*) FROM d) AS delivered, AVG(seconds) AS median
         FROM (SELECT seconds FROM d ORDER BY seconds LIMIT 2 - (SELECT COUNT(*) FROM d) % 2 OFFSET ((SELECT COUNT(*) FROM d) - 1) / 2)`,
      )
      .bind(span.from, span.to),
  ]);
  return {
    created: (created!.results[0] as { n: number }).n,
    perCurrency: paid!.results as CurrencyTotalRow[],
    conversion: conversion!.results as ConversionRow[],
    delivery: delivery!.results[0] as { delivered: number; median: number | null },
  };
}

export type CaseKind = "fulfilment-stuck" | "refund-overdue" | "refund-failed" | "close-refused";

export interface CaseRow {
  kind: CaseKind;
  order_id: string;
  /** When the case began; a note on the order made at or after it resolves it. */
  since: number;
  payment_id: string | null;
  status: OrderStatusCode;
  currency_code: string;
  pay_cents: number;
}

/** When each kind of case is old enough to need a person (services/needs-a-person.ts), as a `before` time. */
export interface CaseDeadlines {
  fulfilmentBefore: number;
  refundOwedBefore: number;
  closeRefusedBefore: number;
}

/**
 * The cases that need a person, the oldest first: the cron's NEEDS A PERSON alarms (a paid order undelivered, a
 * refund owed too long, a checkout the provider would not close) and refunds the provider refused, less those a
 * note made since they began resolves (`orderId`: one order's). A refund is owed since the earlier of its payment's
 * mark and the order's first move to 8009/8010 while it is still there: the mark may be missing or late (the cron
 * marks an order left unmarked only when it next sweeps).
 */
export function openCasesStatement(db: D1Database, deadlines: CaseDeadlines, limit: number, orderId: string | null = null): D1PreparedStatement {
  return db
    .prepare(
      `SELECT c.kind, c.order_id, c.since, c.payment_id, o.status, o.currency_code, o.pay_cents FROM (
         SELECT 'fulfilment-stuck' AS kind, order_id, updated_at AS since, NULL AS payment_id FROM orders
           WHERE status IN (${OrderStatus.paid}, ${OrderStatus.buying}) AND updated_at < ?1
         UNION ALL
         SELECT 'refund-failed', o.order_id, COALESCE(p.refund_due_at, o.updated_at), p.id FROM orders o
           LEFT JOIN payments p ON p.order_id = o.order_id AND p.status = 'succeeded' AND p.refund_due_at IS NOT NULL
           WHERE o.status = ${OrderStatus.refundFailed}
         UNION ALL
         SELECT 'refund-overdue', order_id, MIN(owed_at), MAX(payment_id) FROM (
           SELECT order_id, refund_due_at AS owed_at, id AS payment_id FROM payments WHERE refund_due_at IS NOT NULL AND status = 'succeeded'
           UNION ALL
           SELECT e.order_id, e.created_at, NULL FROM orders w JOIN order_events e ON e.order_id = w.order_id
             WHERE w.status IN (${OrderStatus.waitingForRefund}, ${OrderStatus.refunding}) AND e.to_status IN (${OrderStatus.waitingForRefund}, ${OrderStatus.refunding})
         ) GROUP BY order_id HAVING MIN(owed_at) < ?2
         UNION ALL
         SELECT 'close-refused', order_id, close_due_at, id FROM payments
           WHERE close_due_at IS NOT NULL AND close_attempts > 0 AND close_due_at < ?3
       ) c JOIN orders o ON o.order_id = c.order_id
       WHERE (?5 IS NULL OR c.order_id = ?5)
         AND NOT EXISTS (SELECT 1 FROM order_case_notes n WHERE n.order_id = c.order_id AND n.created_at >= c.since)
       ORDER BY c.since, c.order_id, c.kind LIMIT ?4`,
    )
    .bind(deadlines.fulfilmentBefore, deadlines.refundOwedBefore, deadlines.closeRefusedBefore, limit, orderId);
}

export interface OrderEventDetailRow {
  from_status: number | null;
  to_status: number;
  reason: string;
  created_at: number;
}

export interface DeliveryOfOrderRow {
  event_id: string;
  type: string;
  occurred_at: number;
  endpoint: string | null;
  attempts: number | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: number | null;
  dead_at: number | null;
}

/**
 * Statements of everything an order's page shows: the order and its account, its status history with reasons, every
 * payment attempt, the period it granted, its integration events with their deliveries (found by their dedupe keys,
 * which name the order or its period), the refund an operator asked for and the notes that resolved its cases.
 */
export function orderRecordStatements(db: D1Database, orderId: string): D1PreparedStatement[] {
  return [
    db.prepare("SELECT o.*, u.account FROM orders o JOIN users u ON u.id = o.user_id WHERE o.order_id = ?").bind(orderId),
    db.prepare("SELECT from_status, to_status, reason, created_at FROM order_events WHERE order_id = ? ORDER BY id").bind(orderId),
    db.prepare("SELECT * FROM payments WHERE order_id = ? ORDER BY created_at, rowid").bind(orderId),
    db.prepare("SELECT start_time, end_time, revoked_at FROM entitlements WHERE source = 'order' AND source_ref = ?").bind(orderId),
    db
      .prepare(
        `SELECT e.id AS event_id, e.type, e.occurred_at, d.endpoint, d.attempts, d.last_status, d.last_error, d.delivered_at, d.dead_at
         FROM webhook_events e LEFT JOIN webhook_deliveries d ON d.event_id = e.id
         WHERE e.dedupe_key IN ('order.paid:' || ?1, 'order.refunded:' || ?1, 'sim.data_added:' || ?1)
            OR e.dedupe_key IN (SELECT 'entitlement.granted:' || id FROM entitlements WHERE source = 'order' AND source_ref = ?1)
            OR e.dedupe_key IN (SELECT 'entitlement.revoked:' || id FROM entitlements WHERE source = 'order' AND source_ref = ?1)
         ORDER BY e.seq, d.endpoint`,
      )
      .bind(orderId),
    db.prepare("SELECT * FROM operator_refunds WHERE order_id = ?").bind(orderId),
    db.prepare("SELECT * FROM order_case_notes WHERE order_id = ? ORDER BY created_at, id").bind(orderId),
  ];
}
