import type { SubView } from "#domain/payment-methods.ts";

/**
 * What a purchase screen does after a confirm (or a repay): go to a provider page, or continue in a
 * method's sub-view with the provider's reference (PayPal's order id, the card checkout's session).
 */
export type PaymentStep =
  | { step: "redirect"; url: string }
  | { step: "view"; view: SubView; orderId: string; reference: string }
  | { step: "error"; message: string };

/** Product-rules §4: the pause before leaving for the provider or the result page. */
export const PAYMENT_REDIRECT_DELAY_MS = 300;
