import type { z } from "zod";
import { LANGUAGES } from "#domain/languages.ts";
import { toCents } from "#domain/money.ts";
import { packageDraft, type PackageDraft, type PackageState } from "#contract/package-fields.ts";
import type { MessageKey, Translate } from "../i18n.ts";

/**
 * The package form (issue 32 item 3): what the operator typed, as text, so that a refused form shows it again;
 * parsed into the contract's draft with the endpoint's own schema (contract/package-fields.ts).
 */
export type PackageFormValues = Record<string, string>;

const TEXT_FIELDS = ["serviceName", "serviceDesc", "topTag"] as const;
const CHECKBOXES = ["isUnlimited", "isGive", "isSale"] as const;
const PRICE_FIELDS = ["originPriceCents", "salePriceCents"] as const;

/** The form's field name of a text in one language: serviceName.zh. */
export const textField = (field: (typeof TEXT_FIELDS)[number], language: string) => `${field}.${language}`;

/** An amount as an operator types it (38 or 38.00) in cents; NaN for anything else, which the schema refuses. */
function centsOf(typed: string): number {
  return /^\d{1,8}(?:\.\d{1,2})?$/.test(typed) ? toCents(Number(typed)) : Number.NaN;
}

/** Cents as the form shows them: 3800 is 38.00. */
export const amountText = (cents: number) => (cents / 100).toFixed(2);

const numberOrNull = (typed: string | undefined) => (typed === undefined || typed === "" ? null : /^\d+$/.test(typed) ? Number(typed) : Number.NaN);

/** What was typed, by field name (every value trimmed; texts by language). */
export function formValues(form: FormData): PackageFormValues {
  const values: PackageFormValues = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value.trim();
  return values;
}

/** The form's values of a package as it is (the edit form's first view). */
export function valuesOfPackage(state: PackageState): PackageFormValues {
  const values: PackageFormValues = {
    serviceType: String(state.serviceType),
    deviceType: state.deviceType === null ? "" : String(state.deviceType),
    serviceId: String(state.serviceId),
    productId: state.productId,
    currencyCode: state.currencyCode,
    originPriceCents: amountText(state.originPriceCents),
    salePriceCents: amountText(state.salePriceCents),
    periodDays: String(state.periodDays),
    dataQuotaMb: state.dataQuotaMb === null ? "" : String(state.dataQuotaMb),
    recordingDays: state.recordingDays === null ? "" : String(state.recordingDays),
    displaySort: String(state.displaySort),
  };
  for (const name of CHECKBOXES) if (state[name]) values[name] = "on";
  for (const field of TEXT_FIELDS) for (const language of LANGUAGES) values[textField(field, language)] = state[field]?.[language] ?? "";
  return values;
}

/** The draft the typed values make, parsed with the create and save endpoints' schema. */
export function parseDraft(values: PackageFormValues): z.ZodSafeParseResult<PackageDraft> {
  const texts = (field: (typeof TEXT_FIELDS)[number]) =>
    Object.fromEntries(LANGUAGES.flatMap((language) => (values[textField(field, language)] ? [[language, values[textField(field, language)]]] : [])));
  const badge = texts("topTag");
  return packageDraft.safeParse({
    serviceType: Number(values.serviceType),
    deviceType: numberOrNull(values.deviceType),
    serviceId: Number(values.serviceId || Number.NaN),
    productId: values.productId ?? "",
    currencyCode: values.currencyCode,
    ...Object.fromEntries(PRICE_FIELDS.map((field) => [field, centsOf(values[field] ?? "")])),
    periodDays: numberOrNull(values.periodDays) ?? Number.NaN,
    dataQuotaMb: numberOrNull(values.dataQuotaMb),
    recordingDays: numberOrNull(values.recordingDays),
    displaySort: numberOrNull(values.displaySort) ?? 0,
    ...Object.fromEntries(CHECKBOXES.map((name) => [name, values[name] === "on"])),
    serviceName: texts("serviceName"),
    serviceDesc: texts("serviceDesc"),
    // A badge left empty in every language is no badge.
    topTag: Object.keys(badge).length === 0 ? null : badge,
  });
}

/** The languages' names in the operator's language: Arabic, 阿拉伯语. */
export function languageNames(locale: string, languages: readonly string[]): string {
  const names = new Intl.DisplayNames([locale], { type: "language" });
  return new Intl.ListFormat([locale], { type: "conjunction" }).format(languages.map((language) => names.of(language) ?? language));
}

/** Each refused field's message in the operator's language, by the form's field name (the first issue of each). */
export function fieldErrors(error: z.ZodError, t: Translate, locale: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    if (errors[field]) continue;
    const missing = issue.code === "custom" ? (issue.params as { missing?: string[] } | undefined)?.missing : undefined;
    if (missing) errors[field] = t("packages.missingLanguages", { languages: languageNames(locale, missing) });
    else if (issue.code === "custom") errors[field] = t(`packages.problem_${issue.message}` as MessageKey);
    else if ((PRICE_FIELDS as readonly string[]).includes(field)) errors[field] = t("packages.badAmount");
    else errors[field] = t("packages.badValue");
  }
  return errors;
}
