import { Link, useActionData } from "react-router";
import { roleAllows } from "#contract/operator.ts";
import { cardBatchCodes, cardBatchDetail, cardBatchRevoke } from "#contract/endpoints.ts";
import { formatUtc, formatUtcDay } from "../.server/admin.ts";
import { callOperatorApi, getOperator } from "../.server/cloud-api.ts";
import { cursorOf, idParam, parseForm, readPage, refusalOf, translatorOf } from "../.server/promotions.ts";
import { localeContext } from "../context.ts";
import { useTranslation } from "../i18n-context.tsx";
import { LINK, pageTitle } from "../promotions/format.ts";
import { FormAnswer, NextPage, RevokeButton } from "../promotions/parts.tsx";
import type { Route } from "./+types/cards.$id";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const detail = await readPage(context, () => callOperatorApi(context, cardBatchDetail, { batchId: idParam(params), after: cursorOf(request, "after") }));
  const role = getOperator(context).role;
  const locale = context.get(localeContext);
  const { batch, cards } = detail;
  return {
    ...detail,
    expires: formatUtcDay(locale, batch.expireTime),
    created: formatUtc(locale, batch.createdAt),
    // A card's last change: revoked, refunded or received, else the batch's making.
    cards: cards.map((card) => ({ ...card, when: formatUtc(locale, card.revokedAt ?? card.refundedAt ?? card.receivedAt ?? batch.createdAt) })),
    canRevoke: roleAllows(role, cardBatchRevoke.role),
    canDownload: roleAllows(role, cardBatchCodes.role),
  };
}

/** Revokes a card nobody received. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = parseForm(context, cardBatchRevoke.input, { batchId: idParam(params), cardKey: form.get("cardKey") }, "cards");
  if (!parsed.ok) return parsed.refusal;
  try {
    const card = await callOperatorApi(context, cardBatchRevoke, parsed.input);
    return { done: translatorOf(context)("cards.revoked", { code: card.codeEnd }) };
  } catch (error) {
    return refusalOf(context, error);
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageTitle(matches, (messages) => (loaderData ? messages.cards.batch.replace("{{id}}", String(loaderData.batch.id)) : messages.cards.title));

export default function CardBatch({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const answer = useActionData<typeof action>();
  const { batch, expires, created, cards, nextAfter, canRevoke, canDownload } = loaderData;
  return (
    <>
      <Link to="/cards" className={LINK}>
        {t("promo.backToList")}
      </Link>
      <h1 className="text-2xl font-semibold">{t("cards.batch", { id: batch.id })}</h1>
      <p>
        {t(`cards.kind_${batch.kind}`)}: {batch.packageName}. {t("cards.expiresOn", { date: expires })}
      </p>
      <p data-testid="batch-counts">{t("cards.counts", { size: batch.size, unused: batch.unused, received: batch.received, refunded: batch.refunded, revoked: batch.revoked })}</p>
      <p>{t("cards.createdBy", { email: batch.createdBy, date: created })}</p>
      {canDownload && (
        <a href={`/cards/${batch.id}/codes.csv`} download={`cards-${batch.id}.csv`} className={LINK}>
          {t("cards.download")}
        </a>
      )}
      <FormAnswer answer={answer} />
      <section aria-labelledby="codes" className="mt-6">
        <h2 id="codes" className="text-xl font-semibold">
          {t("cards.codesTitle")}
        </h2>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col">{t("cards.codeEnd")}</th>
              <th scope="col">{t("cards.state")}</th>
              <th scope="col">{t("cards.device")}</th>
              <th scope="col">{t("cards.when")}</th>
              {canRevoke && <th scope="col">{t("promo.revoke")}</th>}
            </tr>
          </thead>
          <tbody>
            {cards.map((card) => (
              <tr key={card.cardKey} data-testid={`card-${card.codeEnd}`} className="border-t border-neutral-200 dark:border-neutral-800">
                <td>…{card.codeEnd}</td>
                <td>{t(`cards.state_${card.state}`)}</td>
                <td>{card.deviceId ?? "—"}</td>
                <td>{card.when}</td>
                {canRevoke && (
                  <td>
                    {card.state === "unused" && (
                      <RevokeButton field="cardKey" value={card.cardKey} names={`…${card.codeEnd}`} />
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <NextPage param="after" cursor={nextAfter} />
      </section>
    </>
  );
}
