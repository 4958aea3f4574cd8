import { createCookie, type CookieOptions } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signedCookie } from "./signed-cookie.ts";

const OLD = "an old secret of the storefront";
const NEW = "the secret that replaced it now";
const ATTRIBUTES: CookieOptions = { httpOnly: true, sameSite: "lax", secure: true, path: "/", maxAge: 86_400 };
/** What the session and the D1 bookmark cookies carry, and values that test the encoding's edges. */
const VALUES = ["0b4f6c1e-3d2a-4c55-9a4e-2f1d8e7c6b5a", "00000085-00000002-00005084-bd7e3b4f2a1c", "Zoë 数据 مرحبا 🙂", { a: [1, "ü"] }];

const reactRouters = (secrets: string[]) => createCookie("__Host-camcloud_sid", { ...ATTRIBUTES, secrets });
const ours = (secrets: string[]) => signedCookie("__Host-camcloud_sid", { ...ATTRIBUTES, secrets });
/** The Cookie header a browser sends back for a Set-Cookie. */
const sentBack = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("a signed cookie keeps React Router's format", () => {
  it("writes the same Set-Cookie as React Router's signed cookie", async () => {
    for (const value of [...VALUES, ""]) expect(await ours([NEW, OLD]).serialize(value)).toBe(await reactRouters([NEW, OLD]).serialize(value));
    expect(await ours([NEW]).serialize("x", { maxAge: undefined, expires: new Date(0) })).toBe(await reactRouters([NEW]).serialize("x", { maxAge: undefined, expires: new Date(0) }));
  });

  it("reads a cookie React Router signed, and React Router reads one it signed", async () => {
    for (const value of VALUES) {
      expect(await ours([NEW]).parse(sentBack(await reactRouters([NEW]).serialize(value)))).toEqual(value);
      expect(await reactRouters([NEW]).parse(sentBack(await ours([NEW]).serialize(value)))).toEqual(value);
    }
  });

  it("reads a cookie signed with an old secret while it is listed, and signs with the first", async () => {
    const signedBefore = sentBack(await reactRouters([OLD]).serialize(VALUES[0]));
    expect(await ours([NEW, OLD]).parse(`theme=dark; ${signedBefore}`)).toBe(VALUES[0]);
    expect(await ours([NEW]).parse(signedBefore)).toBeNull();
    const signedAfter = sentBack(await ours([NEW, OLD]).serialize(VALUES[0]));
    expect(await reactRouters([NEW]).parse(signedAfter)).toBe(VALUES[0]);
    expect(await reactRouters([OLD]).parse(signedAfter)).toBeNull();
  });

  it("answers as React Router does for a missing, empty, tampered or unsigned cookie", async () => {
    const signed = sentBack(await ours([NEW]).serialize(VALUES[0]));
    const tampered = signed.replace(/.(?=\.)/, (c) => (c === "A" ? "B" : "A"));
    const unsignedValue = sentBack(await createCookie("__Host-camcloud_sid", ATTRIBUTES).serialize(VALUES[0]));
    for (const header of [null, "", "theme=dark", "__Host-camcloud_sid=", tampered, unsignedValue, `${signed.slice(0, -3)}`, "__Host-camcloud_sid=a.%%%"]) {
      expect(await ours([NEW, OLD]).parse(header)).toEqual(await reactRouters([NEW, OLD]).parse(header));
    }
    expect(await ours([NEW]).parse(tampered)).toBeNull();
  });

  it("tells its name, that it is signed, and when it expires", () => {
    const cookie = ours([NEW]);
    expect([cookie.name, cookie.isSigned]).toEqual(["__Host-camcloud_sid", true]);
    expect(Math.abs((cookie.expires?.getTime() ?? 0) - (Date.now() + 86_400_000))).toBeLessThan(1000);
  });
});

describe("a signed cookie imports each secret's key once per isolate", () => {
  afterEach(() => vi.restoreAllMocks());

  it("imports no key again for a later request's parse and serialize", async () => {
    const secrets = ["a secret no other test uses", "and its predecessor, never used"];
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    const first = sentBack(await ours(secrets).serialize(VALUES[0]));
    expect(await ours(secrets).parse(first)).toBe(VALUES[0]);
    expect(importKey).toHaveBeenCalledTimes(1);
    for (let request = 0; request < 5; request++) {
      const cookie = ours(secrets);
      expect(await cookie.parse(first)).toBe(VALUES[0]);
      await cookie.serialize(VALUES[1]);
    }
    expect(importKey).toHaveBeenCalledTimes(1);
  });
});
