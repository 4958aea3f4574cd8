/**
 * The client's translator: i18next's key paths, `{{name}}` interpolation and `_one`/`_other` plural
 * suffixes (chosen by Intl.PluralRules), over the one language bundle the root loader names (docs/decisions/062).
 * i18next itself runs on the server only (ADR 007).
 */
export type Messages = { [key: string]: string | Messages };
export type Values = Record<string, string | number>;
export type Translate = (key: string, values?: Values) => string;

function lookup(messages: Messages, key: string): string | Messages | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return node;
}

/** One plural rule set per locale: building one costs more than the lookups of a whole page. */
const pluralRules = new Map<string, Intl.PluralRules>();

export function createTranslator(locale: string, messages: Messages): Translate {
  let plurals = pluralRules.get(locale);
  if (!plurals) {
    plurals = new Intl.PluralRules(locale);
    pluralRules.set(locale, plurals);
  }
  return (key, values) => {
    const count = values?.count;
    // A language without the count's own plural form (Arabic "two", "few"...) uses its "other" form.
    const plural = typeof count === "number" ? (lookup(messages, `${key}_${plurals.select(count)}`) ?? lookup(messages, `${key}_other`)) : undefined;
    const template = plural ?? lookup(messages, key);
    if (typeof template !== "string") return key;
    if (!values) return template;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** A bundle with every key of the fallback filled in where the language lacks it (a safety net). */
export function withFallback(messages: Messages, fallback: Messages): Messages {
  const merged: Messages = { ...fallback };
  for (const [key, value] of Object.entries(messages)) {
    const base = fallback[key];
    merged[key] = typeof value === "object" && typeof base === "object" ? withFallback(value, base) : value;
  }
  return merged;
}

/**
 * What of a language's `common` bundle the browser gets: every key, the fallback's where the language lacks one,
 * but the refusals' texts, which are worded on the server (app/.server/upstream/refusal-message.ts).
 */
export function browserMessages(messages: Messages, fallback: Messages): Messages {
  const { upstreamErrors: _serverOnly, ...sent } = withFallback(messages, fallback);
  return sent;
}
