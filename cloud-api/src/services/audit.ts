import type { OperatorIdentity } from "#contract/operator.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { insertOperatorActionStatement } from "#api/repositories/operator-actions.ts";

export interface AuditedAction {
  operator: OperatorIdentity;
  /** What was done, `<object type>.<verb>`: "operator.create", "order.refund", "delivery.resend". */
  action: string;
  objectType: string;
  objectId: string | number;
  /** The object before and after the action, as the console shows it; null where it did not or no longer exists. */
  before: unknown;
  after: unknown;
  note?: string | null | undefined;
  /**
   * Put right after a guarded change (an UPDATE ... WHERE version = ?): the row is written only when that
   * statement changed something, and its own `meta.changes` says whether it did.
   */
  onlyAfterAChange?: boolean;
}

/**
 * The audit row of an operator action (docs/decisions/057). Put it in the same D1 batch as the change, so
 * that the change and its row exist together or not at all.
 */
export function auditStatement(db: D1Database, { operator, action, objectType, objectId, before, after, note, onlyAfterAChange = false }: AuditedAction): D1PreparedStatement {
  const row = {
    at: nowSeconds(),
    operator_email: operator.email,
    role: operator.role,
    action,
    object_type: objectType,
    object_id: String(objectId),
    before_json: before === null || before === undefined ? null : JSON.stringify(before),
    after_json: after === null || after === undefined ? null : JSON.stringify(after),
    note: note ?? null,
  };
  return insertOperatorActionStatement(db, row, onlyAfterAChange);
}
