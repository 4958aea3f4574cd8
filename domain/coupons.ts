/** Coupon rules of product-rules §5. All amounts here are integer cents. */

/** A coupon applies only when the price is below 10000 (yuan/dollars). */
export const COUPON_PRICE_CEILING_CENTS = 10_000 * 100;

export interface CouponTerms {
  id: number;
  /** 0 = usable; anything else has lapsed (expired or used). */
  status: number;
  amountCents: number;
  useLimitAmountCents: number;
}

/**
 * Why a coupon cannot be used for a price: expired (or used), the price is 10000 or more (the ceiling),
 * the price is below the coupon's minimum spend, or the coupon is worth at least the price. Product-rules §5
 * folds the last two into "not met"; the buyer is told which (issue 31).
 */
export type UnusableReason = "expired" | "price_ceiling" | "worth_more" | "not_met";

export interface CouponVerdict<C extends CouponTerms> {
  coupon: C;
  usable: boolean;
  reason: UnusableReason | null;
}

export function judgeCoupon<C extends CouponTerms>(coupon: C, priceCents: number): CouponVerdict<C> {
  // The price must clear the higher of two bars, the minimum spend and the coupon's worth: a price below
  // both is refused for the higher one, which is the one the buyer would have to reach.
  const reason: UnusableReason | null =
    coupon.status !== 0
      ? "expired"
      : !couponApplies(priceCents)
        ? "price_ceiling"
        : priceCents < coupon.useLimitAmountCents && coupon.useLimitAmountCents > coupon.amountCents
          ? "not_met"
          : priceCents <= coupon.amountCents
            ? "worth_more"
            : null;
  return { coupon, usable: reason === null, reason };
}

/** Splits coupons into usable and unusable lists, each by value descending (ties by id for a stable order). */
export function partitionCoupons<C extends CouponTerms>(coupons: readonly C[], priceCents: number) {
  const byValueDesc = (a: CouponVerdict<C>, b: CouponVerdict<C>) =>
    b.coupon.amountCents - a.coupon.amountCents || a.coupon.id - b.coupon.id;
  const verdicts = coupons.map((c) => judgeCoupon(c, priceCents));
  return {
    usable: verdicts.filter((v) => v.usable).sort(byValueDesc),
    unusable: verdicts.filter((v) => !v.usable).sort(byValueDesc),
  };
}

export function couponApplies(priceCents: number): boolean {
  return priceCents < COUPON_PRICE_CEILING_CENTS;
}

/** Payable amount: price minus the coupon when one applies, otherwise the sale price. Never negative. */
export function payableCents(priceCents: number, coupon: CouponTerms | null): number {
  if (!Number.isSafeInteger(priceCents) || priceCents < 0) throw new RangeError(`bad price: ${priceCents}`);
  if (!coupon || !judgeCoupon(coupon, priceCents).usable) return priceCents;
  return priceCents - coupon.amountCents;
}

/** Product-rules §4 coupon selection modes. */
export const CouponMode = { auto: 1, chosen: 2, none: 3 } as const;
export type CouponSelection = { mode: 1 } | { mode: 2; couponId: number } | { mode: 3 };

/** Parses the URL form of the selection (`coupon=auto|none|<id>`, docs/architecture.md §2); anything else means auto. */
export function parseCouponSelection(value: string | null | undefined): CouponSelection {
  if (value === "none") return { mode: CouponMode.none };
  if (value && /^[1-9]\d{0,15}$/.test(value)) return { mode: CouponMode.chosen, couponId: Number(value) };
  return { mode: CouponMode.auto };
}

/** Resolves the selection against the coupons: auto picks the best usable one; a chosen one must be usable. */
export function selectCoupon<C extends CouponTerms>(
  coupons: readonly C[],
  priceCents: number,
  selection: CouponSelection,
): C | null {
  const { usable } = partitionCoupons(coupons, priceCents);
  if (selection.mode === CouponMode.none) return null;
  if (selection.mode === CouponMode.chosen) {
    return usable.find((v) => v.coupon.id === selection.couponId)?.coupon ?? null;
  }
  return usable[0]?.coupon ?? null;
}
