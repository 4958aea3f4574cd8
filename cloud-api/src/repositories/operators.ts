import type { OperatorRole } from "#contract/operator.ts";

/** The console's operators (migration 0014, docs/decisions/057). */
export interface OperatorRow {
  email: string;
  name: string;
  role: OperatorRole;
  enabled: 0 | 1;
  created_at: number;
  updated_at: number;
  updated_by: string | null;
  version: number;
}

const COLUMNS = "email, name, role, enabled, created_at, updated_at, updated_by, version";

/** The operator an operator call names, read in the replay record's batch (http/signature.ts). */
export function findOperatorStatement(db: D1Database, email: string): D1PreparedStatement {
  return db.prepare(`SELECT ${COLUMNS} FROM operators WHERE email = ?`).bind(email);
}

export function findOperator(db: D1Database, email: string): Promise<OperatorRow | null> {
  return findOperatorStatement(db, email).first<OperatorRow>();
}

export async function listOperators(db: D1Database): Promise<OperatorRow[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM operators ORDER BY enabled DESC, email`).all<OperatorRow>();
  return results;
}

/** A new operator; the batch fails (the email's key) when the email is an operator already. */
export function insertOperatorStatement(db: D1Database, operator: { email: string; name: string; role: OperatorRole; by: string; now: number }): D1PreparedStatement {
  return db
    .prepare("INSERT INTO operators (email, name, role, enabled, created_at, updated_at, updated_by, version) VALUES (?, ?, ?, 1, ?, ?, ?, 1)")
    .bind(operator.email, operator.name, operator.role, operator.now, operator.now, operator.by);
}

export interface OperatorChange {
  email: string;
  /** The version the change was made from: another change since, and this one changes nothing. */
  version: number;
  name: string;
  role: OperatorRole;
  enabled: 0 | 1;
  by: string;
  now: number;
}

/**
 * Changes an operator from the version it was made from, unless that would leave no enabled admin (checked in
 * the statement, so that two admins demoting each other at once cannot both succeed). Changes no row when
 * the version moved on or no admin would be left; the next statement of the batch can tell (changes()).
 */
export function updateOperatorStatement(db: D1Database, change: OperatorChange): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE operators SET name = ?1, role = ?2, enabled = ?3, updated_at = ?4, updated_by = ?5, version = version + 1
       WHERE email = ?6 AND version = ?7
         AND (?2 = 'admin' AND ?3 = 1 OR EXISTS (SELECT 1 FROM operators WHERE role = 'admin' AND enabled = 1 AND email <> ?6))`,
    )
    .bind(change.name, change.role, change.enabled, change.now, change.by, change.email, change.version);
}
