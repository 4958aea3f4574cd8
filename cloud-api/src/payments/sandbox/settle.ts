import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { findSandboxPayment, moveSandboxPayment, type SandboxPaymentRow, type SandboxStatus } from "#api/repositories/sandbox-payments.ts";
import { SANDBOX_SIGNATURE_HEADER, sandboxEventFor, signSandboxPayload, type SandboxEventType } from "#api/payments/sandbox/notifications.ts";
import { sandboxSecret } from "#api/payments/sandbox/secret.ts";

/** What a buyer can do on a sandbox checkout page. `approve` is PayPal's step before capture. */
export type SandboxAction = "pay" | "approve" | "fail" | "cancel";

const ACTIONS: Record<SandboxAction, { from: SandboxStatus[]; to: SandboxStatus; event: SandboxEventType }> = {
  pay: { from: ["created", "approved"], to: "paid", event: "payment.succeeded" },
  approve: { from: ["created"], to: "approved", event: "payment.approved" },
  fail: { from: ["created", "approved"], to: "failed", event: "payment.failed" },
  cancel: { from: ["created", "approved"], to: "cancelled", event: "payment.cancelled" },
};

/** Hands a request to the cloud-api's own router, as a provider's HTTP POST would arrive. */
export type Deliver = (request: Request, env: CloudApiEnv) => Promise<Response>;

/**
 * Applies the buyer's choice to the sandbox ledger and, when it changed something, sends the signed
 * notification to /v1/pay/notify/<method>. A second click changes nothing and sends nothing.
 */
export async function settleSandboxPayment(
  env: CloudApiEnv,
  deliver: Deliver,
  ref: string,
  action: SandboxAction,
): Promise<{ payment: SandboxPaymentRow; changed: boolean; delivered: boolean } | null> {
  const rule = ACTIONS[action];
  const now = nowSeconds();
  const changed = await moveSandboxPayment(env.DB, ref, rule.from, rule.to, now);
  const payment = await findSandboxPayment(env.DB, ref);
  if (!payment) return null;
  if (!changed) return { payment, changed, delivered: false };
  const body = JSON.stringify(sandboxEventFor(payment, rule.event, now));
  const response = await deliver(
    new Request(`https://sandbox.internal/v1/pay/notify/${payment.method}`, {
      method: "POST",
      headers: { "content-type": "application/json", [SANDBOX_SIGNATURE_HEADER]: await signSandboxPayload(sandboxSecret(env), body, now) },
      body,
    }),
    env,
  );
  return { payment, changed, delivered: response.ok };
}
