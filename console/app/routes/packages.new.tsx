import { Link, redirect, useActionData, useLoaderData } from "react-router";
import { ServiceType } from "#domain/services.ts";
import { operatorPackageCreate } from "#contract/endpoints.ts";
import type { Route } from "./+types/packages.new";
import { callOperatorApi } from "../.server/cloud-api.ts";
import { attempt, languageLabels, requireEditor } from "../.server/package-actions.ts";
import { fieldErrors, formValues, parseDraft } from "../.server/package-form.ts";
import { PackageForm } from "../components/package-form.tsx";
import { useTranslation } from "../i18n-context.tsx";

/** A new package's form starts on sale, as cloud storage in CNY, at the end of its list. */
const START = { serviceType: String(ServiceType.cloudStorage), deviceType: "", currencyCode: "CNY", isSale: "on", displaySort: "100" };

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = requireEditor(context);
  return { languages: languageLabels(locale) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { t, locale } = requireEditor(context);
  const values = formValues(await request.formData());
  const draft = parseDraft(values);
  if (!draft.success) return { values, errors: fieldErrors(draft.error, t, locale), message: t("packages.notPublished") };
  const done = await attempt(context, () => callOperatorApi(context, operatorPackageCreate, draft.data));
  if (!done.ok) return { values, errors: {}, message: done.message };
  return redirect(`/packages/${done.value.packageId}?published=1`);
}

export default function NewPackage() {
  const { languages } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <title>{t("packages.new")}</title>
      <p>
        <Link to="/packages" className="inline-flex min-h-11 items-center text-blue-800 underline dark:text-blue-300">
          {t("packages.title")}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t("packages.new")}</h1>
      {refused?.message ? (
        <p role="alert" className="rounded-md border border-red-700 p-3 font-medium text-red-800 dark:text-red-300">
          {refused.message}
        </p>
      ) : null}
      <PackageForm values={refused?.values ?? START} errors={refused?.errors ?? {}} languages={languages} submit={t("packages.publishNew")} />
    </div>
  );
}
