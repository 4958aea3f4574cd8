/**
 * DESIGN.md §2 request signature: md5_hex_lower(appid + appSecret + noticeStr + timestamp).
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
