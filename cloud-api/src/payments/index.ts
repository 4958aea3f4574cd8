import { PAYMENT_TYPES, type PaymentTypeCode } from "#domain/services.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { alipayProvider } from "#api/payments/alipay/adapter.ts";
import { payPalProvider } from "#api/payments/paypal/adapter.ts";
import { PROVIDER_OF_METHOD, ProviderUnavailable, type PaymentProvider, type ProviderName } from "#api/payments/provider.ts";
import { sandboxProvider } from "#api/payments/sandbox/provider.ts";
import { stripeProvider } from "#api/payments/stripe/adapter.ts";
import { wechatPayProvider } from "#api/payments/wechat/adapter.ts";

/** The real adapter of each provider, built from the Worker's secrets (each throws naming a missing one). */
const LIVE_ADAPTERS: Record<ProviderName, (env: CloudApiEnv) => PaymentProvider> = {
  wechat: wechatPayProvider,
  alipay: alipayProvider,
  paypal: payPalProvider,
  stripe: stripeProvider,
};

/** The variable that chooses each provider's adapter: "live", or "sandbox" where the sandbox is on. */
export const ADAPTER_SETTING = {
  wechat: "PAYMENT_WECHAT",
  alipay: "PAYMENT_ALIPAY",
  paypal: "PAYMENT_PAYPAL",
  stripe: "PAYMENT_STRIPE",
} as const satisfies Record<ProviderName, keyof CloudApiEnv>;

/**
 * The payment sandbox runs only where it is turned on by name (PAYMENT_SANDBOX=on: npm start, the tests,
 * previews), never in production: checkSecrets refuses that configuration before any request is served.
 */
export function sandboxEnabled(env: Pick<CloudApiEnv, "PAYMENT_SANDBOX" | "ENVIRONMENT">): boolean {
  return env.PAYMENT_SANDBOX === "on" && env.ENVIRONMENT !== "production";
}

/**
 * Which adapter serves a provider: "live" when configured so; the sandbox when it is on and the provider
 * is not set to live; otherwise none, and the method is not offered. Fails closed: a forgotten variable
 * never lets a buyer "pay" with the sandbox.
 */
function adapterOf(env: CloudApiEnv, name: ProviderName): "live" | "sandbox" | null {
  const setting = env[ADAPTER_SETTING[name]] ?? "";
  if (setting === "live") return "live";
  if (setting !== "" && setting !== "sandbox") {
    throw new Error(`cloud-api misconfigured: ${ADAPTER_SETTING[name]} must be "live" or "sandbox", not "${setting}"`);
  }
  return sandboxEnabled(env) ? "sandbox" : null;
}

/** The provider adapter for a provider name; a provider that is not configured is unavailable. */
export function providerNamed(env: CloudApiEnv, name: ProviderName): PaymentProvider {
  const adapter = adapterOf(env, name);
  if (adapter === null) throw new ProviderUnavailable(`${name} is not configured (${ADAPTER_SETTING[name]}) and the payment sandbox is off`);
  return adapter === "sandbox" ? sandboxProvider(env, name) : LIVE_ADAPTERS[name](env);
}

export function isProviderConfigured(env: CloudApiEnv, name: ProviderName): boolean {
  return adapterOf(env, name) !== null;
}

/** The payment methods this deployment can take money with (before the buyer's region narrows them). */
export function offeredPaymentTypes(env: CloudApiEnv): PaymentTypeCode[] {
  return PAYMENT_TYPES.filter((type) => isProviderConfigured(env, PROVIDER_OF_METHOD[type]));
}

export function providerForMethod(env: CloudApiEnv, paymentType: PaymentTypeCode): PaymentProvider {
  return providerNamed(env, PROVIDER_OF_METHOD[paymentType]);
}
