import { z } from "zod";

/**
 * Product-rules §3 launch payload. Numbers may arrive as numeric strings from the companion app. Text is
 * trimmed here, at the app's edge: the cloud-api refuses white space around a device id or ICCID
 * (docs/decisions/049), so a padded launch still opens its screen.
 */
const text = (max: number) => z.string().trim().max(max).nullish();
const numeric = z.union([z.number().int(), z.string().regex(/^\d{1,12}$/).transform(Number)]).nullish();

export const launchPayloadSchema = z.object({
  deviceId: text(64),
  deviceName: text(128),
  deviceType: numeric,
  iccId: text(32),
  countryCode: text(8),
  language: text(35),
  token: text(512),
  signature: text(1024),
  refreshToken: text(512),
  tgAccessToken: text(512),
  app_package_name: text(128),
  codeId: text(256),
  service_id: numeric,
  period: numeric,
});
export type LaunchPayload = z.output<typeof launchPayloadSchema>;

export type LaunchErrorCode = "bad_base64" | "bad_cipher" | "bad_json" | "bad_fields";

export class LaunchError extends Error {
  constructor(
    readonly code: LaunchErrorCode,
    detail: string,
  ) {
    super(`invalid launch payload (${code}): ${detail}`);
    this.name = "LaunchError";
  }
}

function base64ToBytes(value: string, code: LaunchErrorCode): Uint8Array<ArrayBuffer> {
  // A "+" that travelled unescaped in a query string arrives as a space; URL-safe base64 is accepted too.
  const normalized = value.trim().replace(/ /g, "+").replace(/-/g, "+").replace(/_/g, "/");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(normalized) || normalized.length === 0) throw new LaunchError(code, "not base64");
  try {
    const binary = atob(normalized.padEnd(Math.ceil(normalized.length / 4) * 4, "="));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    throw new LaunchError(code, "not base64");
  }
}

function utf8(bytes: Uint8Array, code: LaunchErrorCode): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new LaunchError(code, "not UTF-8 text");
  }
}

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

/** version=2: the base64 text is "ivHex:cipherBase64", AES-256-CBC with PKCS#7 under LAUNCH_AES_KEY. */
async function decrypt(envelope: string, keyHex: string): Promise<string> {
  const match = /^([0-9a-fA-F]{32}):([A-Za-z0-9+/=\s]+)$/.exec(envelope.trim());
  if (!match?.[1] || !match[2]) throw new LaunchError("bad_cipher", "expected ivHex:cipherBase64");
  const cipher = base64ToBytes(match[2], "bad_cipher");
  if (cipher.byteLength === 0 || cipher.byteLength % 16 !== 0) throw new LaunchError("bad_cipher", "cipher length");
  const key = await crypto.subtle.importKey("raw", hexToBytes(keyHex), { name: "AES-CBC" }, false, ["decrypt"]);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt({ name: "AES-CBC", iv: hexToBytes(match[1]) }, key, cipher);
  } catch {
    throw new LaunchError("bad_cipher", "could not decrypt (wrong key or damaged cipher)");
  }
  return utf8(new Uint8Array(plain), "bad_cipher");
}

/**
 * Decodes and validates the `params` query value of a launch link. An encrypted (version 2) link that
 * fails in any way after base64 is refused with one code, whatever went wrong: telling a bad padding from
 * bad JSON would be a padding oracle that decrypts a link's tokens without the key.
 */
export async function decodeLaunchPayload(params: string, version: string | null, keyHex: string): Promise<LaunchPayload> {
  const text = utf8(base64ToBytes(params, "bad_base64"), "bad_base64");
  if (version !== "2") return parsePayload(text);
  try {
    return parsePayload(await decrypt(text, keyHex));
  } catch (error) {
    if (error instanceof LaunchError) throw new LaunchError("bad_cipher", `encrypted link refused (${error.code})`);
    throw error;
  }
}

function parsePayload(json: string): LaunchPayload {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new LaunchError("bad_json", "not JSON");
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw new LaunchError("bad_json", "not a JSON object");
  const result = launchPayloadSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new LaunchError("bad_fields", `${issue?.path.join(".")}: ${issue?.message}`);
  }
  return result.data;
}
