import { describe, expect, it } from "vitest";
import {
  COUPON_PRICE_CEILING_CENTS,
  couponApplies,
  judgeCoupon,
  parseCouponSelection,
  partitionCoupons,
  payableCents,
  selectCoupon,
  type CouponTerms,
} from "./coupons.ts";

const coupon = (id: number, amountCents: number, useLimitAmountCents = 0, status = 0): CouponTerms => ({ id, amountCents, useLimitAmountCents, status });

describe("judgeCoupon (product-rules §5)", () => {
  it.each([
    // price, amount, limit, status, usable, reason
    [2990, 2000, 0, 0, true, null],
    [2990, 2990, 0, 0, false, "worth_more"], // price equal to the value: not above it
    [2990, 2989, 0, 0, true, null],
    [2990, 3000, 0, 0, false, "worth_more"],
    [2990, 500, 2990, 0, true, null], // price exactly at the minimum
    [2989, 500, 2990, 0, false, "not_met"], // one cent below the minimum
    [2990, 500, 0, 1, false, "expired"],
    [2990, 500, 0, 2, false, "expired"],
    [0, 1, 0, 0, false, "worth_more"],
    [COUPON_PRICE_CEILING_CENTS - 1, 100, 0, 0, true, null],
    [COUPON_PRICE_CEILING_CENTS, 100, 0, 0, false, "price_ceiling"], // 10000.00 is not below 10000
  ])("price %i, value %i, minimum %i, status %i", (price, amount, limit, status, usable, reason) => {
    expect(judgeCoupon(coupon(1, amount, limit, status), price)).toMatchObject({ usable, reason });
  });

  it("names the real reason: the ceiling first, then the higher of the minimum spend and the coupon's worth", () => {
    expect(judgeCoupon(coupon(1, 3000, 5000), COUPON_PRICE_CEILING_CENTS + 1).reason).toBe("price_ceiling");
    // Issue 31: a ¥10 coupon with a ¥50 minimum on a ¥9.90 package misses the minimum, whatever its worth.
    expect(judgeCoupon(coupon(1, 1000, 5000), 990).reason).toBe("not_met");
    expect(judgeCoupon(coupon(1, 3000, 5000), 3000).reason).toBe("not_met");
    expect(judgeCoupon(coupon(1, 3000, 5000), 3001).reason).toBe("not_met");
    expect(judgeCoupon(coupon(1, 3000, 5000), 5000).reason).toBeNull();
    // A minimum at or below the coupon's worth is never the bar that stops it.
    expect(judgeCoupon(coupon(1, 3000, 2000), 1000).reason).toBe("worth_more");
    expect(judgeCoupon(coupon(1, 3000, 3000), 2999).reason).toBe("worth_more");
  });

  it("calls a lapsed coupon expired even when the price would not meet it", () => {
    expect(judgeCoupon(coupon(1, 5000, 0, 1), 100).reason).toBe("expired");
  });
});

describe("partitionCoupons", () => {
  it("sorts both lists by value descending, ties by id", () => {
    const list = [coupon(1, 500), coupon(2, 2000), coupon(3, 3000), coupon(4, 1000, 5000), coupon(5, 1500, 0, 1), coupon(6, 2000), coupon(7, 100, 0, 1)];
    const { usable, unusable } = partitionCoupons(list, 2990);
    expect(usable.map((v) => v.coupon.id)).toEqual([2, 6, 1]);
    expect(unusable.map((v) => [v.coupon.id, v.reason])).toEqual([
      [3, "worth_more"],
      [5, "expired"],
      [4, "not_met"],
      [7, "expired"],
    ]);
  });

  it("handles an empty list", () => {
    expect(partitionCoupons([], 100)).toEqual({ usable: [], unusable: [] });
  });
});

describe("payableCents", () => {
  it("subtracts a usable coupon", () => {
    expect(payableCents(2990, coupon(1, 2000))).toBe(990);
    expect(payableCents(2990, coupon(1, 2989))).toBe(1);
  });

  it("ignores no coupon, an unusable coupon, and any coupon at or above the ceiling", () => {
    expect(payableCents(2990, null)).toBe(2990);
    expect(payableCents(2990, coupon(1, 3000))).toBe(2990);
    expect(payableCents(2990, coupon(1, 500, 0, 1))).toBe(2990);
    expect(payableCents(COUPON_PRICE_CEILING_CENTS, coupon(1, 100))).toBe(COUPON_PRICE_CEILING_CENTS);
    expect(payableCents(COUPON_PRICE_CEILING_CENTS + 1, coupon(1, 100))).toBe(COUPON_PRICE_CEILING_CENTS + 1);
  });

  it("is never negative and never above the price, over every small price and value", () => {
    for (let price = 0; price <= 300; price++) {
      for (let value = 1; value <= 300; value += 7) {
        const payable = payableCents(price, coupon(1, value));
        expect(payable).toBeGreaterThan(0 - 1);
        expect(payable).toBeLessThanOrEqual(price);
        expect(Number.isInteger(payable)).toBe(true);
      }
    }
  });

  it("refuses a price that is not whole non-negative cents", () => {
    expect(() => payableCents(-1, null)).toThrow(RangeError);
    expect(() => payableCents(10.5, null)).toThrow(RangeError);
    expect(() => payableCents(Number.NaN, null)).toThrow(RangeError);
  });

  it("applies the ceiling at 10000 yuan exactly", () => {
    expect(couponApplies(999_999)).toBe(true);
    expect(couponApplies(1_000_000)).toBe(false);
  });
});

describe("coupon selection", () => {
  const list = [coupon(1, 500, 2000), coupon(2, 2000), coupon(3, 3000), coupon(4, 1000, 5000)];

  it("parses the URL form", () => {
    expect(parseCouponSelection(null)).toEqual({ mode: 1 });
    expect(parseCouponSelection("auto")).toEqual({ mode: 1 });
    expect(parseCouponSelection("none")).toEqual({ mode: 3 });
    expect(parseCouponSelection("42")).toEqual({ mode: 2, couponId: 42 });
    for (const junk of ["0", "-1", "1.5", "1e3", "abc", "", " 4", "99999999999999999999"]) {
      expect(parseCouponSelection(junk)).toEqual({ mode: 1 });
    }
  });

  it("auto picks the most valuable usable coupon", () => {
    expect(selectCoupon(list, 2990, { mode: 1 })?.id).toBe(2);
    expect(selectCoupon(list, 6000, { mode: 1 })?.id).toBe(3);
    expect(selectCoupon(list, 100, { mode: 1 })).toBeNull();
  });

  it("keeps a chosen coupon only while it is usable, and none means none", () => {
    expect(selectCoupon(list, 2990, { mode: 2, couponId: 1 })?.id).toBe(1);
    expect(selectCoupon(list, 2990, { mode: 2, couponId: 3 })).toBeNull();
    expect(selectCoupon(list, 2990, { mode: 2, couponId: 99 })).toBeNull();
    expect(selectCoupon(list, 2990, { mode: 3 })).toBeNull();
  });
});
