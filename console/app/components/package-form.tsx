import type { ReactNode } from "react";
import { Form } from "react-router";
import { CURRENCIES } from "#domain/money.ts";
import { DeviceType, SOLD_SERVICE_TYPES } from "#domain/services.ts";
import type { MessageKey } from "../i18n.ts";
import { useTranslation } from "../i18n-context.tsx";

/** A language of the catalogue's texts with its name in the operator's language (from the loader). */
export interface LanguageLabel {
  code: string;
  label: string;
}

const input = "min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3 dark:border-neutral-600 dark:bg-neutral-900";
const TEXT_GROUPS = [
  { field: "serviceName", legend: "packages.names", max: 80 },
  { field: "serviceDesc", legend: "packages.descriptions", max: 200 },
  { field: "topTag", legend: "packages.badges", max: 24 },
] as const;

function Field({ name, label, error, hint, children }: { name: string; label: string; error?: string | undefined; hint?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const describedBy = [hint ? `${name}-hint` : null, error ? `${name}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={name} className="font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-neutral-700 dark:text-neutral-300">
          {hint}
        </p>
      ) : null}
      {children(describedBy)}
      {error ? (
        <p id={`${name}-error`} className="text-sm font-medium text-red-800 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Checkbox({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input type="checkbox" name={name} defaultChecked={checked} className="size-5" />
      {label}
    </label>
  );
}

/**
 * A package's form, for a new one or the next version of one: every field as the operator typed it last (a refused
 * form keeps it), each refusal beside its field, and the 10 languages of each text.
 */
export function PackageForm(props: {
  values: Record<string, string>;
  errors: Record<string, string>;
  languages: readonly LanguageLabel[];
  version?: number;
  submit: string;
}) {
  const { t } = useTranslation();
  const { values, errors } = props;
  const text = (name: string, label: MessageKey, hint?: string, inputMode?: "decimal" | "numeric") => (
    <Field name={name} label={t(label)} error={errors[name]} {...(hint ? { hint } : {})}>
      {(describedBy) => (
        <input id={name} name={name} defaultValue={values[name] ?? ""} inputMode={inputMode} aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy} className={input} />
      )}
    </Field>
  );
  const select = (name: string, label: MessageKey, options: { value: string; label: string }[]) => (
    <Field name={name} label={t(label)} error={errors[name]}>
      {(describedBy) => (
        <select id={name} name={name} defaultValue={values[name] ?? ""} aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy} className={input}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <Form method="post" className="flex flex-col gap-6" noValidate>
      <input type="hidden" name="intent" value="save" />
      {props.version === undefined ? null : <input type="hidden" name="version" value={props.version} />}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{t("packages.terms")}</legend>
        {select("serviceType", "packages.service", SOLD_SERVICE_TYPES.map((code) => ({ value: String(code), label: t(`packages.service_${code}` as MessageKey) })))}
        {select("deviceType", "packages.deviceType", [
          { value: "", label: t("packages.deviceAny") },
          ...Object.values(DeviceType).map((code) => ({ value: String(code), label: t(`packages.device_${code}` as MessageKey) })),
        ])}
        {select("currencyCode", "packages.currency", CURRENCIES.map((code) => ({ value: code, label: t(`packages.region_${code}` as MessageKey) })))}
        {text("productId", "packages.productId")}
        {text("serviceId", "packages.serviceId", t("packages.serviceIdHint"), "numeric")}
        {text("displaySort", "packages.displaySort", undefined, "numeric")}
        {text("originPriceCents", "packages.originPrice", t("packages.amountHint"), "decimal")}
        {text("salePriceCents", "packages.salePrice", t("packages.amountHint"), "decimal")}
        {text("periodDays", "packages.periodDays", undefined, "numeric")}
        {text("dataQuotaMb", "packages.dataQuotaMb", undefined, "numeric")}
        {text("recordingDays", "packages.recordingDays", undefined, "numeric")}
        <div className="flex flex-col">
          <Checkbox name="isUnlimited" label={t("packages.isUnlimited")} checked={values.isUnlimited === "on"} />
          <Checkbox name="isSale" label={t("packages.isSale")} checked={values.isSale === "on"} />
          <Checkbox name="isGive" label={t("packages.isGive")} checked={values.isGive === "on"} />
        </div>
      </fieldset>
      {TEXT_GROUPS.map((group) => (
        <fieldset key={group.field} className="grid gap-4 sm:grid-cols-2" aria-describedby={errors[group.field] ? `${group.field}-error` : undefined}>
          <legend className="mb-2 text-lg font-semibold">{t(group.legend)}</legend>
          {errors[group.field] ? (
            <p id={`${group.field}-error`} className="font-medium text-red-800 sm:col-span-2 dark:text-red-300">
              {errors[group.field]}
            </p>
          ) : null}
          {props.languages.map((language) => {
            const name = `${group.field}.${language.code}`;
            return (
              <div key={name} className="flex flex-col gap-1">
                <label htmlFor={name} className="font-medium">
                  {language.label}
                </label>
                <input
                  id={name}
                  name={name}
                  lang={language.code}
                  dir={language.code === "ar" ? "rtl" : "ltr"}
                  maxLength={group.max}
                  defaultValue={values[name] ?? ""}
                  aria-invalid={errors[group.field] && !values[name] ? true : undefined}
                  className={input}
                />
              </div>
            );
          })}
        </fieldset>
      ))}
      <div>
        <button type="submit" className="min-h-11 rounded-md bg-blue-700 px-5 font-semibold text-white hover:bg-blue-800">
          {props.submit}
        </button>
      </div>
    </Form>
  );
}
