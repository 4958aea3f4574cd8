import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodeLaunchPayload, LaunchError } from "./payload.ts";

const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
const payload = { deviceId: "SIM-DEMO-001", deviceName: "后院 4G", deviceType: 2, iccId: "89860012345678901234", token: "t", refreshToken: "r" };

async function encrypt(json: string, keyHex: string, iv = crypto.getRandomValues(new Uint8Array(16))) {
  const keyBytes = Uint8Array.from(keyHex.match(/../g) ?? [], (h) => parseInt(h, 16));
  const key = await crypto.subtle.importKey("raw", keyBytes, "AES-CBC", false, ["encrypt"]);
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-CBC", iv }, key, new TextEncoder().encode(json)));
  return toBase64(`${hex(iv)}:${btoa(String.fromCharCode(...cipher))}`);
}

async function refusal(params: string, version: string | null = null, key = env.LAUNCH_AES_KEY) {
  try {
    await decodeLaunchPayload(params, version, key);
  } catch (error) {
    expect(error).toBeInstanceOf(LaunchError);
    return (error as LaunchError).code;
  }
  throw new Error("expected a refusal");
}

describe("launch payload", () => {
  it("decodes plain base64 JSON, including non-ASCII text", async () => {
    expect(await decodeLaunchPayload(toBase64(JSON.stringify(payload)), null, env.LAUNCH_AES_KEY)).toMatchObject(payload);
  });

  it("decodes version 2 (AES-256-CBC ivHex:cipherBase64) and accepts numbers sent as strings", async () => {
    const params = await encrypt(JSON.stringify({ ...payload, deviceType: "2", service_id: "501" }), env.LAUNCH_AES_KEY);
    expect(await decodeLaunchPayload(params, "2", env.LAUNCH_AES_KEY)).toMatchObject({ deviceType: 2, service_id: 501, deviceName: "后院 4G" });
  });

  it("trims white space around the text a companion app sent, which the cloud-api would refuse", async () => {
    const padded = { ...payload, deviceId: " SIM-DEMO-001\n", iccId: "89860012345678901234 ", countryCode: " cn" };
    expect(await decodeLaunchPayload(toBase64(JSON.stringify(padded)), null, env.LAUNCH_AES_KEY)).toMatchObject({
      deviceId: "SIM-DEMO-001",
      iccId: "89860012345678901234",
      countryCode: "cn",
    });
  });

  it("survives a '+' turned into a space by a query string, and URL-safe base64", async () => {
    const params = toBase64(JSON.stringify({ deviceName: "a>?b~~~" }));
    expect(params).toMatch(/[+/]/);
    expect(await decodeLaunchPayload(params.replace(/\+/g, " "), null, env.LAUNCH_AES_KEY)).toMatchObject({ deviceName: "a>?b~~~" });
    expect(await decodeLaunchPayload(params.replace(/\+/g, "-").replace(/\//g, "_"), null, env.LAUNCH_AES_KEY)).toMatchObject({ deviceName: "a>?b~~~" });
  });

  it("refuses bad base64, bad UTF-8, bad JSON and JSON that is not an object", async () => {
    expect(await refusal("%%%not base64%%%")).toBe("bad_base64");
    expect(await refusal("")).toBe("bad_base64");
    expect(await refusal(btoa("\xff\xfe\xfd"))).toBe("bad_base64");
    expect(await refusal(toBase64("{deviceId:"))).toBe("bad_json");
    expect(await refusal(toBase64("[1,2]"))).toBe("bad_json");
    expect(await refusal(toBase64("null"))).toBe("bad_json");
  });

  it("refuses fields of the wrong type or size", async () => {
    expect(await refusal(toBase64(JSON.stringify({ deviceId: 42 })))).toBe("bad_fields");
    expect(await refusal(toBase64(JSON.stringify({ token: { nested: true } })))).toBe("bad_fields");
    expect(await refusal(toBase64(JSON.stringify({ deviceType: "camera" })))).toBe("bad_fields");
    expect(await refusal(toBase64(JSON.stringify({ deviceId: "x".repeat(65) })))).toBe("bad_fields");
  });

  it("refuses a version 2 payload that is not ivHex:cipher, that was encrypted with another key, or was cut short", async () => {
    const json = JSON.stringify(payload);
    expect(await refusal(toBase64(json), "2")).toBe("bad_cipher");
    const otherKey = "ff".repeat(32);
    const params = await encrypt(json, otherKey, new Uint8Array(16));
    expect(["bad_cipher", "bad_json"]).toContain(await refusal(params, "2"));
    const good = atob(await encrypt(json, env.LAUNCH_AES_KEY));
    expect(await refusal(toBase64(good.slice(0, -8)), "2")).toBe("bad_cipher");
  });

  it("answers every failure of an encrypted link alike, so that no padding oracle tells good padding from bad", async () => {
    // Good padding with text that is not JSON, JSON that is not an object, bad fields, and bad padding.
    const failures = [
      await encrypt("not json at all", env.LAUNCH_AES_KEY),
      await encrypt("[1,2,3]", env.LAUNCH_AES_KEY),
      await encrypt(JSON.stringify({ deviceId: 7 }), env.LAUNCH_AES_KEY),
      await encrypt(JSON.stringify(payload), "ff".repeat(32)),
    ];
    for (const params of failures) expect(await refusal(params, "2")).toBe("bad_cipher");
    // The byte-by-byte attack sends one cipher block behind a forged IV and tries all 256 last bytes: one
    // of them gives valid padding (then not JSON), the others bad padding. All must answer the same.
    const [, cipher] = atob(await encrypt(JSON.stringify(payload), env.LAUNCH_AES_KEY)).split(":") as [string, string];
    const firstBlock = btoa(atob(cipher).slice(0, 16));
    const codes = new Set<string | null>();
    for (let guess = 0; guess < 256; guess++) {
      const iv = "00".repeat(15) + guess.toString(16).padStart(2, "0");
      codes.add(await refusal(toBase64(`${iv}:${firstBlock}`), "2"));
    }
    expect([...codes]).toEqual(["bad_cipher"]);
  });
});
