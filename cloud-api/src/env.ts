import { z } from "zod";
import type { FulfilmentMessage } from "./fulfilment/message.ts";

/**
 * Bindings, variables and secrets of the cloud-api Worker: `CloudApiBindings` is generated from
 * cloud-api/wrangler.jsonc by `npm run typegen`; below are what it cannot know (the queue's message type)
 * and the optional provider origins a deployment may add (docs/configuration.md).
 */
export interface CloudApiEnv extends Omit<CloudApiBindings, "FULFILMENT"> {
  FULFILMENT: Queue<FulfilmentMessage>;
  STRIPE_API_BASE?: string;
  PAYPAL_API_BASE?: string;
  PAYMENT_NOTIFY_BASE_URL?: string;
  WECHATPAY_API_BASE?: string;
  ALIPAY_GATEWAY?: string;
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
