import type { CurrencyCode } from "#domain/money.ts";
import type { PaymentInstruction, ProviderName } from "#domain/payment-methods.ts";

export interface PaymentRequest {
  /** Our id of this payment attempt; providers echo it back (out_trade_no, custom_id, client_reference_id). */
  paymentId: string;
  orderId: string;
  description: string;
  amountCents: number;
  currency: CurrencyCode;
  language: string;
  /** Where the provider sends the buyer back (the storefront's payment result page). */
  returnUrl: string;
  /** The buyer's IP address, when the request that started the payment named it (WeChat Pay H5 requires it). */
  payerIp?: string | undefined;
}

/** What the storefront needs to send the buyer on (docs/architecture.md §3): the field each method names. */
export type PaymentInstructions = Partial<Record<PaymentInstruction, string>>;

export interface CreatedPayment {
  /** The provider's id of the payment (prepay id, trade no, PayPal order id, checkout session id). */
  providerRef: string;
  instructions: PaymentInstructions;
}

/**
 * What a verified notification or a status query says about one payment. `approved` means the buyer
 * approved and the merchant must capture (PayPal); `pending` means nothing has settled yet; `refundFailed`
 * means a refund of it failed at the provider, even one reported as made (Stripe's refund.failed).
 */
export type PaymentOutcome = "paid" | "failed" | "approved" | "refunded" | "refundFailed" | "pending" | "cancelled";

export interface PaymentReport {
  providerRef: string;
  outcome: PaymentOutcome;
  amountCents: number;
  currency: string;
}

export interface VerifiedNotification extends PaymentReport {
  /** Unique per notification, so that a duplicate is recognised. */
  eventId: string;
}

/**
 * A genuine notification (its signature verified) about nothing the cloud-api follows: an event type it did not
 * subscribe to, or a payment it never made. It is logged and acknowledged, because a provider retries a refused
 * notification for days and Stripe disables an endpoint that keeps failing.
 */
export interface UnfollowedNotification {
  eventId: string;
  unfollowed: string;
}

/**
 * What closing a checkout at its provider found: `closed`, it can no longer be paid (also when it was closed or
 * expired already); `paid`, the buyer paid it before the close (its report settles it); `absent`, the provider
 * has no payment yet to close (an Alipay form the buyer has not submitted), so the close is tried again.
 */
export type CloseOutcome = "closed" | "paid" | "absent";

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** Checks the notification's signature and reads it; throws NotificationRejected when it is not genuine. */
  verifyNotification(request: Request, body: string): Promise<VerifiedNotification | UnfollowedNotification>;
  /** The body the provider expects back once a notification is handled. */
  acknowledge(): Response;
  queryPayment(providerRef: string): Promise<PaymentReport>;
  /** Captures an approved payment (PayPal); other providers settle without it. */
  capture(providerRef: string): Promise<PaymentReport>;
  refund(providerRef: string, refund: RefundRequest): Promise<{ outcome: "refunded" | "pending" }>;
  /** Closes the checkout of an attempt that ended, so that the buyer cannot pay it any more (docs/decisions/052). */
  close(providerRef: string): Promise<CloseOutcome>;
}

/**
 * One refund of a payment. A payment may be refunded more than once, in parts; each refund has its
 * number, which keys it at the provider (refundKey), so that asking again for the same refund is the
 * same request and a second refund is not taken for a retry of the first.
 */
export interface RefundRequest {
  /** 1 for a payment's first refund, 2 for its second, and so on. */
  number: number;
  amountCents: number;
  /** What the whole payment took: WeChat Pay wants it beside the refund, and a whole refund is told by it. */
  paymentCents: number;
}

/** The provider's key of a refund, from the key of the payment's first one: the first keeps it as it was. */
export function refundKey(firstRefundKey: string, number: number): string {
  if (!Number.isSafeInteger(number) || number < 1) throw new RangeError(`not a refund number: ${number}`);
  return number === 1 ? firstRefundKey : `${firstRefundKey}_${number}`;
}

/** A refund of the whole payment, which is what today's callers ask for (services/refunds.ts). */
export const isWholeRefund = (refund: RefundRequest) => refund.amountCents === refund.paymentCents;

/** A notification whose signature, timestamp or shape is not right: refused without any effect. */
export class NotificationRejected extends Error {
  override name = "NotificationRejected";
}

/** The provider could not be reached or answered nonsense. */
export class ProviderUnavailable extends Error {
  override name = "ProviderUnavailable";
}
