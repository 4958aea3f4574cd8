import { z } from "zod";

/** SUPPORT_REFUND_LIMITS (docs/configuration.md): the cents per currency a support operator may refund at once. */
const refundLimits = z.record(z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 currency code"), z.number().int().nonnegative());
export type RefundLimits = z.infer<typeof refundLimits>;

/** Unset: support may refund nothing. Throws, naming the problem, when the variable is not such a JSON object. */
export function supportRefundLimits(env: { SUPPORT_REFUND_LIMITS?: string }): RefundLimits {
  let value: unknown;
  try {
    value = JSON.parse(env.SUPPORT_REFUND_LIMITS || "{}");
  } catch {
    throw new Error("SUPPORT_REFUND_LIMITS: not JSON");
  }
  const parsed = refundLimits.safeParse(value);
  if (!parsed.success) throw new Error(`SUPPORT_REFUND_LIMITS: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  return parsed.data;
}
