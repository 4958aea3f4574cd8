import { z } from "zod";
import { SIGNATURE_WINDOW_SECONDS } from "#contract/signature.ts";
import { hmacSha256Hex, timingSafeEqualText } from "#api/core/hashing.ts";
import { NotificationRejected, type PaymentOutcome } from "#api/payments/provider.ts";
import type { SandboxMethod, SandboxPaymentRow } from "#api/repositories/sandbox-payments.ts";
import { PROVIDER_NAMES, type ProviderName } from "#domain/payment-methods.ts";

/**
 * The sandbox provider's notifications: a JSON event signed like Stripe's webhooks, with the header
 * `Sandbox-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with SANDBOX_NOTIFY_SECRET>`.
 */
export const SANDBOX_SIGNATURE_HEADER = "Sandbox-Signature";

const EVENT_OUTCOMES = {
  "payment.approved": "approved",
  "payment.succeeded": "paid",
  "payment.failed": "failed",
  "payment.cancelled": "cancelled",
  "refund.succeeded": "refunded",
} as const satisfies Record<string, PaymentOutcome>;
export type SandboxEventType = keyof typeof EVENT_OUTCOMES;

const sandboxEvent = z.strictObject({
  id: z.string().regex(/^evt_[0-9a-f]{32}$/),
  type: z.enum(Object.keys(EVENT_OUTCOMES) as [SandboxEventType, ...SandboxEventType[]]),
  created: z.number().int(),
  data: z.strictObject({
    ref: z.string().min(1).max(64),
    method: z.enum(PROVIDER_NAMES as [ProviderName, ...ProviderName[]]),
    amount: z.string().regex(/^\d{1,9}\.\d{2}$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
});
export type SandboxEvent = z.infer<typeof sandboxEvent>;

export function outcomeOf(type: SandboxEventType): PaymentOutcome {
  return EVENT_OUTCOMES[type];
}

export async function signSandboxPayload(secret: string, body: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

export function sandboxEventFor(payment: SandboxPaymentRow, type: SandboxEventType, now: number): SandboxEvent {
  const id = `evt_${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  return {
    id,
    type,
    created: now,
    data: { ref: payment.ref, method: payment.method, amount: (payment.amount_cents / 100).toFixed(2), currency: payment.currency_code },
  };
}

/** Verifies the signature and the age of a notification, then reads it; anything off is rejected. */
export async function verifySandboxNotification(
  secret: string,
  header: string | null,
  body: string,
  now: number,
  expectedMethod: SandboxMethod,
): Promise<SandboxEvent> {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) throw new NotificationRejected(`missing or malformed ${SANDBOX_SIGNATURE_HEADER} header`);
  const timestamp = Number(match[1]);
  if (Math.abs(now - timestamp) > SIGNATURE_WINDOW_SECONDS) throw new NotificationRejected("notification timestamp outside the allowed window");
  const expected = await hmacSha256Hex(secret, `${timestamp}.${body}`);
  if (!timingSafeEqualText(match[2] ?? "", expected)) throw new NotificationRejected("notification signature mismatch");
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new NotificationRejected("notification body is not JSON");
  }
  const parsed = sandboxEvent.safeParse(json);
  if (!parsed.success) throw new NotificationRejected(`notification body: ${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message}`);
  if (parsed.data.data.method !== expectedMethod) throw new NotificationRejected("notification sent to another provider's path");
  return parsed.data;
}
