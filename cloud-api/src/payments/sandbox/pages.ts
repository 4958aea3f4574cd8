import { formatMoney } from "#domain/money.ts";
import type { SandboxPaymentRow } from "#api/repositories/sandbox-payments.ts";

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const PROVIDER_LABELS: Record<SandboxPaymentRow["method"], string> = {
  wechat: "WeChat Pay",
  alipay: "Alipay",
  paypal: "PayPal",
  stripe: "Card",
};

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#EFF1F5;color:#1f2937}
main{max-width:28rem;margin:0 auto;padding:1rem}
.banner{background:#7c2d12;color:#fff;text-align:center;font-weight:700;padding:.5rem;letter-spacing:.02em}
.card{background:#fff;border-radius:.75rem;padding:1.25rem;margin-top:1rem}
h1{font-size:1.125rem;margin:0 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
.muted{color:#4b5563;font-size:.875rem}label{display:block;font-size:.875rem;margin-top:.75rem}
input[type=text]{width:100%;font:inherit;padding:.625rem;border:1px solid #9ca3af;border-radius:.5rem}
.actions{display:grid;gap:.75rem;margin-top:1.25rem}
button{min-height:48px;font:inherit;font-weight:600;border:0;border-radius:.5rem;cursor:pointer}
.pay{background:#15803d;color:#fff}.fail{background:#b91c1c;color:#fff}.cancel{background:#e5e7eb;color:#111827}`;

function htmlDocument(title: string, body: string, script = ""): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>
<div class="banner" role="note">SANDBOX · no real money moves</div><main>${body}</main>${script}</body></html>`;
}

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");

/** A provider's checkout: what is paid, and the three outcomes a tester can choose. */
export function checkoutPage(payment: SandboxPaymentRow, form: { action: string; fields: Record<string, string>; cardFields?: boolean }): string {
  const provider = PROVIDER_LABELS[payment.method];
  // As a provider shows a checkout the merchant closed (or the buyer cancelled): nothing left to pay.
  if (payment.status === "cancelled") {
    return htmlDocument(
      `${provider} sandbox checkout`,
      `<div class="card"><h1>This checkout is closed</h1><p>It can no longer be paid. Go back to the app to pay the order again.</p></div>`,
    );
  }
  const card = form.cardFields
    ? `<label for="card">Card number</label><input id="card" type="text" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242" readonly>
<label for="expiry">Expiry</label><input id="expiry" type="text" value="12 / 34" readonly>`
    : "";
  return htmlDocument(
    `${provider} sandbox checkout`,
    `<div class="card"><h1>${escapeHtml(provider)} · CamCloud</h1>
<p class="muted">${escapeHtml(payment.description)}</p>
<p class="amount">${escapeHtml(formatMoney(payment.amount_cents, payment.currency_code, "en-US"))}</p>
<p class="muted">Order ${escapeHtml(payment.merchant_order_id)} · payment ${escapeHtml(payment.ref)}</p>
<form method="post" action="${escapeHtml(form.action)}">${hidden(form.fields)}${card}
<div class="actions"><button class="pay" name="action" value="pay">Pay</button>
<button class="fail" name="action" value="fail">Fail the payment</button>
<button class="cancel" name="action" value="cancel">Cancel</button></div></form></div>`,
  );
}

/** After a choice when there is nowhere safe to send the buyer back to. */
export function donePage(payment: SandboxPaymentRow): string {
  return htmlDocument(
    "Sandbox payment",
    `<div class="card"><h1>Payment ${escapeHtml(payment.status)}</h1><p>You can go back to the app now.</p></div>`,
  );
}

/** The embedded card checkout tells the page around it how it ended (the Stripe script listens). */
export function embeddedResultPage(payment: SandboxPaymentRow, outcome: string): string {
  return htmlDocument(
    "Sandbox payment",
    `<div class="card"><h1>Payment ${escapeHtml(payment.status)}</h1></div>`,
    `<script src="/sandbox/stripe/embedded-result.js" data-outcome="${escapeHtml(outcome)}"></script>`,
  );
}

export function errorPage(message: string): string {
  return htmlDocument("Sandbox payment error", `<div class="card"><h1>Payment error</h1><p>${escapeHtml(message)}</p></div>`);
}
