import type { CloudApiEnv } from "#api/env.ts";
import { notifyUrl } from "#api/payments/callback-urls.ts";
import { importRsaPrivateKey, importRsaPublicKey } from "#api/payments/crypto/pem.ts";

export const ALIPAY_DEFAULT_GATEWAY = "https://openapi.alipay.com/gateway.do";

export interface AlipayConfig {
  appId: string;
  /** The merchant's partner id (2088…): notifications must name it as seller_id. */
  sellerId: string;
  gateway: string;
  notifyUrl: string;
  appPrivateKey(): Promise<CryptoKey>;
  alipayPublicKey(): Promise<CryptoKey>;
}

const REQUIRED = ["ALIPAY_APP_ID", "ALIPAY_SELLER_ID", "ALIPAY_APP_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"] as const satisfies readonly (keyof CloudApiEnv)[];

/** The live adapter's settings; a missing or malformed secret fails loudly, naming it. */
export function alipayConfig(env: CloudApiEnv): AlipayConfig {
  for (const name of REQUIRED) {
    if (!env[name]) throw new Error(`cloud-api misconfigured: ${name} missing (PAYMENT_ALIPAY is "live")`);
  }
  if (!/^2088\d{12}$/.test(env.ALIPAY_SELLER_ID ?? "")) throw new Error("cloud-api misconfigured: ALIPAY_SELLER_ID must be the 16-digit partner id (2088…)");
  const gateway = env.ALIPAY_GATEWAY || ALIPAY_DEFAULT_GATEWAY;
  if (!/^https?:\/\/[^/?#]+\/[^?#]*$/.test(gateway)) throw new Error("cloud-api misconfigured: ALIPAY_GATEWAY must be a URL without query (…/gateway.do)");
  const privatePem = env.ALIPAY_APP_PRIVATE_KEY ?? "";
  const publicPem = env.ALIPAY_PUBLIC_KEY ?? "";
  return {
    appId: env.ALIPAY_APP_ID ?? "",
    sellerId: env.ALIPAY_SELLER_ID ?? "",
    gateway,
    notifyUrl: notifyUrl(env, "alipay"),
    appPrivateKey: () => importRsaPrivateKey(privatePem, "ALIPAY_APP_PRIVATE_KEY"),
    alipayPublicKey: () => importRsaPublicKey(publicPem, "ALIPAY_PUBLIC_KEY"),
  };
}
