import { z } from "zod";
import { PAYMENT_TYPES } from "#domain/payment-methods.ts";

/** Field schemas shared by operations, so that a refusal names the field the same way everywhere. */
export const deviceId = z.string().trim().min(1, "required").max(64);
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, "must be a 2-letter country code")
  .transform((v) => v.toUpperCase());
export const language = z.string().trim().min(2).max(16);
/** A JSON number; only text (a query string value) is converted, so that true or [3] is refused rather than read as 1 or 3. */
export const serviceType = z.preprocess((v) => (typeof v === "string" ? Number(v) : v), z.number().int().min(1).max(6));
export const iccId = z.string().trim().regex(/^\d{18,22}[A-Za-z]?$/, "must be an ICCID (18-22 digits)");
/** A wire amount: a number of yuan/dollars with at most 2 decimals. */
export const amount = z.number().nonnegative().max(99_999_999.99).multipleOf(0.01);
/**
 * An amount in an answer: the same rule as a refinement, so that a reader refuses 0.333 while the OpenAPI
 * document keeps describing it as a plain number, as it always has.
 */
export const money = z.number().refine((value) => value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "must be an amount with at most 2 decimals");

/** The input of the calls that ask about one service of one device (product-rules §7: package list, current package). */
export const deviceServiceQuery = z.object({ language: language.optional(), countryCode: countryCode.optional(), deviceId, type: serviceType });

export const orderId = z.string().trim().min(1, "required").max(64);
/** A payment method's code (domain/payment-methods.ts). */
export const paymentType = z.literal(PAYMENT_TYPES);

/** What confirm and repay answer: product-rules §3 order response, plus the amount and currency to show. */
export const paymentStartOutput = z.object({
  orderId: z.string(),
  paymentType: z.number().int(),
  h5PaymentUrl: z.string().nullish(),
  payPalOrderId: z.string().nullish(),
  sessionId: z.string().nullish(),
  // Beyond the spec's order response: the reference cloud-api sends them, an operator's backend may not.
  alipayForm: z.string().nullish(),
  payAmount: money.nullish(),
  currencyCode: z.string().nullish(),
});
export type PaymentStart = z.input<typeof paymentStartOutput>;

export const deviceType = z.number().int().min(1).max(2);
/** The code of a VIP or storage card, as scanned by the app. */
export const encryptCodeId = z.string().trim().min(1, "required").max(128);
