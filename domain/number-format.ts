/**
 * Intl formatters, each built once per locale and options: building one costs far more than formatting with it,
 * and a page formats dozens of amounts.
 */
const built = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = built.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    built.set(key, format);
  }
  return format;
}

/** The one money formatter: an amount of `currency` as `locale` writes it, built once per locale and currency. */
export const currencyFormat = (locale: string, currency: string): Intl.NumberFormat =>
  numberFormat(locale, { style: "currency", currency, currencyDisplay: "narrowSymbol" });

/** A data volume as `locale` writes the unit ("12,25 Go" in French), with a fixed number of decimals. */
export const dataUnitFormat = (locale: string, unit: "gigabyte" | "megabyte", digits: number): Intl.NumberFormat =>
  numberFormat(locale, { style: "unit", unit, minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A percentage as `locale` writes it ("19 %" in German), from a number of percent. */
export const formatPercent = (locale: string, percent: number): string =>
  numberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent / 100);

/** A count of a time unit as `locale` writes it ("2.5 min", "2.5分钟"), with at most one decimal. */
export const formatTimeUnit = (locale: string, unit: "second" | "minute" | "hour" | "day", value: number): string =>
  numberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
