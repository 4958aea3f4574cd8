import { z } from "zod";
import { OPERATOR_HEADERS, operatorSignature, requestSignature, S2S_HEADERS, S2S_WINDOW_SECONDS, s2sSignature, SIGNATURE_WINDOW_SECONDS } from "#contract/signature.ts";
import type { Access } from "#contract/endpoints.ts";
import { rememberNonceOfTokenStatement, rememberNonceStatement } from "#api/repositories/request-nonces.ts";
import { refuseMissingToken } from "#api/services/tokens.ts";
import { sha256Hex, timingSafeEqualText } from "#api/core/hashing.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { Status } from "#contract/codes.ts";
import { ApiError } from "#api/core/errors.ts";
import { readBesideCheck } from "#api/core/beside-check.ts";

const signedHeaders = z.object({
  appid: z.string().min(1).max(64),
  noticeStr: z.string().regex(/^\d{8}$/, "must be an 8-digit number"),
  timestamp: z.string().regex(/^\d{1,12}$/, "must be Unix seconds"),
  signature: z.string().regex(/^[0-9a-fA-F]{32}$/, "must be 32 hex digits"),
});

/** What a signed request is checked against: the route (its access level and path) and the body as received. */
export interface SignedRequest {
  request: Request;
  /**
   * A user call names its caller by the access token; an app-level call has none and ignores one; a
   * server-to-server call is an app-level call that also carries the companion backend's credential; an
   * operator call carries the console's operator credential, which names the operator.
   */
  access: Access;
  /** The operation's own path, not the URL's spelling of it (an escaped letter names the same route). */
  path: string;
  body: string;
}

/** JSON with its object keys sorted: two bodies that say the same thing give the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** What an app-level call says, whatever its spelling (white space, key order); the raw text when it is not JSON. */
function canonicalBody(body: string): string {
  try {
    return canonicalJson(JSON.parse(body));
  } catch {
    return body;
  }
}

/**
 * The row naming a call's caller, read in the replay record's batch: a user call's access token by its
 * hash (the record is written only when that token exists), an operator call's operators row.
 */
export interface CallerRead {
  read: (db: D1Database) => D1PreparedStatement;
  tokenHash?: string;
}

/**
 * Verifies docs/contract.md signing: known appid, timestamp within 300 s, md5 signature, and no replay of
 * (noticeStr, timestamp) for the same appid and caller inside the window. The caller of a user call is
 * its access token, of an operator call the operator's email; an app-level call is its own caller (method,
 * the operation's path and what its body says) and ignores an access token header, so that junk in a
 * header it ignores, an escaped path or a reformatted body cannot make a captured header set new. (A POST
 * takes no query string: app.ts.)
 * Once the signature holds, the replay record and `reads.caller` (the caller's row) go to D1 in one batch,
 * and `reads.alongside` starts beside it; a replay is refused whatever either found. A user call's record
 * is written only when its token exists, so that junk tokens write nothing.
 * A server-to-server or operator call's credential is checked before anything is written, and its replay is
 * keyed on the timestamp that credential covers: the app-level timestamp is signed with a secret every
 * companion app holds, so a captured call re-signed with a new one would otherwise be new each second.
 * Each credential is taken only where its access level asks for it (docs/decisions/057).
 */
export async function verifySignedRequest<Row, T>(
  { request, access, path, body }: SignedRequest,
  env: { APP_ID: string; APP_SECRET: string; S2S_SECRET?: string; OPERATOR_SECRET?: string; DB: D1Database },
  reads: { caller?: CallerRead | undefined; alongside: () => Promise<T> },
): Promise<[Row | null, T]> {
  const parsed = signedHeaders.safeParse({
    appid: request.headers.get("appid") ?? undefined,
    noticeStr: request.headers.get("noticeStr") ?? undefined,
    timestamp: request.headers.get("timestamp") ?? undefined,
    signature: request.headers.get("signature") ?? undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ApiError(Status.badSignature, `bad signature headers: ${issue?.path.join(".")}: ${issue?.message}`);
  }
  const { appid, noticeStr, timestamp, signature } = parsed.data;
  if (!timingSafeEqualText(appid, env.APP_ID)) throw new ApiError(Status.badSignature, "unknown appid");
  const now = nowSeconds();
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_SECONDS) {
    throw new ApiError(Status.badSignature, "timestamp outside the allowed window");
  }
  const expected = await requestSignature(appid, env.APP_SECRET, noticeStr, timestamp);
  if (!timingSafeEqualText(signature.toLowerCase(), expected)) throw new ApiError(Status.badSignature, "signature mismatch");
  refuseCredentialsOfOtherAccess(request, access);

  // The spec's client sends its access token on every call; an app-level call ignores it (its caller is the request).
  const accessToken = access === "user" ? (request.headers.get("accessToken") ?? "") : "";
  const caller = reads.caller;
  if (access === "user" && !caller?.tokenHash) refuseMissingToken();
  const replayTimestamp =
    access === "s2s" ? await verifyServerToServer({ request, body }, env) : access === "operator" ? await verifyOperator({ request, body }, env) : timestamp;
  const query = request.method === "GET" ? canonicalJson(Object.fromEntries(new URL(request.url).searchParams)) : "";
  const callerKey =
    access === "user"
      ? `token ${accessToken}`
      : access === "operator"
        ? `operator ${operatorEmailOf(request)}`
        : `request ${request.method} ${path}${query}\n${canonicalBody(body)}`;
  const tokenKey = (await sha256Hex(callerKey)).slice(0, 32);
  const nonce = { appid, tokenKey, noticeStr, timestamp: Number(replayTimestamp), seenAt: now };
  const tokenHash = caller?.tokenHash;
  const replayCheck = (
    caller
      ? env.DB.batch([tokenHash ? rememberNonceOfTokenStatement(env.DB, nonce, tokenHash) : rememberNonceStatement(env.DB, nonce), caller.read(env.DB)])
      : rememberNonceStatement(env.DB, nonce).run().then((result) => [result])
  ).then(([remembered, found]) => {
    const row = (found?.results[0] as Row | undefined) ?? null;
    // A token that does not exist wrote nothing: the caller refuses it, not as a replay.
    if (remembered?.meta.changes !== 1 && !(tokenHash && row === null)) throw new ApiError(Status.badSignature, "replayed request");
    return row;
  });
  return readBesideCheck(replayCheck, reads.alongside());
}

/** The operator an operator call names, as the operators table keys them (the credential covers the header as sent). */
export function operatorEmailOf(request: Request): string {
  return (request.headers.get(OPERATOR_HEADERS.email) ?? "").toLowerCase();
}

/** One refusal for every operator-credential failure, so that it tells nothing about which check failed. */
export const OPERATOR_REFUSAL = "operator credential refused";

/**
 * The console's operator credential is taken by operator endpoints only, and they take no other caller's:
 * not a user's access token, not the companion backend's server-to-server credential (docs/decisions/057).
 */
function refuseCredentialsOfOtherAccess(request: Request, access: Access): void {
  const has = (name: string) => request.headers.has(name);
  if (access === "operator") {
    if ((request.headers.get("accessToken") ?? "") !== "" || Object.values(S2S_HEADERS).some(has)) {
      throw new ApiError(Status.badSignature, `${OPERATOR_REFUSAL}: an operator endpoint takes the operator credential only`);
    }
  } else if (Object.values(OPERATOR_HEADERS).some(has)) {
    throw new ApiError(Status.badSignature, `${OPERATOR_REFUSAL}: only operator endpoints take it`);
  }
}

/**
 * The operator credential: OPERATOR_SECRET's HMAC over a text that names an operator call, method, path, its own
 * timestamp, noticeStr, the operator's email and the body, within the server-to-server window; answers that
 * timestamp, on which the replay check is keyed. Without a configured OPERATOR_SECRET every operator call is
 * refused; S2S_SECRET, which the companion app's backend holds, never signs one (docs/decisions/057).
 */
async function verifyOperator({ request, body }: { request: Request; body: string }, env: { OPERATOR_SECRET?: string }): Promise<string> {
  const email = request.headers.get(OPERATOR_HEADERS.email) ?? "";
  const timestamp = request.headers.get(OPERATOR_HEADERS.timestamp) ?? "";
  const signature = (request.headers.get(OPERATOR_HEADERS.signature) ?? "").toLowerCase();
  const secret = env.OPERATOR_SECRET ?? "";
  if (secret.length < 32 || email === "" || email.length > 254 || !/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds() - Number(timestamp)) > S2S_WINDOW_SECONDS) {
    throw new ApiError(Status.badSignature, OPERATOR_REFUSAL);
  }
  const noticeStr = request.headers.get("noticeStr") ?? "";
  const expected = await operatorSignature(secret, { method: request.method, path: new URL(request.url).pathname, timestamp, noticeStr, email, body });
  if (!timingSafeEqualText(signature, expected)) throw new ApiError(Status.badSignature, OPERATOR_REFUSAL);
  return timestamp;
}

/** One refusal for every server-to-server failure, so that it tells nothing about which check failed. */
export const S2S_REFUSAL = "server-to-server credential refused";

/**
 * docs/contract.md server-to-server identity: S2S_SECRET's HMAC over method, path, its own timestamp,
 * noticeStr and body, within 60 s; answers that timestamp, on which verifySignedRequest keys the replay
 * check that makes the credential usable once. Without a configured S2S_SECRET every such call is refused.
 */
async function verifyServerToServer({ request, body }: { request: Request; body: string }, env: { S2S_SECRET?: string }): Promise<string> {
  const timestamp = request.headers.get(S2S_HEADERS.timestamp) ?? "";
  const signature = (request.headers.get(S2S_HEADERS.signature) ?? "").toLowerCase();
  const secret = env.S2S_SECRET ?? "";
  const now = nowSeconds();
  if (secret.length < 32 || !/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > S2S_WINDOW_SECONDS) {
    throw new ApiError(Status.badSignature, S2S_REFUSAL);
  }
  const noticeStr = request.headers.get("noticeStr") ?? "";
  const expected = await s2sSignature(secret, { method: request.method, path: new URL(request.url).pathname, timestamp, noticeStr, body });
  if (!timingSafeEqualText(signature, expected)) throw new ApiError(Status.badSignature, S2S_REFUSAL);
  return timestamp;
}
