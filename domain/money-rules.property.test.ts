/**
 * Properties of the money and coupon rules over generated prices and coupons (fast-check), on top of the
 * edge values in coupons.test.ts and money.test.ts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COUPON_PRICE_CEILING_CENTS,
  judgeCoupon,
  parseCouponSelection,
  partitionCoupons,
  payableCents,
  selectCoupon,
  type CouponTerms,
} from "./coupons.ts";
import { formatMoney, fromCents, toCents } from "./money.ts";

const RUNS = { numRuns: 2000 };
/** Prices cluster around the coupon ceiling and small amounts, where the rules change. */
const priceCents = fc.oneof(
  fc.integer({ min: 0, max: 20_000 }),
  fc.integer({ min: COUPON_PRICE_CEILING_CENTS - 200, max: COUPON_PRICE_CEILING_CENTS + 200 }),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
);
const coupon: fc.Arbitrary<CouponTerms> = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  status: fc.oneof(fc.constant(0), fc.integer({ min: -2, max: 5 })),
  amountCents: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 2 * COUPON_PRICE_CEILING_CENTS })),
  useLimitAmountCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20_000 })),
});
const coupons = fc.uniqueArray(coupon, { selector: (c) => c.id, maxLength: 12 });

describe("payable amount", () => {
  it("is integer cents, never negative, never above the price; a coupon takes off exactly its value and never all of it", () => {
    fc.assert(
      fc.property(priceCents, fc.option(coupon, { nil: null }), (price, c) => {
        const payable = payableCents(price, c);
        expect(Number.isSafeInteger(payable)).toBe(true);
        expect(payable).toBeGreaterThanOrEqual(0);
        expect(payable).toBeLessThanOrEqual(price);
        if (payable < price) {
          expect(c).not.toBeNull();
          expect(payable).toBe(price - c!.amountCents);
          expect(payable).toBeGreaterThan(0);
          expect(price).toBeLessThan(COUPON_PRICE_CEILING_CENTS);
        }
      }),
      RUNS,
    );
  });

  it("refuses a price that is not whole non-negative cents", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double({ noInteger: true }), fc.integer({ max: -1 }), fc.constant(Number.MAX_SAFE_INTEGER + 2)), (bad) => {
        expect(() => payableCents(bad, null)).toThrow(RangeError);
      }),
      RUNS,
    );
  });
});

describe("coupon verdicts", () => {
  it("a usable coupon is live, met, below the ceiling and below the price; a lapsed one is always 'expired'", () => {
    fc.assert(
      fc.property(priceCents, coupon, (price, c) => {
        const verdict = judgeCoupon(c, price);
        if (c.status !== 0) expect(verdict).toMatchObject({ usable: false, reason: "expired" });
        if (verdict.usable) {
          expect(verdict.reason).toBeNull();
          expect(c.amountCents).toBeLessThan(price);
          expect(price).toBeGreaterThanOrEqual(c.useLimitAmountCents);
          expect(price).toBeLessThan(COUPON_PRICE_CEILING_CENTS);
        } else {
          expect(verdict.reason).not.toBeNull();
        }
      }),
      RUNS,
    );
  });

  it("partitions every coupon exactly once, both lists by value descending", () => {
    fc.assert(
      fc.property(coupons, priceCents, (list, price) => {
        const { usable, unusable } = partitionCoupons(list, price);
        expect([...usable, ...unusable].map((v) => v.coupon.id).sort()).toEqual(list.map((c) => c.id).sort());
        for (const side of [usable, unusable]) {
          for (let i = 1; i < side.length; i++) expect(side[i - 1]!.coupon.amountCents).toBeGreaterThanOrEqual(side[i]!.coupon.amountCents);
        }
      }),
      RUNS,
    );
  });

  it("auto picks a usable coupon of the highest value; a chosen one is honoured only when usable; none means none", () => {
    fc.assert(
      fc.property(coupons, priceCents, fc.integer({ min: 1, max: 1_000_000 }), (list, price, chosenId) => {
        const usable = list.filter((c) => judgeCoupon(c, price).usable);
        const auto = selectCoupon(list, price, { mode: 1 });
        expect(auto?.amountCents ?? null).toBe(usable.length ? Math.max(...usable.map((c) => c.amountCents)) : null);
        const chosen = selectCoupon(list, price, { mode: 2, couponId: chosenId });
        expect(chosen).toBe(usable.find((c) => c.id === chosenId) ?? null);
        expect(selectCoupon(list, price, { mode: 3 })).toBeNull();
      }),
      RUNS,
    );
  });

  it("reads any URL value as a selection without throwing", () => {
    fc.assert(
      fc.property(fc.option(fc.string({ unit: "binary" }), { nil: null }), (value) => {
        const selection = parseCouponSelection(value);
        expect([1, 2, 3]).toContain(selection.mode);
        if (selection.mode === 2) expect(Number.isSafeInteger(selection.couponId) && selection.couponId > 0).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("wire amounts", () => {
  it("round-trip through cents exactly for every whole-cent amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        expect(toCents(fromCents(cents))).toBe(cents);
      }),
      RUNS,
    );
  });

  it("refuses amounts with more than 2 decimals and non-numbers", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 9 }), (cents, thousandth) => {
        expect(() => toCents((cents * 10 + thousandth) / 1000)).toThrow(RangeError);
      }),
      RUNS,
    );
    for (const bad of [NaN, Infinity, -Infinity]) expect(() => toCents(bad)).toThrow(RangeError);
  });

  it("formats every amount with the spec's symbol and two decimals in every language", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e11 }), fc.constantFrom("CNY", "USD", null), fc.constantFrom("en", "zh", "ar", "de", "fr", "ja"), (cents, currency, locale) => {
        const text = formatMoney(cents, currency, locale);
        expect(text).toContain(currency === "CNY" ? (locale === "ja" ? "￥" : "¥") : "$");
        expect(text).toMatch(/\p{Nd}[.,٫]\p{Nd}{2}(?!\p{Nd})/u);
      }),
      { numRuns: 500 },
    );
  });
});
