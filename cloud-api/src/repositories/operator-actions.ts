/**
 * The audit log (migration 0014, docs/decisions/057): every operator action that changes something, written
 * in the batch of the change. Append-only: this module only inserts and reads, and the table's triggers refuse
 * an UPDATE or a DELETE from anywhere.
 */
export interface OperatorActionRow {
  id: number;
  at: number;
  operator_email: string;
  role: string;
  action: string;
  object_type: string;
  object_id: string;
  before_json: string | null;
  after_json: string | null;
  note: string | null;
}

export type NewOperatorAction = Omit<OperatorActionRow, "id">;

export function insertOperatorActionStatement(db: D1Database, action: NewOperatorAction): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO operator_actions (at, operator_email, role, action, object_type, object_id, before_json, after_json, note) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(action.at, action.operator_email, action.role, action.action, action.object_type, action.object_id, action.before_json, action.after_json, action.note);
}
