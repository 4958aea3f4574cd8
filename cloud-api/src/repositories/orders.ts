import { canTransition, OrderStatus, type OrderStatusCode } from "#domain/order-status.ts";
import type { CurrencyCode } from "#domain/money.ts";
import type { PaymentTypeCode } from "#domain/payment-methods.ts";

export interface OrderRow {
  order_id: string;
  user_id: number;
  device_id: string;
  service_type: number;
  package_id: number;
  /** The package version it was priced from (docs/decisions/059); null for an order from before versions. */
  package_version: number | null;
  service_name: string;
  period_days: number;
  currency_code: CurrencyCode;
  price_cents: number;
  coupon_id: number | null;
  discount_cents: number;
  pay_cents: number;
  payment_type: PaymentTypeCode;
  status: OrderStatusCode;
  language: string;
  country_code: string;
  created_at: number;
  paid_at: number | null;
  updated_at: number;
}

export function findOrder(db: D1Database, orderId: string): Promise<OrderRow | null> {
  return db.prepare("SELECT * FROM orders WHERE order_id = ?").bind(orderId).first<OrderRow>();
}

export async function listOrdersOfDevice(
  db: D1Database,
  query: { deviceId: string; serviceType: number; offset: number; limit: number },
): Promise<OrderRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM orders WHERE device_id = ? AND service_type = ? ORDER BY created_at DESC, order_id DESC LIMIT ? OFFSET ?")
    .bind(query.deviceId, query.serviceType, query.limit, query.offset)
    .all<OrderRow>();
  return results;
}

const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ");

const FROM_STATUSES = new Map<OrderStatusCode, OrderStatusCode[]>(
  Object.values(OrderStatus).map((to) => [to, Object.values(OrderStatus).filter((from) => canTransition(from, to))]),
);

/**
 * Moves an order to `to` only from a status that may lead there (domain/order-status.ts); the
 * trigger order_status_history appends the event. meta.changes is 0 when the move is not allowed (and
 * counts the event row too when it is: test it with > 0).
 */
export function transitionStatement(
  db: D1Database,
  orderId: string,
  to: OrderStatusCode,
  reason: string,
  now: number,
): D1PreparedStatement {
  const from = FROM_STATUSES.get(to) ?? [];
  return db
    .prepare(
      `UPDATE orders SET status = ?1, status_reason = ?2, updated_at = ?3,
              paid_at = CASE WHEN ?1 = ${OrderStatus.paid} THEN ?3 ELSE paid_at END
       WHERE order_id = ?4 AND status IN (${placeholders(from) || "NULL"})`,
    )
    .bind(to, reason, now, orderId, ...from);
}

type OrderRef = { order_id: string; status: OrderStatusCode };

/** Unpaid orders a buyer may leave behind (waiting to pay, payment failed): a new checkout replaces them. */
export const UNPAID_OPEN = [OrderStatus.waitingToPay, OrderStatus.paymentFailed] as const;

/**
 * The buyer's unpaid orders that a new checkout replaces (docs/decisions/050-a): the open order of the same
 * package on the same device, and the one holding the coupon the buyer chose. Abandoning a checkout never
 * costs the buyer their coupon, and trying again never leaves two open orders of one package; an unpaid
 * order of another package stays open.
 */
export async function releasableOrders(db: D1Database, query: { userId: number; deviceId: string; packageId: number; couponId: number | null }) {
  const { results } = await db
    .prepare(
      `SELECT order_id, status FROM orders WHERE user_id = ?1 AND status IN (${UNPAID_OPEN.join(", ")})
       AND ((device_id = ?2 AND package_id = ?3) OR order_id = (SELECT used_order_id FROM coupons WHERE id = ?4 AND user_id = ?1))`,
    )
    .bind(query.userId, query.deviceId, query.packageId, query.couponId)
    .all<OrderRef>();
  return results;
}

/** What a checkout writes of a new order; it is created waiting to pay. */
export type NewOrder = Pick<
  OrderRow,
  | "order_id"
  | "user_id"
  | "device_id"
  | "service_type"
  | "package_id"
  | "package_version"
  | "service_name"
  | "period_days"
  | "currency_code"
  | "price_cents"
  | "coupon_id"
  | "discount_cents"
  | "pay_cents"
  | "payment_type"
  | "language"
  | "country_code"
  | "created_at"
>;

/**
 * A new order and its first event, for a checkout's batch. The order is written only while its device
 * and its user each created fewer than their limit of orders since `limits.since`, and while its coupon
 * (if any) is free; the event only if the order was written. meta.changes of the first is 0 when refused.
 */
export function createOrderStatements(db: D1Database, order: NewOrder, limits: { since: number; perDevice: number; perUser: number }): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO orders (order_id, user_id, device_id, service_type, package_id, service_name, period_days, currency_code,
                             price_cents, coupon_id, discount_cents, pay_cents, payment_type, status, status_reason, language,
                             country_code, created_at, updated_at, package_version)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ${OrderStatus.waitingToPay}, 'created', ?14, ?15, ?16, ?16, ?20
         WHERE (SELECT COUNT(*) FROM orders WHERE device_id = ?3 AND created_at > ?17) < ?18
           AND (SELECT COUNT(*) FROM orders WHERE user_id = ?2 AND created_at > ?17) < ?19
           AND (?10 IS NULL OR EXISTS (SELECT 1 FROM coupons WHERE id = ?10 AND status = 0))`,
      )
      .bind(
        order.order_id,
        order.user_id,
        order.device_id,
        order.service_type,
        order.package_id,
        order.service_name,
        order.period_days,
        order.currency_code,
        order.price_cents,
        order.coupon_id,
        order.discount_cents,
        order.pay_cents,
        order.payment_type,
        order.language,
        order.country_code,
        order.created_at,
        limits.since,
        limits.perDevice,
        limits.perUser,
        order.package_version,
      ),
    db
      .prepare(
        `INSERT INTO order_events (order_id, from_status, to_status, reason, created_at)
         SELECT ?1, NULL, ${OrderStatus.waitingToPay}, 'created', ?2 WHERE EXISTS (SELECT 1 FROM orders WHERE order_id = ?1)`,
      )
      .bind(order.order_id, order.created_at),
  ];
}

/**
 * Orders in one of the statuses whose creation (`created_at`: unpaid orders to close) or last change
 * (`updated_at`: fulfilment that stalled) is older than a time, oldest first.
 */
export async function ordersOlderThan(
  db: D1Database,
  statuses: readonly OrderStatusCode[],
  column: "created_at" | "updated_at",
  before: number,
  limit: number,
) {
  const { results } = await db
    .prepare(`SELECT order_id, status FROM orders WHERE status IN (${placeholders(statuses)}) AND ${column} < ? ORDER BY ${column} LIMIT ?`)
    .bind(...statuses, before, limit)
    .all<OrderRef>();
  return results;
}

/** Fulfilled orders whose granted period has ended. */
export async function fulfilledOrdersEndedBefore(db: D1Database, now: number, limit: number) {
  const { results } = await db
    .prepare(
      `SELECT o.order_id, o.status FROM orders o
       JOIN entitlements e ON e.source = 'order' AND e.source_ref = o.order_id
       WHERE o.status = ${OrderStatus.purchaseSucceeded} AND e.end_time <= ? ORDER BY e.end_time LIMIT ?`,
    )
    .bind(now, limit)
    .all<OrderRef>();
  return results;
}

/**
 * Gives back the coupon an order used, so that it can be used again, provided the order is (now) in
 * one of `endedIn` (cancelled, closed, refunded): in a batch after a transition, it follows that
 * transition only if it happened.
 */
export function releaseCouponStatement(db: D1Database, orderId: string, endedIn: readonly OrderStatusCode[]): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE coupons SET status = 0, used_order_id = NULL
       WHERE used_order_id = ?1 AND EXISTS (SELECT 1 FROM orders WHERE order_id = ?1 AND status IN (${placeholders(endedIn)}))`,
    )
    .bind(orderId, ...endedIn);
}

export interface OrderEventRow {
  from_status: number | null;
  to_status: number;
  created_at: number;
}

/** An order's status changes, in the order they happened. */
export async function listOrderEvents(db: D1Database, orderId: string): Promise<OrderEventRow[]> {
  const { results } = await db
    .prepare("SELECT from_status, to_status, created_at FROM order_events WHERE order_id = ? ORDER BY id")
    .bind(orderId)
    .all<OrderEventRow>();
  return results;
}
