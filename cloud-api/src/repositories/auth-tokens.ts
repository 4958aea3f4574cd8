export type TokenKind = "access" | "refresh" | "tg";

export interface TokenRow {
  token_hash: string;
  kind: TokenKind;
  user_id: number;
  family_id: string;
  expires_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

export interface NewToken {
  hash: string;
  kind: TokenKind;
  userId: number;
  familyId: string;
  expiresAt: number;
  createdAt: number;
}

export function findTokenStatement(db: D1Database, hash: string, kind: TokenKind): D1PreparedStatement {
  return db
    .prepare("SELECT token_hash, kind, user_id, family_id, expires_at, rotated_at, revoked_at FROM auth_tokens WHERE token_hash = ? AND kind = ?")
    .bind(hash, kind);
}

export function findToken(db: D1Database, hash: string, kind: TokenKind): Promise<TokenRow | null> {
  return findTokenStatement(db, hash, kind).first<TokenRow>();
}

export function insertTokenStatement(db: D1Database, token: NewToken): D1PreparedStatement {
  return db
    .prepare(
      "INSERT INTO auth_tokens (token_hash, kind, user_id, family_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)",
    )
    .bind(token.hash, token.kind, token.userId, token.familyId, token.expiresAt, token.createdAt);
}

/** Marks a refresh token as replaced, once: the first rotation time starts the grace period. */
export function markRotatedStatement(db: D1Database, hash: string, at: number): D1PreparedStatement {
  return db.prepare("UPDATE auth_tokens SET rotated_at = ? WHERE token_hash = ? AND rotated_at IS NULL").bind(at, hash);
}

export async function revokeFamily(db: D1Database, familyId: string, at: number): Promise<void> {
  await db.prepare("UPDATE auth_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL").bind(at, familyId).run();
}

export async function forgetTokensExpiredBefore(db: D1Database, before: number): Promise<number> {
  const result = await db.prepare("DELETE FROM auth_tokens WHERE expires_at < ?").bind(before).run();
  return result.meta.changes;
}
