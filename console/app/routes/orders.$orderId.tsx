import { data, Link, redirect } from "react-router";
import { httpStatusOf, Status, type BusinessStatus } from "#contract/codes.ts";
import { operatorOrderDetail, operatorOrderRefund, operatorOrderResendFulfilment, operatorOrderResolve } from "#contract/endpoints.ts";
import { roleAllows } from "#contract/operator.ts";
import type { Route } from "./+types/orders.$orderId";
import { callOperatorApi, getOperator, OperatorApiError } from "../.server/cloud-api.ts";
import { operatorApiMessage } from "../.server/errors.ts";
import { translatorFor } from "../.server/locale.ts";
import { orderFormat } from "../.server/orders/format.ts";
import { orderView } from "../.server/orders/order-view.ts";
import { localeContext } from "../context.ts";
import { useTranslation } from "../i18n-context.tsx";
import { OrderActions } from "../orders/actions.tsx";
import { OrderRecord } from "../orders/record.tsx";
import { linkClass, Notice } from "../orders/ui.tsx";

/** What an action did, as the page after its redirect says it (post, redirect, get: a reload does not post again). */
const DONE = { refund: "order.refundRequested", "refund-pending": "order.refundPending", resend: "order.resent", resolve: "order.resolved" } as const;
type Done = keyof typeof DONE;
const isDone = (value: string | null): value is Done => value !== null && value in DONE;

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: loaderData?.title ?? "" }];

/** An order's page (issue 32 item 2): its record, and the actions the operator's role allows. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const t = translatorFor(locale);
  const operator = getOperator(context);
  let record;
  try {
    record = await callOperatorApi(context, operatorOrderDetail, { orderId: params.orderId });
  } catch (error) {
    if (error instanceof OperatorApiError && error.status === Status.notFound) throw data(null, { status: 404 });
    throw error;
  }
  const done = new URL(request.url).searchParams.get("done");
  return {
    title: t("order.title", { orderId: record.order.orderId }),
    view: orderView(record, t, orderFormat(locale)),
    canAct: roleAllows(operator.role, "support"),
    role: operator.role,
    done: isDone(done) ? t(DONE[done]) : null,
  };
}

/**
 * The order's actions, each a form post with its intent, parsed with its endpoint's input schema: a refund (a reason
 * required), sending fulfilment again, resolving its cases with a note. A refusal answers with the cloud-api's status
 * (403 for a role that may not, with the refund limit when that is why), worded in the operator's language.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const t = translatorFor(locale);
  const operator = getOperator(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const orderId = params.orderId;
  const back = (done: Done) => redirect(`/orders/${encodeURIComponent(orderId)}?done=${done}`);
  try {
    if (intent === "refund") {
      const input = operatorOrderRefund.input.safeParse({ orderId, reason: text("reason") });
      if (!input.success) return data({ intent, error: t("order.required", { field: t("order.refundReason") }) }, { status: 400 });
      const answer = await callOperatorApi(context, operatorOrderRefund, input.data);
      return back(answer.refund === "requested" ? "refund" : "refund-pending");
    }
    if (intent === "resend") {
      await callOperatorApi(context, operatorOrderResendFulfilment, operatorOrderResendFulfilment.input.parse({ orderId }));
      return back("resend");
    }
    if (intent === "resolve") {
      const input = operatorOrderResolve.input.safeParse({ orderId, note: text("note") });
      if (!input.success) return data({ intent, error: t("order.required", { field: t("order.resolveNote") }) }, { status: 400 });
      await callOperatorApi(context, operatorOrderResolve, input.data);
      return back("resolve");
    }
    return data({ intent: null, error: t("errors.invalid", { detail: "intent" }) }, { status: 400 });
  } catch (error) {
    // Support may refund: a refusal of theirs is the limit of the order's currency, which the session names.
    const overLimit = intent === "refund" && error instanceof OperatorApiError && error.status === Status.forbidden && roleAllows(operator.role, "support");
    const message = overLimit ? await refundLimitMessage(context, orderId, locale, t) : operatorApiMessage(error, t, operator);
    if (message === null) throw error;
    const status = error instanceof OperatorApiError && error.status !== "unavailable" ? httpStatusOf(error.status as BusinessStatus) : 503;
    return data({ intent, error: message }, { status });
  }
}

async function refundLimitMessage(context: Route.ActionArgs["context"], orderId: string, locale: Parameters<typeof orderFormat>[0], t: ReturnType<typeof translatorFor>) {
  const { order } = await callOperatorApi(context, operatorOrderDetail, { orderId });
  const limit = getOperator(context).refundLimits?.[order.currencyCode] ?? 0;
  return t("order.refundOverLimit", { limit: orderFormat(locale).money(limit, order.currencyCode) });
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { title, view, canAct, role, done } = loaderData;
  return (
    <>
      <Link to="/orders" className={linkClass}>
        {t("order.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{title}</h1>
      {done && <Notice tone="done">{done}</Notice>}
      {actionData?.error && <Notice tone="refused">{actionData.error}</Notice>}
      {canAct ? <OrderActions view={view} /> : <p className="mt-4">{t("order.readOnly", { role: t(`roles.${role}`) })}</p>}
      <OrderRecord view={view} />
    </>
  );
}
