/** Records a signed request's nonce; false when it was seen before (a replay). */
export async function rememberNonce(
  db: D1Database,
  nonce: { appid: string; tokenKey: string; noticeStr: string; timestamp: number; seenAt: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      "INSERT INTO request_nonces (appid, token_key, notice_str, timestamp, seen_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
    )
    .bind(nonce.appid, nonce.tokenKey, nonce.noticeStr, nonce.timestamp, nonce.seenAt)
    .run();
  return result.meta.changes === 1;
}

/** Nonces older than the window can no longer be replayed (their timestamp is refused anyway). */
export async function forgetNoncesBefore(db: D1Database, seenBefore: number): Promise<number> {
  const result = await db.prepare("DELETE FROM request_nonces WHERE seen_at < ?").bind(seenBefore).run();
  return result.meta.changes;
}
