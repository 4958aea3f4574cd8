/**
 * Intl formatters, each built once per locale and options: building one costs far more than formatting with it,
 * and a page formats dozens of amounts.
 */
const currencies = new Map<string, Intl.NumberFormat>();

/** The one money formatter: an amount of `currency` as `locale` writes it, built once per locale and currency. */
export function currencyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = currencies.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" });
    currencies.set(key, format);
  }
  return format;
}

const units = new Map<string, Intl.NumberFormat>();

/** A data volume as `locale` writes the unit ("12,25 Go" in French), with a fixed number of decimals. */
export function dataUnitFormat(locale: string, unit: "gigabyte" | "megabyte", digits: number): Intl.NumberFormat {
  const key = `${locale}|${unit}|${digits}`;
  let format = units.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "unit", unit, minimumFractionDigits: digits, maximumFractionDigits: digits });
    units.set(key, format);
  }
  return format;
}

const percents = new Map<string, Intl.NumberFormat>();

/** A percentage as `locale` writes it ("19 %" in German), from a number of percent. */
export function formatPercent(locale: string, percent: number): string {
  let format = percents.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
    percents.set(locale, format);
  }
  return format.format(percent / 100);
}
