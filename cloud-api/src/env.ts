import { z } from "zod";
import type { FulfilmentMessage } from "./fulfilment/message.ts";

/** Bindings, variables and secrets of the cloud-api Worker (cloud-api/wrangler.jsonc, .dev.vars). */
export interface CloudApiEnv {
  DB: D1Database;
  FULFILMENT: Queue<FulfilmentMessage>;
  APP_ID: string;
  APP_SECRET: string;
  /** The companion app's backend proves itself with this to mint a user's tokens (never ships in an app). */
  S2S_SECRET?: string;
  /** "local", "preview" or "production"; production refuses the payment sandbox. */
  ENVIRONMENT?: string;
  /** "on" turns the payment sandbox on (npm start, tests, previews); off when unset. */
  PAYMENT_SANDBOX?: string;
  /** Signs the sandbox payment provider's notifications (and its Alipay-style forms); needed with the sandbox on. */
  SANDBOX_NOTIFY_SECRET?: string;
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
  COUPON_LOOKUP_WINDOW_SECONDS?: string;
  COUPON_LOOKUP_RATE_PER_USER?: string;
  /**
   * Per provider, "live" or "sandbox"; unset means the sandbox where it is on and otherwise that the
   * method is not offered. A live adapter reads its own secrets below.
   */
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

  // --- WeChat Pay (v3, H5) and Alipay live adapters (docs/decisions/012) ---
  /** Public https origin where providers reach /v1/pay/notify/<provider> (notify_url); default PUBLIC_BASE_URL. */
  PAYMENT_NOTIFY_BASE_URL?: string;
  /** WeChat Pay merchant id (mchid) and the AppID bound to it. */
  WECHATPAY_MCH_ID?: string;
  WECHATPAY_APP_ID?: string;
  /** Serial number of the merchant API certificate and its private key (PKCS#8 PEM): signs our requests. */
  WECHATPAY_MCH_SERIAL?: string;
  WECHATPAY_MCH_PRIVATE_KEY?: string;
  /** APIv3 key (32 characters): decrypts notification resources (AES-256-GCM). */
  WECHATPAY_API_V3_KEY?: string;
  /** WeChat Pay platform public key (SPKI PEM) and its id (PUB_KEY_ID_…): verify WeChat's answers and notifications. */
  WECHATPAY_PLATFORM_SERIAL?: string;
  WECHATPAY_PLATFORM_PUBLIC_KEY?: string;
  /** WeChat Pay API origin; default https://api.mch.weixin.qq.com (tests point it at a fake). */
  WECHATPAY_API_BASE?: string;
  /** Alipay app id, and the merchant's partner id (2088…) that notifications must name as seller_id. */
  ALIPAY_APP_ID?: string;
  ALIPAY_SELLER_ID?: string;
  /** The app's private key (PKCS#8 PEM or bare base64): signs forms and requests (RSA2). */
  ALIPAY_APP_PRIVATE_KEY?: string;
  /** Alipay's public key (SPKI PEM or bare base64): verifies answers and notifications. */
  ALIPAY_PUBLIC_KEY?: string;
  /** Alipay's gateway; default https://openapi.alipay.com/gateway.do (tests point it at a fake). */
  ALIPAY_GATEWAY?: string;
  // --- end WeChat Pay and Alipay ---
}

const secrets = z
  .object({
    APP_ID: z.string().min(1),
    APP_SECRET: z.string().min(8),
    S2S_SECRET: z.string().min(32).optional(),
    ENVIRONMENT: z.enum(["local", "preview", "production"]).optional(),
    PAYMENT_SANDBOX: z.enum(["on", "off", ""]).optional(),
    SANDBOX_NOTIFY_SECRET: z.string().min(16).optional(),
  })
  .refine((env) => !(env.PAYMENT_SANDBOX === "on" && env.ENVIRONMENT === "production"), {
    path: ["PAYMENT_SANDBOX"],
    message: "the payment sandbox is refused in production",
  })
  .refine((env) => env.PAYMENT_SANDBOX !== "on" || env.SANDBOX_NOTIFY_SECRET !== undefined, {
    path: ["SANDBOX_NOTIFY_SECRET"],
    message: "required while the payment sandbox is on",
  });

/**
 * Fails loudly when a secret is missing or too short, naming it, rather than signing with "undefined";
 * and refuses to serve at all when production is configured with the payment sandbox.
 */
export function checkSecrets(env: CloudApiEnv): void {
  const result = secrets.safeParse(env);
  if (!result.success) {
    throw new Error(`cloud-api misconfigured: ${result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
}
