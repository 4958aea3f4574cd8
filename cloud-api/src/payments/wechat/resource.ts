import { base64ToBytes } from "#api/payments/crypto/base64.ts";

const encoder = new TextEncoder();

/**
 * Opens the encrypted `resource` of a notification: AEAD_AES_256_GCM with the APIv3 key, the
 * resource's nonce as IV and its associated_data as additional data; the base64 ciphertext ends with
 * the 16-byte tag, which is the layout Web Crypto expects. Null when it does not decrypt (a wrong key,
 * or anything changed).
 */
export async function decryptResource(apiV3Key: string, resource: { nonce: string; associated_data?: string | undefined; ciphertext: string }): Promise<string | null> {
  const sealed = base64ToBytes(resource.ciphertext);
  if (!sealed || sealed.length <= 16) return null;
  try {
    const key = await crypto.subtle.importKey("raw", encoder.encode(apiV3Key), "AES-GCM", false, ["decrypt"]);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: encoder.encode(resource.nonce), additionalData: encoder.encode(resource.associated_data ?? ""), tagLength: 128 },
      key,
      sealed,
    );
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(plain);
  } catch {
    return null;
  }
}
