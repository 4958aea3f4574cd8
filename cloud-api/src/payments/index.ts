import type { PaymentTypeCode } from "../../../domain/services.ts";
import type { CloudApiEnv } from "../env.ts";
import { alipayProvider } from "./alipay/adapter.ts";
import { payPalProvider } from "./paypal/adapter.ts";
import { PROVIDER_OF_METHOD, type PaymentProvider, type ProviderName } from "./provider.ts";
import { sandboxProvider } from "./sandbox/provider.ts";
import { stripeProvider } from "./stripe/adapter.ts";
import { wechatPayProvider } from "./wechat/adapter.ts";

/** The real adapter of each provider, built from the Worker's secrets (each throws naming a missing one). */
const LIVE_ADAPTERS: Partial<Record<ProviderName, (env: CloudApiEnv) => PaymentProvider>> = {
  wechat: wechatPayProvider,
  alipay: alipayProvider,
  paypal: payPalProvider,
  stripe: stripeProvider,
};

/** The variable that chooses each provider's adapter: "sandbox" (the default) or "live". */
export const ADAPTER_SETTING = {
  wechat: "PAYMENT_WECHAT",
  alipay: "PAYMENT_ALIPAY",
  paypal: "PAYMENT_PAYPAL",
  stripe: "PAYMENT_STRIPE",
} as const satisfies Record<ProviderName, keyof CloudApiEnv>;

/** The provider adapter for a provider name: the sandbox unless configuration asks for the live one. */
export function providerNamed(env: CloudApiEnv, name: ProviderName): PaymentProvider {
  const setting = env[ADAPTER_SETTING[name]] ?? "sandbox";
  if (setting === "sandbox") return sandboxProvider(env, name);
  const live = LIVE_ADAPTERS[name];
  if (setting !== "live" || !live) throw new Error(`cloud-api misconfigured: ${ADAPTER_SETTING[name]} must be "sandbox" or "live", not "${setting}"`);
  return live(env);
}

export function providerForMethod(env: CloudApiEnv, paymentType: PaymentTypeCode): PaymentProvider {
  return providerNamed(env, PROVIDER_OF_METHOD[paymentType]);
}
