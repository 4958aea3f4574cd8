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
