import type { CloudApiEnv } from "#api/env.ts";

export const STRIPE_DEFAULT_API_BASE = "https://api.stripe.com";

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
  /** Whether the key is a live one: events of the other mode (test vs live) are not ours. */
  livemode: boolean;
}

/** The live adapter's settings; a missing or malformed secret fails loudly, naming it. */
export function stripeConfig(env: CloudApiEnv): StripeConfig {
  const secretKey = env.STRIPE_SECRET_KEY ?? "";
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? "";
  if (!secretKey) throw new Error('cloud-api misconfigured: STRIPE_SECRET_KEY missing (PAYMENT_STRIPE is "live")');
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) throw new Error("cloud-api misconfigured: STRIPE_SECRET_KEY must be a secret key (sk_live_… or sk_test_…)");
  if (!webhookSecret) throw new Error('cloud-api misconfigured: STRIPE_WEBHOOK_SECRET missing (PAYMENT_STRIPE is "live")');
  if (!webhookSecret.startsWith("whsec_")) throw new Error("cloud-api misconfigured: STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)");
  return {
    secretKey,
    webhookSecret,
    apiBase: (env.STRIPE_API_BASE || STRIPE_DEFAULT_API_BASE).replace(/\/+$/, ""),
    livemode: /^(sk|rk)_live_/.test(secretKey),
  };
}
