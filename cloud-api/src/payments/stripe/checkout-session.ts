import { z } from "zod";
import type { PaymentOutcome, PaymentReport } from "#api/payments/provider.ts";

/** The fields of a Checkout Session object the cloud-api relies on (Stripe adds many more). */
export const checkoutSession = z.object({
  id: z.string().startsWith("cs_"),
  object: z.literal("checkout.session"),
  client_secret: z.string().min(1).nullish(),
  livemode: z.boolean(),
  status: z.enum(["open", "complete", "expired"]).nullable(),
  payment_status: z.enum(["paid", "unpaid", "no_payment_required"]),
  // Always set in payment mode, the only mode the cloud-api creates.
  amount_total: z.number().int().nonnegative(),
  currency: z.string().regex(/^[a-z]{3}$/),
  client_reference_id: z.string().nullish(),
  payment_intent: z.union([z.string().startsWith("pi_"), z.object({ id: z.string().startsWith("pi_") })]).nullish(),
});
export type CheckoutSession = z.infer<typeof checkoutSession>;

/**
 * What a session says about its payment: paid only once Stripe says payment_status "paid" (a
 * completed session can still be waiting for a delayed payment method).
 */
export function outcomeOfSession(session: CheckoutSession): PaymentOutcome {
  if (session.payment_status === "paid") return "paid";
  if (session.status === "expired") return "cancelled";
  return "pending";
}

export function reportOfSession(session: CheckoutSession, outcome: PaymentOutcome): PaymentReport {
  return {
    providerRef: session.id,
    outcome,
    amountCents: session.amount_total,
    currency: session.currency.toUpperCase(),
  };
}

export function paymentIntentOf(session: CheckoutSession): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}

/** A refund, as a refund call, a refund look-up and a refund event carry it. */
export const stripeRefund = z.object({
  id: z.string().startsWith("re_"),
  object: z.literal("refund"),
  status: z.enum(["pending", "requires_action", "succeeded", "failed", "canceled"]),
  amount: z.number().int().nonnegative(),
  currency: z.string().regex(/^[a-z]{3}$/),
  payment_intent: z.string().nullish(),
  /** The adapter names the Checkout Session it refunds; a refund made elsewhere (the Dashboard) does not. */
  metadata: z.record(z.string(), z.string()).nullish(),
});
export type StripeRefund = z.infer<typeof stripeRefund>;

export const stripeRefundList = z.object({ object: z.literal("list"), data: z.array(stripeRefund), has_more: z.boolean() });
