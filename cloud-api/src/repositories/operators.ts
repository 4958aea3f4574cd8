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
