export interface Nonce {
  appid: string;
  tokenKey: string;
  noticeStr: string;
  timestamp: number;
  seenAt: number;
}

/** Records a signed request's nonce: its result changed one row when fresh, none when seen before (a replay). */
export function rememberNonceStatement(db: D1Database, nonce: Nonce): D1PreparedStatement {
  return db
    .prepare("INSERT INTO request_nonces (appid, token_key, notice_str, timestamp, seen_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(nonce.appid, nonce.tokenKey, nonce.noticeStr, nonce.timestamp, nonce.seenAt);
}

/**
 * The same, for a user call: written only when an access token with this hash exists, so that a request
 * carrying a made-up token leaves no row behind (it changes none, as a replay does).
 */
export function rememberNonceOfTokenStatement(db: D1Database, nonce: Nonce, tokenHash: string): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO request_nonces (appid, token_key, notice_str, timestamp, seen_at) SELECT ?, ?, ?, ?, ? " +
        "WHERE EXISTS (SELECT 1 FROM auth_tokens WHERE token_hash = ? AND kind = 'access') ON CONFLICT DO NOTHING",
    )
    .bind(nonce.appid, nonce.tokenKey, nonce.noticeStr, nonce.timestamp, nonce.seenAt, tokenHash);
}

/** Nonces older than the window can no longer be replayed (their timestamp is refused anyway). */
export async function forgetNoncesBefore(db: D1Database, seenBefore: number): Promise<number> {
  const result = await db.prepare("DELETE FROM request_nonces WHERE seen_at < ?").bind(seenBefore).run();
  return result.meta.changes;
}
