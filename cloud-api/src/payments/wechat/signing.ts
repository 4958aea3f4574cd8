import { signRsaSha256, verifyRsaSha256 } from "#api/payments/crypto/rsa.ts";
import type { WechatPayConfig } from "#api/payments/wechat/config.ts";

/**
 * WeChat Pay APIv3 signatures (SHA256withRSA). Our requests carry
 * `Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"`
 * over "METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n"; WeChat's answers and notifications carry
 * Wechatpay-Serial/-Timestamp/-Nonce/-Signature over "timestamp\nnonce\nbody\n".
 */
export const WECHATPAY_AUTH_SCHEMA = "WECHATPAY2-SHA256-RSA2048";
/** WeChat's own rule: an answer or notification signed longer ago than this is refused. */
export const WECHATPAY_SIGNATURE_WINDOW_SECONDS = 300;

export function requestSigningMessage(method: string, pathWithQuery: string, timestamp: string, nonce: string, body: string): string {
  return `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`;
}

export function responseSigningMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

function newNonce(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("").toUpperCase();
}

/** The Authorization header of one request; `url` is what is sent (its path and query are signed). */
export async function authorizationHeader(config: WechatPayConfig, method: string, url: URL, body: string, now: number): Promise<string> {
  const timestamp = String(now);
  const nonce = newNonce();
  const signature = await signRsaSha256(await config.merchantKey(), requestSigningMessage(method, `${url.pathname}${url.search}`, timestamp, nonce, body));
  return `${WECHATPAY_AUTH_SCHEMA} mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.mchSerial}"`;
}

/**
 * Checks that an answer or a notification comes from WeChat Pay: the key it names is the configured
 * platform key, it is recent, and its signature over the raw body verifies. Returns what is wrong, or
 * null when it is genuine; the caller decides what a failure means (a refused notification, an
 * unavailable provider).
 */
export async function wechatpaySignatureProblem(config: WechatPayConfig, headers: Headers, body: string, now: number): Promise<string | null> {
  const serial = headers.get("Wechatpay-Serial");
  const timestamp = headers.get("Wechatpay-Timestamp");
  const nonce = headers.get("Wechatpay-Nonce");
  const signature = headers.get("Wechatpay-Signature");
  if (!serial || !timestamp || !nonce || !signature) return "Wechatpay-Serial, -Timestamp, -Nonce and -Signature headers required";
  if (serial.trim().toUpperCase() !== config.platformSerial.trim().toUpperCase()) return `signed with ${serial}, not the configured platform key`;
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > WECHATPAY_SIGNATURE_WINDOW_SECONDS) return "Wechatpay-Timestamp outside the allowed window";
  const genuine = await verifyRsaSha256(await config.platformKey(), responseSigningMessage(timestamp, nonce, body), signature);
  return genuine ? null : "Wechatpay-Signature does not verify";
}
