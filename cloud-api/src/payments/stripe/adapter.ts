import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { orderSettings } from "#api/settings.ts";
import {
  NotificationRejected,
  ProviderUnavailable,
  refundKey,
  type CloseOutcome,
  type CreatedPayment,
  type PaymentProvider,
  type PaymentRequest,
  type RefundRequest,
  type UnfollowedNotification,
  type VerifiedNotification,
} from "#api/payments/provider.ts";
import {
  checkoutSession,
  outcomeOfSession,
  paymentIntentOf,
  reportOfSession,
  stripeRefund,
  stripeRefundList,
  type StripeRefund,
} from "#api/payments/stripe/checkout-session.ts";
import { stripeClient, StripeRequestFailed } from "#api/payments/stripe/client.ts";
import { stripeConfig } from "#api/payments/stripe/config.ts";
import { readStripeEvent, STRIPE_SIGNATURE_HEADER, verifyStripeSignature } from "#api/payments/stripe/webhook.ts";

/** Checkout's own languages among the storefront's; others let Stripe follow the browser. */
const CHECKOUT_LOCALES = new Set(["de", "en", "es", "fr", "it", "ja", "ru", "th", "zh"]);

/** Stripe lets a session live between 30 minutes and 24 hours; it should not outlive the unpaid order by much. */
const MIN_SESSION_SECONDS = 31 * 60;
const MAX_SESSION_SECONDS = 24 * 60 * 60;

/** Where the refunds of a payment stand, from the refunds Stripe lists for it. */
function outcomeOfRefunds(paymentIntent: string, refunds: readonly StripeRefund[]): "refunded" | "pending" {
  if (refunds.some((refund) => refund.status === "succeeded")) return "refunded";
  if (refunds.some((refund) => refund.status === "pending" || refund.status === "requires_action")) return "pending";
  throw new ProviderUnavailable(`Stripe answered charge_already_refunded for ${paymentIntent} but lists no refund that succeeded or is pending`);
}

/** Stripe needs an absolute return_url; a root-relative result page is resolved against PUBLIC_BASE_URL. */
function absoluteReturnUrl(env: CloudApiEnv, returnUrl: string): string {
  const resolved = returnUrl.startsWith("/") ? `${orderSettings(env).publicBaseUrl}${returnUrl}` : returnUrl;
  if (!/^https?:\/\//.test(resolved)) {
    throw new Error("cloud-api misconfigured: Stripe needs an absolute RESULT_PAGE_URL (or PUBLIC_BASE_URL for a root-relative one)");
  }
  return resolved;
}

const sessionPath = (ref: string) => `/v1/checkout/sessions/${encodeURIComponent(ref)}`;

/**
 * Card payments through Stripe Checkout, embedded in the storefront: a Checkout Session per payment
 * attempt (its client_secret is what Stripe.js mounts), webhooks signed with the endpoint's secret,
 * refunds of the session's PaymentIntent. Docs: docs/decisions/011-stripe-and-paypal-adapters.md.
 */
export function stripeProvider(env: CloudApiEnv): PaymentProvider {
  const config = stripeConfig(env);
  const client = stripeClient(config);
  const session = (ref: string) => client.get(sessionPath(ref), checkoutSession);
  const refundsOf = async (paymentIntent: string) =>
    (await client.get(`/v1/refunds?payment_intent=${encodeURIComponent(paymentIntent)}&limit=100`, stripeRefundList)).data;
  const reportOf = async (ref: string) => {
    const found = await session(ref);
    return reportOfSession(found, outcomeOfSession(found));
  };

  return {
    name: "stripe",

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const ids = { paymentId: request.paymentId, orderId: request.orderId };
      const lifetime = Math.min(MAX_SESSION_SECONDS, Math.max(MIN_SESSION_SECONDS, orderSettings(env).unpaidTtl + 60));
      const language = request.language.toLowerCase().split(/[-_]/)[0] ?? "";
      const created = await client.post(
        "/v1/checkout/sessions",
        {
          mode: "payment",
          ui_mode: "embedded_page",
          // Cards complete without leaving the page, so Stripe.js calls onComplete (the storefront's redirect).
          redirect_on_completion: "if_required",
          return_url: absoluteReturnUrl(env, request.returnUrl),
          payment_method_types: ["card"],
          line_items: [
            {
              quantity: 1,
              price_data: { currency: request.currency.toLowerCase(), unit_amount: request.amountCents, product_data: { name: request.description } },
            },
          ],
          client_reference_id: request.paymentId,
          metadata: ids,
          payment_intent_data: { metadata: ids },
          locale: CHECKOUT_LOCALES.has(language) ? language : "auto",
          expires_at: nowSeconds() + lifetime,
        },
        // One key per payment attempt: a retried request returns the same session instead of a second one.
        `checkout-session-${request.paymentId}`,
        checkoutSession,
      );
      if (!created.client_secret) throw new ProviderUnavailable(`Stripe answered Checkout Session ${created.id} without a client_secret`);
      if (created.amount_total !== request.amountCents || created.currency !== request.currency.toLowerCase()) {
        throw new ProviderUnavailable(`Stripe answered Checkout Session ${created.id} for ${created.amount_total} ${created.currency}`);
      }
      return { providerRef: created.id, instructions: { sessionId: created.client_secret } };
    },

    async verifyNotification(request: Request, body: string): Promise<VerifiedNotification | UnfollowedNotification> {
      await verifyStripeSignature(config.webhookSecret, request.headers.get(STRIPE_SIGNATURE_HEADER), body, nowSeconds());
      const event = readStripeEvent(body);
      if (event.livemode !== config.livemode || (event.kind === "session" && event.session.livemode !== config.livemode)) {
        throw new NotificationRejected(`a ${event.livemode ? "live" : "test"} mode event does not belong to this ${config.livemode ? "live" : "test"} mode account`);
      }
      switch (event.kind) {
        case "unfollowed":
          return { eventId: event.id, unfollowed: event.why };
        case "session":
          return { eventId: event.id, ...reportOfSession(event.session, event.outcome) };
        case "refund": {
          const { refund } = event;
          const ref = refund.metadata?.checkoutSession;
          if (!ref) return { eventId: event.id, unfollowed: `Stripe refund ${refund.id}, not made by the cloud-api` };
          // Events can arrive late and out of order: a failed refund counts only while no other refund of the payment stands.
          const standing = event.outcome === "refundFailed" && refund.payment_intent ? await refundsOf(refund.payment_intent) : [];
          const outcome = standing.some((other) => other.status !== "failed" && other.status !== "canceled") ? "pending" : event.outcome;
          return { eventId: event.id, providerRef: ref, outcome, amountCents: refund.amount, currency: refund.currency.toUpperCase() };
        }
      }
    },

    acknowledge() {
      return Response.json({ received: true });
    },

    queryPayment: reportOf,

    // Checkout captures card payments itself: the session's state is the answer.
    capture: reportOf,

    async refund(ref: string, { number, amountCents }: RefundRequest) {
      const found = await session(ref);
      const paymentIntent = paymentIntentOf(found);
      if (!paymentIntent || found.payment_status !== "paid") throw new ProviderUnavailable(`Checkout Session ${ref} has no settled payment to refund`);
      try {
        const refund = await client.post(
          "/v1/refunds",
          { payment_intent: paymentIntent, amount: amountCents, metadata: { checkoutSession: ref } },
          // Keyed by the payment and the refund's number, so that two asks for the same refund at once are one refund.
          refundKey(`refund-${paymentIntent}`, number),
          stripeRefund,
        );
        // For 24 hours the same key answers a later ask with the first answer (a refund that failed since replays as
        // succeeded), so the refund is always looked up for where it stands now.
        const current = await client.get(`/v1/refunds/${encodeURIComponent(refund.id)}`, stripeRefund);
        if (current.status === "succeeded") return { outcome: "refunded" };
        if (current.status === "pending" || current.status === "requires_action") return { outcome: "pending" };
        throw new ProviderUnavailable(`Stripe refund ${current.id} of ${paymentIntent} is ${current.status}`);
      } catch (error) {
        if (!(error instanceof StripeRequestFailed && error.code === "charge_already_refunded")) throw error;
        // Not proof: after the key's 24 hours a refund still pending, or one that will fail, answers the same.
        return { outcome: outcomeOfRefunds(paymentIntent, await refundsOf(paymentIntent)) };
      }
    },

    async close(ref: string): Promise<CloseOutcome> {
      try {
        // Its own key per close (the transport's retries repeat it): Stripe replays a saved 500 for a key's 24 hours, and
        // expiring twice is harmless (the second is refused, and the session then read).
        const expired = await client.post(`${sessionPath(ref)}/expire`, {}, `expire-${ref}-${crypto.randomUUID()}`, checkoutSession);
        return outcomeOfSession(expired) === "paid" ? "paid" : "closed";
      } catch (error) {
        if (!(error instanceof StripeRequestFailed)) throw error;
        // Only an open session can be expired: one already expired, or completed (paid), is refused; it tells which. After
        // a 5xx it may have been paid or have expired meanwhile; one still open is closed again by the cron.
        const outcome = outcomeOfSession(await session(ref));
        if (outcome === "paid") return "paid";
        if (outcome === "cancelled") return "closed";
        throw error;
      }
    },
  };
}
