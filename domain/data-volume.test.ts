import { describe, expect, it } from "vitest";
import { formatDataVolume, parseRemainMb, toDataVolume } from "./data-volume.ts";

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
    expect(formatDataVolume({ unit: "GB", value: 1234.5 }, "en")).toBe("1,234.50 GB");
    expect(formatDataVolume({ unit: "GB", value: 12.25 }, "de")).toBe("12,25 GB");
    expect(formatDataVolume({ unit: "MB", value: 850 }, "zh-CN")).toBe("850 MB");
  });
});
