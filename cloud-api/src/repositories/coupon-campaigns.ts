import type { CurrencyCode } from "#domain/money.ts";
import { randomHex } from "#api/core/hashing.ts";

export interface CampaignRow {
  id: number;
  request_id: string;
  /** The operator's name of the campaign. */
  title: string;
  /** What buyers read, JSON by language. */
  name: string;
  descrip: string;
  service_type: number;
  currency_code: CurrencyCode;
  amount_cents: number;
  use_limit_amount_cents: number;
  start_time: number;
  expire_time: number;
  issue_limit: number;
  created_by: string;
  created_at: number;
}

/** A campaign with what became of its coupons. */
export interface CampaignSummaryRow extends CampaignRow {
  issued: number;
  redeemed: number;
  revoked: number;
}

/** A new campaign, unless one was made already by the same request (a form posted twice makes one). */
export function createCampaignStatement(db: D1Database, campaign: CampaignRow): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO coupon_campaigns (id, request_id, title, name, descrip, service_type, currency_code, amount_cents, use_limit_amount_cents,
                                     start_time, expire_time, issue_limit, created_by, created_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14) ON CONFLICT (request_id) DO NOTHING`,
    )
    .bind(
      campaign.id,
      campaign.request_id,
      campaign.title,
      campaign.name,
      campaign.descrip,
      campaign.service_type,
      campaign.currency_code,
      campaign.amount_cents,
      campaign.use_limit_amount_cents,
      campaign.start_time,
      campaign.expire_time,
      campaign.issue_limit,
      campaign.created_by,
      campaign.created_at,
    );
}

export function findCampaignByRequest(db: D1Database, requestId: string): Promise<CampaignRow | null> {
  return db.prepare("SELECT * FROM coupon_campaigns WHERE request_id = ?").bind(requestId).first<CampaignRow>();
}

const SUMMARY = `SELECT k.*, COUNT(c.id) AS issued, COUNT(c.used_order_id) AS redeemed, COUNT(c.revoked_at) AS revoked
                 FROM coupon_campaigns k LEFT JOIN coupons c ON c.campaign_id = k.id`;

/** Campaigns newest first, a page at a time (ids below `before`). */
export async function listCampaigns(db: D1Database, page: { before: number | null; limit: number }): Promise<CampaignSummaryRow[]> {
  const { results } = await db
    .prepare(`${SUMMARY} WHERE ?1 IS NULL OR k.id < ?1 GROUP BY k.id ORDER BY k.id DESC LIMIT ?2`)
    .bind(page.before, page.limit)
    .all<CampaignSummaryRow>();
  return results;
}

export function campaignSummary(db: D1Database, campaignId: number): Promise<CampaignSummaryRow | null> {
  return db.prepare(`${SUMMARY} WHERE k.id = ? GROUP BY k.id`).bind(campaignId).first<CampaignSummaryRow>();
}

/** A coupon of a campaign as the console lists it: whose it is, and the order that used it, if any. */
export interface CampaignCouponRow {
  id: number;
  coupon_code: string;
  user_id: number;
  account: string;
  status: 0 | 1;
  used_order_id: string | null;
  order_status: number | null;
  revoked_at: number | null;
}

export async function campaignCoupons(db: D1Database, campaignId: number, page: { after: number | null; limit: number }): Promise<CampaignCouponRow[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id, c.coupon_code, c.user_id, u.account, c.status, c.used_order_id, o.status AS order_status, c.revoked_at
       FROM coupons c JOIN users u ON u.id = c.user_id LEFT JOIN orders o ON o.order_id = c.used_order_id
       WHERE c.campaign_id = ?1 AND (?2 IS NULL OR c.id > ?2) ORDER BY c.id LIMIT ?3`,
    )
    .bind(campaignId, page.after, page.limit)
    .all<CampaignCouponRow>();
  return results;
}

/** The accounts of these names, and which of them already hold a coupon of the campaign. */
export async function accountsForIssue(db: D1Database, campaignId: number, accounts: readonly string[]) {
  const { results } = await db
    .prepare(
      `SELECT u.id, u.account, EXISTS (SELECT 1 FROM coupons c WHERE c.campaign_id = ?1 AND c.user_id = u.id) AS holds
       FROM users u WHERE u.account IN (SELECT value FROM json_each(?2))`,
    )
    .bind(campaignId, JSON.stringify(accounts))
    .all<{ id: number; account: string; holds: 0 | 1 }>();
  return results;
}

/**
 * One coupon of the campaign for an account, copying the campaign's terms: only while the campaign has
 * issued fewer than its limit, and only if the account holds none of it yet (a unique index makes a second
 * one impossible). In one batch, each insert counts the ones before it. meta.changes is 0 when refused.
 */
export function issueCouponStatement(db: D1Database, campaignId: number, userId: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO coupons (user_id, coupon_code, name, descrip, type, currency_code, amount_cents, use_limit_amount_cents,
                            start_time, expire_time, status, campaign_id)
       SELECT ?2, ?3, k.name, k.descrip, k.service_type, k.currency_code, k.amount_cents, k.use_limit_amount_cents,
              k.start_time, k.expire_time, 0, k.id
       FROM coupon_campaigns k
       WHERE k.id = ?1 AND (SELECT COUNT(*) FROM coupons WHERE campaign_id = ?1) < k.issue_limit
       ON CONFLICT DO NOTHING`,
    )
    .bind(campaignId, userId, `C${campaignId}-${randomHex(6).toUpperCase()}`);
}

/**
 * Revokes an unused coupon of a campaign: status 1 with no order, which the buyer's list leaves out and
 * every checkout refuses. A coupon an order used (or holds while it waits for payment) stays as it is;
 * meta.changes is 0 then.
 */
export function revokeCouponStatement(db: D1Database, campaignId: number, couponId: number, now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE coupons SET status = 1, revoked_at = ?3 WHERE id = ?2 AND campaign_id = ?1 AND status = 0 AND used_order_id IS NULL")
    .bind(campaignId, couponId, now);
}

export function findCampaignCoupon(db: D1Database, campaignId: number, couponId: number) {
  return db
    .prepare("SELECT id, user_id, status, used_order_id, revoked_at FROM coupons WHERE id = ? AND campaign_id = ?")
    .bind(couponId, campaignId)
    .first<{ id: number; user_id: number; status: 0 | 1; used_order_id: string | null; revoked_at: number | null }>();
}
