import { z } from "zod";
import { NotificationRejected } from "#api/payments/provider.ts";
import { payPalCapture, payPalOrder, payPalRefund } from "#api/payments/paypal/orders.ts";

/**
 * How old a notification's PAYPAL-TRANSMISSION-TIME may be. PayPal signs every delivery (retries
 * included) when it sends it, so a genuine one is seconds old; an older one is a replay. The state
 * guards make a replay harmless anyway, and a refused event is recovered by the status query.
 */
export const PAYPAL_TRANSMISSION_TOLERANCE_SECONDS = 300;

/** The verify-webhook-signature fields and the notification headers they come from. */
const TRANSMISSION_HEADERS = {
  auth_algo: "PAYPAL-AUTH-ALGO",
  cert_url: "PAYPAL-CERT-URL",
  transmission_id: "PAYPAL-TRANSMISSION-ID",
  transmission_sig: "PAYPAL-TRANSMISSION-SIG",
  transmission_time: "PAYPAL-TRANSMISSION-TIME",
} as const;
export type Transmission = Record<keyof typeof TRANSMISSION_HEADERS, string>;

/** Reads the transmission headers; a missing one or a stale transmission time is refused before PayPal is asked. */
export function transmissionOf(request: Request, nowSeconds: number): Transmission {
  const transmission = {} as Transmission;
  for (const [field, header] of Object.entries(TRANSMISSION_HEADERS) as [keyof Transmission, string][]) {
    const value = request.headers.get(header)?.trim();
    if (!value || value.length > 500) throw new NotificationRejected(`missing or malformed ${header} header`);
    transmission[field] = value;
  }
  const sentAt = Date.parse(transmission.transmission_time);
  if (!Number.isFinite(sentAt)) throw new NotificationRejected("malformed PAYPAL-TRANSMISSION-TIME header");
  if (Math.abs(nowSeconds - sentAt / 1000) > PAYPAL_TRANSMISSION_TOLERANCE_SECONDS) {
    throw new NotificationRejected("notification transmission time outside the tolerance");
  }
  return transmission;
}

/**
 * The body of POST /v1/notifications/verify-webhook-signature. PayPal checks the signature against a
 * CRC32 of the event as it receives it here, so the raw body is spliced in byte for byte rather than
 * parsed and serialised again (which could reorder keys or rewrite numbers). It must parse as one JSON
 * object first, so that nothing but the event can be smuggled in.
 */
export function verificationRequestBody(transmission: Transmission, webhookId: string, rawBody: string): string {
  let event: unknown;
  try {
    event = JSON.parse(rawBody);
  } catch {
    throw new NotificationRejected("notification body is not JSON");
  }
  if (typeof event !== "object" || event === null || Array.isArray(event)) throw new NotificationRejected("notification body is not a JSON object");
  const fields = JSON.stringify({ ...transmission, webhook_id: webhookId });
  return `${fields.slice(0, -1)},"webhook_event":${rawBody}}`;
}

export const verificationAnswer = z.object({ verification_status: z.enum(["SUCCESS", "FAILURE"]) });

const eventBase = { id: z.string().min(1).max(100) };
/** The events the PayPal webhook subscribes to; a verified event of another type is acknowledged and ignored. */
const payPalEvent = z.discriminatedUnion("event_type", [
  z.object({ ...eventBase, event_type: z.literal("CHECKOUT.ORDER.APPROVED"), resource: payPalOrder }),
  z.object({ ...eventBase, event_type: z.enum(["PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.DECLINED"]), resource: payPalCapture }),
  z.object({ ...eventBase, event_type: z.literal("PAYMENT.CAPTURE.REFUNDED"), resource: payPalRefund }),
]);
export type PayPalEvent = z.infer<typeof payPalEvent>;

const anyEvent = z.object({ ...eventBase, event_type: z.string().min(1) });

/**
 * Reads a verified event body (already known to be JSON); `unfollowed` names an event type it does not subscribe to,
 * or a resource of a subscribed type that it does not read (another integration's order): PayPal sent it, so refusing
 * it would only make PayPal send it again for days.
 */
export function readPayPalEvent(rawBody: string): PayPalEvent | { id: string; unfollowed: string } {
  const json: unknown = JSON.parse(rawBody);
  const parsed = payPalEvent.safeParse(json);
  if (parsed.success) return parsed.data;
  const other = anyEvent.safeParse(json);
  const issue = parsed.error.issues[0];
  if (!other.success) throw new NotificationRejected(`notification body: ${issue?.path.join(".")}: ${issue?.message}`);
  const subscribed = payPalEvent.options.some((option) => option.shape.event_type.safeParse(other.data.event_type).success);
  return {
    id: other.data.id,
    unfollowed: subscribed ? `PayPal ${other.data.event_type} whose resource it does not read (${issue?.path.join(".")}: ${issue?.message})` : `PayPal event type ${other.data.event_type}`,
  };
}
