import { nowSeconds } from "#api/core/clock.ts";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import {
  findToken,
  insertTokenStatement,
  markRotatedStatement,
  revokeFamily,
  type TokenKind,
  type TokenRow,
} from "#api/repositories/auth-tokens.ts";
import { positiveInt } from "#api/settings.ts";
import { randomToken, sha256Hex } from "#api/core/hashing.ts";

export interface TokenSettings {
  accessTtl: number;
  refreshTtl: number;
  refreshGrace: number;
}

export function tokenSettings(env: {
  ACCESS_TOKEN_TTL_SECONDS?: string;
  REFRESH_TOKEN_TTL_SECONDS?: string;
  REFRESH_GRACE_SECONDS?: string;
}): TokenSettings {
  return {
    accessTtl: positiveInt(env.ACCESS_TOKEN_TTL_SECONDS, 7200),
    refreshTtl: positiveInt(env.REFRESH_TOKEN_TTL_SECONDS, 30 * 86400),
    refreshGrace: positiveInt(env.REFRESH_GRACE_SECONDS, 60),
  };
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: number;
  refreshExpiresAt: number;
}

async function mint(kind: TokenKind, userId: number, familyId: string, expiresAt: number, now: number) {
  const token = randomToken();
  return { token, row: { hash: await sha256Hex(token), kind, userId, familyId, expiresAt, createdAt: now } };
}

async function mintPair(db: D1Database, userId: number, familyId: string, settings: TokenSettings, now: number) {
  const access = await mint("access", userId, familyId, now + settings.accessTtl, now);
  const refresh = await mint("refresh", userId, familyId, now + settings.refreshTtl, now);
  return {
    statements: [insertTokenStatement(db, access.row), insertTokenStatement(db, refresh.row)],
    pair: {
      accessToken: access.token,
      refreshToken: refresh.token,
      accessExpiresAt: access.row.expiresAt,
      refreshExpiresAt: refresh.row.expiresAt,
    } satisfies TokenPair,
  };
}

/** A new sign-in: an access/refresh pair and the app's device-listing token (tgAccessToken). */
export async function issueSignIn(db: D1Database, userId: number, settings: TokenSettings) {
  const now = nowSeconds();
  const familyId = crypto.randomUUID();
  const { statements, pair } = await mintPair(db, userId, familyId, settings, now);
  const tg = await mint("tg", userId, familyId, now + settings.refreshTtl, now);
  await db.batch([...statements, insertTokenStatement(db, tg.row)]);
  return { ...pair, tgAccessToken: tg.token };
}

/** Resolves an access token to its user, or refuses with 1009 (expired) or 1010 (invalid). */
export async function authenticate(db: D1Database, accessToken: string | null | undefined, kind: TokenKind = "access") {
  if (!accessToken) refuseMissingToken();
  return accessOf(await findToken(db, await sha256Hex(accessToken), kind));
}

export function refuseMissingToken(): never {
  throw new ApiError(Status.tokenInvalid, "access token missing");
}

/** The caller a presented token's row names; refused when there is none, or it was revoked or has expired. */
export function accessOf(row: TokenRow | null) {
  if (!row || row.revoked_at !== null) throw new ApiError(Status.tokenInvalid, "access token invalid");
  if (row.expires_at <= nowSeconds()) throw new ApiError(Status.tokenExpired, "access token expired");
  return { userId: row.user_id, familyId: row.family_id };
}

/**
 * Rotates a refresh token. The replaced token keeps working for the grace period (two tabs refreshing
 * at once both succeed); presented after that, it is a reuse and the whole family is revoked.
 */
export async function refreshTokens(db: D1Database, refreshToken: string, settings: TokenSettings): Promise<TokenPair> {
  const now = nowSeconds();
  const hash = await sha256Hex(refreshToken);
  const row = await findToken(db, hash, "refresh");
  if (!row || row.revoked_at !== null) throw new ApiError(Status.tokenInvalid, "refresh token invalid");
  if (row.expires_at <= now) throw new ApiError(Status.tokenExpired, "refresh token expired");
  if (row.rotated_at !== null && now > row.rotated_at + settings.refreshGrace) {
    await revokeFamily(db, row.family_id, now);
    throw new ApiError(Status.tokenInvalid, "refresh token already used");
  }
  const { statements, pair } = await mintPair(db, row.user_id, row.family_id, settings, now);
  await db.batch([markRotatedStatement(db, hash, now), ...statements]);
  return pair;
}
