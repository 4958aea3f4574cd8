import { Form, useActionData, useLoaderData } from "react-router";
import { Status } from "#contract/codes.ts";
import { deliveryList, deliveryResend } from "#contract/endpoints.ts";
import { DELIVERY_STATES, roleAllows } from "#contract/operator.ts";
import { buttonClass, cellClass, Field, fieldClass, Listing, Notice, pageQuery, PageTitle, Pager, quietButtonClass } from "../admin/ui.tsx";
import { filledIn, formatUtc, refusalOf } from "../.server/admin.ts";
import { callOperatorApi, getOperator, OperatorApiError } from "../.server/cloud-api.ts";
import { operatorApiMessage, withOperatorMessages } from "../.server/errors.ts";
import { translatorFor } from "../.server/locale.ts";
import { localeContext } from "../context.ts";
import { useTranslation } from "../i18n-context.tsx";
import type { Route } from "./+types/deliveries";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${matches[0].loaderData.messages.deliveries.title} · ${matches[0].loaderData.messages.shell.title}` }];

const FILTERS = ["endpoint", "state", "orderId"] as const;

/** The filters are a GET form, so that a filtered page is a link and works without JavaScript. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const t = translatorFor(locale);
  const query = filledIn(new URL(request.url).searchParams);
  const filters = Object.fromEntries(FILTERS.map((name) => [name, query[name] ?? ""])) as Record<(typeof FILTERS)[number], string>;
  const canSendAgain = roleAllows(getOperator(context).role, deliveryResend.role);
  const input = deliveryList.input.safeParse({ ...filledIn(Object.entries(filters)), ...(query.after ? { after: query.after } : {}) });
  if (!input.success) return { filters, canSendAgain, refusal: refusalOf(input.error, t), endpoints: [], deliveries: [], more: null, paged: false };
  const { endpoints, deliveries, next } = await withOperatorMessages(context, () => callOperatorApi(context, deliveryList, input.data));
  return {
    filters,
    canSendAgain,
    refusal: undefined,
    endpoints,
    deliveries: deliveries.map((delivery) => ({
      ...delivery,
      lastAnswer: delivery.lastAttemptAt === null ? null : [delivery.lastStatus === null ? t("deliveries.noAnswer") : `HTTP ${delivery.lastStatus}`, delivery.lastError].filter(Boolean).join(" · "),
      lastTry: delivery.lastAttemptAt === null ? t("deliveries.never") : formatUtc(locale, delivery.lastAttemptAt),
    })),
    more: next === null ? null : pageQuery(filters, { after: next }),
    paged: Boolean(query.after),
  };
}

/** Send again: the same event, queued afresh for the endpoint (support and admin; the cloud-api refuses a viewer). */
export async function action({ request, context }: Route.ActionArgs) {
  const t = translatorFor(context.get(localeContext));
  const input = deliveryResend.input.safeParse(filledIn(await request.formData()));
  if (!input.success) return refusalOf(input.error, t);
  try {
    const delivery = await callOperatorApi(context, deliveryResend, input.data);
    return { done: t("deliveries.sentAgain", { event: `${delivery.eventType} ${delivery.eventId}`, endpoint: delivery.endpoint }) };
  } catch (error) {
    if (error instanceof OperatorApiError && error.status === Status.notFound) return { refused: t("errors.notFound") };
    const message = operatorApiMessage(error, t, getOperator(context));
    if (message === null) throw error;
    return { refused: message };
  }
}

export default function Deliveries() {
  const { t } = useTranslation();
  const page = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  return (
    <>
      <PageTitle title={t("deliveries.title")} intro={t("deliveries.intro")} />
      <Notice outcome={outcome} />
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-4" aria-label={t("deliveries.filters")}>
        <Field id="filter-endpoint" label={t("deliveries.endpoint")}>
          <select id="filter-endpoint" name="endpoint" defaultValue={page.filters.endpoint} className={fieldClass}>
            <option value="">{t("deliveries.any")}</option>
            {page.endpoints.map((endpoint) => (
              <option key={endpoint} value={endpoint}>
                {endpoint}
              </option>
            ))}
          </select>
        </Field>
        <Field id="filter-state" label={t("deliveries.state")}>
          <select id="filter-state" name="state" defaultValue={page.filters.state} className={fieldClass}>
            <option value="">{t("deliveries.any")}</option>
            {DELIVERY_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`deliveries.states_${state}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="filter-order" label={t("deliveries.orderId")}>
          <input id="filter-order" name="orderId" defaultValue={page.filters.orderId} className={fieldClass} />
        </Field>
        <button type="submit" className={buttonClass}>
          {t("deliveries.apply")}
        </button>
      </Form>
      <Notice outcome={page.refusal} />
      <Listing
        columns={[
          ...(["event", "orderId", "endpoint", "state", "attempts", "lastAnswer", "lastTry"] as const).map((column) => t(`deliveries.${column}`)),
          ...(page.canSendAgain ? [t("deliveries.sendAgain")] : []),
        ]}
        empty={page.deliveries.length === 0 ? t("deliveries.none") : null}
      >
        {page.deliveries.map((delivery) => (
          <tr key={`${delivery.eventId}/${delivery.endpoint}`} data-testid="delivery-row">
            <td className={cellClass}>
              {delivery.eventType}
              <br />
              <span className="font-mono text-xs">{delivery.eventId}</span>
            </td>
            <td className={cellClass}>{delivery.orderId ?? "–"}</td>
            <td className={cellClass}>{delivery.endpoint}</td>
            <td className={cellClass}>{t(`deliveries.states_${delivery.state}`)}</td>
            <td className={cellClass}>{delivery.attempts}</td>
            <td className={cellClass}>{delivery.lastAnswer ?? "–"}</td>
            <td className={cellClass}>{delivery.lastTry}</td>
            {page.canSendAgain && (
              <td className={cellClass}>
                <Form method="post">
                  <input type="hidden" name="eventId" value={delivery.eventId} />
                  <input type="hidden" name="endpoint" value={delivery.endpoint} />
                  <button type="submit" className={quietButtonClass} aria-label={t("deliveries.sendAgainLabel", { event: delivery.eventType, endpoint: delivery.endpoint })}>
                    {t("deliveries.sendAgain")}
                  </button>
                </Form>
              </td>
            )}
          </tr>
        ))}
      </Listing>
      <Pager
        first={page.paged ? { href: pageQuery(page.filters), label: t("deliveries.first") } : null}
        next={page.more ? { href: page.more, label: t("deliveries.more") } : null}
      />
    </>
  );
}
