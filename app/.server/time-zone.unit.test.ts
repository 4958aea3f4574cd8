import { describe, expect, it } from "vitest";
import { formatUnixSeconds } from "./format.ts";
import { buyerTimeZone } from "./time-zone.ts";

const request = (cookie?: string) => new Request("https://shop.example/", { headers: cookie === undefined ? {} : { Cookie: cookie } });

describe("the buyer's time zone", () => {
  it("is the zone the browser named in its cookie", () => {
    expect(buyerTimeZone(request("a=1; camcloud_tz=America%2FSao_Paulo; b=2"), "US")).toEqual({ name: "America/Sao_Paulo", guessed: false });
  });

  it("is the country's guess without a cookie, or with one that names no zone", () => {
    for (const cookie of [undefined, "", "camcloud_tz=", "camcloud_tz=Mars%2FOlympus", "camcloud_tz=%E0%A4%A", "camcloud_tz=" + "A".repeat(80), "camcloud_tz=constructor"]) {
      expect(buyerTimeZone(request(cookie), "US"), String(cookie)).toEqual({ name: "America/New_York", guessed: true });
    }
    expect(buyerTimeZone(request(), "CN")).toEqual({ name: "Asia/Shanghai", guessed: true });
  });
});

describe("formatting a time in it", () => {
  const at = Date.UTC(2026, 10, 23, 12, 0, 0) / 1000;
  it("shows the buyer's clock, labelling a guessed zone with its offset", () => {
    expect(formatUnixSeconds(at, { name: "America/Sao_Paulo", guessed: false })).toBe("2026-11-23 09:00:00");
    expect(formatUnixSeconds(at, { name: "America/New_York", guessed: true })).toBe("2026-11-23 07:00:00 (-05:00)");
    expect(formatUnixSeconds(at, { name: "Asia/Shanghai", guessed: true })).toBe("2026-11-23 20:00:00 (+08:00)");
  });

  it("labels no bare date, and keeps empty input empty", () => {
    expect(formatUnixSeconds(at, { name: "Asia/Shanghai", guessed: true }, "YYYY-MM-DD")).toBe("2026-11-23");
    expect(formatUnixSeconds(null, { name: "Asia/Shanghai", guessed: true })).toBe("");
  });
});
