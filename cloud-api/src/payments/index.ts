import { providerOf, type PaymentTypeCode, type ProviderName } from "#domain/payment-methods.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { alipayProvider } from "#api/payments/alipay/adapter.ts";
import { adapterOf, ADAPTER_SETTING } from "#api/payments/configuration.ts";
import { payPalProvider } from "#api/payments/paypal/adapter.ts";
import { ProviderUnavailable, type PaymentProvider } from "#api/payments/provider.ts";
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

/** The provider adapter for a provider name; a provider that is not configured is unavailable. */
export function providerNamed(env: CloudApiEnv, name: ProviderName): PaymentProvider {
  const adapter = adapterOf(env, name);
  if (adapter === null) throw new ProviderUnavailable(`${name} is not configured (${ADAPTER_SETTING[name]}) and the payment sandbox is off`);
  return adapter === "sandbox" ? sandboxProvider(env, name) : LIVE_ADAPTERS[name](env);
}

export function providerForMethod(env: CloudApiEnv, paymentType: PaymentTypeCode): PaymentProvider {
  return providerNamed(env, providerOf(paymentType));
}
