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

describe("the first view's guess (issue 31 item 8)", () => {
  /** A request as Cloudflare hands it to the Worker, with where its network is. */
  const fromNetwork = (cf: { country: string; timezone: string }, cookie?: string) => Object.assign(request(cookie), { cf });

  it("is the zone of the buyer's network when it is in the launch's country: Los Angeles, not New York", () => {
    expect(buyerTimeZone(fromNetwork({ country: "US", timezone: "America/Los_Angeles" }), "US")).toEqual({ name: "America/Los_Angeles", guessed: true });
  });

  it("is the country's zone when the network is abroad or names no zone, and gives way to the device's own", () => {
    expect(buyerTimeZone(fromNetwork({ country: "JP", timezone: "Asia/Tokyo" }), "CN")).toEqual({ name: "Asia/Shanghai", guessed: true });
    expect(buyerTimeZone(fromNetwork({ country: "US", timezone: "Mars/Olympus" }), "US")).toEqual({ name: "America/New_York", guessed: true });
    expect(buyerTimeZone(fromNetwork({ country: "US", timezone: "America/Los_Angeles" }, "camcloud_tz=America%2FDenver"), "US")).toEqual({ name: "America/Denver", guessed: false });
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
    expect(formatUnixSeconds(at, { name: "Asia/Shanghai", guessed: true }, "date")).toBe("2026-11-23");
    expect(formatUnixSeconds(null, { name: "Asia/Shanghai", guessed: true })).toBe("");
  });
});

describe("formatting across offsets", () => {
  it("follows each zone's offset at that moment: half hours, west of UTC, daylight saving, UTC itself", () => {
    const winter = Date.UTC(2026, 0, 15, 12, 0, 0) / 1000;
    const summer = Date.UTC(2026, 6, 15, 12, 0, 0) / 1000;
    expect(formatUnixSeconds(winter, { name: "Asia/Kolkata", guessed: true })).toBe("2026-01-15 17:30:00 (+05:30)");
    expect(formatUnixSeconds(winter, { name: "America/New_York", guessed: true })).toBe("2026-01-15 07:00:00 (-05:00)");
    expect(formatUnixSeconds(summer, { name: "America/New_York", guessed: true })).toBe("2026-07-15 08:00:00 (-04:00)");
    expect(formatUnixSeconds(summer, { name: "Europe/London", guessed: false })).toBe("2026-07-15 13:00:00");
    expect(formatUnixSeconds(winter, { name: "UTC", guessed: true })).toBe("2026-01-15 12:00:00 (+00:00)");
    expect(formatUnixSeconds(winter, { name: "Pacific/Chatham", guessed: true })).toBe("2026-01-16 01:45:00 (+13:45)");
  });

  it("changes the date where the zone's midnight falls, not UTC's", () => {
    const lateUtc = Date.UTC(2026, 11, 31, 23, 30, 0) / 1000;
    expect(formatUnixSeconds(lateUtc, "Asia/Shanghai", "date")).toBe("2027-01-01");
    expect(formatUnixSeconds(lateUtc, "America/Los_Angeles", "date")).toBe("2026-12-31");
  });

  it("writes midnight as hour 00 and a historic offset with its seconds", () => {
    const midnightInShanghai = Date.UTC(2026, 10, 22, 16, 0, 5) / 1000;
    expect(formatUnixSeconds(midnightInShanghai, { name: "Asia/Shanghai", guessed: true })).toBe("2026-11-23 00:00:05 (+08:00)");
    // Shanghai's local mean time until 1901.
    const in1900 = Date.UTC(1900, 0, 1, 0, 0, 0) / 1000;
    expect(formatUnixSeconds(in1900, { name: "Asia/Shanghai", guessed: true })).toBe("1900-01-01 08:05:43 (+08:05:43)");
  });
});
