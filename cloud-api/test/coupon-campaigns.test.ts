import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#demo/seed.ts";
import { operatorFetch, signedFetch } from "#test/signed-request.ts";
import { call, freshBuyers, packageOf, paidOrder, type Buyer } from "./helpers/orders.ts";

const DAY = 86400;
const now = () => Math.floor(Date.now() / 1000);

const campaignTerms = (overrides: Record<string, unknown> = {}) => ({
  requestId: crypto.randomUUID(),
  title: "Spring sale",
  currency: "CNY",
  amountCents: 1200,
  minimumSpendCents: 3000,
  serviceType: 0,
  startTime: now() - 60,
  expireTime: now() + 30 * DAY,
  issueLimit: 5,
  ...overrides,
});

const create = (terms: Record<string, unknown>, role: "viewer" | "support" | "admin" = "admin") => operatorFetch("/v1/operator/coupon-campaigns/create", terms, { role });
const issue = (campaignId: number, accounts: string[]) => operatorFetch("/v1/operator/coupon-campaigns/issue", { campaignId, accounts });
const detail = (campaignId: number, role: "viewer" | "admin" = "viewer") => operatorFetch("/v1/operator/coupon-campaigns/detail", { campaignId }, { role });
const revoke = (campaignId: number, couponId: number) => operatorFetch("/v1/operator/coupon-campaigns/revoke", { campaignId, couponId });

async function newCampaign(overrides: Record<string, unknown> = {}): Promise<number> {
  const { body } = await create(campaignTerms(overrides));
  if (body?.status !== 200) throw new Error(JSON.stringify(body));
  return body.data.id as number;
}

async function auditRows(objectType: string, objectId: number | string) {
  const { results } = await env.DB.prepare("SELECT action, operator_email, before_json, after_json FROM operator_actions WHERE object_type = ? AND object_id = ? ORDER BY id")
    .bind(objectType, String(objectId))
    .all<{ action: string; operator_email: string; before_json: string | null; after_json: string | null }>();
  return results;
}

const couponsOf = (buyer: Buyer, language: string) =>
  signedFetch("/v1/cloud/coupon/user/list?countryCode=CN&language=" + language, undefined, { method: "GET", accessToken: buyer.accessToken });

let cn: Buyer;
beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

describe("coupon campaigns", () => {
  it("an admin makes a campaign once however often the form is posted, with one audit row naming them", async () => {
    const terms = campaignTerms();
    const first = await create(terms);
    expect(first.body).toMatchObject({
      status: 200,
      data: { title: "Spring sale", currency: "CNY", amountCents: 1200, minimumSpendCents: 3000, serviceType: 0, issueLimit: 5, issued: 0, createdBy: "admin@camcloud.example" },
    });
    const again = await create(terms);
    expect(again.body?.data.id).toBe(first.body?.data.id);
    const audit = await auditRows("coupon_campaign", first.body?.data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "coupon_campaign.create", operator_email: "admin@camcloud.example", before_json: null });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ title: "Spring sale", amount_cents: 1200, name: "¥12.00 off" });

    const list = await operatorFetch("/v1/operator/coupon-campaigns/list", {}, { role: "viewer" });
    expect(list.body?.data.campaigns[0]).toMatchObject({ id: first.body?.data.id, title: "Spring sale" });
  });

  it("the same form posted three times at once makes one campaign with one audit row", async () => {
    const terms = campaignTerms({ title: "Posted at once" });
    const answers = await Promise.all([create(terms), create(terms), create(terms)]);
    const ids = new Set(answers.map((answer) => answer.body?.data.id));
    expect(ids.size).toBe(1);
    expect(await auditRows("coupon_campaign", [...ids][0])).toHaveLength(1);
  });

  it("issuing to one account three times at once issues one coupon, with one audit row", async () => {
    const campaignId = await newCampaign();
    const answers = await Promise.all([issue(campaignId, [DEMO_ACCOUNTS.buyer]), issue(campaignId, [DEMO_ACCOUNTS.buyer]), issue(campaignId, [DEMO_ACCOUNTS.buyer])]);
    expect(answers.filter((answer) => answer.body?.data?.issued?.length === 1)).toHaveLength(1);
    expect((await detail(campaignId)).body?.data.campaign.issued).toBe(1);
    expect((await auditRows("coupon_campaign", campaignId)).map((row) => row.action)).toEqual(["coupon_campaign.create", "coupon_campaign.issue"]);
  });

  it("issues one coupon to each account, and the buyer's coupon list shows it in their language", async () => {
    const campaignId = await newCampaign();
    const issued = await issue(campaignId, [DEMO_ACCOUNTS.buyer, DEMO_ACCOUNTS.other]);
    expect(issued.body).toMatchObject({ status: 200, data: { issued: [DEMO_ACCOUNTS.buyer, DEMO_ACCOUNTS.other], alreadyHeld: [] } });
    // A form posted twice, or the same account named again, issues nothing more.
    expect((await issue(campaignId, [DEMO_ACCOUNTS.buyer])).body?.data).toEqual({ issued: [], alreadyHeld: [DEMO_ACCOUNTS.buyer] });
    expect(await auditRows("coupon_campaign", campaignId)).toHaveLength(2);

    const { body } = await detail(campaignId);
    expect(body?.data.campaign).toMatchObject({ issued: 2, redeemed: 0, revoked: 0 });
    const mine = (body?.data.coupons as { account: string; couponCode: string; state: string }[]).find((c) => c.account === DEMO_ACCOUNTS.buyer);
    expect(mine).toMatchObject({ state: "unused", orderId: null });

    const zh = await couponsOf(cn, "zh");
    expect(zh.body?.data).toContainEqual(expect.objectContaining({ couponCode: mine?.couponCode, name: "立减¥12.00", descrip: "满¥30.00可用", amount: 12, useLimitAmount: 30, status: 0, type: 0 }));
    const de = await couponsOf(cn, "de");
    expect(de.body?.data).toContainEqual(expect.objectContaining({ couponCode: mine?.couponCode, name: expect.stringMatching(/^12,00\s¥ Rabatt$/) }));
  });

  it("refuses unknown accounts by name and more coupons than the campaign has left, issuing none", async () => {
    const campaignId = await newCampaign({ issueLimit: 1 });
    const unknown = await issue(campaignId, [DEMO_ACCOUNTS.buyer, "nobody@example.com"]);
    expect(unknown.body).toMatchObject({ status: 404, msg: "no account named nobody@example.com" });
    const tooMany = await issue(campaignId, [DEMO_ACCOUNTS.buyer, DEMO_ACCOUNTS.other]);
    expect(tooMany.body).toMatchObject({ status: 409, msg: "the campaign may issue 1 more coupon(s), not 2" });
    expect((await detail(campaignId)).body?.data.campaign.issued).toBe(0);
    expect(await auditRows("coupon_campaign", campaignId)).toHaveLength(1);
  });

  it("shows which order redeemed a coupon, revokes only unused ones, and a revoked one leaves the buyer's list", async () => {
    const campaignId = await newCampaign({ amountCents: 500, minimumSpendCents: 0, issueLimit: 2 });
    await issue(campaignId, [DEMO_ACCOUNTS.buyer]);
    const [coupon] = (await detail(campaignId)).body?.data.coupons as { id: number; couponCode: string }[];
    const pkg = await packageOf(cn, "SIM-DEMO-003", 2, "data-10g-cny");
    const orderId = await paidOrder(cn, "SIM-DEMO-003", 2, "data-10g-cny", coupon!.id, Math.round((pkg.salePrice - 5) * 100) / 100);

    const redeemed = (await detail(campaignId)).body?.data;
    expect(redeemed.campaign).toMatchObject({ issued: 1, redeemed: 1 });
    expect(redeemed.coupons[0]).toMatchObject({ id: coupon!.id, state: "redeemed", orderId, orderStatus: expect.any(Number) });
    const refused = await revoke(campaignId, coupon!.id);
    expect(refused.body).toMatchObject({ status: 409, msg: `coupon ${coupon!.id} was used by order ${orderId}: only an unused coupon can be revoked` });

    await issue(campaignId, [DEMO_ACCOUNTS.other]);
    const unused = ((await detail(campaignId)).body?.data.coupons as { id: number; account: string }[]).find((c) => c.account === DEMO_ACCOUNTS.other)!;
    expect((await revoke(campaignId, unused.id)).body).toMatchObject({ status: 200, data: { id: unused.id, state: "revoked" } });
    // Revoking again answers the same, and writes no second audit row.
    expect((await revoke(campaignId, unused.id)).body).toMatchObject({ status: 200, data: { state: "revoked" } });
    expect(await auditRows("coupon", unused.id)).toEqual([expect.objectContaining({ action: "coupon.revoke" })]);
    expect((await detail(campaignId)).body?.data.campaign).toMatchObject({ issued: 2, redeemed: 1, revoked: 1 });
  });

  it("a revoked coupon is neither listed nor usable at checkout", async () => {
    const campaignId = await newCampaign({ amountCents: 300, minimumSpendCents: 0 });
    await issue(campaignId, [DEMO_ACCOUNTS.buyer]);
    const [coupon] = (await detail(campaignId)).body?.data.coupons as { id: number; couponCode: string }[];
    expect((await couponsOf(cn, "en")).body?.data).toContainEqual(expect.objectContaining({ id: coupon!.id }));
    await revoke(campaignId, coupon!.id);
    expect((await couponsOf(cn, "en")).body?.data).not.toContainEqual(expect.objectContaining({ id: coupon!.id }));
    const pkg = await packageOf(cn, "SIM-DEMO-003", 2, "data-10g-cny");
    const confirm = await call(cn, "/v1/cloud/order/h5/confirm/v2", {
      deviceId: "SIM-DEMO-003",
      priceId: pkg.id,
      payAmount: Math.round((pkg.salePrice - 3) * 100) / 100,
      payMethod: 1,
      buyServiceType: 2,
      couponId: coupon!.id,
    });
    expect(confirm.body).toMatchObject({ status: 409, reason: "coupon_used" });
  });

  it("a viewer reads campaigns but may not change them", async () => {
    const campaignId = await newCampaign();
    expect((await detail(campaignId, "viewer")).http).toBe(200);
    expect((await create(campaignTerms(), "viewer")).http).toBe(403);
    expect((await create(campaignTerms(), "support")).http).toBe(403);
    expect((await operatorFetch("/v1/operator/coupon-campaigns/issue", { campaignId, accounts: [DEMO_ACCOUNTS.buyer] }, { role: "viewer" })).http).toBe(403);
    expect((await detail(campaignId)).body?.data.campaign.issued).toBe(0);
  });

  it("refuses bad terms naming the field, and creates nothing", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM coupon_campaigns").first<{ n: number }>();
    const refusals: [Record<string, unknown>, string][] = [
      [{ amountCents: 0 }, "invalid params: amountCents: must be at least 0.01"],
      [{ amountCents: 12.5 }, "invalid params: amountCents: must be whole cents"],
      [{ amountCents: 1_000_000 }, "invalid params: amountCents: must be below 10,000.00, the highest price a coupon applies to"],
      [{ minimumSpendCents: -1 }, "invalid params: minimumSpendCents: must not be negative"],
      [{ expireTime: now() - 3600, startTime: now() - 7200 }, "invalid params: expireTime: must be in the future"],
      [{ startTime: now() + 100, expireTime: now() + 50 }, "invalid params: expireTime: must be after the start"],
      [{ serviceType: 3 }, "invalid params: serviceType: must be 0 (every service) or a sold service type"],
      [{ issueLimit: 0 }, "invalid params: issueLimit: must be at least 1"],
      [{ requestId: "again" }, "invalid params: requestId: must be the form's request id (a UUID)"],
      [{ title: "" }, "invalid params: title: required"],
    ];
    for (const [change, msg] of refusals) {
      const { body } = await create(campaignTerms(change));
      expect(body, JSON.stringify(change)).toMatchObject({ status: 400, msg });
    }
    const tooMany = await issue(1, Array.from({ length: 101 }, (_, i) => `user${i}@example.com`));
    expect(tooMany.body).toMatchObject({ status: 400, msg: "invalid params: accounts: name at most 100 accounts at once" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM coupon_campaigns").first<{ n: number }>()).toEqual(before);
  });
});
