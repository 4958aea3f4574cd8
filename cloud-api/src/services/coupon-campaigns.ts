import type { z } from "zod";
import { couponTexts } from "#domain/coupon-texts.ts";
import type { OperatorIdentity } from "#contract/operator.ts";
import { Status } from "#contract/codes.ts";
import type * as endpoints from "#contract/endpoints.ts";
import { ApiError } from "#api/core/errors.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { abortUnlessChangedStatement, isNothingChanged, writeUnderNextId } from "#api/repositories/batch-guard.ts";
import {
  accountsForIssue,
  campaignCoupons,
  campaignSummary,
  createCampaignStatement,
  findCampaignByRequest,
  findCampaignCoupon,
  issueCouponStatement,
  listCampaigns,
  revokeCouponStatement,
  type CampaignCouponRow,
  type CampaignSummaryRow,
} from "#api/repositories/coupon-campaigns.ts";
import { UNPAID_OPEN } from "#api/repositories/orders.ts";
import { auditStatement } from "#api/services/audit.ts";

const CAMPAIGNS_PER_PAGE = 20;
const COUPONS_PER_PAGE = 50;

type CampaignInput = z.output<typeof endpoints.couponCampaignCreate.input>;

function campaignToWire(row: CampaignSummaryRow) {
  return {
    id: row.id,
    title: row.title,
    serviceType: row.service_type,
    currency: row.currency_code,
    amountCents: row.amount_cents,
    minimumSpendCents: row.use_limit_amount_cents,
    startTime: row.start_time,
    expireTime: row.expire_time,
    issueLimit: row.issue_limit,
    issued: row.issued,
    redeemed: row.redeemed,
    revoked: row.revoked,
    createdBy: row.created_by,
    createdAt: row.created_at,
  };
}

function couponState(row: CampaignCouponRow): z.output<typeof endpoints.couponCampaignRevoke.output>["state"] {
  if (row.revoked_at !== null) return "revoked";
  if (row.used_order_id === null) return "unused";
  return (UNPAID_OPEN as readonly number[]).includes(row.order_status ?? 0) ? "held" : "redeemed";
}

function couponToWire(row: CampaignCouponRow) {
  return { id: row.id, couponCode: row.coupon_code, account: row.account, state: couponState(row), orderId: row.used_order_id, orderStatus: row.order_status };
}

export async function campaignPage(db: D1Database, before: number | undefined) {
  const rows = await listCampaigns(db, { before: before ?? null, limit: CAMPAIGNS_PER_PAGE });
  return { campaigns: rows.map(campaignToWire), nextBefore: rows.length === CAMPAIGNS_PER_PAGE ? (rows.at(-1)?.id ?? null) : null };
}

async function requireCampaign(db: D1Database, campaignId: number): Promise<CampaignSummaryRow> {
  const campaign = await campaignSummary(db, campaignId);
  if (!campaign) throw new ApiError(Status.notFound, `no coupon campaign ${campaignId}`);
  return campaign;
}

export async function campaignDetail(db: D1Database, campaignId: number, after: number | undefined) {
  const [campaign, coupons] = await Promise.all([requireCampaign(db, campaignId), campaignCoupons(db, campaignId, { after: after ?? null, limit: COUPONS_PER_PAGE })]);
  return {
    campaign: campaignToWire(campaign),
    coupons: coupons.map(couponToWire),
    nextAfter: coupons.length === COUPONS_PER_PAGE ? (coupons.at(-1)?.id ?? null) : null,
  };
}

/** A new campaign, worded for buyers from its amounts in the 10 languages; a repeated request answers the first one's. */
export async function createCampaign(db: D1Database, operator: OperatorIdentity, input: CampaignInput) {
  const now = nowSeconds();
  if (input.expireTime <= now) throw new ApiError(Status.invalidParams, "invalid params: expireTime: must be in the future");
  const texts = couponTexts(input.amountCents, input.minimumSpendCents, input.currency);
  const terms = {
    request_id: input.requestId,
    title: input.title,
    name: JSON.stringify(texts.name),
    descrip: JSON.stringify(texts.descrip),
    service_type: input.serviceType,
    currency_code: input.currency,
    amount_cents: input.amountCents,
    use_limit_amount_cents: input.minimumSpendCents,
    start_time: input.startTime,
    expire_time: input.expireTime,
    issue_limit: input.issueLimit,
    created_by: operator.email,
    created_at: now,
  };
  // The audit log keeps the terms and the buyer's wording in English.
  const { name: _name, descrip: _descrip, request_id: _requestId, ...audited } = terms;
  await writeUnderNextId("coupon_campaigns", db, async (id) => {
    try {
      await db.batch([
        createCampaignStatement(db, { id, ...terms }),
        abortUnlessChangedStatement(db),
        auditStatement(db, { operator, action: "coupon_campaign.create", objectType: "coupon_campaign", objectId: id, before: null, after: { id, ...audited, name: texts.name.en } }),
      ]);
    } catch (error) {
      // The same request made it already: it answers that campaign.
      if (!isNothingChanged(error)) throw error;
    }
  });
  const made = await findCampaignByRequest(db, input.requestId);
  if (!made) throw new Error(`the campaign of request ${input.requestId} was not written`);
  return campaignToWire(await requireCampaign(db, made.id));
}

/**
 * One coupon of the campaign to each account named that holds none of it yet, all or none: an unknown account
 * or more coupons than the campaign has left is refused with what to change, and nothing is issued.
 */
export async function issueCoupons(db: D1Database, operator: OperatorIdentity, input: { campaignId: number; accounts: readonly string[] }) {
  const accounts = [...new Set(input.accounts)];
  const [campaign, found] = await Promise.all([requireCampaign(db, input.campaignId), accountsForIssue(db, input.campaignId, accounts)]);
  const unknown = accounts.filter((account) => !found.some((row) => row.account === account));
  if (unknown.length > 0) throw new ApiError(Status.notFound, `no account named ${unknown.join(", ")}`);
  if (campaign.expire_time <= nowSeconds()) throw new ApiError(Status.conflict, "the campaign has ended: its coupons could not be used");
  const toIssue = found.filter((row) => !row.holds);
  const left = campaign.issue_limit - campaign.issued;
  if (toIssue.length > left) throw new ApiError(Status.conflict, `the campaign may issue ${left} more coupon(s), not ${toIssue.length}`);
  const alreadyHeld = found.filter((row) => row.holds).map((row) => row.account);
  if (toIssue.length === 0) return { issued: [], alreadyHeld };
  try {
    await db.batch([
      ...toIssue.flatMap((row) => [issueCouponStatement(db, campaign.id, row.id), abortUnlessChangedStatement(db)]),
      auditStatement(db, {
        operator,
        action: "coupon_campaign.issue",
        objectType: "coupon_campaign",
        objectId: campaign.id,
        before: { issued: campaign.issued },
        after: { issued: campaign.issued + toIssue.length, accounts: toIssue.map((row) => row.account) },
      }),
    ]);
  } catch (error) {
    // Another request issued to one of these accounts, or the campaign's last coupons, in the meantime.
    if (isNothingChanged(error)) throw new ApiError(Status.conflict, "the campaign changed while issuing: nothing was issued, look again and retry");
    throw error;
  }
  return { issued: toIssue.map((row) => row.account), alreadyHeld };
}

/** Revokes an unused coupon of a campaign; one an order used or holds stays, and is refused with why. */
export async function revokeCoupon(db: D1Database, operator: OperatorIdentity, input: { campaignId: number; couponId: number }) {
  const coupon = await findCampaignCoupon(db, input.campaignId, input.couponId);
  if (!coupon) throw new ApiError(Status.notFound, `no coupon ${input.couponId} in campaign ${input.campaignId}`);
  if (coupon.revoked_at === null && coupon.status === 0) {
    try {
      await db.batch([
        revokeCouponStatement(db, input.campaignId, input.couponId, nowSeconds()),
        abortUnlessChangedStatement(db),
        auditStatement(db, { operator, action: "coupon.revoke", objectType: "coupon", objectId: coupon.id, before: { status: "unused" }, after: { status: "revoked" } }),
      ]);
    } catch (error) {
      if (!isNothingChanged(error)) throw error;
    }
  }
  const [now] = await campaignCoupons(db, input.campaignId, { after: input.couponId - 1, limit: 1 });
  if (!now || now.id !== input.couponId) throw new Error(`coupon ${input.couponId} vanished`);
  const state = couponState(now);
  if (state === "held" || state === "redeemed") throw new ApiError(Status.conflict, `coupon ${input.couponId} was used by order ${now.used_order_id}: only an unused coupon can be revoked`);
  return couponToWire(now);
}
