import { paypalSettings } from "#domain/languages.ts";
import { PAYMENT_TYPES, PaymentType, type PaymentTypeCode } from "#domain/services.ts";
import type { ProviderClients } from "#app/components/purchase/provider-clients.ts";
import type { StorefrontEnv } from "../env.ts";

/** The payment sandbox on this origin: only where it is turned on by name, never in production. */
export function sandboxEnabled(env: Pick<StorefrontEnv, "PAYMENT_SANDBOX" | "ENVIRONMENT">): boolean {
  return env.PAYMENT_SANDBOX === "on" && env.ENVIRONMENT !== "production";
}

/**
 * What the browser needs to start PayPal and Stripe: public ids and script URLs, never a secret. With
 * the sandbox on, what is not configured is the sandbox's; otherwise the providers' own scripts, and a
 * client without its public id cannot be offered (clientReadyMethods).
 */
export function providerClients(env: StorefrontEnv, language: string, orderCurrency: "CNY" | "USD" = "USD"): ProviderClients {
  const sandbox = sandboxEnabled(env);
  return {
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || (sandbox ? "sandbox" : ""),
      sdkBaseUrl: env.PAYPAL_SDK_URL || (sandbox ? "/sandbox/paypal/sdk/js" : "https://www.paypal.com/sdk/js"),
      ...paypalSettings(language, orderCurrency),
    },
    stripe: { publishableKey: env.STRIPE_PUBLISHABLE_KEY || (sandbox ? "pk_test_sandbox" : ""), scriptUrl: env.STRIPE_JS_URL ?? (sandbox ? "/sandbox/stripe/v3.js" : "") },
  };
}

/** The methods the browser side can start: WeChat Pay and Alipay need nothing here, PayPal and card their public ids. */
export function clientReadyMethods(env: StorefrontEnv): readonly PaymentTypeCode[] {
  const clients = providerClients(env, "en");
  return PAYMENT_TYPES.filter((type) => (type === PaymentType.paypal ? clients.paypal.clientId !== "" : type === PaymentType.card ? clients.stripe.publishableKey !== "" : true));
}
