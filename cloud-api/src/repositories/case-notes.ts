/** A note that resolves an order's needs-a-person cases (docs/decisions/058); notes are never changed. */
export interface CaseNoteRow {
  id: number;
  order_id: string;
  note: string;
  operator_email: string;
  created_at: number;
}

export function addCaseNoteStatement(db: D1Database, note: Omit<CaseNoteRow, "id">): D1PreparedStatement {
  return db
    .prepare("INSERT INTO order_case_notes (order_id, note, operator_email, created_at) VALUES (?, ?, ?, ?)")
    .bind(note.order_id, note.note, note.operator_email, note.created_at);
}

