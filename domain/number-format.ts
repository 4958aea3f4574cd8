/**
 * Intl.NumberFormat with a fixed number of decimals, built once per locale and number of decimals:
 * building one costs far more than formatting with it, and a page formats dozens of amounts.
 */
const formats = new Map<string, Intl.NumberFormat>();

export function fixedDecimals(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format;
}
