import type { PaymentTypeCode } from "#domain/services.ts";

/** What the payment bar and its chooser show and post: the screen loader's checkout (app/.server/purchase/offer.ts). */
export interface Checkout {
  packageId: number;
  /** The coupon a confirm posts (its id, or "none") with the amount shown, `payAmount`. */
  couponChoice: string;
  payAmount: number;
  total: string;
  subTotal: string | null;
  currencyCode: string;
  methods: readonly PaymentTypeCode[];
  sheetHref: string;
  /** "If I pay": the period this purchase gives, e.g. "In use until 2027-01-11". */
  preview?: string | null;
}

/** PayPal and card continue in a sub-view of the chooser (`?pay=paypal`, `?pay=card`). */
export type SubView = "paypal" | "card";
export const isSubView = (value: string | null): value is SubView => value === "paypal" || value === "card";
