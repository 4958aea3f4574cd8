import { describe, expect, it } from "vitest";
import { newNoticeStr, requestSignature } from "./signature.ts";

describe("request signature", () => {
  it("is md5_hex_lower of appid + secret + noticeStr + timestamp", async () => {
    // md5("abc") and md5("") are the RFC 1321 test vectors.
    expect(await requestSignature("a", "b", "c", "")).toBe("900150983cd24fb0d6963f7d28e17f72");
    expect(await requestSignature("", "", "", "")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(await requestSignature("camcloud", "s3cret", "12345678", "1700000000")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("makes 8-digit noticeStr values", () => {
    for (let i = 0; i < 1000; i++) expect(newNoticeStr()).toMatch(/^[1-9]\d{7}$/);
  });
});
