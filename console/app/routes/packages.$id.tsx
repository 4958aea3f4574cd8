import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import { Status } from "#contract/codes.ts";
import { operatorPackageDetail, operatorPackageRetire, operatorPackageSave } from "#contract/endpoints.ts";
import { packageAtVersion } from "#contract/package-fields.ts";
import type { Route } from "./+types/packages.$id";
import { callOperatorApi, OperatorApiError } from "../.server/cloud-api.ts";
import { attempt, languageLabels, packagePageContext, requireEditor } from "../.server/package-actions.ts";
import { fieldErrors, formValues, parseDraft, valuesOfPackage } from "../.server/package-form.ts";
import { packageRow } from "../.server/package-view.ts";
import { PackageForm } from "../components/package-form.tsx";
import { cell, PackageTable } from "../components/package-table.tsx";
import { useTranslation } from "../i18n-context.tsx";

const notFound = () => data(null, { status: 404 });

function packageIdOf(params: { id?: string }): number {
  const id = Number(params.id);
  if (!/^\d{1,9}$/.test(params.id ?? "") || id <= 0) throw notFound();
  return id;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { t, locale, canEdit } = packagePageContext(context);
  const packageId = packageIdOf(params);
  const detail = await callOperatorApi(context, operatorPackageDetail, { packageId }).catch((error: unknown) => {
    throw error instanceof OperatorApiError && error.status === Status.notFound ? notFound() : error;
  });
  const query = new URL(request.url).searchParams;
  const published = Number(query.get("published"));
  return {
    canEdit,
    current: packageRow(detail.package, t, locale),
    values: valuesOfPackage(detail.package),
    version: detail.package.version,
    names: languageLabels(locale).map((language) => ({ ...language, name: detail.package.serviceName[language.code as "en"] ?? "" })),
    history: detail.versions.map((version) => packageRow(version, t, locale)),
    notice: published === detail.package.version ? t("packages.published", { version: published }) : query.has("retired") && detail.package.retiredAt !== null ? t("packages.retiredDone") : null,
    languages: languageLabels(locale),
  };
}

/** Publishing the form's state as the next version, or retiring the package; a refusal keeps what was typed. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const { t, locale } = requireEditor(context);
  const packageId = packageIdOf(params);
  const form = await request.formData();
  const values = formValues(form);
  const version = Number(values.version);
  if (values.intent === "retire") {
    const retire = packageAtVersion.safeParse({ packageId, version });
    if (!retire.success) return { values, errors: {}, message: t("packages.badValue"), version };
    const done = await attempt(context, () => callOperatorApi(context, operatorPackageRetire, retire.data));
    return done.ok ? redirect(`/packages/${packageId}?retired`) : { values, errors: {}, message: done.message, version };
  }
  const draft = parseDraft(values);
  if (!draft.success) return { values, errors: fieldErrors(draft.error, t, locale), message: t("packages.notPublished"), version };
  const done = await attempt(context, () => callOperatorApi(context, operatorPackageSave, { packageId, version, draft: draft.data }));
  if (done.ok) return redirect(`/packages/${packageId}?published=${done.value.version}`);
  if (done.status === Status.conflict) {
    // Someone published since this form was opened: say who and when, keep what was typed, and let the next
    // publish apply it on their version.
    const now = (await callOperatorApi(context, operatorPackageDetail, { packageId })).package;
    if (now.version !== version) {
      const saved = packageRow(now, t, locale);
      return { values, errors: {}, message: t("packages.conflict", { by: saved.savedBy, at: saved.savedAt, version: now.version }), version: now.version };
    }
  }
  return { values, errors: {}, message: done.message, version };
}

function History({ rows }: { rows: ReturnType<typeof useLoaderData<typeof loader>>["history"] }) {
  const { t } = useTranslation();
  const columns = ["version", "name", "price", "period", "badge", "retiredOn", "savedBy", "savedAt"] as const;
  return (
    <section aria-labelledby="history" className="overflow-x-auto">
      <h2 id="history" className="mb-2 text-lg font-semibold">
        {t("packages.history")}
      </h2>
      <PackageTable caption={t("packages.history")} columns={columns.map((column) => `packages.${column}` as const)}>
        {rows.map((row) => (
          <tr key={row.version}>
            <th scope="row" className={cell}>
              {row.version}
            </th>
            <td className={cell}>{row.name}</td>
            <td className={cell}>
              {row.salePrice} / {row.originPrice}
            </td>
            <td className={cell}>{row.period}</td>
            <td className={cell}>{row.badge}</td>
            <td className={cell}>{row.retiredOn ?? ""}</td>
            <td className={cell}>{row.savedBy}</td>
            <td className={cell}>{row.savedAt}</td>
          </tr>
        ))}
      </PackageTable>
    </section>
  );
}

/** What a viewer or support agent sees instead of the form. */
function Summary({ page }: { page: ReturnType<typeof useLoaderData<typeof loader>> }) {
  const { t } = useTranslation();
  const { current } = page;
  const terms: [string, string][] = [
    [t("packages.productId"), current.productId],
    [t("packages.service"), current.service],
    [t("packages.region"), current.region],
    [t("packages.deviceType"), current.devices],
    [t("packages.salePrice"), current.salePrice],
    [t("packages.originPrice"), current.originPrice],
    [t("packages.period"), current.period],
    [t("packages.badge"), current.badge],
  ];
  return (
    <>
      <p>{t("packages.readOnly")}</p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        {terms.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium">{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="names">
        <h2 id="names" className="mb-2 text-lg font-semibold">
          {t("packages.names")}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {page.names.map((language) => (
            <div key={language.code} className="contents">
              <dt className="font-medium">{language.label}</dt>
              <dd lang={language.code} dir={language.code === "ar" ? "rtl" : "ltr"}>
                {language.name}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  );
}

export default function PackageDetail() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation();
  const { current } = page;
  const version = refused?.version ?? page.version;
  return (
    <div className="flex flex-col gap-6">
      <title>{current.name}</title>
      <p>
        <Link to="/packages" className="inline-flex min-h-11 items-center text-blue-800 underline dark:text-blue-300">
          {t("packages.title")}
        </Link>
      </p>
      <div>
        <h1 className="text-2xl font-semibold">{current.name}</h1>
        <p>
          {t("packages.versionOf", { version: page.version })} · {current.saved}
          {current.retiredOn ? ` · ${t("packages.retired")} ${current.retiredOn}` : ""}
        </p>
      </div>
      {page.notice && !refused ? (
        <p role="status" className="rounded-md border border-green-700 p-3 font-medium text-green-900 dark:text-green-200">
          {page.notice}
        </p>
      ) : null}
      {refused?.message ? (
        <p role="alert" className="rounded-md border border-red-700 p-3 font-medium text-red-800 dark:text-red-300">
          {refused.message}
        </p>
      ) : null}
      {page.canEdit ? (
        <>
          <PackageForm key={version} values={refused?.values ?? page.values} errors={refused?.errors ?? {}} languages={page.languages} version={version} submit={t("packages.publish")} />
          {current.retiredOn ? null : (
            <Form method="post" className="flex flex-col gap-2 border-t border-neutral-200 pt-4 dark:border-neutral-800">
              <input type="hidden" name="intent" value="retire" />
              <input type="hidden" name="version" value={version} />
              <p id="retire-hint">{t("packages.retireHint")}</p>
              <div>
                <button type="submit" aria-describedby="retire-hint" className="min-h-11 rounded-md border border-red-700 px-5 font-semibold text-red-800 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950">
                  {t("packages.retire")}
                </button>
              </div>
            </Form>
          )}
        </>
      ) : (
        <Summary page={page} />
      )}
      <History rows={page.history} />
    </div>
  );
}
