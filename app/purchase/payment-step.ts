/** What a purchase screen does after a confirm (or a repay): go to a provider page, or open an SDK sub-view. */
export type PaymentStep =
  | { step: "redirect"; url: string }
  | { step: "paypal"; orderId: string; payPalOrderId: string }
  | { step: "card"; orderId: string; sessionId: string }
  | { step: "error"; message: string };

/** Product-rules §4: the pause before leaving for the provider or the result page. */
export const PAYMENT_REDIRECT_DELAY_MS = 300;
