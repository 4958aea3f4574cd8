import type { CurrencyCode } from "#domain/money.ts";
import { UNPAID_OPEN } from "#api/repositories/orders.ts";

export interface CouponRow {
  id: number;
  coupon_code: string;
  name: string;
  descrip: string;
  type: number;
  currency_code: CurrencyCode;
  amount_cents: number;
  use_limit_amount_cents: number;
  start_time: number;
  expire_time: number;
  status: 0 | 1;
}

/** A coupon as a checkout judges it: with the order that holds it, if any. */
export interface HeldCouponRow extends CouponRow {
  used_order_id: string | null;
}

/**
 * The coupons of the user an access token names, by the token's hash, so that they are read beside the
 * token's own check (docs/decisions/040), whose refusal wins: those in a currency that apply to a service
 * type (type 0 applies to all), leaving out used ones, those not started yet, and those expired before
 * `expiredSince`. A coupon held by one of the user's own unpaid orders is not used: a new checkout takes
 * it back (releasableOrders).
 */
export async function listCouponsOfToken(
  db: D1Database,
  query: { tokenHash: string; currency: CurrencyCode; serviceType: number | null; now: number; expiredSince: number },
): Promise<CouponRow[]> {
  const { results } = await db
    .prepare(
      `WITH owner(user_id) AS (SELECT user_id FROM auth_tokens WHERE token_hash = ?1 AND kind = 'access')
       SELECT id, coupon_code, name, descrip, type, currency_code, amount_cents, use_limit_amount_cents,
              start_time, expire_time, status
       FROM coupons
       WHERE user_id = (SELECT user_id FROM owner) AND currency_code = ?2 AND start_time <= ?3 AND expire_time >= ?4
         AND (status = 0 OR used_order_id IN (SELECT order_id FROM orders WHERE user_id = (SELECT user_id FROM owner) AND status IN (${UNPAID_OPEN.join(", ")})))
         AND (?5 IS NULL OR type = 0 OR type = ?5)
       ORDER BY amount_cents DESC, id`,
    )
    .bind(query.tokenHash, query.currency, query.now, query.expiredSince, query.serviceType)
    .all<CouponRow>();
  return results;
}

/**
 * The name (JSON by language) and code of the coupon an order used, whatever its status now, found by the
 * order so that it is read beside the order, not after it.
 */
export function findCouponNameOfOrder(db: D1Database, orderId: string) {
  return db
    .prepare("SELECT c.name, c.coupon_code FROM coupons c JOIN orders o ON o.coupon_id = c.id WHERE o.order_id = ?")
    .bind(orderId)
    .first<{ name: string; coupon_code: string }>();
}

/** The user's coupon of this id, used or not: null for another user's, so that ids cannot be probed. */
export function findCouponOfUser(db: D1Database, couponId: number, userId: number): Promise<HeldCouponRow | null> {
  return db.prepare("SELECT * FROM coupons WHERE id = ? AND user_id = ?").bind(couponId, userId).first<HeldCouponRow>();
}

/** Whether a coupon is used now (1) or free (0); null when there is none of this id. */
export async function couponStatus(db: D1Database, couponId: number): Promise<0 | 1 | null> {
  return (await db.prepare("SELECT status FROM coupons WHERE id = ?").bind(couponId).first<{ status: 0 | 1 }>())?.status ?? null;
}

/**
 * Marks a coupon used by an order, in the order's creation batch: only if it is still free and the order
 * was created (a refused insert leaves the coupon as it was). A null coupon changes nothing.
 */
export function useCouponStatement(db: D1Database, orderId: string, couponId: number | null): D1PreparedStatement {
  return db
    .prepare("UPDATE coupons SET status = 1, used_order_id = ?1 WHERE id = ?2 AND status = 0 AND EXISTS (SELECT 1 FROM orders WHERE order_id = ?1)")
    .bind(orderId, couponId);
}
