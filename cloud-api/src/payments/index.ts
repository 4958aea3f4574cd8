import type { PaymentTypeCode } from "../../../domain/services.ts";
import type { CloudApiEnv } from "../env.ts";
import { PROVIDER_OF_METHOD, type PaymentProvider, type ProviderName } from "./provider.ts";
import { sandboxProvider } from "./sandbox/provider.ts";

/** The provider adapter for a provider name; the sandbox serves every method until real keys are configured. */
export function providerNamed(env: CloudApiEnv, name: ProviderName): PaymentProvider {
  return sandboxProvider(env, name);
}

export function providerForMethod(env: CloudApiEnv, paymentType: PaymentTypeCode): PaymentProvider {
  return providerNamed(env, PROVIDER_OF_METHOD[paymentType]);
}
