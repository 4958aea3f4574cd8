import { parse, serialize } from "cookie-es";
import { createCookie, type Cookie, type CookieOptions } from "react-router";

const encoder = new TextEncoder();

/** Each secret's HMAC key, imported once per isolate. Secrets come from the Worker's configuration: a bound is only a guard. */
const hmacKeys = new Map<string, Promise<CryptoKey>>();
const MOST_KEYS_KEPT = 16;

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    if (hmacKeys.size >= MOST_KEYS_KEPT) hmacKeys.clear();
    hmacKeys.set(secret, key);
  }
  return key;
}

/** `<payload>.<its HMAC-SHA256 in base64 without padding>`, as React Router signs. */
async function sign(payload: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(payload));
  return `${payload}.${btoa(String.fromCharCode(...new Uint8Array(signature))).replace(/=+$/, "")}`;
}

/** The payload of a value `secret` signed, or false. */
async function unsign(signed: string, secret: string): Promise<string | false> {
  const dot = signed.lastIndexOf(".");
  const payload = signed.slice(0, dot);
  const key = await hmacKey(secret);
  try {
    const bytes = atob(signed.slice(dot + 1));
    const signature = new Uint8Array(bytes.length);
    for (let i = 0; i < bytes.length; i++) signature[i] = bytes.charCodeAt(i);
    return (await crypto.subtle.verify("HMAC", key, signature, encoder.encode(payload))) ? payload : false;
  } catch {
    return false;
  }
}

/**
 * React Router's signed cookie (`createCookie` with `secrets`: the first secret signs, every listed one verifies),
 * with each secret's HMAC key imported once per isolate instead of on every parse and serialize
 * (docs/decisions/072). The value is encoded and decoded by React Router's own unsigned cookie of the same name and
 * options, and only the signature is ours, so that a cookie signed by either reads in the other.
 */
export function signedCookie(name: string, { secrets, ...options }: CookieOptions & { secrets: readonly string[] }): Cookie {
  const [signingSecret] = secrets;
  if (signingSecret === undefined) throw new Error(`The signed cookie ${name} needs a secret`);
  const unsigned = createCookie(name, options);
  const attributes: CookieOptions = { path: "/", sameSite: "lax", ...options };
  return {
    name,
    isSigned: true,
    get expires() {
      return unsigned.expires;
    },
    async parse(cookieHeader, parseOptions) {
      if (!cookieHeader) return null;
      const cookies = parse(cookieHeader, { ...attributes, ...parseOptions });
      if (!(name in cookies)) return null;
      const value = cookies[name];
      if (typeof value !== "string" || value === "") return "";
      for (const secret of secrets) {
        const payload = await unsign(value, secret);
        if (payload !== false) return unsigned.parse(`${name}=${encodeURIComponent(payload)}`);
      }
      return null;
    },
    async serialize(value, serializeOptions) {
      const payload = value === "" ? "" : await sign(parse(await unsigned.serialize(value))[name] ?? "", signingSecret);
      return serialize(name, payload, { ...attributes, ...serializeOptions });
    },
  };
}
