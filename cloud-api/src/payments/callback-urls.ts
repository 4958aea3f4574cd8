import type { CloudApiEnv } from "#api/env.ts";
import { orderSettings } from "#api/settings.ts";
import type { ProviderName } from "#domain/payment-methods.ts";

/**
 * Absolute URLs that providers call or send the buyer to. WeChat Pay and Alipay take the notify URL
 * with every order; it must be public https, so a root-relative setup (embedded mode, empty
 * PUBLIC_BASE_URL) needs PAYMENT_NOTIFY_BASE_URL: the storefront forwards /v1/pay/notify/* as is.
 */
export function notifyUrl(env: CloudApiEnv, provider: ProviderName): string {
  const base = (env.PAYMENT_NOTIFY_BASE_URL || orderSettings(env).publicBaseUrl).replace(/\/+$/, "");
  if (!/^https:\/\/[^/]+/.test(base)) {
    throw new Error(`cloud-api misconfigured: the ${provider} adapter needs PAYMENT_NOTIFY_BASE_URL (or PUBLIC_BASE_URL) as a public https origin`);
  }
  return `${base}/v1/pay/notify/${provider}`;
}

/** A root-relative URL (the default result page) resolved against PUBLIC_BASE_URL; null when it cannot be. */
export function absolutePublicUrl(env: CloudApiEnv, url: string): string | null {
  const resolved = url.startsWith("/") && !url.startsWith("//") ? `${orderSettings(env).publicBaseUrl}${url}` : url;
  return /^https?:\/\/[^/]+/.test(resolved) ? resolved : null;
}
