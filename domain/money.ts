/**
 * Money. On the wire amounts are numbers in yuan/dollars with at most 2 decimals;
 * inside both services they are integer minor units (cents).
 */
import { currencyFormat } from "./number-format.ts";

/** The currencies packages are priced in: CNY for China, USD everywhere else (currencyForCountry). */
export const CURRENCIES = ["CNY", "USD"] as const;
export type CurrencyCode = (typeof CURRENCIES)[number];

/** Converts a wire amount (yuan/dollars) to integer cents, rejecting what cannot be money. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`not an amount: ${amount}`);
  const scaled = amount * 100;
  const cents = Math.round(scaled);
  if (!Number.isSafeInteger(cents)) throw new RangeError(`amount too large: ${amount}`);
  // 0.1 * 100 = 10.000000000000002: a few ulps are rounding noise, anything more is a third decimal.
  if (Math.abs(cents - scaled) > 8 * Number.EPSILON * Math.max(1, Math.abs(scaled))) {
    throw new RangeError(`more than 2 decimals: ${amount}`);
  }
  return cents;
}

/** Converts integer cents to the wire amount. */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer: ${cents}`);
  return cents / 100;
}

/** Spec: CNY shows the yen sign, every other currency the dollar sign: amounts are shown as CNY or USD. */
export function shownCurrency(currencyCode: string | null | undefined): CurrencyCode {
  return currencyCode === "CNY" ? "CNY" : "USD";
}

/**
 * Formats cents as the buyer's language writes an amount of the currency (CLDR: "¥9.90" in Chinese, "2,49 $" in
 * German, "2,49 $" in French), with the narrow symbol, so that CNY reads ¥ and USD $ as the spec has them. A symbol
 * with Latin letters (Arabic's "US$", "CN¥") is isolated left to right: in right-to-left text the bidi algorithm
 * would otherwise move its sign before its letters ("$US").
 */
export function formatMoney(cents: number, currencyCode: string | null | undefined, locale: string): string {
  const currency = shownCurrency(currencyCode);
  const format = currencyFormat(locale, currency);
  if (!hasLetteredSymbol(locale, currency, format)) return format.format(fromCents(cents));
  return format
    .formatToParts(fromCents(cents))
    .map((part) => (part.type === "currency" && /[A-Za-z]/.test(part.value) ? `\u2066${part.value}\u2069` : part.value))
    .join("");
}

/**
 * Whether a language writes a currency's symbol with Latin letters, learnt once per language and currency: most do
 * not, and their amounts are then Intl's one string, a sixth of the cost of taking it apart (docs/decisions/069).
 */
const letteredSymbols = new Map<string, boolean>();
function hasLetteredSymbol(locale: string, currency: CurrencyCode, format: Intl.NumberFormat): boolean {
  const key = `${locale}|${currency}`;
  let lettered = letteredSymbols.get(key);
  if (lettered === undefined) {
    lettered = format.formatToParts(0).some((part) => part.type === "currency" && /[A-Za-z]/.test(part.value));
    letteredSymbols.set(key, lettered);
  }
  return lettered;
}

/** The tax included in a price of `cents` at `ratePercent` (19 for 19% VAT), to the cent: price × rate / (100 + rate). */
export function includedTax(cents: number, ratePercent: number): number {
  return Math.round((cents * ratePercent) / (100 + ratePercent));
}

/** Prices are in CNY for China and USD everywhere else. */
export function currencyForCountry(countryCode: string | null | undefined): CurrencyCode {
  return (countryCode ?? "").toUpperCase() === "CN" ? "CNY" : "USD";
}
