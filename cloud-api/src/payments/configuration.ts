import { PAYMENT_TYPES, providerOf, type PaymentTypeCode, type ProviderName } from "#domain/payment-methods.ts";
import type { CloudApiEnv } from "#api/env.ts";

/**
 * Which provider this deployment can take money with, answered from its variables alone: read paths (the
 * package list) import this module, never the adapters (payments/index.ts builds those).
 */

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
export function adapterOf(env: CloudApiEnv, name: ProviderName): "live" | "sandbox" | null {
  const setting = env[ADAPTER_SETTING[name]] ?? "";
  if (setting === "live") return "live";
  if (setting !== "" && setting !== "sandbox") {
    throw new Error(`cloud-api misconfigured: ${ADAPTER_SETTING[name]} must be "live" or "sandbox", not "${setting}"`);
  }
  return sandboxEnabled(env) ? "sandbox" : null;
}

export function isProviderConfigured(env: CloudApiEnv, name: ProviderName): boolean {
  return adapterOf(env, name) !== null;
}

/** The payment methods this deployment can take money with (before the buyer's region narrows them). */
export function offeredPaymentTypes(env: CloudApiEnv): PaymentTypeCode[] {
  return PAYMENT_TYPES.filter((type) => isProviderConfigured(env, providerOf(type)));
}
