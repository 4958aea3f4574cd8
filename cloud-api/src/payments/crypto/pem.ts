import { base64ToBytes } from "#api/payments/crypto/base64.ts";

/**
 * RSA keys of the providers (WeChat Pay, Alipay) as PEM text <-> Web Crypto keys, for RSASSA-PKCS1-v1_5
 * with SHA-256 ("SHA256withRSA", Alipay's RSA2). Private keys are PKCS#8 ("BEGIN PRIVATE KEY"), public
 * keys SubjectPublicKeyInfo ("BEGIN PUBLIC KEY"). The armour is optional (Alipay's key tool hands out
 * bare base64), and a secret stored on one line with literal "\n" is accepted too.
 */
const RSA_SHA256 = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" } as const;

type PemLabel = "PRIVATE KEY" | "PUBLIC KEY";

function derOf(pem: string, label: PemLabel, name: string): Uint8Array<ArrayBuffer> {
  const text = pem.replace(/\\n/g, "\n").trim();
  const armoured = /^-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END \1-----$/.exec(text);
  if (armoured && armoured[1] !== label) {
    const hint = armoured[1] === "RSA PRIVATE KEY" ? " (PKCS#1: convert it with `openssl pkcs8 -topk8 -nocrypt`)" : "";
    throw new Error(`cloud-api misconfigured: ${name} is a "${armoured[1]}" PEM, not a "${label}"${hint}`);
  }
  const der = base64ToBytes((armoured ? (armoured[2] ?? "") : text).replace(/\s+/g, ""));
  if (!der || der.length === 0) throw new Error(`cloud-api misconfigured: ${name} is not a PEM or base64 ${label}`);
  return der;
}

const imported = new Map<string, Promise<CryptoKey>>();

/** Imports once per isolate: the same PEM gives the same key object. */
function cachedImport(cacheKey: string, load: () => Promise<CryptoKey>): Promise<CryptoKey> {
  let key = imported.get(cacheKey);
  if (!key) {
    key = load();
    imported.set(cacheKey, key);
    key.catch(() => imported.delete(cacheKey));
  }
  return key;
}

/** `name` is the setting the PEM came from, so that a bad key is reported by its name. */
export function importRsaPrivateKey(pem: string, name: string): Promise<CryptoKey> {
  return cachedImport(`private:${pem}`, async () => {
    try {
      return await crypto.subtle.importKey("pkcs8", derOf(pem, "PRIVATE KEY", name), RSA_SHA256, false, ["sign"]);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("cloud-api misconfigured")) throw error;
      throw new Error(`cloud-api misconfigured: ${name} is not an RSA PKCS#8 private key`);
    }
  });
}

export function importRsaPublicKey(pem: string, name: string): Promise<CryptoKey> {
  return cachedImport(`public:${pem}`, async () => {
    try {
      return await crypto.subtle.importKey("spki", derOf(pem, "PUBLIC KEY", name), RSA_SHA256, false, ["verify"]);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("cloud-api misconfigured")) throw error;
      throw new Error(`cloud-api misconfigured: ${name} is not an RSA public key (SubjectPublicKeyInfo)`);
    }
  });
}
