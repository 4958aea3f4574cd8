import { base64ToBytes, bytesToBase64 } from "#api/payments/crypto/base64.ts";

/** RSASSA-PKCS1-v1_5 with SHA-256 over UTF-8 text, base64 signatures (WeChat Pay v3, Alipay RSA2). */
const encoder = new TextEncoder();

export async function signRsaSha256(privateKey: CryptoKey, message: string): Promise<string> {
  return bytesToBase64(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", privateKey, encoder.encode(message)));
}

/** False for a wrong or malformed signature; never throws for what the other side sent. */
export async function verifyRsaSha256(publicKey: CryptoKey, message: string, signatureBase64: string): Promise<boolean> {
  const signature = base64ToBytes(signatureBase64);
  if (!signature || signature.length === 0) return false;
  try {
    return await crypto.subtle.verify("RSASSA-PKCS1-v1_5", publicKey, signature, encoder.encode(message));
  } catch {
    return false;
  }
}
