import { Link, redirect, useActionData } from "react-router";
import { roleAllows } from "#contract/operator.ts";
import { couponCampaignCreate, couponCampaignList } from "#contract/endpoints.ts";
import { callOperatorApi, getOperator } from "../.server/cloud-api.ts";
import { amountToCents, cursorOf, dayToSeconds, parseForm, readPage, refusalOf, validityOf, wholeNumber } from "../.server/promotions.ts";
import { useTranslation } from "../i18n-context.tsx";
import type { MessageKey } from "../i18n.ts";
import { FIELD, LINK, money, pageTitle } from "../promotions/format.ts";
import { CreateForm, NextPage } from "../promotions/parts.tsx";
import type { Route } from "./+types/coupons";

const SERVICE_TYPES = [0, 1, 2, 5, 6] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = await readPage(context, () => callOperatorApi(context, couponCampaignList, { before: cursorOf(request, "before") }));
  // A new form's own id: posting it twice (a double click, a reload) makes one campaign.
  return {
    ...page,
    campaigns: page.campaigns.map((campaign) => ({ ...campaign, validity: validityOf(context, campaign) })),
    canChange: roleAllows(getOperator(context).role, couponCampaignCreate.role),
    requestId: crypto.randomUUID(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(
    context,
    couponCampaignCreate.input,
    {
      requestId: form.get("requestId"),
      title: form.get("title"),
      currency: form.get("currency"),
      amountCents: amountToCents(form.get("amount")),
      minimumSpendCents: amountToCents(form.get("minimumSpend") || "0"),
      serviceType: wholeNumber(form.get("serviceType")),
      startTime: dayToSeconds(form.get("starts")),
      expireTime: dayToSeconds(form.get("ends"), true),
      issueLimit: wholeNumber(form.get("issueLimit")),
    },
    "coupons",
    form,
  );
  if (!parsed.ok) return parsed.refusal;
  try {
    const campaign = await callOperatorApi(context, couponCampaignCreate, parsed.input);
    return redirect(`/coupons/${campaign.id}`);
  } catch (error) {
    return refusalOf(context, error, form);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, (messages) => messages.coupons.title);

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const refused = useActionData<typeof action>();
  const { campaigns, nextBefore, canChange, requestId } = loaderData;
  const today = new Date().toISOString().slice(0, 10);
  // What the operator typed, when the server refused it (without JavaScript the page is new).
  const typed = refused?.typed ?? {};
  return (
    <>
      <h1 className="text-2xl font-semibold">{t("coupons.title")}</h1>
      <section aria-labelledby="campaigns" className="mt-6">
        <h2 id="campaigns" className="text-xl font-semibold">
          {t("coupons.campaigns")}
        </h2>
        {campaigns.length === 0 ? (
          <p className="mt-2">{t("promo.none")}</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <thead>
              <tr>
                <th scope="col">{t("coupons.campaignTitle")}</th>
                <th scope="col">{t("coupons.amount")}</th>
                <th scope="col">{t("coupons.minimumSpend")}</th>
                <th scope="col">{t("coupons.serviceType")}</th>
                <th scope="col">{t("coupons.validity")}</th>
                <th scope="col">{t("coupons.issueLimit")}</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((campaign) => (
                <tr key={campaign.id} className="border-t border-neutral-200 dark:border-neutral-800">
                  <td>
                    <Link to={`/coupons/${campaign.id}`} className={LINK}>
                      {campaign.title}
                    </Link>
                  </td>
                  <td>{money(campaign.amountCents, campaign.currency, locale)}</td>
                  <td>{money(campaign.minimumSpendCents, campaign.currency, locale)}</td>
                  <td>{t(`coupons.service_${campaign.serviceType}` as MessageKey)}</td>
                  <td>{campaign.validity}</td>
                  <td>
                    {t("coupons.issuedOfLimit", { issued: campaign.issued, limit: campaign.issueLimit })}, {t("coupons.redeemedCount", { count: campaign.redeemed })},{" "}
                    {t("coupons.revokedCount", { count: campaign.revoked })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <NextPage param="before" cursor={nextBefore} />
      </section>
      {canChange ? (
        <CreateForm id="new-campaign" title={t("coupons.newCampaign")} submit={t("coupons.create")} requestId={requestId} refused={refused}>
          <label>
            {t("coupons.campaignTitle")}
            <input name="title" required maxLength={80} defaultValue={typed.title} className={FIELD} />
          </label>
          <label>
            {t("coupons.currency")}
            <select name="currency" className={FIELD} defaultValue={typed.currency ?? "CNY"}>
              <option value="CNY">CNY</option>
              <option value="USD">USD</option>
            </select>
          </label>
          <label>
            {t("coupons.amount")}
            <input name="amount" required inputMode="decimal" pattern="\d+(\.\d{1,2})?" defaultValue={typed.amount} className={FIELD} />
          </label>
          <label>
            {t("coupons.minimumSpend")}
            <input name="minimumSpend" inputMode="decimal" pattern="\d+(\.\d{1,2})?" defaultValue={typed.minimumSpend ?? "0"} className={FIELD} />
          </label>
          <label>
            {t("coupons.serviceType")}
            <select name="serviceType" className={FIELD} defaultValue={typed.serviceType ?? "0"}>
              {SERVICE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`coupons.service_${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("coupons.starts")}
            <input name="starts" type="date" required defaultValue={typed.starts ?? today} className={FIELD} />
          </label>
          <label>
            {t("coupons.ends")}
            <input name="ends" type="date" required defaultValue={typed.ends} className={FIELD} />
          </label>
          <label>
            {t("coupons.issueLimit")}
            <input name="issueLimit" type="number" required min={1} max={1_000_000} defaultValue={typed.issueLimit} className={FIELD} />
          </label>
        </CreateForm>
      ) : (
        <p className="mt-8">{t("promo.adminOnly")}</p>
      )}
    </>
  );
}
