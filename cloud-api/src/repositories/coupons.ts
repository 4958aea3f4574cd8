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

/**
 * The user's coupons in a currency that apply to a service type (type 0 applies to all), leaving out
 * used ones, those not started yet, and those expired for more than `expiredSince`. A coupon held by one
 * of the user's own unpaid orders is not used: a new checkout takes it back (releasableOrders).
 */
/**
 * The coupons of the user an access token names, by the token's hash, so that they are read beside the
 * token's own check (docs/decisions/040), whose refusal wins.
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

/** The name of the coupon an order used (JSON by language), whatever its status now. */
/** The coupon an order used, found by the order so that it is read beside the order, not after it. */
export function findCouponNameOfOrder(db: D1Database, orderId: string) {
  return db
    .prepare("SELECT c.name, c.coupon_code FROM coupons c JOIN orders o ON o.coupon_id = c.id WHERE o.order_id = ?")
    .bind(orderId)
    .first<{ name: string; coupon_code: string }>();
}
