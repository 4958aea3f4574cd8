/**
 * Fails the D1 batch it is in (a transaction: every statement of it is undone) when the statement before it
 * changed no row, so that what follows it (an operator action's audit row) is written only with the change.
 * SQLite raises only in triggers; json() of a text that is not JSON fails, and CASE evaluates it only then.
 */
export function abortUnlessChangedStatement(db: D1Database): D1PreparedStatement {
  return db.prepare("SELECT CASE WHEN changes() = 0 THEN json('nothing changed') END");
}

/** Whether a batch failed because a statement guarded by abortUnlessChangedStatement changed nothing. */
export function isNothingChanged(error: unknown): boolean {
  return error instanceof Error && /malformed JSON/i.test(`${error.message} ${String(error.cause ?? "")}`);
}

/**
 * Writes a new row under the next free id (read first, so that its audit row can name it in the same batch),
 * again under the next one when another request took that id in the meantime.
 */
export async function writeUnderNextId<T>(table: "coupon_campaigns" | "card_batches", db: D1Database, write: (id: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const id = (await db.prepare(`SELECT COALESCE(MAX(id), 0) + 1 AS id FROM ${table}`).first<{ id: number }>())?.id ?? 1;
    try {
      return await write(id);
    } catch (error) {
      const taken = error instanceof Error && /UNIQUE constraint failed: \w+\.id\b/.test(`${error.message} ${String(error.cause ?? "")}`);
      if (!taken || attempt === 3) throw error;
    }
  }
}
