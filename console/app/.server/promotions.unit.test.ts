import { describe, expect, it } from "vitest";
import { amountToCents, dayToSeconds, wholeNumber } from "./promotions.ts";

describe("reading the coupon and card forms' fields", () => {
  it("reads an amount as cents to the cent, and nothing else", () => {
    expect([amountToCents("12"), amountToCents("12.5"), amountToCents("12.50"), amountToCents("0.07"), amountToCents(" 9999.99 ")]).toEqual([1200, 1250, 1250, 7, 999_999]);
    for (const bad of ["", "12.345", "-1", "1e3", "12,50", "0x10", null]) expect(amountToCents(bad), String(bad)).toBeNaN();
  });

  it("reads a date input as its UTC day's first or last second", () => {
    expect(dayToSeconds("2027-03-01")).toBe(Date.UTC(2027, 2, 1) / 1000);
    expect(dayToSeconds("2027-03-01", true)).toBe(Date.UTC(2027, 2, 1) / 1000 + 86_399);
    for (const bad of ["", "2027-3-1", "01/03/2027", null]) expect(dayToSeconds(bad), String(bad)).toBeNaN();
  });

  it("reads a whole number, refusing fractions and signs", () => {
    expect(wholeNumber("10000")).toBe(10_000);
    for (const bad of ["", "2.5", "-3", "1e4", null]) expect(wholeNumber(bad), String(bad)).toBeNaN();
  });
});
