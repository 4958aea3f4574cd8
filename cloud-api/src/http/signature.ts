import { z } from "zod";
import { requestSignature, SIGNATURE_WINDOW_SECONDS } from "../../../domain/signature.ts";
import { rememberNonce } from "../repositories/request-nonces.ts";
import { sha256Hex, timingSafeEqualText } from "../services/hashing.ts";
import { nowSeconds } from "./clock.ts";
import { ApiError, Status } from "./envelope.ts";

const signedHeaders = z.object({
  appid: z.string().min(1).max(64),
  noticeStr: z.string().regex(/^\d{8}$/, "must be an 8-digit number"),
  timestamp: z.string().regex(/^\d{1,12}$/, "must be Unix seconds"),
  signature: z.string().regex(/^[0-9a-fA-F]{32}$/, "must be 32 hex digits"),
});

/**
 * Verifies DESIGN.md §2 signing: known appid, timestamp within 300 s, md5 signature, and no replay of
 * (noticeStr, timestamp) for the same appid and access token inside the window.
 */
export async function verifySignedRequest(
  request: Request,
  env: { APP_ID: string; APP_SECRET: string; DB: D1Database },
): Promise<void> {
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

  const tokenKey = (await sha256Hex(request.headers.get("accessToken") ?? "")).slice(0, 32);
  const fresh = await rememberNonce(env.DB, { appid, tokenKey, noticeStr, timestamp: Number(timestamp), seenAt: now });
  if (!fresh) throw new ApiError(Status.badSignature, "replayed request");
}
