import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { decimalOfCents, firstCharacters } from "#api/payments/outbound.ts";
import {
  isWholeRefund,
  NotificationRejected,
  ProviderUnavailable,
  refundKey,
  type CreatedPayment,
  type PaymentProvider,
  type PaymentReport,
  type PaymentRequest,
  type RefundRequest,
  type UnfollowedNotification,
} from "#api/payments/provider.ts";
import { payPalClient, PayPalRequestFailed } from "#api/payments/paypal/client.ts";
import { payPalConfig } from "#api/payments/paypal/config.ts";
import {
  captureIdOfRefund,
  createdPayPalOrder,
  firstCaptureOf,
  payPalCapture,
  payPalOrder,
  payPalRefund,
  refundedOfOrder,
  reportOfOrder,
  type PayPalOrder,
} from "#api/payments/paypal/orders.ts";
import { readPayPalEvent, transmissionOf, verificationAnswer, verificationRequestBody, type PayPalEvent } from "#api/payments/paypal/webhook.ts";

/** purchase_units[].description is at most 127 characters. */
const DESCRIPTION_MAX = 127;

const orderPath = (id: string) => `/v2/checkout/orders/${encodeURIComponent(id)}`;
const capturePath = (id: string) => `/v2/payments/captures/${encodeURIComponent(id)}`;

function reportOf(order: PayPalOrder): PaymentReport {
  const report = reportOfOrder(order);
  if (!report) throw new ProviderUnavailable(`PayPal order ${order.id} has neither a capture nor an amount`);
  return report;
}

/**
 * PayPal Checkout, Orders v2 with server-side capture: an order per payment attempt (its id goes to
 * the PayPal buttons' createOrder), captured by the cloud-api once approved (the approval webhook, or
 * the status query the result page makes), webhooks verified by PayPal's verify-webhook-signature.
 * Docs: docs/decisions/011-stripe-and-paypal-adapters.md.
 */
export function payPalProvider(env: CloudApiEnv): PaymentProvider {
  const config = payPalConfig(env);
  const client = payPalClient(config);
  const getOrder = (id: string) => client.get(orderPath(id), payPalOrder);

  /** What an event says about an order of ours; a capture or refund that names no order is none of ours (made outside Checkout). */
  async function reportOfEvent(event: PayPalEvent): Promise<PaymentReport | Omit<UnfollowedNotification, "eventId">> {
    switch (event.event_type) {
      case "CHECKOUT.ORDER.APPROVED": {
        const amount = event.resource.purchase_units[0]?.amount;
        if (!amount) return { unfollowed: `PayPal approval of order ${event.resource.id}, which has no amount` };
        return { providerRef: event.resource.id, outcome: "approved", amountCents: amount.cents, currency: amount.currency };
      }
      case "PAYMENT.CAPTURE.COMPLETED":
      case "PAYMENT.CAPTURE.DENIED":
      case "PAYMENT.CAPTURE.DECLINED": {
        const capture = event.resource;
        const orderId = capture.supplementary_data?.related_ids?.order_id;
        if (!orderId) return { unfollowed: `PayPal ${event.event_type} of capture ${capture.id}, which names no order` };
        const completed = event.event_type === "PAYMENT.CAPTURE.COMPLETED";
        const outcome = completed ? (capture.status === "COMPLETED" ? "paid" : "pending") : "failed";
        return { providerRef: orderId, outcome, amountCents: capture.amount.cents, currency: capture.amount.currency };
      }
      case "PAYMENT.CAPTURE.REFUNDED": {
        // The refund names its capture only; the capture names the order and says whether it is fully refunded.
        const captureId = captureIdOfRefund(event.resource);
        if (!captureId) return { unfollowed: `PayPal refund ${event.resource.id}, which links no capture` };
        const capture = await client.get(capturePath(captureId), payPalCapture);
        const orderId = capture.supplementary_data?.related_ids?.order_id;
        if (!orderId) return { unfollowed: `PayPal refund ${event.resource.id} of capture ${captureId}, which names no order` };
        const outcome = capture.status === "REFUNDED" ? "refunded" : "pending";
        return { providerRef: orderId, outcome, amountCents: capture.amount.cents, currency: capture.amount.currency };
      }
    }
  }

  return {
    name: "paypal",

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const created = await client.post("/v2/checkout/orders", {
        schema: createdPayPalOrder,
        requestId: `order-${request.paymentId}`,
        body: JSON.stringify({
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: request.paymentId,
              custom_id: request.paymentId,
              description: firstCharacters(request.description, DESCRIPTION_MAX),
              amount: { currency_code: request.currency, value: decimalOfCents(request.amountCents) },
            },
          ],
          // Cloud services ship nothing: PayPal must not ask the buyer for an address.
          payment_source: { paypal: { experience_context: { shipping_preference: "NO_SHIPPING", user_action: "PAY_NOW" } } },
        }),
      });
      return { providerRef: created.id, instructions: { payPalOrderId: created.id } };
    },

    async verifyNotification(request: Request, body: string) {
      const verification = verificationRequestBody(transmissionOf(request, nowSeconds()), config.webhookId, body);
      let answer;
      try {
        answer = await client.post("/v1/notifications/verify-webhook-signature", { schema: verificationAnswer, body: verification, readOnly: true });
      } catch (error) {
        // PayPal refusing the notification's own fields (a malformed certificate URL, say) refuses the notification.
        if (error instanceof PayPalRequestFailed && (error.status === 400 || error.status === 422)) {
          throw new NotificationRejected(`PayPal refused to verify it: ${error.message}`);
        }
        throw error;
      }
      if (answer.verification_status !== "SUCCESS") throw new NotificationRejected("PayPal did not verify the notification's signature");
      const event = readPayPalEvent(body);
      if ("unfollowed" in event) return { eventId: event.id, unfollowed: event.unfollowed };
      return { eventId: event.id, ...(await reportOfEvent(event)) };
    },

    acknowledge() {
      return new Response(null, { status: 200 });
    },

    async queryPayment(ref: string) {
      return reportOf(await getOrder(ref));
    },

    async capture(ref: string) {
      try {
        const captured = await client.post(`${orderPath(ref)}/capture`, {
          schema: payPalOrder,
          // One capture per order: a repeated approval gets the first capture's answer.
          requestId: `capture-${ref}`,
          prefer: "return=representation",
        });
        return reportOf(captured);
      } catch (error) {
        // Already captured, or the buyer's funding declined: the order itself says where it stands.
        if (error instanceof PayPalRequestFailed && error.status === 422) return reportOf(await getOrder(ref));
        throw error;
      }
    },

    // Nothing to close: an order the buyer never approved is simply never captured, and an approved one is captured
    // only while its order can still be paid (services/payment-events.ts).
    async close() {
      return "closed" as const;
    },

    async refund(ref: string, request: RefundRequest) {
      const capture = firstCaptureOf(await getOrder(ref));
      if (!capture) throw new ProviderUnavailable(`PayPal order ${ref} has no capture to refund`);
      if (capture.status === "REFUNDED") return { outcome: "refunded" };
      if (capture.status !== "COMPLETED" && capture.status !== "PARTIALLY_REFUNDED") {
        throw new ProviderUnavailable(`PayPal capture ${capture.id} is ${capture.status}, not refundable`);
      }
      const refundCapture = async (cents: number, requestId: string) => {
        const refund = await client.post(`${capturePath(capture.id)}/refund`, {
          schema: payPalRefund,
          requestId,
          body: JSON.stringify({ amount: { currency_code: capture.amount.currency, value: decimalOfCents(cents) } }),
        });
        if (refund.status === "COMPLETED") return { outcome: "refunded" } as const;
        if (refund.status === "PENDING") return { outcome: "pending" } as const;
        throw new ProviderUnavailable(`PayPal refund ${refund.id} of capture ${capture.id} is ${refund.status}`);
      };
      const firstKey = `refund-${capture.id}`;
      try {
        return await refundCapture(request.amountCents, refundKey(firstKey, request.number));
      } catch (error) {
        if (!(error instanceof PayPalRequestFailed)) throw error;
        if (error.issue === "CAPTURE_FULLY_REFUNDED") return { outcome: "refunded" };
        if (error.issue !== "REFUND_AMOUNT_EXCEEDED") throw error;
      }
      // Part of the capture was refunded elsewhere (PayPal's dashboard) or by an earlier refund still on
      // its way. What is owed back for the whole payment is what those left; a part cannot be told apart
      // from the refunds made beside it, so it is left to a person.
      if (!isWholeRefund(request)) {
        throw new ProviderUnavailable(`PayPal capture ${capture.id} has less left than the ${request.amountCents} cents asked back: a person must see what was refunded`);
      }
      const refunded = refundedOfOrder(await getOrder(ref));
      const rest = capture.amount.cents - refunded.cents;
      if (rest <= 0) return { outcome: refunded.pending ? "pending" : "refunded" };
      // Keyed by what is left, so that asking again while that is unchanged is the same refund.
      return refundCapture(rest, `${refundKey(firstKey, request.number)}-rest-${rest}`);
    },
  };
}
