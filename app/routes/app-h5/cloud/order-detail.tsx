import { Link } from "react-router";
import { loadOrder, orderFacts } from "#app/.server/orders/order-view.ts";
import { providerClients } from "#app/.server/purchase/providers.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { carriedQuery, linkFrom, screenUrl } from "#app/.server/screen-url.ts";
import { closeQuestionsOpenedByOtherSites } from "#app/.server/security.ts";
import { CancelSheet, OrderActions } from "#app/components/orders/order-actions.tsx";
import { FactList } from "#app/components/orders/fact-list.tsx";
import { OrderError } from "#app/components/orders/order-error.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/order-detail";
import { NoBreak } from "#app/components/no-break.tsx";
import { Address } from "#app/components/address.tsx";

// Cancel and Repay post here exactly as on the order lists, and the page reloads as the lists do.
export { action } from "./order-list.tsx";
export { revalidateOrders as shouldRevalidate } from "#app/components/orders/order-actions.tsx";

/**
 * One order in full (`?orderId=`), reached from its card: what was bought for which period, what was
 * paid and how, every status change, and for a refund where it stands and what comes next.
 */
export async function loader(args: Route.LoaderArgs) {
  const req = requestOf(args.context);
  const url = screenUrl(args.request);
  closeQuestionsOpenedByOtherSites(args.request, url, ["cancel"]);
  const { launch } = req.requireLaunch("device");
  const facts = orderFacts(req, launch, await loadOrder(req, url.searchParams.get("orderId")));
  return {
    title: req.t("orderDetail.title"),
    order: { ...facts, ordersHref: linkFrom(url, facts.ordersHref), receiptHref: facts.receiptHref && linkFrom(url, facts.receiptHref) },
    /** The cancel question's address keeps the order and this screen's language. */
    keep: { ...carriedQuery(url), orderId: facts.orderId },
    providers: providerClients(req.env, req.locale),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function OrderDetail({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { order } = view;
  const rows: [string, string | null][] = [
    [t("orders.number"), order.orderId],
    [t("orderDetail.device"), order.device],
    [t("orderDetail.period"), order.period],
    [t("orderDetail.price"), order.price],
    [t("coupon.label"), order.coupon],
    [order.paidLabel, order.paid],
    [t("orders.method"), order.method],
    [t("orderDetail.reference"), order.reference],
    [t("orders.created"), order.created],
    [t("orders.paidAt"), order.paidAt || null],
  ];
  return (
    <main className="mx-auto max-w-md p-3 pb-10">
      <div className="flex items-center justify-between gap-3">
        <h1 className="px-1 py-2 text-lg font-semibold">{view.title}</h1>
        <Link to={order.ordersHref} className="tap-target inline-flex items-center rounded-full px-3 text-sm text-sky-700">
          {t("orderDetail.allOrders")}
        </Link>
      </div>

      <section aria-labelledby="order-heading" className="rounded-2xl bg-white p-4">
        <div className="flex items-start justify-between gap-3">
          <h2 id="order-heading" dir="auto" className="font-semibold">
            {order.serviceName}
          </h2>
          <span className="shrink-0 rounded-full bg-neutral-100 px-2 py-0.5 text-xs">{order.status}</span>
        </div>
        <FactList rows={rows} className="mt-2" />
        {order.periodRevoked && <p className="mt-2 text-sm text-neutral-600">{t("orderDetail.periodRevoked")}</p>}
        <OrderActions
          order={{ id: order.orderId, canCancel: order.canCancel, canRepay: order.canRepay }}
          keep={view.keep}
          enhanced={hydrated}
          providers={view.providers}
        />
        {order.receiptHref && (
          <p className="mt-3 text-end">
            <Link to={order.receiptHref} className="tap-target inline-flex items-center text-sm font-medium text-sky-700 underline">
              {t("receipt.open")}
            </Link>
          </p>
        )}
      </section>

      {order.refund && (
        <section aria-labelledby="refund-heading" className="mt-3 rounded-2xl bg-white p-4">
          <h2 id="refund-heading" className="text-base font-semibold">
            {t("orderDetail.refund.title")}
          </h2>
          <ol className="mt-3 grid gap-3">
            {order.refund.steps.map((step) => (
              <li key={step.label} aria-current={step.state === "current" ? "step" : undefined} className="flex items-start gap-3 text-sm">
                <span
                  aria-hidden="true"
                  className={`mt-1 size-3 shrink-0 rounded-full border-2 ${
                    step.state === "done" ? "border-green-600 bg-green-600" : step.state === "current" ? "border-sky-600 bg-white" : "border-neutral-300 bg-white"
                  }`}
                />
                <span className="flex flex-col">
                  <span className={step.state === "upcoming" ? "text-neutral-500" : "font-medium"}>
                    {step.label}
                    <span className="sr-only"> ({t(`orderDetail.refund.state.${step.state}`)})</span>
                  </span>
                  {step.time && <span dir="ltr" className="self-start whitespace-nowrap text-neutral-600">
                      {step.time}
                    </span>}
                </span>
              </li>
            ))}
          </ol>
          <FactList rows={[[t("orderDetail.refund.amount"), order.refund.amount]]} className="mt-3" />
          <div className={`mt-3 rounded-lg p-3 text-sm ${order.refund.late ? "bg-amber-50 text-amber-900" : "bg-sky-50 text-sky-800"}`}>
            <p>
              <NoBreak text={order.refund.next} />
            </p>
            {order.refund.support && (
              <p className="mt-2">
                {/* The address goes under its label when both do not fit on one line. */}
                <a href={order.refund.support.href} className="tap-target inline-flex flex-wrap items-center gap-x-1 font-medium underline">
                  <span>{t("service.support")}:</span> <Address text={order.refund.support.label} />
                </a>
              </p>
            )}
          </div>
        </section>
      )}

      <section aria-labelledby="history-heading" className="mt-3 rounded-2xl bg-white p-4">
        <h2 id="history-heading" className="text-base font-semibold">
          {t("orderDetail.history")}
        </h2>
        <ol className="mt-3 grid gap-2 border-s-2 border-neutral-200 ps-4">
          {order.timeline.map((event, index) => (
            <li key={index} className="text-sm">
              <span className="block font-medium">{event.label}</span>
              <span dir="ltr" className="inline-block whitespace-nowrap text-neutral-600">
                {event.time}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <CancelSheet cancellable={order.canCancel ? [order.orderId] : []} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderError error={error} />;
}
