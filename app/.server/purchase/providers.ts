import { paypalSettings } from "../../../domain/languages.ts";
import type { ProviderClients } from "../../components/purchase/provider-clients.ts";
import type { StorefrontEnv } from "../env.ts";

/**
 * What the browser needs to start PayPal and Stripe: public ids and script URLs, never a secret. The
 * defaults are the payment sandbox on this origin (DESIGN.md §3).
 */
export function providerClients(env: StorefrontEnv, language: string): ProviderClients {
  return {
    paypal: { clientId: env.PAYPAL_CLIENT_ID || "sandbox", sdkBaseUrl: env.PAYPAL_SDK_URL || "/sandbox/paypal/sdk/js", ...paypalSettings(language) },
    stripe: { publishableKey: env.STRIPE_PUBLISHABLE_KEY || "pk_test_sandbox", scriptUrl: env.STRIPE_JS_URL ?? "/sandbox/stripe/v3.js" },
  };
}
