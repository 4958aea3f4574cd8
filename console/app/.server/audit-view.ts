import { formatMoney } from "#domain/money.ts";
import type { ConsoleLocale, MessageKey, Translate } from "../i18n.ts";
import { formatUtc } from "./admin.ts";

type Fields = Record<string, unknown>;

/** A recorded object as it was stored: an object of fields, or null when it did not exist (or was not JSON). */
function fieldsOf(json: string | null): Fields | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : { value };
  } catch {
    return { value: json };
  }
}

/** JSON text as the exact values show it: indented, or as it came when it is not JSON. */
function exact(json: string | null): string | null {
  if (json === null) return null;
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
}

const TIME_FIELD = /(At|_at|Time|_time)$/;
const CENTS_FIELD = /(Cents|_cents)$/;
const STATUS_CODE = /^80(0[1-9]|1[0-5])$/;

/** One recorded value in the operator's language: times in the console's style, cents as money, order statuses named. */
function valueText(field: string, value: unknown, fields: Fields, locale: ConsoleLocale, t: Translate): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "boolean") return t(value ? "audit.yes" : "audit.no");
  if (typeof value === "number" && TIME_FIELD.test(field)) return formatUtc(locale, value);
  if (typeof value === "number" && CENTS_FIELD.test(field)) {
    const currency = fields.currencyCode ?? fields.currency_code ?? fields.currency;
    return formatMoney(value, typeof currency === "string" ? currency : null, locale === "zh" ? "zh-CN" : "en");
  }
  if (typeof value === "number" && field === "status" && STATUS_CODE.test(String(value))) return t(`status.${value}` as MessageKey);
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/**
 * An audit entry's change as an operator reads it (decision 068): one line per field that changed, "field: before →
 * after" (only the after of a new object), every value worded; the stored JSON stays beside it, exactly as recorded.
 */
export function auditChange(before: string | null, after: string | null, locale: ConsoleLocale, t: Translate) {
  const was = fieldsOf(before);
  const now = fieldsOf(after);
  const names = [...new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})])];
  const lines = names
    .filter((name) => JSON.stringify(was?.[name]) !== JSON.stringify(now?.[name]))
    .map((name) => {
      const then = was && valueText(name, was[name], was, locale, t);
      const next = now ? valueText(name, now[name], now, locale, t) : t("audit.removed");
      return then === null ? `${name}: ${next}` : `${name}: ${then} → ${next}`;
    });
  return { lines, before: exact(before), after: exact(after) };
}
