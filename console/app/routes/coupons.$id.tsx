import { Form, Link, useActionData } from "react-router";
import { roleAllows } from "#contract/operator.ts";
import { couponCampaignDetail, couponCampaignIssue, couponCampaignRevoke } from "#contract/endpoints.ts";
import { callOperatorApi, getOperator } from "../.server/cloud-api.ts";
import { cursorOf, idParam, parseForm, readPage, refusalOf, translatorOf, validityOf, wholeNumber } from "../.server/promotions.ts";
import { useTranslation } from "../i18n-context.tsx";
import type { MessageKey } from "../i18n.ts";
import { BUTTON, FIELD, LINK, money, pageTitle } from "../promotions/format.ts";
import { FormAnswer, NextPage, RevokeButton } from "../promotions/parts.tsx";
import type { Route } from "./+types/coupons.$id";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const detail = await readPage(context, () => callOperatorApi(context, couponCampaignDetail, { campaignId: idParam(params), after: cursorOf(request, "after") }));
  return { ...detail, validity: validityOf(context, detail.campaign), canChange: roleAllows(getOperator(context).role, couponCampaignIssue.role) };
}

/** Issue to accounts, or revoke an unused coupon: the form's intent says which. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const campaignId = idParam(params);
  const form = await request.formData();
  const t = translatorOf(context);
  try {
    if (form.get("intent") === "revoke") {
      const parsed = parseForm(context, couponCampaignRevoke.input, { campaignId, couponId: wholeNumber(form.get("couponId")) }, "coupons");
      if (!parsed.ok) return parsed.refusal;
      const coupon = await callOperatorApi(context, couponCampaignRevoke, parsed.input);
      return { done: t("coupons.revoked", { code: coupon.couponCode }) };
    }
    const accounts = String(form.get("accounts") ?? "")
      .split(/[\r\n,]+/)
      .map((account) => account.trim())
      .filter(Boolean);
    const parsed = parseForm(context, couponCampaignIssue.input, { campaignId, accounts }, "coupons", form);
    if (!parsed.ok) return parsed.refusal;
    const result = await callOperatorApi(context, couponCampaignIssue, parsed.input);
    const lines = [
      result.issued.length > 0 ? t("coupons.issued", { accounts: result.issued.join(", ") }) : null,
      result.alreadyHeld.length > 0 ? t("coupons.alreadyHeld", { accounts: result.alreadyHeld.join(", ") }) : null,
    ];
    return { done: lines.filter(Boolean).join(" ") };
  } catch (error) {
    return refusalOf(context, error, form);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => pageTitle(matches, (messages) => loaderData?.campaign.title ?? messages.coupons.title);

export default function Campaign({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const answer = useActionData<typeof action>();
  const { campaign, validity, coupons, nextAfter, canChange } = loaderData;
  return (
    <>
      <Link to="/coupons" className={LINK}>
        {t("promo.backToList")}
      </Link>
      <h1 className="text-2xl font-semibold">{campaign.title}</h1>
      <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-4">
        <dt>{t("coupons.amount")}</dt>
        <dd data-testid="campaign-amount">{money(campaign.amountCents, campaign.currency, locale)}</dd>
        <dt>{t("coupons.minimumSpend")}</dt>
        <dd>{money(campaign.minimumSpendCents, campaign.currency, locale)}</dd>
        <dt>{t("coupons.serviceType")}</dt>
        <dd>{t(`coupons.service_${campaign.serviceType}` as MessageKey)}</dd>
        <dt>{t("coupons.validity")}</dt>
        <dd>{validity}</dd>
        <dt>{t("coupons.issueLimit")}</dt>
        <dd data-testid="campaign-counts">
          {t("coupons.issuedOfLimit", { issued: campaign.issued, limit: campaign.issueLimit })}, {t("coupons.redeemedCount", { count: campaign.redeemed })},{" "}
          {t("coupons.revokedCount", { count: campaign.revoked })}
        </dd>
      </dl>
      <FormAnswer answer={answer} />
      {canChange ? (
        <section aria-labelledby="issue" className="mt-6 max-w-xl">
          <h2 id="issue" className="text-xl font-semibold">
            {t("coupons.issueTitle")}
          </h2>
          <Form method="post" className="mt-2 grid gap-3">
            <label>
              {t("coupons.accounts")}
              <textarea name="accounts" required rows={3} defaultValue={answer && "typed" in answer ? answer.typed?.accounts : undefined} className={FIELD} />
            </label>
            <button type="submit" name="intent" value="issue" className={BUTTON}>
              {t("coupons.issue")}
            </button>
          </Form>
        </section>
      ) : (
        <p className="mt-6">{t("promo.adminOnly")}</p>
      )}
      <section aria-labelledby="coupons" className="mt-8">
        <h2 id="coupons" className="text-xl font-semibold">
          {t("coupons.couponsTitle")}
        </h2>
        {coupons.length === 0 ? (
          <p className="mt-2">{t("promo.none")}</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <thead>
              <tr>
                <th scope="col">{t("coupons.code")}</th>
                <th scope="col">{t("coupons.account")}</th>
                <th scope="col">{t("coupons.state")}</th>
                <th scope="col">{t("coupons.order")}</th>
                {canChange && <th scope="col">{t("promo.revoke")}</th>}
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => (
                <tr key={coupon.id} className="border-t border-neutral-200 dark:border-neutral-800">
                  <td>{coupon.couponCode}</td>
                  <td>{coupon.account}</td>
                  <td>{t(`coupons.state_${coupon.state}`)}</td>
                  <td>{coupon.orderId ?? "—"}</td>
                  {canChange && (
                    <td>
                      {coupon.state === "unused" && (
                        <RevokeButton field="couponId" value={coupon.id} names={coupon.couponCode} />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <NextPage param="after" cursor={nextAfter} />
      </section>
    </>
  );
}
