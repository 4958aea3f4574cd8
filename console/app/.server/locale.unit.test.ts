import { describe, expect, it } from "vitest";
import { languageCookie, requestLocale } from "./locale.ts";

const request = (headers: Record<string, string>) => new Request("https://console.example/today", { headers });

describe("the console's language", () => {
  it("follows the browser's first English or Chinese language, by preference", async () => {
    expect(await requestLocale(request({ "Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8" }))).toBe("zh");
    expect(await requestLocale(request({ "Accept-Language": "de-DE,en;q=0.7,zh;q=0.9" }))).toBe("zh");
    expect(await requestLocale(request({ "Accept-Language": "fr,en-GB;q=0.5" }))).toBe("en");
    expect(await requestLocale(request({ "Accept-Language": "zh;q=0, en;q=0.1" }))).toBe("en");
    expect(await requestLocale(request({}))).toBe("en");
  });

  it("the switch's choice wins over the browser's", async () => {
    const cookie = (await languageCookie.serialize("en")).split(";")[0]!;
    expect(await requestLocale(request({ "Accept-Language": "zh-CN", Cookie: cookie }))).toBe("en");
  });

  it("a cookie naming another language is ignored", async () => {
    const cookie = (await languageCookie.serialize("ja")).split(";")[0]!;
    expect(await requestLocale(request({ "Accept-Language": "zh-CN", Cookie: cookie }))).toBe("zh");
  });
});
