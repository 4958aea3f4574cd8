import type { CloudApiEnv } from "#api/env.ts";
import { notifyUrl } from "#api/payments/callback-urls.ts";
import { importRsaPrivateKey, importRsaPublicKey } from "#api/payments/crypto/pem.ts";

export const WECHATPAY_DEFAULT_API_BASE = "https://api.mch.weixin.qq.com";

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** Serial of the merchant API certificate, named in our Authorization header. */
  mchSerial: string;
  apiV3Key: string;
  /** The platform public key's id (PUB_KEY_ID_…) or platform certificate serial WeChat signs with. */
  platformSerial: string;
  apiBase: string;
  notifyUrl: string;
  merchantKey(): Promise<CryptoKey>;
  platformKey(): Promise<CryptoKey>;
}

const REQUIRED = [
  "WECHATPAY_MCH_ID",
  "WECHATPAY_APP_ID",
  "WECHATPAY_MCH_SERIAL",
  "WECHATPAY_MCH_PRIVATE_KEY",
  "WECHATPAY_API_V3_KEY",
  "WECHATPAY_PLATFORM_SERIAL",
  "WECHATPAY_PLATFORM_PUBLIC_KEY",
] as const satisfies readonly (keyof CloudApiEnv)[];

/** The live adapter's settings; a missing or malformed secret fails loudly, naming it. */
export function wechatPayConfig(env: CloudApiEnv): WechatPayConfig {
  for (const name of REQUIRED) {
    if (!env[name]) throw new Error(`cloud-api misconfigured: ${name} missing (PAYMENT_WECHAT is "live")`);
  }
  const apiV3Key = env.WECHATPAY_API_V3_KEY ?? "";
  // AES-256 takes the key's 32 bytes as they are (WeChat's APIv3 keys are 32 ASCII characters).
  if (new TextEncoder().encode(apiV3Key).length !== 32) throw new Error("cloud-api misconfigured: WECHATPAY_API_V3_KEY must be 32 bytes");
  const privatePem = env.WECHATPAY_MCH_PRIVATE_KEY ?? "";
  const publicPem = env.WECHATPAY_PLATFORM_PUBLIC_KEY ?? "";
  return {
    mchId: env.WECHATPAY_MCH_ID ?? "",
    appId: env.WECHATPAY_APP_ID ?? "",
    mchSerial: env.WECHATPAY_MCH_SERIAL ?? "",
    apiV3Key,
    platformSerial: env.WECHATPAY_PLATFORM_SERIAL ?? "",
    apiBase: (env.WECHATPAY_API_BASE || WECHATPAY_DEFAULT_API_BASE).replace(/\/+$/, ""),
    notifyUrl: notifyUrl(env, "wechat"),
    merchantKey: () => importRsaPrivateKey(privatePem, "WECHATPAY_MCH_PRIVATE_KEY"),
    platformKey: () => importRsaPublicKey(publicPem, "WECHATPAY_PLATFORM_PUBLIC_KEY"),
  };
}
