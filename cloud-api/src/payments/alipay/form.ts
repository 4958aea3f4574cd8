import type { AlipayConfig } from "#api/payments/alipay/config.ts";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeAttribute = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/**
 * The page-jump form of alipay.trade.wap.pay, as Alipay's SDKs build it: POST to the gateway with
 * `?charset=utf-8` (so the gateway decodes the body as UTF-8) and every signed parameter as a hidden
 * input. The storefront submits it from its cashier page; nothing in it is secret.
 */
export function gatewayFormHtml(config: AlipayConfig, params: Readonly<Record<string, string>>): string {
  const inputs = Object.entries(params)
    .map(([name, value]) => `<input type="hidden" name="${escapeAttribute(name)}" value="${escapeAttribute(value)}">`)
    .join("");
  const action = `${config.gateway}?charset=utf-8`;
  return `<form name="alipaysubmit" method="post" action="${escapeAttribute(action)}">${inputs}<input type="submit" value="Alipay" style="display:none"></form>`;
}
