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
  refund(providerRef: string, amountCents: number): Promise<{ outcome: "refunded" | "pending" }>;
  /** Closes the checkout of an attempt that ended, so that the buyer cannot pay it any more (docs/decisions/052). */
  close(providerRef: string): Promise<CloseOutcome>;
}

/** A notification whose signature, timestamp or shape is not right: refused without any effect. */
export class NotificationRejected extends Error {
  override name = "NotificationRejected";
}

/** The provider could not be reached or answered nonsense. */
export class ProviderUnavailable extends Error {
  override name = "ProviderUnavailable";
}
