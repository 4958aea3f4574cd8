/** RSA 2048 keys made inside a test, as PEM for configuration and as CryptoKeys to sign and verify with. */
export interface RsaKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** PKCS#8 "BEGIN PRIVATE KEY". */
  privatePem: string;
  /** SubjectPublicKeyInfo "BEGIN PUBLIC KEY". */
  publicPem: string;
}

const encoder = new TextEncoder();
const base64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

function pem(label: string, der: ArrayBuffer): string {
  return `-----BEGIN ${label}-----\n${(base64(der).match(/.{1,64}/g) ?? []).join("\n")}\n-----END ${label}-----\n`;
}

export async function rsaKeys(): Promise<RsaKeys> {
  const { privateKey, publicKey } = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  return {
    privateKey,
    publicKey,
    privatePem: pem("PRIVATE KEY", (await crypto.subtle.exportKey("pkcs8", privateKey)) as ArrayBuffer),
    publicPem: pem("PUBLIC KEY", (await crypto.subtle.exportKey("spki", publicKey)) as ArrayBuffer),
  };
}

/** base64 RSASSA-PKCS1-v1_5 SHA-256 signature of UTF-8 text. */
export async function rsaSign(privateKey: CryptoKey, text: string): Promise<string> {
  return base64(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", privateKey, encoder.encode(text)));
}

export async function rsaVerify(publicKey: CryptoKey, text: string, signature: string): Promise<boolean> {
  const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
  return crypto.subtle.verify("RSASSA-PKCS1-v1_5", publicKey, bytes, encoder.encode(text));
}

export const randomHex = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
