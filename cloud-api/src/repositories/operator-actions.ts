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

/**
 * The row of one action. With `onlyAfterAChange`, it is written only when the statement before it in the batch
 * changed a row (SQLite's changes()), so that a guarded change that found nothing to do leaves no row either.
 */
export function insertOperatorActionStatement(db: D1Database, action: NewOperatorAction, onlyAfterAChange = false): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO operator_actions (at, operator_email, role, action, object_type, object_id, before_json, after_json, note) " +
        `SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?${onlyAfterAChange ? " WHERE changes() > 0" : ""}`,
    )
    .bind(action.at, action.operator_email, action.role, action.action, action.object_type, action.object_id, action.before_json, action.after_json, action.note);
}

export interface AuditFilter {
  operator?: string | undefined;
  action?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  /** Rows older than this id (the previous page's last). */
  before?: number | undefined;
}

/** Newest first, `limit` rows matching every filter given. */
export async function listOperatorActions(db: D1Database, filter: AuditFilter, limit: number): Promise<OperatorActionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM operator_actions
       WHERE (?1 IS NULL OR operator_email = ?1) AND (?2 IS NULL OR action = ?2) AND (?3 IS NULL OR object_type = ?3)
         AND (?4 IS NULL OR object_id = ?4) AND (?5 IS NULL OR id < ?5)
       ORDER BY id DESC LIMIT ?6`,
    )
    .bind(filter.operator ?? null, filter.action ?? null, filter.objectType ?? null, filter.objectId ?? null, filter.before ?? null, limit)
    .all<OperatorActionRow>();
  return results;
}
