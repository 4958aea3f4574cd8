import { describe, expect, it } from "vitest";
import { durationState, usageProgress } from "./progress.ts";

const pkg = (startTime: number, endTime: number, status = 1) => ({ startTime, endTime, status });

describe("usageProgress (product-rules §4)", () => {
  it.each([
    [0, 0],
    [25, 25],
    [33.999, 33],
    [99.99, 99],
    [100, 100],
    [150, 100],
    [-10, 0],
  ])("at %d of 100 seconds it is %i%%", (now, percent) => {
    expect(usageProgress(pkg(0, 100), now)).toEqual({ unlimited: false, percent });
  });

  it("is unlimited with progress 0 for package status 2", () => {
    expect(usageProgress(pkg(0, 100, 2), 50)).toEqual({ unlimited: true, percent: 0 });
  });

  it("does not divide by zero for an empty or inverted period", () => {
    expect(usageProgress(pkg(100, 100), 100).percent).toBe(100);
    expect(usageProgress(pkg(100, 50), 10).percent).toBe(0);
  });
});

describe("durationState", () => {
  it.each([
    [0, "not_opened"],
    [1, "expired"],
    [2, "active"],
    [3, "active"],
    [4, "not_opened"],
  ])("%i is %s", (code, state) => {
    expect(durationState(code)).toBe(state);
  });
});
