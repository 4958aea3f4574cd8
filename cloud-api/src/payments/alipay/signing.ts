import { chinaDateTime } from "#api/payments/china-time.ts";
import { signRsaSha256 } from "#api/payments/crypto/rsa.ts";
import type { AlipayConfig } from "#api/payments/alipay/config.ts";

/**
 * Alipay's RSA2 signature content: every parameter but the excluded ones (sign, and sign_type for
 * notifications), sorted by name, joined as `name=value` with "&", values as they are (not URL-encoded).
 * What we sign leaves empty values out; what Alipay signs (a notification) keeps them, as its SDKs verify
 * (`emptyValues: "kept"`).
 */
export function signingContent(params: Readonly<Record<string, string>>, exclude: readonly string[], emptyValues: "left out" | "kept" = "left out"): string {
  return Object.keys(params)
    .filter((name) => !exclude.includes(name) && (emptyValues === "kept" || params[name] !== ""))
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join("&");
}

/**
 * The public parameters of an OpenAPI call (method + biz_content) with their RSA2 sign: what a form
 * posts to the gateway, or what the adapter posts itself.
 */
export async function signedGatewayParams(
  config: AlipayConfig,
  method: string,
  bizContent: object,
  now: number,
  extra: Readonly<Record<string, string>> = {},
): Promise<Record<string, string>> {
  const params: Record<string, string> = {
    app_id: config.appId,
    method,
    format: "JSON",
    charset: "utf-8",
    sign_type: "RSA2",
    timestamp: chinaDateTime(now),
    version: "1.0",
    ...extra,
    biz_content: JSON.stringify(bizContent),
  };
  return { ...params, sign: await signRsaSha256(await config.appPrivateKey(), signingContent(params, ["sign"])) };
}
