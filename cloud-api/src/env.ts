import { z } from "zod";
import type { FulfilmentMessage } from "./fulfilment/message.ts";

/** Bindings, variables and secrets of the cloud-api Worker (cloud-api/wrangler.jsonc, .dev.vars). */
export interface CloudApiEnv {
  DB: D1Database;
  FULFILMENT: Queue<FulfilmentMessage>;
  APP_ID: string;
  APP_SECRET: string;
  /** Signs the sandbox payment provider's notifications (and its Alipay-style forms). */
  SANDBOX_NOTIFY_SECRET: string;
  ACCESS_TOKEN_TTL_SECONDS?: string;
  REFRESH_TOKEN_TTL_SECONDS?: string;
  REFRESH_GRACE_SECONDS?: string;
  /** Public origin of the sandbox pages; empty means root-relative URLs, served through the storefront. */
  PUBLIC_BASE_URL?: string;
  /** Where a provider sends the buyer back; {orderId} is replaced. */
  RESULT_PAGE_URL?: string;
  UNPAID_ORDER_TTL_SECONDS?: string;
  ORDER_RATE_WINDOW_SECONDS?: string;
  ORDER_RATE_PER_DEVICE?: string;
  ORDER_RATE_PER_USER?: string;
  FULFILMENT_MAX_ATTEMPTS?: string;
  /** Per provider, "sandbox" (default) or "live"; a live adapter reads its own secrets below. */
  PAYMENT_WECHAT?: string;
  PAYMENT_ALIPAY?: string;
  PAYMENT_PAYPAL?: string;
  PAYMENT_STRIPE?: string;

  // --- Stripe (card) and PayPal live adapters (docs/decisions/011) ---
  /** Stripe secret key (sk_live_… / sk_test_…): creates Checkout Sessions and refunds. */
  STRIPE_SECRET_KEY?: string;
  /** Signing secret (whsec_…) of the Stripe webhook endpoint /v1/pay/notify/stripe. */
  STRIPE_WEBHOOK_SECRET?: string;
  /** Stripe's API origin; default https://api.stripe.com (tests point it at a fake). */
  STRIPE_API_BASE?: string;
  /** PayPal REST app credentials (OAuth2 client credentials). */
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  /** Id of the PayPal webhook that posts to /v1/pay/notify/paypal (part of what PayPal verifies). */
  PAYPAL_WEBHOOK_ID?: string;
  /** PayPal's API origin; default https://api-m.paypal.com (https://api-m.sandbox.paypal.com for PayPal's sandbox). */
  PAYPAL_API_BASE?: string;
  // --- end Stripe and PayPal ---
}

const secrets = z.object({
  APP_ID: z.string().min(1),
  APP_SECRET: z.string().min(8),
  SANDBOX_NOTIFY_SECRET: z.string().min(16),
});

/** Fails loudly when a secret is missing or too short, naming it, rather than signing with "undefined". */
export function checkSecrets(env: CloudApiEnv): void {
  const result = secrets.safeParse(env);
  if (!result.success) {
    throw new Error(`cloud-api misconfigured: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
}
