import { Status } from "#contract/codes.ts";
import { roleAllows, type OperatorIdentity, type OperatorRole } from "#contract/operator.ts";
import { ApiError } from "#api/core/errors.ts";
import type { OperatorRow } from "#api/repositories/operators.ts";
import { supportRefundLimits, type RefundLimits } from "#api/core/refund-limits.ts";

/** The operator of an operator call, as handlers see them (context.operator). */
export interface SignedInOperator extends OperatorIdentity {
  name: string;
}

/**
 * The operator an operator call names, from their operators row (read in the replay record's batch), once
 * they are known, enabled and of at least the endpoint's least role (docs/decisions/057).
 */
export function operatorAllowed(row: OperatorRow | null, needed: OperatorRole): SignedInOperator {
  if (!row || row.enabled !== 1) throw new ApiError(Status.notAnOperator, "not an operator of this console (unknown or disabled)");
  if (!roleAllows(row.role, needed)) throw new ApiError(Status.roleTooLow, `this needs the ${needed} role; ${row.email} is ${row.role === "admin" ? "an" : "a"} ${row.role}`);
  return { email: row.email, role: row.role, name: row.name };
}

/**
 * What an operator may refund per currency: an admin without limit (null); a support operator up to the
 * configured cents, nothing in a currency not configured; a viewer nothing.
 */
export function refundLimitsOf(env: { SUPPORT_REFUND_LIMITS?: string }, role: OperatorRole): RefundLimits | null {
  if (role === "admin") return null;
  if (role === "viewer") return {};
  return supportRefundLimits(env);
}
