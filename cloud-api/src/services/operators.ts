import { Status } from "#contract/codes.ts";
import { roleAllows, type OperatorIdentity, type OperatorRole } from "#contract/operator.ts";
import { ApiError } from "#api/core/errors.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { findOperator, insertOperatorStatement, updateOperatorStatement, type OperatorRow } from "#api/repositories/operators.ts";
import { auditStatement } from "#api/services/audit.ts";
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

/** An operator as the console shows them (contract/endpoints.ts operatorList). */
export function operatorView(row: OperatorRow) {
  return {
    email: row.email,
    name: row.name,
    role: row.role,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    version: row.version,
  };
}

/** What the audit log keeps of an operator. */
const audited = (row: Pick<OperatorRow, "name" | "role" | "enabled">) => ({ name: row.name, role: row.role, enabled: row.enabled === 1 });

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** Adds an operator, and its audit row in the same batch; 409 when the email is an operator already. */
export async function createOperator(db: D1Database, by: OperatorIdentity, input: { email: string; name: string; role: OperatorRole }) {
  const now = nowSeconds();
  try {
    await db.batch([
      insertOperatorStatement(db, { ...input, by: by.email, now }),
      auditStatement(db, { operator: by, action: "operator.create", objectType: "operator", objectId: input.email, before: null, after: audited({ ...input, enabled: 1 }) }),
    ]);
  } catch (error) {
    if (/UNIQUE constraint failed/.test(String(error))) throw new ApiError(Status.conflict, `${input.email} is an operator already`);
    throw error;
  }
  return operatorView({ ...input, enabled: 1, created_at: now, updated_at: now, updated_by: by.email, version: 1 });
}

export interface OperatorEdit {
  email: string;
  version: number;
  name?: string | undefined;
  role?: OperatorRole | undefined;
  enabled?: boolean | undefined;
}

/**
 * Changes an operator from the version the admin's screen showed, with its audit row in the same batch. Refused
 * (409) when someone changed them since (naming who and when), when an admin would demote or disable themself,
 * or when no enabled admin would be left; 404 for an unknown email. A change that changes nothing writes nothing.
 */
export async function updateOperator(db: D1Database, by: OperatorIdentity, edit: OperatorEdit) {
  const current = await findOperator(db, edit.email);
  if (!current) throw new ApiError(Status.notFound, `${edit.email} is not an operator`);
  const next = { name: edit.name ?? current.name, role: edit.role ?? current.role, enabled: edit.enabled === undefined ? current.enabled : edit.enabled ? 1 : 0 } as const;
  if (edit.email === by.email && (next.role !== "admin" || next.enabled !== 1)) {
    throw new ApiError(Status.conflict, "an admin cannot demote or disable themself; another admin can");
  }
  const refuseStale = (row: OperatorRow) => {
    if (row.version === edit.version) return;
    throw new ApiError(
      Status.conflict,
      `${row.email} was changed by ${row.updated_by ?? "someone outside the console"} at ${iso(row.updated_at)} after the version you edited; look again and redo your change`,
    );
  };
  refuseStale(current);
  if (next.name === current.name && next.role === current.role && next.enabled === current.enabled) return operatorView(current);

  const now = nowSeconds();
  const [, audit] = await db.batch([
    updateOperatorStatement(db, { email: edit.email, version: edit.version, ...next, by: by.email, now }),
    auditStatement(db, {
      operator: by,
      action: next.enabled !== current.enabled ? (next.enabled ? "operator.enable" : "operator.disable") : next.role !== current.role ? "operator.role" : "operator.rename",
      objectType: "operator",
      objectId: edit.email,
      before: audited(current),
      after: audited(next),
      onlyAfterAChange: true,
    }),
  ]);
  if (audit?.meta.changes !== 1) {
    // Either someone changed them first, or they are the last enabled admin.
    const latest = await findOperator(db, edit.email);
    if (latest) refuseStale(latest);
    throw new ApiError(Status.conflict, `${edit.email} is the last enabled admin; make another operator an admin first`);
  }
  return operatorView({ ...current, ...next, updated_at: now, updated_by: by.email, version: edit.version + 1 });
}
