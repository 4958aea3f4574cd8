/**
 * The launch decoder under generated input (fast-check): whatever arrives in `params`, it answers with a
 * payload or a LaunchError, never anything else, and a valid payload survives both encodings intact.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeLaunchPayload, LaunchError, launchPayloadSchema } from "./payload.ts";

const bytesToBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const toBase64 = (text: string) => bytesToBase64(new TextEncoder().encode(text));
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");

async function encrypt(json: string, iv: Uint8Array<ArrayBuffer>) {
  const keyBytes = Uint8Array.from(env.LAUNCH_AES_KEY.match(/../g) ?? [], (h) => parseInt(h, 16));
  const key = await crypto.subtle.importKey("raw", keyBytes, "AES-CBC", false, ["encrypt"]);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv }, key, new TextEncoder().encode(json)));
  return toBase64(`${hex(iv)}:${bytesToBase64(cipher)}`);
}

/** Decodes, turning the expected refusal into its code; anything other than a LaunchError fails the property. */
async function outcome(params: string, version: string | null) {
  try {
    return { payload: await decodeLaunchPayload(params, version, env.LAUNCH_AES_KEY) };
  } catch (error) {
    if (error instanceof LaunchError) return { refused: error.code };
    throw error;
  }
}

/** The schema bounds UTF-16 length; a grapheme can be several code units. */
const text = (max: number) => fc.option(fc.string({ unit: "grapheme", maxLength: max }).filter((s) => s.length <= max), { nil: undefined });
const whole = fc.option(fc.oneof(fc.nat({ max: 999_999_999_999 }), fc.nat({ max: 999_999 }).map(String)), { nil: undefined });
/** Payloads the companion app could send: every field optional, numbers as numbers or digit strings. */
const validPayload = fc.record(
  {
    deviceId: text(64),
    deviceName: text(128),
    deviceType: whole,
    iccId: text(32),
    countryCode: fc.option(fc.constantFrom("CN", "US", "DE", "AE"), { nil: undefined }),
    language: fc.option(fc.constantFrom("zh", "en", "ar", "pt-BR"), { nil: undefined }),
    token: text(100),
    refreshToken: text(100),
    codeId: text(100),
    service_id: whole,
  },
  { requiredKeys: [] },
);
/** JSON that is often close to a payload: its field names with values of any type, plus stray keys. */
const nearPayload = fc.dictionary(
  fc.oneof(fc.constantFrom(...Object.keys(launchPayloadSchema.shape)), fc.string()),
  fc.jsonValue({ maxDepth: 2 }),
);

describe("launch decoder under generated input", () => {
  it("answers any text in params with a payload or a LaunchError, for both versions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), fc.constantFrom(null, "2", "3", ""), async (params, version) => {
        await outcome(params, version);
      }),
      { numRuns: 1500 },
    );
  });

  it("answers any base64 of bytes, text or JSON with a payload or a LaunchError", async () => {
    const anyContent = fc.oneof(
      fc.uint8Array({ maxLength: 200 }).map(bytesToBase64),
      fc.jsonValue({ maxDepth: 3 }).map((value) => toBase64(JSON.stringify(value) ?? "")),
      nearPayload.map((value) => toBase64(JSON.stringify(value))),
      fc.tuple(fc.uint8Array({ minLength: 16, maxLength: 16 }), fc.uint8Array({ maxLength: 96 })).map(([iv, cipher]) => toBase64(`${hex(iv)}:${bytesToBase64(cipher)}`)),
    );
    await fc.assert(
      fc.asyncProperty(anyContent, fc.constantFrom(null, "2"), async (params, version) => {
        const result = await outcome(params, version);
        if ("payload" in result) expect(launchPayloadSchema.safeParse(result.payload).success).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it("decodes every valid payload to the same values, plain and encrypted", async () => {
    await fc.assert(
      fc.asyncProperty(validPayload, fc.uint8Array({ minLength: 16, maxLength: 16 }), async (payload, iv) => {
        const json = JSON.stringify(payload);
        const expected = launchPayloadSchema.parse(payload);
        expect(await outcome(toBase64(json), null)).toEqual({ payload: expected });
        expect(await outcome(await encrypt(json, new Uint8Array(iv)), "2")).toEqual({ payload: expected });
      }),
      { numRuns: 500 },
    );
  });
});
