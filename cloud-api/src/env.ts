import { z } from "zod";
import { demoSecretRefusedInProduction } from "#contract/demo-secrets.ts";
import type { ProbedEnv } from "#platform/d1-probe.ts";
import type { QueueMessage } from "#api/fulfilment/message.ts";
import type { DeliveryKey } from "#api/repositories/webhooks.ts";
import { webhookEndpoints } from "#api/core/webhook-endpoints.ts";
import { supportRefundLimits } from "#api/core/refund-limits.ts";

/**
 * Bindings, variables and secrets of the cloud-api Worker: `CloudApiBindings` is generated from
 * cloud-api/wrangler.jsonc by `npm run typegen`; below are what it cannot know (the queue's message type)
 * and the optional provider origins a deployment may add (docs/configuration.md).
 */
export interface CloudApiEnv extends Omit<CloudApiBindings, "FULFILMENT" | "WEBHOOKS">, ProbedEnv {
  FULFILMENT: Queue<QueueMessage>;
  /** Integration events to deliver, one message per event and endpoint (docs/integration.md). */
  WEBHOOKS: Queue<DeliveryKey>;
  /** Error reports go to this Sentry DSN; unset, none are sent (platform/error-reporting.ts). */
  SENTRY_DSN?: string;
  STRIPE_API_BASE?: string;
  PAYPAL_API_BASE?: string;
  PAYMENT_NOTIFY_BASE_URL?: string;
  WECHATPAY_API_BASE?: string;
  /** Test configuration only (e2e, bench): "off" lifts the coupon and card-code lookup limits; production refuses it. */
  LOOKUP_LIMITS?: string;
  ALIPAY_GATEWAY?: string;
}

/** A Workers Rate Limiting binding: without it every limited lookup would fail with a 500. */
const rateLimitBinding = z.custom<RateLimit>((value) => typeof (value as Partial<RateLimit> | undefined)?.limit === "function", {
  message: "Rate Limiting binding missing (the Worker's ratelimits in cloud-api/wrangler.jsonc)",
});

const secrets = z
  .object({
    COUPON_LOOKUPS: rateLimitBinding,
    CARD_LOOKUPS: rateLimitBinding,
    APP_ID: z.string().min(1),
    APP_SECRET: z.string().min(8),
    S2S_SECRET: z.string().min(32).optional(),
    OPERATOR_SECRET: z.string().min(32).optional(),
    CARD_CODE_SECRET: z.string().min(32),
    ENVIRONMENT: z.enum(["local", "preview", "production"]).optional(),
    PAYMENT_SANDBOX: z.enum(["on", "off", ""]).optional(),
    SANDBOX_NOTIFY_SECRET: z.string().min(16).optional(),
    BENCH_D1_LATENCY_MS: z.string().optional(),
    LOOKUP_LIMITS: z.enum(["on", "off", ""]).optional(),
    API_DOCS: z.enum(["on", "off", ""]).optional(),
  })
  .refine((env) => !(env.PAYMENT_SANDBOX === "on" && env.ENVIRONMENT === "production"), {
    path: ["PAYMENT_SANDBOX"],
    message: "the payment sandbox is refused in production",
  })
  .refine((env) => !(env.BENCH_D1_LATENCY_MS !== undefined && env.ENVIRONMENT === "production"), {
    path: ["BENCH_D1_LATENCY_MS"],
    message: "the bench's D1 probe is refused in production",
  })
  .refine(...demoSecretRefusedInProduction("CARD_CODE_SECRET"))
  .refine(...demoSecretRefusedInProduction("OPERATOR_SECRET"))
  .refine((env) => !(env.LOOKUP_LIMITS === "off" && env.ENVIRONMENT === "production"), {
    path: ["LOOKUP_LIMITS"],
    message: "the lookup limits cannot be turned off in production",
  })
  .refine((env) => env.PAYMENT_SANDBOX !== "on" || env.SANDBOX_NOTIFY_SECRET !== undefined, {
    path: ["SANDBOX_NOTIFY_SECRET"],
    message: "required while the payment sandbox is on",
  });

/**
 * Environments already found well formed. The runtime hands every request of an isolate the same env
 * object, and parsing it took a few per cent of a purchase document's CPU when done on every request.
 */
const wellFormed = new WeakSet<CloudApiEnv>();

/**
 * Fails loudly when a secret is missing or too short, naming it, rather than signing with "undefined";
 * and refuses to serve at all when production is configured with the payment sandbox.
 */
export function checkSecrets(env: CloudApiEnv): void {
  if (wellFormed.has(env)) return;
  const result = secrets.safeParse(env);
  if (!result.success) {
    throw new Error(`cloud-api misconfigured: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  try {
    webhookEndpoints(env);
    supportRefundLimits(env);
  } catch (error) {
    throw new Error(`cloud-api misconfigured: ${error instanceof Error ? error.message : String(error)}`);
  }
  wellFormed.add(env);
}
