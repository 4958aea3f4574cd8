import { describe, expect, it } from "vitest";
import { COUPON_PRICE_CEILING_CENTS, judgeCoupon, type UnusableReason } from "#domain/coupons.ts";
import { toCents } from "#domain/money.ts";
import type { RefusalReason } from "#domain/refusals.ts";
import { DEMO_DEVICES } from "#demo/seed.ts";
import { signedFetch } from "#test/signed-request.ts";
import { call, freshBuyers, type Buyer } from "./helpers/orders.ts";

interface WireCoupon {
  id: number;
  couponCode: string;
  amount: number;
  useLimitAmount: number;
  status: number;
}

interface WirePackage {
  id: number;
  salePrice: number;
  productId: string;
  serviceId: number;
}

const BUYABLE_ON = [
  { type: 1, deviceId: DEMO_DEVICES.camera },
  { type: 2, deviceId: DEMO_DEVICES.sim },
  { type: 5, deviceId: DEMO_DEVICES.camera },
  { type: 6, deviceId: DEMO_DEVICES.camera },
];

/**
 * The reason a coupon is unusable, stated apart from the rule's code: a price must be below the ceiling and
 * reach the lowest price the coupon allows, the higher of its minimum spend and one cent above its worth;
 * the reason names whichever of the two sets that price.
 */
function expectedReason(coupon: WireCoupon, priceCents: number): UnusableReason | null {
  if (coupon.status !== 0) return "expired";
  if (priceCents >= COUPON_PRICE_CEILING_CENTS) return "price_ceiling";
  const minimum = toCents(coupon.useLimitAmount);
  const aboveWorth = toCents(coupon.amount) + 1;
  if (priceCents >= Math.max(minimum, aboveWorth)) return null;
  return minimum >= aboveWorth ? "not_met" : "worth_more";
}

const REFUSAL: Record<UnusableReason, RefusalReason> = {
  expired: "coupon_expired",
  not_met: "coupon_minimum_not_met",
  worth_more: "coupon_worth_more",
  price_ceiling: "coupon_price_ceiling",
};

async function pairsOf(buyer: Buyer) {
  const pairs: { type: number; deviceId: string; pkg: WirePackage; coupon: WireCoupon }[] = [];
  for (const { type, deviceId } of BUYABLE_ON) {
    const [packages, coupons] = await Promise.all([
      call(buyer, "/v1/cloud/package/list", { deviceId, type }),
      signedFetch(`/v1/cloud/coupon/user/list?type=${type}&countryCode=${buyer.country}`, undefined, { accessToken: buyer.accessToken, method: "GET" }),
    ]);
    for (const pkg of packages.body?.data.packageList as WirePackage[]) {
      for (const coupon of coupons.body?.data as WireCoupon[]) pairs.push({ type, deviceId, pkg, coupon });
    }
  }
  return pairs;
}

describe("coupon reasons over the demo data (issue 31)", () => {
  it("every pair of a demo coupon and a demo package gives the reason that applies, in the selector's rule and in the checkout's refusal", async () => {
    const buyers = await freshBuyers();
    const seen = new Set<string>();
    let issueCase: UnusableReason | null | undefined;
    for (const buyer of [buyers.cn, buyers.us]) {
      const pairs = await pairsOf(buyer);
      expect(pairs.length).toBeGreaterThan(20);
      for (const { type, deviceId, pkg, coupon } of pairs) {
        const priceCents = toCents(pkg.salePrice);
        const terms = { id: coupon.id, status: coupon.status, amountCents: toCents(coupon.amount), useLimitAmountCents: toCents(coupon.useLimitAmount) };
        const expected = expectedReason(coupon, priceCents);
        const label = `${buyer.country} coupon ${coupon.couponCode} on ${pkg.productId}`;
        expect(judgeCoupon(terms, priceCents).reason, label).toBe(expected);
        seen.add(expected ?? "usable");
        if (coupon.couponCode === "DEMO0002" && pkg.productId === "data-5g-cny") issueCase = expected;
        if (expected === null) continue;
        const refused = await call(buyer, "/v1/cloud/order/h5/confirm/v2", {
          deviceId,
          priceId: pkg.id,
          payAmount: pkg.salePrice,
          payMethod: buyer.country === "CN" ? 1 : 3,
          buyServiceType: type,
          couponId: coupon.id,
        });
        expect(refused.body, label).toMatchObject({ status: 409, reason: REFUSAL[expected] });
      }
    }
    // The demo data holds every case, the issue's own among them: ¥10 off from ¥50 on the ¥9.90 package.
    expect([...seen].sort()).toEqual(["expired", "not_met", "price_ceiling", "usable", "worth_more"]);
    expect(issueCase).toBe("not_met");
  });
});
