import type { SubViewProvider } from "#domain/payment-methods.ts";
import type { PaymentStep } from "#app/purchase/payment-step.ts";

/** What a provider's browser client starts with: its public id ("" when not configured) and its script's URL. */
export interface SubViewClient {
  publicId: string;
  /** Root-relative: the sandbox on this origin. "" lets @stripe/stripe-js load Stripe.js from Stripe. */
  scriptUrl: string;
}

/** Public client settings of each sub-view method's provider (product-rules §5: PayPal currency and locale by language). */
export type ProviderClients = Record<SubViewProvider, SubViewClient> & {
  paypal: { currency: "CNY" | "USD"; locale: "zh_CN" | "en_US" };
};

/**
 * What a sub-view gets: the providers' public settings, and the order's step. A method whose provider asks
 * for the order when the buyer presses its button (sdk-buttons) calls `confirm`; one that shows the
 * provider's sheet at once (embedded-sheet) waits for `confirmed`, the confirm started when it opened.
 */
export interface SubViewProps {
  providers: ProviderClients;
  confirm: () => Promise<PaymentStep>;
  confirmed: Promise<PaymentStep> | null;
}
