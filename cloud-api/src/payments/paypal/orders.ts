import { z } from "zod";
import { centsOfDecimal } from "#api/payments/outbound.ts";
import type { PaymentOutcome, PaymentReport } from "#api/payments/provider.ts";

/** PayPal's money object, read as integer cents. */
export const payPalMoney = z
  .object({ currency_code: z.string().regex(/^[A-Z]{3}$/), value: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, "must be a decimal amount") })
  .transform((money) => ({ currency: money.currency_code, cents: centsOfDecimal(money.value) ?? 0 }));

const link = z.object({ href: z.string(), rel: z.string() });

export const payPalCapture = z.object({
  id: z.string().min(1),
  status: z.enum(["COMPLETED", "DECLINED", "PARTIALLY_REFUNDED", "PENDING", "REFUNDED", "FAILED"]),
  amount: payPalMoney,
  custom_id: z.string().optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().min(1).optional() }).optional() }).optional(),
});
export type PayPalCapture = z.infer<typeof payPalCapture>;

/** A refund as an order lists it (purchase_units[].payments.refunds), made here or in PayPal's dashboard. */
const payPalRefundOfOrder = z.object({ id: z.string().min(1), status: z.enum(["CANCELLED", "FAILED", "PENDING", "COMPLETED"]), amount: payPalMoney });

export const payPalOrder = z.object({
  id: z.string().min(1),
  status: z.enum(["CREATED", "SAVED", "APPROVED", "VOIDED", "COMPLETED", "PAYER_ACTION_REQUIRED"]),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        amount: payPalMoney.optional(),
        payments: z.object({ captures: z.array(payPalCapture).optional(), refunds: z.array(payPalRefundOfOrder).optional() }).optional(),
      }),
    )
    .min(1),
});
export type PayPalOrder = z.infer<typeof payPalOrder>;

/** The answer to an order creation (PayPal returns the minimal representation by default). */
export const createdPayPalOrder = z.object({ id: z.string().regex(/^[A-Z0-9]{1,36}$/), status: z.string() });

export const payPalRefund = z.object({
  id: z.string().min(1),
  status: z.enum(["CANCELLED", "FAILED", "PENDING", "COMPLETED"]),
  amount: payPalMoney.optional(),
  links: z.array(link).optional(),
});

/** A capture's state as a payment outcome: a partial refund leaves the payment paid. */
export function outcomeOfCapture(status: PayPalCapture["status"]): PaymentOutcome {
  switch (status) {
    case "COMPLETED":
    case "PARTIALLY_REFUNDED":
      return "paid";
    case "REFUNDED":
      return "refunded";
    case "DECLINED":
    case "FAILED":
      return "failed";
    case "PENDING":
      return "pending";
  }
}

export function firstCaptureOf(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units[0]?.payments?.captures?.[0];
}

/**
 * What an order says about its payment. Paid only through its capture (purchase_units[0].payments.
 * captures[0]) being COMPLETED, reported with the capture's own amount and currency, which the caller
 * compares with the payment; an approved order still has to be captured.
 */
export function reportOfOrder(order: PayPalOrder): PaymentReport | null {
  const capture = firstCaptureOf(order);
  if (capture) return { providerRef: order.id, outcome: outcomeOfCapture(capture.status), amountCents: capture.amount.cents, currency: capture.amount.currency };
  const amount = order.purchase_units[0]?.amount;
  if (!amount) return null;
  const outcome: PaymentOutcome = order.status === "APPROVED" ? "approved" : order.status === "VOIDED" ? "cancelled" : "pending";
  return { providerRef: order.id, outcome, amountCents: amount.cents, currency: amount.currency };
}

/** The capture a refund belongs to, from its HATEOAS "up" link (…/v2/payments/captures/<id>). */
export function captureIdOfRefund(refund: z.infer<typeof payPalRefund>): string | null {
  const up = refund.links?.find((l) => l.rel === "up")?.href ?? "";
  return /\/v2\/payments\/captures\/([A-Za-z0-9]+)$/.exec(up)?.[1] ?? null;
}

/**
 * What an order's refunds (of its one capture) have given back or are giving back: COMPLETED and
 * PENDING ones, whoever made them.
 */
export function refundedOfOrder(order: PayPalOrder): { cents: number; pending: boolean } {
  const refunds = (order.purchase_units[0]?.payments?.refunds ?? []).filter((refund) => refund.status === "COMPLETED" || refund.status === "PENDING");
  return { cents: refunds.reduce((sum, refund) => sum + refund.amount.cents, 0), pending: refunds.some((refund) => refund.status === "PENDING") };
}
