/**
 * The codes of generated VIP and storage cards (docs/decisions/060). A code is 16 characters drawn with
 * crypto.getRandomValues from 32 that cannot be mistaken for one another (no 0/O, no 1/I), 80 bits, printed
 * in groups of four. The database keeps its keyed hash (HMAC-SHA256) as the card's lookup key, and the code
 * itself only sealed (AES-256-GCM, bound to that key) so that a batch can be downloaded again: both keys are
 * derived from CARD_CODE_SECRET, which only the cloud-api holds, so the table alone reveals no usable code.
 */

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_LENGTH = 16;
const GROUP = 4;
const IV_BYTES = 12;

const encoder = new TextEncoder();

/** A new code, e.g. "7KQM-X2PD-HT9R-4WCE". 256 is a multiple of 32, so every character is equally likely. */
export function newCardCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  const characters = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]);
  const groups: string[] = [];
  for (let at = 0; at < CODE_LENGTH; at += GROUP) groups.push(characters.slice(at, at + GROUP).join(""));
  return groups.join("-");
}

/** A code as typed or scanned, the way its hash was taken: capitals, without spaces or dashes. */
function canonical(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, "");
}

interface CardCodeKeys {
  lookup: CryptoKey;
  seal: CryptoKey;
}

/** The keys of one secret, derived once per isolate: a batch of 10,000 codes uses them 20,000 times. */
const derived = new Map<string, Promise<CardCodeKeys>>();

function keysOf(secret: string): Promise<CardCodeKeys> {
  let keys = derived.get(secret);
  if (!keys) {
    keys = deriveKeys(secret);
    derived.set(secret, keys);
  }
  return keys;
}

async function deriveKeys(secret: string): Promise<CardCodeKeys> {
  const base = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  const params = (info: string) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(), info: encoder.encode(info) });
  const [lookup, seal] = await Promise.all([
    crypto.subtle.deriveKey(params("camcloud card code lookup"), base, { name: "HMAC", hash: "SHA-256", length: 256 }, false, ["sign"]),
    crypto.subtle.deriveKey(params("camcloud card code seal"), base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]),
  ]);
  return { lookup, seal };
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** The lookup key a generated card is stored under: the keyed hash of its code, 64 hex digits. */
export async function cardLookupKey(secret: string, code: string): Promise<string> {
  const { lookup } = await keysOf(secret);
  return hex(await crypto.subtle.sign("HMAC", lookup, encoder.encode(canonical(code))));
}

/** The code encrypted for the card's row: base64 of the IV and the ciphertext, bound to the row's lookup key. */
export async function sealCardCode(secret: string, code: string, lookupKey: string): Promise<string> {
  const { seal } = await keysOf(secret);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: encoder.encode(lookupKey) }, seal, encoder.encode(code)));
  const joined = new Uint8Array(IV_BYTES + sealed.byteLength);
  joined.set(iv);
  joined.set(sealed, IV_BYTES);
  let binary = "";
  for (const byte of joined) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The code a row seals; throws when the secret or the row's lookup key is not the one it was sealed with. */
export async function unsealCardCode(secret: string, sealed: string, lookupKey: string): Promise<string> {
  const { seal } = await keysOf(secret);
  const joined = Uint8Array.from(atob(sealed), (character) => character.charCodeAt(0));
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: joined.subarray(0, IV_BYTES), additionalData: encoder.encode(lookupKey) },
    seal,
    joined.subarray(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}
