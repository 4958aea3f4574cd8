import { describe, expect, it } from "vitest";
import { currencyForCountry, formatMoney, fromCents, includedTax, shownCurrency, toCents } from "./money.ts";

/** Intl spaces an amount from its unit with a no-break or narrow no-break space, by ICU version: read as one. */
const plain = (text: string) => text.replace(/\s/g, " ");

describe("toCents / fromCents", () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [0.29, 29],
    [1.005 - 0.005, 100],
    [29.9, 2990],
    [19.99, 1999],
    [9999.99, 999_999],
    [10000, 1_000_000],
    [123456789.12, 12_345_678_912],
  ])("%d yuan is %i cents and back", (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
    expect(fromCents(cents)).toBeCloseTo(amount, 10);
  });

  it("refuses more than 2 decimals and non-numbers", () => {
    for (const bad of [0.001, 29.999, 1 / 3, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => toCents(bad)).toThrow(RangeError);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it("round-trips every cent value up to 10000.00", () => {
    for (let cents = 0; cents <= 1_000_000; cents += 37) expect(toCents(fromCents(cents))).toBe(cents);
  });
});

describe("currency", () => {
  it("shows CNY as itself and every other currency as the dollar", () => {
    expect(shownCurrency("CNY")).toBe("CNY");
    for (const other of ["USD", "EUR", "", null, undefined]) expect(shownCurrency(other)).toBe("USD");
    expect(plain(formatMoney(100, "EUR", "en"))).toBe("$1.00");
  });

  it("writes an amount as the buyer's language does, symbol placed and spaced by CLDR (issue 31 item 8)", () => {
    expect(plain(formatMoney(123456, "CNY", "zh-CN"))).toBe("¥1,234.56");
    expect(plain(formatMoney(123456, "USD", "en"))).toBe("$1,234.56");
    expect(plain(formatMoney(249, "USD", "de"))).toBe("2,49 $");
    expect(plain(formatMoney(123456, "USD", "de"))).toBe("1.234,56 $");
    expect(plain(formatMoney(5, "USD", "fr"))).toBe("0,05 $");
    expect(plain(formatMoney(3800, "CNY", "de"))).toBe("38,00 ¥");
    expect(plain(formatMoney(0, "CNY", "ja"))).toBe("￥0.00");
    // Arabic's "US$" is isolated left to right, so that right-to-left text cannot turn it into "$US".
    expect(plain(formatMoney(249, "USD", "ar"))).toBe("\u200f2.49 \u2066US$\u2069");
    expect(plain(formatMoney(3800, "CNY", "ar"))).toBe("\u200f38.00 \u2066CN¥\u2069");
  });

  it("prices China in CNY and everywhere else in USD", () => {
    expect(currencyForCountry("CN")).toBe("CNY");
    expect(currencyForCountry("cn")).toBe("CNY");
    for (const cc of ["US", "DE", "", null, undefined]) expect(currencyForCountry(cc)).toBe("USD");
  });
});

describe("included tax", () => {
  it("is the part of a price that a rate added on top of the net amount (a receipt's tax line, issue 31 item 9)", () => {
    expect(includedTax(11900, 19)).toBe(1900);
    expect(includedTax(249, 19)).toBe(40);
    expect(includedTax(599, 20)).toBe(100);
    expect(includedTax(3800, 0)).toBe(0);
    expect(includedTax(0, 19)).toBe(0);
  });
});
