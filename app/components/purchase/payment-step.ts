/** What a purchase screen does after a confirm (or a repay): go to a provider page, or open an SDK sub-view. */
export type PaymentStep =
  | { step: "redirect"; url: string }
  | { step: "paypal"; orderId: string; payPalOrderId: string }
  | { step: "card"; orderId: string; sessionId: string }
  | { step: "error"; message: string };
