import { paypalSettings } from "#domain/languages.ts";
import { PAYMENT_METHODS, PAYMENT_TYPES, paymentMethod, type KnownPaymentMethod, type PaymentTypeCode } from "#domain/payment-methods.ts";
import type { ProviderClients, SubViewClient } from "#app/components/purchase/provider-clients.ts";
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
      publicId: env.PAYPAL_CLIENT_ID || (sandbox ? "sandbox" : ""),
      scriptUrl: env.PAYPAL_SDK_URL || (sandbox ? "/sandbox/paypal/sdk/js" : "https://www.paypal.com/sdk/js"),
      ...paypalSettings(language, orderCurrency),
    },
    stripe: { publicId: env.STRIPE_PUBLISHABLE_KEY || (sandbox ? "pk_test_sandbox" : ""), scriptUrl: env.STRIPE_JS_URL ?? (sandbox ? "/sandbox/stripe/v3.js" : "") },
  };
}

/** The client a method starts in the browser; null for a method that leaves for the provider's page. */
function clientOf(method: KnownPaymentMethod, clients: ProviderClients): SubViewClient | null {
  return method.subView === null ? null : clients[method.provider];
}

/** The methods the browser side can start: one that leaves for the provider needs nothing here, a sub-view its public id. */
export function clientReadyMethods(env: StorefrontEnv): readonly PaymentTypeCode[] {
  const clients = providerClients(env, "en");
  return PAYMENT_TYPES.filter((type) => clientOf(paymentMethod(type)!, clients)?.publicId !== "");
}

/** The methods this storefront offers whose browser client loads from the provider's own hosts (not the sandbox on this origin). */
export function thirdPartyClientMethods(env: StorefrontEnv): readonly KnownPaymentMethod[] {
  const clients = providerClients(env, "en");
  return Object.values(PAYMENT_METHODS).filter((method) => {
    const client = clientOf(method, clients);
    return client !== null && client.publicId !== "" && !client.scriptUrl.startsWith("/");
  });
}
