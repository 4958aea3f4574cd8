import { afterEach, describe, expect, it, vi } from "vitest";
import { formatUnixSeconds, zoneFormat, type BuyerTimeZone, type MomentFormat } from "./format.ts";

/** The implementation before offsets were learnt per day (docs/decisions/069): one Intl call per date, the oracle. */
function oracle(seconds: number, timeZone: BuyerTimeZone, format: MomentFormat): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of zoneFormat(timeZone.name).formatToParts(new Date(seconds * 1000))) part[type] = value;
  const date = `${part.year}-${part.month}-${part.day}`;
  if (format === "date") return date;
  const text = `${date} ${part.hour}:${part.minute}:${part.second}`;
  const offset = part.timeZoneName?.replace(/^GMT/, "") || "+00:00";
  return timeZone.guessed ? `${text} (${offset})` : text;
}

const ZONES = [
  "America/New_York", // DST forward and back by an hour
  "Europe/Berlin",
  "Australia/Lord_Howe", // a 30-minute DST shift, southern summer
  "Asia/Kolkata", // +05:30
  "Asia/Kathmandu", // +05:45
  "Australia/Eucla", // +08:45
  "Pacific/Chatham", // +12:45 and +13:45
  "UTC",
];

const offsetOf = (seconds: number, zone: string) => oracle(seconds, { name: zone, guessed: true }, "date-time").slice(20);

/** Every moment the comparison covers in one zone: a sweep, the seconds around each transition it finds, and far moments. */
function momentsIn(zone: string): number[] {
  const moments: number[] = [];
  const sweep = (from: number, to: number, step: number) => {
    let previous = from;
    for (let t = from; t < to; t += step) {
      moments.push(t);
      if (offsetOf(t, zone) !== offsetOf(previous, zone)) {
        // Bisect to the first second of the new offset, then take the seconds and half seconds around it.
        let [before, after] = [previous, t];
        while (after - before > 1) {
          const middle = Math.floor((before + after) / 2);
          if (offsetOf(middle, zone) === offsetOf(previous, zone)) before = middle;
          else after = middle;
        }
        for (let d = -3; d <= 3; d += 0.5) moments.push(after + d);
        for (let d = -90_000; d <= 90_000; d += 3_599) moments.push(after + d);
      }
      previous = t;
    }
  };
  sweep(Date.UTC(2024, 0, 1) / 1000, Date.UTC(2027, 0, 1) / 1000, 3 * 3600 + 7 * 60 + 11);
  sweep(Date.UTC(1900, 0, 1) / 1000 - 86_400 * 3, Date.UTC(1970, 0, 2) / 1000, 5 * 86_400 + 3 * 3600 + 17); // before 1970
  sweep(Date.UTC(2037, 0, 1) / 1000, Date.UTC(2039, 0, 1) / 1000, 11 * 3600 + 13); // past 2038's 32-bit seconds
  // Far ahead and far back, across the years the arithmetic leaves to Intl, and fractions of a second either side of zero.
  moments.push(Date.UTC(2100, 5, 30, 23, 59, 59) / 1000, Date.UTC(2999, 11, 31, 23, 0, 0) / 1000, Date.UTC(9998, 11, 31, 23, 59, 59) / 1000);
  moments.push(Date.UTC(9999, 0, 1) / 1000 - 1, Date.UTC(9999, 0, 1) / 1000, Date.UTC(9999, 11, 31, 23, 59, 59) / 1000, 8.64e12);
  moments.push(Date.UTC(1899, 11, 31, 23, 59, 59) / 1000, Date.UTC(1583, 0, 1) / 1000, Date.UTC(1000, 0, 1) / 1000, -8.64e12);
  moments.push(0, -0.5, -0.001, 0.999, -1.5, 1_700_000_000.999, -1_000_000_000.25);
  let seed = 34;
  for (let i = 0; i < 400; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    moments.push(Math.round((seed / 2_147_483_648) * 9.5e9 - 2.5e9) + (i % 4) / 4); // 1890 to 2270
  }
  return moments;
}

describe("formatUnixSeconds writes what Intl alone wrote", () => {
  for (const zone of ZONES) {
    it(`in ${zone}, across its offset changes, before 1970 and far ahead`, () => {
      const moments = momentsIn(zone);
      expect(moments.length).toBeGreaterThan(2000);
      const mismatches: string[] = [];
      for (const seconds of moments) {
        for (const guessed of [true, false]) {
          for (const format of ["date-time", "date"] as const) {
            const expected = oracle(seconds, { name: zone, guessed }, format);
            const actual = formatUnixSeconds(seconds, { name: zone, guessed }, format);
            if (actual !== expected) mismatches.push(`${seconds} ${guessed} ${format}: ${actual} instead of ${expected}`);
          }
        }
      }
      expect(mismatches.slice(0, 10)).toEqual([]);
    });
  }

  it("finds the transitions it is meant to cover (so that the sweep is not vacuous)", () => {
    expect(formatUnixSeconds(Date.UTC(2026, 2, 8, 6, 59, 59) / 1000, { name: "America/New_York", guessed: true })).toBe("2026-03-08 01:59:59 (-05:00)");
    expect(formatUnixSeconds(Date.UTC(2026, 2, 8, 7) / 1000, { name: "America/New_York", guessed: true })).toBe("2026-03-08 03:00:00 (-04:00)");
    expect(formatUnixSeconds(Date.UTC(2026, 9, 25, 0, 59, 59) / 1000, { name: "Europe/Berlin", guessed: true })).toBe("2026-10-25 02:59:59 (+02:00)");
    expect(formatUnixSeconds(Date.UTC(2026, 9, 25, 1) / 1000, { name: "Europe/Berlin", guessed: true })).toBe("2026-10-25 02:00:00 (+01:00)");
    expect(formatUnixSeconds(Date.UTC(2026, 3, 4, 14, 59, 59) / 1000, { name: "Australia/Lord_Howe", guessed: true })).toBe("2026-04-05 01:59:59 (+11:00)");
    expect(formatUnixSeconds(Date.UTC(2026, 3, 4, 15) / 1000, { name: "Australia/Lord_Howe", guessed: true })).toBe("2026-04-05 01:30:00 (+10:30)");
    expect(formatUnixSeconds(-1, { name: "Asia/Kathmandu", guessed: true })).toBe("1970-01-01 05:29:59 (+05:30)");
    expect(formatUnixSeconds(1_767_225_600, { name: "UTC", guessed: true })).toBe("2026-01-01 00:00:00 (+00:00)");
  });

  it("throws Intl's RangeError for a moment no Date holds and for a name that is no zone, as before", () => {
    expect(() => formatUnixSeconds(8.64e12 + 1, "UTC")).toThrow(RangeError);
    expect(() => formatUnixSeconds(1_767_225_600, "Mars/Olympus_Mons")).toThrow(RangeError);
    expect(formatUnixSeconds(null, "UTC")).toBe("");
    expect(formatUnixSeconds(Number.NaN, "UTC")).toBe("");
  });
});

describe("formatUnixSeconds asks Intl once per zone and day", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes more dates of a day it has seen without Intl", () => {
    const formatToParts = vi.spyOn(Intl.DateTimeFormat.prototype, "formatToParts");
    const zone = { name: "Asia/Tokyo", guessed: true };
    const noon = Date.UTC(2031, 4, 17, 12) / 1000;
    expect(formatUnixSeconds(noon, zone)).toBe("2031-05-17 21:00:00 (+09:00)");
    const learnt = formatToParts.mock.calls.length;
    expect(learnt).toBeGreaterThan(0);
    for (let i = 1; i <= 10; i++) formatUnixSeconds(noon + i * 1234, zone);
    expect(formatUnixSeconds(noon + 3600, zone, "date")).toBe("2031-05-17");
    expect(formatToParts.mock.calls.length).toBe(learnt);
  });
});
