/** Public client settings of the SDK payment methods (product-rules §5: PayPal currency and locale by language). */
export interface ProviderClients {
  paypal: { clientId: string; sdkBaseUrl: string; currency: "CNY" | "USD"; locale: "zh_CN" | "en_US" };
  /** scriptUrl "" lets @stripe/stripe-js load Stripe.js from Stripe. */
  stripe: { publishableKey: string; scriptUrl: string };
}
