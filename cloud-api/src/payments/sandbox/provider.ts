import { toCents } from "#domain/money.ts";
import type { ProviderName } from "#domain/payment-methods.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { randomToken } from "#api/core/hashing.ts";
import { orderSettings } from "#api/settings.ts";
import {
  ProviderUnavailable,
  type CloseOutcome,
  type CreatedPayment,
  type PaymentInstructions,
  type PaymentOutcome,
  type PaymentProvider,
  type PaymentReport,
  type PaymentRequest,
  type RefundRequest,
} from "#api/payments/provider.ts";
import { alipayForm } from "#api/payments/sandbox/alipay-form.ts";
import { findSandboxPayment, moveSandboxPayment, openSandboxPayment, type SandboxPaymentRow, type SandboxStatus } from "#api/repositories/sandbox-payments.ts";
import { outcomeOf, SANDBOX_SIGNATURE_HEADER, verifySandboxNotification } from "#api/payments/sandbox/notifications.ts";
import { sandboxSecret } from "#api/payments/sandbox/secret.ts";

const OUTCOME_OF_STATUS: Record<SandboxStatus, PaymentOutcome> = {
  created: "pending",
  approved: "approved",
  paid: "paid",
  failed: "failed",
  cancelled: "cancelled",
  refunded: "refunded",
};

/** Provider-looking references: a WeChat prepay id, an Alipay trade no, a PayPal order id, a Checkout Session id. */
function newRef(method: ProviderName): string {
  const token = randomToken(16).replace(/[-_]/g, "0");
  switch (method) {
    case "wechat":
      return `wx${token}`;
    case "alipay":
      return `2026${crypto.getRandomValues(new Uint32Array(3)).join("").slice(0, 24)}`;
    case "paypal":
      return token.toUpperCase().slice(0, 17);
    case "stripe":
      return `cs_test_${token}`;
  }
}

/** What the storefront continues with, per provider, as the real one answers it: a provider without an entry does not compile. */
const SANDBOX_INSTRUCTIONS: Record<ProviderName, (env: CloudApiEnv, base: string, ref: string, request: PaymentRequest) => Promise<PaymentInstructions> | PaymentInstructions> = {
  wechat: (_env, base, ref) => ({ h5PaymentUrl: `${base}/sandbox/wechat/pay?prepay_id=${encodeURIComponent(ref)}` }),
  alipay: async (env, base, ref, request) => ({ alipayForm: await alipayForm(env, base, { ref, request }) }),
  paypal: (_env, _base, ref) => ({ payPalOrderId: ref }),
  stripe: (_env, _base, ref) => ({ sessionId: ref }),
};

function reportOf(row: SandboxPaymentRow): PaymentReport {
  return { providerRef: row.ref, outcome: OUTCOME_OF_STATUS[row.status], amountCents: row.amount_cents, currency: row.currency_code };
}

/**
 * The sandbox provider: the default for every method while no provider keys are configured. It keeps
 * its own ledger, serves checkout pages and scripts under /sandbox (cloud-api/src/sandbox), and sends
 * signed notifications to /v1/pay/notify/<provider>, as a real provider would.
 */
export function sandboxProvider(env: CloudApiEnv, name: ProviderName): PaymentProvider {
  const base = () => orderSettings(env).publicBaseUrl;

  async function find(ref: string): Promise<SandboxPaymentRow> {
    const row = await findSandboxPayment(env.DB, ref);
    if (!row || row.method !== name) throw new ProviderUnavailable(`the sandbox has no ${name} payment ${ref}`);
    return row;
  }

  return {
    name,

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const ref = newRef(name);
      await openSandboxPayment(env.DB, {
        ref,
        method: name,
        merchant_order_id: request.orderId,
        description: request.description,
        amount_cents: request.amountCents,
        currency_code: request.currency,
        return_url: request.returnUrl,
        created_at: nowSeconds(),
      });
      return { providerRef: ref, instructions: await SANDBOX_INSTRUCTIONS[name](env, base(), ref, request) };
    },

    async verifyNotification(request: Request, body: string) {
      const event = await verifySandboxNotification(
        sandboxSecret(env),
        request.headers.get(SANDBOX_SIGNATURE_HEADER),
        body,
        nowSeconds(),
        name,
      );
      return {
        eventId: event.id,
        providerRef: event.data.ref,
        outcome: outcomeOf(event.type),
        amountCents: toCents(Number(event.data.amount)),
        currency: event.data.currency,
      };
    },

    acknowledge() {
      return Response.json({ status: 200, msg: "success", data: null });
    },

    async queryPayment(ref: string) {
      return reportOf(await find(ref));
    },

    async capture(ref: string) {
      await find(ref);
      await moveSandboxPayment(env.DB, ref, ["approved"], "paid", nowSeconds());
      return reportOf(await find(ref));
    },

    // As the real providers do: WeChat, Alipay and Stripe close a checkout not paid yet; PayPal has nothing to close.
    async close(ref: string): Promise<CloseOutcome> {
      await find(ref);
      if (name === "paypal") return "closed";
      if (await moveSandboxPayment(env.DB, ref, ["created", "approved"], "cancelled", nowSeconds())) return "closed";
      const { status } = await find(ref);
      return status === "paid" || status === "refunded" ? "paid" : "closed";
    },

    // Idempotent, as every provider's refund of one payment is: asking again reports where it stands.
    async refund(ref: string, { amountCents }: RefundRequest) {
      const row = await find(ref);
      if (amountCents !== row.amount_cents) throw new ProviderUnavailable("the sandbox refunds whole payments only");
      if (row.status === "refunded") return { outcome: "refunded" };
      if (row.refund_outcome === "fail") throw new ProviderUnavailable(`the sandbox refused the refund of ${ref}`);
      if (row.refund_outcome === "pending" && row.status === "paid") return { outcome: "pending" };
      if (!(await moveSandboxPayment(env.DB, ref, ["paid"], "refunded", nowSeconds()))) {
        throw new ProviderUnavailable(`sandbox payment ${ref} is ${row.status}, not refundable`);
      }
      return { outcome: "refunded" };
    },
  };
}
