import { describe, expect, it } from "vitest";
import { formatDataVolume, parseRemainMb, toDataVolume } from "./data-volume.ts";

/** Intl spaces an amount from its unit with a no-break or narrow no-break space, by ICU version: read as one. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("remaining data (product-rules §3, §5)", () => {
  it("parses MB text with thousand separators", () => {
    expect(parseRemainMb("12,545.67")).toBe(12545.67);
    expect(parseRemainMb("1,024")).toBe(1024);
    expect(parseRemainMb(" 0.00 ")).toBe(0);
    expect(parseRemainMb(512)).toBe(512);
  });

  it("gives null for text that is not a volume", () => {
    for (const bad of ["", "abc", "-5", "1.2.3", "12 MB", null, undefined, Number.NaN, -1]) expect(parseRemainMb(bad)).toBeNull();
  });

  it("shows GB with 2 decimals above 1024 MB, else whole MB", () => {
    expect(toDataVolume(1024)).toEqual({ unit: "MB", value: 1024 });
    expect(toDataVolume(1024.01)).toEqual({ unit: "GB", value: 1 });
    expect(toDataVolume(12545.67)).toEqual({ unit: "GB", value: 12.25 });
    expect(toDataVolume(850.5)).toEqual({ unit: "MB", value: 850 });
    expect(toDataVolume(0)).toEqual({ unit: "MB", value: 0 });
  });

  it("formats per language", () => {
    expect(plain(formatDataVolume({ unit: "GB", value: 1234.5 }, "en"))).toBe("1,234.50 GB");
    expect(plain(formatDataVolume({ unit: "GB", value: 12.25 }, "de"))).toBe("12,25 GB");
    expect(plain(formatDataVolume({ unit: "MB", value: 850 }, "zh-CN"))).toBe("850 MB");
  });

  it("writes the unit as the language does (issue 31 item 8)", () => {
    expect(plain(formatDataVolume({ unit: "GB", value: 12.25 }, "fr"))).toBe("12,25 Go");
    expect(plain(formatDataVolume({ unit: "MB", value: 850 }, "fr"))).toBe("850 Mo");
    expect(plain(formatDataVolume({ unit: "GB", value: 12.25 }, "ru"))).toBe("12,25 ГБ");
  });
});
