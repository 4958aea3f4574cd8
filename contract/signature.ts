/**
 * docs/contract.md request signature: md5_hex_lower(appid + appSecret + noticeStr + timestamp).
 * MD5 comes from Web Crypto, which Workers support as an extension.
 */
export async function requestSignature(appId: string, appSecret: string, noticeStr: string, timestamp: string): Promise<string> {
  const bytes = new TextEncoder().encode(appId + appSecret + noticeStr + timestamp);
  const digest = await crypto.subtle.digest("MD5", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A random 8-digit number, the spec's noticeStr. */
export function newNoticeStr(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(10_000_000 + ((n ?? 0) % 90_000_000));
}

export const SIGNATURE_WINDOW_SECONDS = 300;

/**
 * docs/contract.md server-to-server identity: the app signature ships inside every companion app, so a
 * call that mints a user's tokens also carries an HMAC-SHA256, keyed with S2S_SECRET (which never
 * ships in an app), over the method, the path, the timestamp, the request's noticeStr and the SHA-256 of
 * the body. Covering noticeStr makes the replay check of the request signature cover this credential too.
 */
export const S2S_HEADERS = { timestamp: "x-s2s-timestamp", signature: "x-s2s-signature" } as const;
export const S2S_WINDOW_SECONDS = 60;

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function s2sSignature(
  secret: string,
  request: { method: string; path: string; timestamp: string; noticeStr: string; body: string },
): Promise<string> {
  const encoder = new TextEncoder();
  const bodyHash = hex(await crypto.subtle.digest("SHA-256", encoder.encode(request.body)));
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const text = `${request.method.toUpperCase()}\n${request.path}\n${request.timestamp}\n${request.noticeStr}\n${bodyHash}`;
  return hex(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}
