import { Link, redirect, useActionData } from "react-router";
import { roleAllows } from "#contract/operator.ts";
import { cardBatchCreate, cardBatchList } from "#contract/endpoints.ts";
import { formatUtcDay } from "../.server/admin.ts";
import { callOperatorApi, getOperator } from "../.server/cloud-api.ts";
import { cursorOf, dayToSeconds, parseForm, readPage, refusalOf, wholeNumber } from "../.server/promotions.ts";
import { localeContext } from "../context.ts";
import { useTranslation } from "../i18n-context.tsx";
import { FIELD, LINK, pageTitle } from "../promotions/format.ts";
import { CreateForm, NextPage } from "../promotions/parts.tsx";
import type { Route } from "./+types/cards";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await readPage(context, () => callOperatorApi(context, cardBatchList, { before: cursorOf(request, "before") }));
  // A new form's own id: posting it twice (a double click, a reload) makes one batch.
  const locale = context.get(localeContext);
  return {
    ...page,
    batches: page.batches.map((batch) => ({ ...batch, expires: formatUtcDay(locale, batch.expireTime) })),
    canChange: roleAllows(getOperator(context).role, cardBatchCreate.role),
    requestId: crypto.randomUUID(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // The package select's value is "<kind>:<package id>": the kind follows the package chosen.
  const [kind, packageId] = String(form.get("package") ?? "").split(":");
  const parsed = parseForm(
    context,
    cardBatchCreate.input,
    { requestId: form.get("requestId"), kind, packageId: wholeNumber(packageId ?? null), size: wholeNumber(form.get("size")), expireTime: dayToSeconds(form.get("expires"), true) },
    "cards",
  );
  if (!parsed.ok) return parsed.refusal;
  try {
    const batch = await callOperatorApi(context, cardBatchCreate, parsed.input);
    return redirect(`/cards/${batch.id}`);
  } catch (error) {
    return refusalOf(context, error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, (messages) => messages.cards.title);

export default function Cards({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refused = useActionData<typeof action>();
  const { batches, nextBefore, packages, canChange, requestId } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("cards.title")}</h1>
      <section aria-labelledby="batches" className="mt-6">
        <h2 id="batches" className="text-xl font-semibold">
          {t("cards.batches")}
        </h2>
        {batches.length === 0 ? (
          <p className="mt-2">{t("promo.none")}</p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {batches.map((batch) => (
              <li key={batch.id} className="rounded-md border border-neutral-200 p-3 dark:border-neutral-800">
                <Link to={`/cards/${batch.id}`} className={LINK}>
                  {t("cards.batch", { id: batch.id })}: {t(`cards.kind_${batch.kind}`)}, {batch.packageName}
                </Link>
                <p>
                  {t("cards.counts", { size: batch.size, unused: batch.unused, received: batch.received, refunded: batch.refunded, revoked: batch.revoked })}.{" "}
                  {t("cards.expiresOn", { date: batch.expires })}
                </p>
              </li>
            ))}
          </ul>
        )}
        <NextPage param="before" cursor={nextBefore} />
      </section>
      {canChange ? (
        <CreateForm id="new-batch" title={t("cards.newBatch")} submit={t("cards.create")} requestId={requestId} refused={refused}>
          <label>
            {t("cards.package")}
            <select name="package" required className={FIELD}>
              {packages.map((pkg) => (
                <option key={pkg.id} value={`${pkg.kind}:${pkg.id}`}>
                  {t(`cards.kind_${pkg.kind}`)}: {pkg.name} ({pkg.currency})
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("cards.size")}
            <input name="size" type="number" required min={1} max={10_000} className={FIELD} />
          </label>
          <label>
            {t("cards.expires")}
            <input name="expires" type="date" required className={FIELD} />
          </label>
        </CreateForm>
      ) : (
        <p className="mt-8">{t("promo.adminOnly")}</p>
      )}
    </>
  );
}
