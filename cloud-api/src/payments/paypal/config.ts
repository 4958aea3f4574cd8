import type { CloudApiEnv } from "#api/env.ts";

export const PAYPAL_DEFAULT_API_BASE = "https://api-m.paypal.com";

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiBase: string;
}

/** The live adapter's settings; a missing secret fails loudly, naming it. */
export function payPalConfig(env: CloudApiEnv): PayPalConfig {
  for (const name of ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"] as const) {
    if (!env[name]) throw new Error(`cloud-api misconfigured: ${name} missing (PAYMENT_PAYPAL is "live")`);
  }
  return {
    clientId: env.PAYPAL_CLIENT_ID ?? "",
    clientSecret: env.PAYPAL_CLIENT_SECRET ?? "",
    webhookId: env.PAYPAL_WEBHOOK_ID ?? "",
    apiBase: (env.PAYPAL_API_BASE || PAYPAL_DEFAULT_API_BASE).replace(/\/+$/, ""),
  };
}
