import type { PaymentTypeCode } from "#domain/payment-methods.ts";

/** What the payment bar and its chooser show and post: the screen loader's checkout (app/.server/purchase/offer.ts). */
export interface Checkout {
  packageId: number;
  /** The coupon a confirm posts (its id, or "none") with the amount shown, `payAmount`. */
  appliedCoupon: string;
  payAmount: number;
  total: string;
  subTotal: string | null;
  currencyCode: string;
  methods: readonly PaymentTypeCode[];
  sheetHref: string;
  /** "If I pay": the period this purchase gives, e.g. "In use until 2027-01-11". */
  preview?: string | null;
}
