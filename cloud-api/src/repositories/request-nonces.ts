/** Records a signed request's nonce: its result changed one row when fresh, none when seen before (a replay). */
export function rememberNonceStatement(
  db: D1Database,
  nonce: { appid: string; tokenKey: string; noticeStr: string; timestamp: number; seenAt: number },
): D1PreparedStatement {
  return db
    .prepare("INSERT INTO request_nonces (appid, token_key, notice_str, timestamp, seen_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(nonce.appid, nonce.tokenKey, nonce.noticeStr, nonce.timestamp, nonce.seenAt);
}

/** Nonces older than the window can no longer be replayed (their timestamp is refused anyway). */
export async function forgetNoncesBefore(db: D1Database, seenBefore: number): Promise<number> {
  const result = await db.prepare("DELETE FROM request_nonces WHERE seen_at < ?").bind(seenBefore).run();
  return result.meta.changes;
}
