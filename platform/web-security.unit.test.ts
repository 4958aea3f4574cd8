import { describe, expect, it } from "vitest";
import { escapeHtml, isCrossOriginWrite, newNonce } from "./web-security.ts";

const post = (headers: Record<string, string>, method = "POST") => new Request("https://console.example.com/language", { method, headers });

describe("the rendering Workers' shared security", () => {
  it("a write must come from a page of this origin: by Origin, else by Sec-Fetch-Site; reads are never refused", () => {
    expect(isCrossOriginWrite(post({ Origin: "https://console.example.com" }))).toBe(false);
    expect(isCrossOriginWrite(post({ Origin: "https://evil.example" }))).toBe(true);
    // Same site is not same origin: another preview on workers.dev is same-site.
    expect(isCrossOriginWrite(post({ Origin: "https://shop.example.com" }))).toBe(true);
    expect(isCrossOriginWrite(post({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(isCrossOriginWrite(post({ "Sec-Fetch-Site": "same-site" }))).toBe(true);
    expect(isCrossOriginWrite(post({}))).toBe(true);
    expect(isCrossOriginWrite(post({ Origin: "https://evil.example" }, "GET"))).toBe(false);
  });

  it("a nonce is fresh each time, 128 bits in base64", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });

  it("escapes what would close an attribute or open a tag", () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe("&quot;&gt;&lt;script&gt;alert('x')&lt;/script&gt;&amp;");
  });
});
