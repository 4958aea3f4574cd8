import { z } from "zod";
import { hmacSha256Hex, timingSafeEqualText } from "#api/core/hashing.ts";
import { NotificationRejected, type PaymentOutcome } from "#api/payments/provider.ts";
import { checkoutSession, outcomeOfSession, stripeRefund, type CheckoutSession, type StripeRefund } from "#api/payments/stripe/checkout-session.ts";

export const STRIPE_SIGNATURE_HEADER = "Stripe-Signature";
/** Stripe's documented default: an event signed longer ago than this is a replay. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>…]` as Stripe documents it: HMAC-SHA256
 * with the endpoint's signing secret over `${t}.${rawBody}`, any one v1 matching (there are several
 * while a secret is being rolled), and t within the tolerance. Other schemes (v0) are ignored.
 */
export async function verifyStripeSignature(secret: string, header: string | null, rawBody: string, now: number): Promise<void> {
  if (!header) throw new NotificationRejected(`missing ${STRIPE_SIGNATURE_HEADER} header`);
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const [key, value = ""] = part.trim().split("=", 2) as [string, string?];
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === null || signatures.length === 0) throw new NotificationRejected(`malformed ${STRIPE_SIGNATURE_HEADER} header`);
  if (Math.abs(now - timestamp) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) throw new NotificationRejected("notification timestamp outside the tolerance");
  const expected = await hmacSha256Hex(secret, `${timestamp}.${rawBody}`);
  // Every candidate is compared, so the time taken does not tell which one (if any) matched.
  const matches = signatures.map((signature) => timingSafeEqualText(signature, expected));
  if (!matches.includes(true)) throw new NotificationRejected("notification signature mismatch");
}

/** The Checkout Session events the webhook endpoint subscribes to, and what each means. */
const SESSION_EVENTS = {
  "checkout.session.completed": (session: CheckoutSession): PaymentOutcome => outcomeOfSession(session),
  "checkout.session.async_payment_succeeded": (session: CheckoutSession): PaymentOutcome => outcomeOfSession(session),
  "checkout.session.async_payment_failed": (): PaymentOutcome => "failed",
  "checkout.session.expired": (): PaymentOutcome => "cancelled",
} as const;

/**
 * The refund events it subscribes to (docs/configuration.md lists all of them for the Dashboard): a refund can fail
 * after it was made (refund.failed, or its status moving to failed), and the money is then owed again. Every other
 * change of a refund is followed by the cloud-api's own asks.
 */
const REFUND_EVENTS = new Set(["refund.updated", "refund.failed", "charge.refund.updated"]);

const stripeEvent = z.object({
  id: z.string().startsWith("evt_"),
  object: z.literal("event"),
  type: z.string().min(1),
  livemode: z.boolean(),
  data: z.object({ object: z.unknown() }),
});

export type StripeEvent = { id: string; livemode: boolean } & (
  | { kind: "session"; session: CheckoutSession; outcome: PaymentOutcome }
  | { kind: "refund"; refund: StripeRefund; outcome: PaymentOutcome }
  | { kind: "unfollowed"; why: string }
);

/** The first problem zod found, as `path: message`. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue?.path.join(".")}: ${issue?.message}`;
}

/**
 * Reads a verified event body: a subscribed session or refund event, or one the cloud-api does not follow. A
 * subscribed event whose object is not one the cloud-api makes (another integration's setup-mode session, with no
 * amount or currency) is not followed either: it is genuine, so refusing it would only make Stripe send it for days.
 */
export function readStripeEvent(rawBody: string): StripeEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new NotificationRejected("notification body is not JSON");
  }
  const event = stripeEvent.safeParse(json);
  if (!event.success) throw new NotificationRejected(`notification body: ${firstIssue(event.error)}`);
  const { id, type, livemode, data } = event.data;
  if (Object.hasOwn(SESSION_EVENTS, type)) {
    const session = checkoutSession.safeParse(data.object);
    if (!session.success) return { id, livemode, kind: "unfollowed", why: `Stripe ${type} of a session the cloud-api does not read (${firstIssue(session.error)})` };
    return { id, livemode, kind: "session", session: session.data, outcome: SESSION_EVENTS[type as keyof typeof SESSION_EVENTS](session.data) };
  }
  if (REFUND_EVENTS.has(type)) {
    const refund = stripeRefund.safeParse(data.object);
    if (!refund.success) return { id, livemode, kind: "unfollowed", why: `Stripe ${type} of a refund the cloud-api does not read (${firstIssue(refund.error)})` };
    const failed = refund.data.status === "failed" || refund.data.status === "canceled";
    return { id, livemode, kind: "refund", refund: refund.data, outcome: failed ? "refundFailed" : "pending" };
  }
  return { id, livemode, kind: "unfollowed", why: `Stripe event type ${type}` };
}
