import type { CloudApiEnv } from "#api/env.ts";
import { hmacSha256Hex, timingSafeEqualText } from "#api/core/hashing.ts";
import type { PaymentRequest } from "#api/payments/provider.ts";
import { escapeHtml } from "#api/payments/sandbox/pages.ts";
import { sandboxSecret } from "#api/payments/sandbox/secret.ts";

/**
 * Alipay's page payment returns an auto-submitting HTML form whose fields the merchant signed. The
 * sandbox does the same, signing the sorted `key=value` pairs with HMAC-SHA256 instead of RSA2, and its
 * gateway refuses a form whose fields were changed in the browser.
 */
const SIGNED_FIELDS = ["out_trade_no", "trade_no", "total_amount", "currency", "subject", "return_url"] as const;
export type AlipayFormFields = Record<(typeof SIGNED_FIELDS)[number], string>;

function canonical(fields: AlipayFormFields): string {
  return [...SIGNED_FIELDS].sort().map((key) => `${key}=${fields[key]}`).join("&");
}

export async function alipayForm(env: CloudApiEnv, base: string, { ref, request }: { ref: string; request: PaymentRequest }): Promise<string> {
  const fields: AlipayFormFields = {
    out_trade_no: request.paymentId,
    trade_no: ref,
    total_amount: (request.amountCents / 100).toFixed(2),
    currency: request.currency,
    subject: request.description,
    return_url: request.returnUrl,
  };
  const sign = await hmacSha256Hex(sandboxSecret(env), canonical(fields));
  const inputs = Object.entries({ ...fields, sign })
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join("");
  return `<form name="alipaysubmit" method="post" action="${escapeHtml(base)}/sandbox/alipay/gateway.do?charset=utf-8">${inputs}<input type="submit" value="Pay with Alipay (sandbox)" style="display:none"></form>`;
}

/** Reads a posted gateway form; null when a field is missing or the signature does not match. */
export async function verifyAlipayForm(env: CloudApiEnv, form: FormData): Promise<AlipayFormFields | null> {
  const fields = {} as AlipayFormFields;
  for (const key of SIGNED_FIELDS) {
    const value = form.get(key);
    if (typeof value !== "string") return null;
    fields[key] = value;
  }
  const sign = form.get("sign");
  if (typeof sign !== "string") return null;
  return timingSafeEqualText(sign, await hmacSha256Hex(sandboxSecret(env), canonical(fields))) ? fields : null;
}
