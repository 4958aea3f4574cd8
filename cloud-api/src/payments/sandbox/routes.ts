import { Hono, type Context } from "hono";
import type { CloudApiEnv } from "#api/env.ts";
import { verifyAlipayForm } from "#api/payments/sandbox/alipay-form.ts";
import { findSandboxPayment, type SandboxMethod, type SandboxPaymentRow } from "#api/repositories/sandbox-payments.ts";
import { checkoutPage, donePage, embeddedResultPage, errorPage } from "#api/payments/sandbox/pages.ts";
import { EMBEDDED_RESULT_JS, PAYPAL_SDK, STRIPE_JS } from "#api/payments/sandbox/scripts.ts";
import { settleSandboxPayment, type Deliver, type SandboxAction } from "#api/payments/sandbox/settle.ts";

type SandboxContext = Context<{ Bindings: CloudApiEnv }>;

const BUYER_ACTIONS = new Set<SandboxAction>(["pay", "fail", "cancel"]);

/** The sandbox's pages run no inline script, post only to themselves and are framed only by their own origin. */
const PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

function html(c: SandboxContext, body: string, status: 200 | 400 | 404 = 200) {
  c.header("Cache-Control", "no-store");
  c.header("Content-Security-Policy", PAGE_POLICY);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  return c.html(body, status);
}

function javascript(c: SandboxContext, source: string) {
  c.header("Cache-Control", "public, max-age=300");
  c.header("X-Content-Type-Options", "nosniff");
  return c.body(source, 200, { "content-type": "application/javascript; charset=utf-8" });
}

/**
 * Only a root-relative path or a URL of the request's own origin: the sandbox must not become an open
 * redirect (real providers honour registered domains only). The target is parsed the way a browser
 * would (which drops tabs and newlines, so "/\t/evil" means "//evil") and judged by where it lands.
 */
export function safeRedirect(target: string | null | undefined, requestUrl: string): string | null {
  if (!target) return null;
  const here = new URL(requestUrl);
  let url: URL;
  try {
    url = new URL(target, here);
  } catch {
    return null;
  }
  // The same origin only: another port or scheme on the same host is another site.
  if (url.origin !== here.origin) return null;
  if (!target.trimStart().startsWith("/")) return url.toString();
  // A path the browser would read as another host ("//evil" after normalising) is refused.
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith("//") ? null : path;
}

/** Appends query parameters to a URL that may be root-relative, keeping it root-relative. */
function withQuery(target: string, params: Record<string, string>): string {
  const relative = target.startsWith("/");
  const url = new URL(target, "https://relative.invalid");
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

async function formOf(c: SandboxContext): Promise<FormData> {
  try {
    return await c.req.formData();
  } catch {
    return new FormData();
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The pages, scripts and provider-API stand-ins of the sandbox payment provider, mounted at /sandbox. */
export function sandboxRoutes(selfFetch: Deliver) {
  const app = new Hono<{ Bindings: CloudApiEnv }>();

  async function payment(c: SandboxContext, ref: string, method: SandboxMethod): Promise<SandboxPaymentRow | null> {
    const row = ref ? await findSandboxPayment(c.env.DB, ref) : null;
    return row?.method === method ? row : null;
  }

  /** Applies a buyer's choice from a checkout form; null when the form or payment is not right. */
  async function settleFromForm(c: SandboxContext, ref: string, method: SandboxMethod, action: string) {
    if (!(await payment(c, ref, method)) || !BUYER_ACTIONS.has(action as SandboxAction)) return null;
    return settleSandboxPayment(c.env, selfFetch, ref, action as SandboxAction);
  }

  // WeChat Pay H5: the storefront sends the buyer to h5PaymentUrl plus a redirect_url.
  app.get("/wechat/pay", async (c) => {
    const row = await payment(c, c.req.query("prepay_id") ?? "", "wechat");
    if (!row) return html(c, errorPage("This WeChat Pay payment does not exist."), 404);
    return html(c, checkoutPage(row, { action: "/sandbox/wechat/pay", fields: { prepay_id: row.ref, redirect_url: c.req.query("redirect_url") ?? "" } }));
  });
  app.post("/wechat/pay", async (c) => {
    const form = await formOf(c);
    const settled = await settleFromForm(c, text(form, "prepay_id"), "wechat", text(form, "action"));
    if (!settled) return html(c, errorPage("This WeChat Pay payment does not exist."), 404);
    const back = safeRedirect(text(form, "redirect_url"), c.req.url);
    return back ? c.redirect(back, 303) : html(c, donePage(settled.payment));
  });

  /** Back to the merchant's return URL with the trade, as Alipay returns the buyer; null when it is not safe. */
  function alipayReturn(c: SandboxContext, row: SandboxPaymentRow) {
    const back = safeRedirect(row.return_url, c.req.url);
    return back ? c.redirect(withQuery(back, { out_trade_no: row.merchant_order_id, trade_no: row.ref, total_amount: (row.amount_cents / 100).toFixed(2) }), 303) : null;
  }

  // Alipay page payment: the storefront inserts the returned form and submits it here. The gateway answers the
  // post with a redirect to its checkout, so Back from the merchant's result page finds no form to post again.
  app.post("/alipay/gateway.do", async (c) => {
    const fields = await verifyAlipayForm(c.env, await formOf(c));
    if (!fields) return html(c, errorPage("The payment form's signature does not match its fields."), 400);
    const row = await payment(c, fields.trade_no, "alipay");
    if (!row) return html(c, errorPage("This Alipay trade does not exist."), 404);
    if (fields.total_amount !== (row.amount_cents / 100).toFixed(2) || fields.currency !== row.currency_code) {
      return html(c, errorPage("The amount does not match the trade."), 400);
    }
    return c.redirect(withQuery("/sandbox/alipay/checkout", { trade_no: row.ref }), 303);
  });
  // A trade already paid or failed (the buyer came Back to it) returns to the merchant at once.
  app.get("/alipay/checkout", async (c) => {
    const row = await payment(c, c.req.query("trade_no") ?? "", "alipay");
    if (!row) return html(c, errorPage("This Alipay trade does not exist."), 404);
    if (row.status === "created" || row.status === "cancelled") return html(c, checkoutPage(row, { action: "/sandbox/alipay/pay", fields: { trade_no: row.ref } }));
    return alipayReturn(c, row) ?? html(c, donePage(row));
  });
  app.post("/alipay/pay", async (c) => {
    const form = await formOf(c);
    const settled = await settleFromForm(c, text(form, "trade_no"), "alipay", text(form, "action"));
    if (!settled) return html(c, errorPage("This Alipay trade does not exist."), 404);
    return alipayReturn(c, settled.payment) ?? html(c, donePage(settled.payment));
  });

  // PayPal: the JS SDK stand-in and the orders API it calls.
  app.get("/paypal/sdk/js", (c) => javascript(c, PAYPAL_SDK));
  app.get("/paypal/v2/checkout/orders/:id", async (c) => {
    const row = await payment(c, c.req.param("id"), "paypal");
    if (!row) return c.json({ name: "RESOURCE_NOT_FOUND" }, 404);
    return c.json(paypalOrder(row));
  });
  app.post("/paypal/v2/checkout/orders/:id/:step", async (c) => {
    const steps: Record<string, SandboxAction> = { approve: "approve", capture: "pay", fail: "fail", cancel: "cancel" };
    const action = steps[c.req.param("step")];
    const row = await payment(c, c.req.param("id"), "paypal");
    if (!row || !action) return c.json({ name: "RESOURCE_NOT_FOUND" }, 404);
    await settleSandboxPayment(c.env, selfFetch, row.ref, action);
    // Read again: an approval is captured while its notification is handled.
    return c.json(paypalOrder((await findSandboxPayment(c.env.DB, row.ref)) ?? row));
  });

  // Stripe: Stripe.js stand-in and the hosted (or embedded) checkout page of a session.
  app.get("/stripe/v3.js", (c) => javascript(c, STRIPE_JS));
  app.get("/stripe/embedded-result.js", (c) => javascript(c, EMBEDDED_RESULT_JS));
  app.get("/stripe/checkout/:sessionId", async (c) => {
    const row = await payment(c, c.req.param("sessionId"), "stripe");
    if (!row) return html(c, errorPage("This checkout session does not exist."), 404);
    const embedded = c.req.query("embedded") === "1" ? "1" : "0";
    return html(c, checkoutPage(row, { action: `/sandbox/stripe/checkout/${encodeURIComponent(row.ref)}`, fields: { embedded }, cardFields: true }));
  });
  app.post("/stripe/checkout/:sessionId", async (c) => {
    const form = await formOf(c);
    const action = text(form, "action");
    const settled = await settleFromForm(c, c.req.param("sessionId"), "stripe", action);
    if (!settled) return html(c, errorPage("This checkout session does not exist."), 404);
    if (text(form, "embedded") === "1") return html(c, embeddedResultPage(settled.payment, action));
    const back = safeRedirect(settled.payment.return_url, c.req.url);
    return back ? c.redirect(withQuery(back, { session_id: settled.payment.ref }), 303) : html(c, donePage(settled.payment));
  });

  return app;
}

/** The PayPal Orders v2 shape of a sandbox payment. */
function paypalOrder(row: SandboxPaymentRow) {
  const status = { created: "CREATED", approved: "APPROVED", paid: "COMPLETED", failed: "VOIDED", cancelled: "VOIDED", refunded: "COMPLETED" }[row.status];
  return {
    id: row.ref,
    status,
    intent: "CAPTURE",
    purchase_units: [{ reference_id: row.merchant_order_id, description: row.description, amount: { currency_code: row.currency_code, value: (row.amount_cents / 100).toFixed(2) } }],
  };
}
