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
 * approved and the merchant must capture (PayPal); `pending` means nothing has settled yet.
 */
export type PaymentOutcome = "paid" | "failed" | "approved" | "refunded" | "pending" | "cancelled";

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

export interface PaymentProvider {
  readonly name: ProviderName;
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** Checks the notification's signature and reads it; throws NotificationRejected when it is not genuine. */
  verifyNotification(request: Request, body: string): Promise<VerifiedNotification>;
  /** The body the provider expects back once a notification is handled. */
  acknowledge(): Response;
  queryPayment(providerRef: string): Promise<PaymentReport>;
  /** Captures an approved payment (PayPal); other providers settle without it. */
  capture(providerRef: string): Promise<PaymentReport>;
  refund(providerRef: string, amountCents: number): Promise<{ outcome: "refunded" | "pending" }>;
}

/** A notification whose signature, timestamp or shape is not right: refused without any effect. */
export class NotificationRejected extends Error {
  override name = "NotificationRejected";
}

/** The provider could not be reached or answered nonsense. */
export class ProviderUnavailable extends Error {
  override name = "ProviderUnavailable";
}
