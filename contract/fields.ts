import { z } from "zod";
import { PAYMENT_TYPES } from "#domain/payment-methods.ts";
import { SERVICE_TYPE_RANGE } from "#domain/services.ts";

/**
 * Field schemas shared by operations, so that a refusal names the field the same way everywhere.
 * Inputs are taken exactly as the OpenAPI document describes them (docs/decisions/049): text with white
 * space around it is refused, not trimmed (a pattern says so in the document); a JSON body's numbers are
 * JSON numbers; only a query string's text is read as a number, and only when it is decimal digits.
 */
const NO_SURROUNDING_SPACE = /^(?:\S(?:.*\S)?)?$/;
/** Text of at most `max` characters that neither begins nor ends with white space (nor holds a line break). */
export const text = (max: number) => z.string().max(max).regex(NO_SURROUNDING_SPACE, "must not begin or end with white space");
/** As text(), and not empty. */
export const requiredText = (max: number) => z.string().min(1, "required").max(max).regex(NO_SURROUNDING_SPACE, "must not begin or end with white space");

export const deviceId = requiredText(64).meta({ examples: ["SIM-DEMO-001"] });
export const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, "must be a 2-letter country code")
  .meta({ examples: ["CN"] })
  .transform((v) => v.toUpperCase());
/** A locale as the storefront and the apps name it: en, zh-CN, zh_Hans_CN. */
export const language = z
  .string()
  .max(16)
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/, "must be a language code such as en or zh-CN")
  .meta({ examples: ["en"] });
/**
 * A service type in a JSON body: a JSON number in the domain's service types (product-rules §5), so that "1", true or
 * [3] is refused rather than read as 1 or 3.
 */
export const serviceType = z.number().int().min(SERVICE_TYPE_RANGE.min).max(SERVICE_TYPE_RANGE.max);
/**
 * A whole number in a query string, where every value is text: decimal digits are read as their number,
 * anything else (" 1 ", "0x1", "1e0") is left as text and refused by `schema`; the document shows `schema`.
 */
export const queryInteger = <S extends z.ZodType<number>>(schema: S) => z.preprocess((v) => (typeof v === "string" && /^\d{1,15}$/.test(v) ? Number(v) : v), schema);
export const iccId = z.string().regex(/^\d{18,22}[A-Za-z]?$/, "must be an ICCID (18-22 digits)").meta({ examples: ["89860012345678901234"] });
/** A wire amount: a number of yuan/dollars with at most 2 decimals. */
export const amount = z.number().nonnegative().max(99_999_999.99).multipleOf(0.01);
/**
 * An amount in an answer: the same rule as a refinement, so that a reader refuses 0.333 while the OpenAPI
 * document keeps describing it as a plain number, as it always has.
 */
export const money = z.number().refine((value) => value >= 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "must be an amount with at most 2 decimals");

/** The input of the calls that ask about one service of one device (product-rules §7: package list, current package). */
export const deviceServiceQuery = z.object({ language: language.optional(), countryCode: countryCode.optional(), deviceId, type: serviceType });

export const orderId = requiredText(64).meta({ examples: ["DEMO2000001"] });
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
export const encryptCodeId = requiredText(128).meta({ examples: ["VIPCARD-NEW-0001"] });

/**
 * An answer that is a CSV file of these columns rather than the JSON envelope, streamed as it is read: the
 * cloud-api sends it as text/csv (a header line, then a line per row), and the OpenAPI document says so.
 */
export const csvStream = (columns: readonly string[]) =>
  z.custom<ReadableStream<Uint8Array>>((value) => value instanceof ReadableStream, "must be a stream").meta({ csvColumns: [...columns] });
/** The columns of a CSV answer; undefined for a JSON one. */
export const csvColumnsOf = (schema: z.ZodType): readonly string[] | undefined => (schema.meta() as { csvColumns?: string[] } | undefined)?.csvColumns;
