import { data, Link } from "react-router";
import { loadOrder, orderFacts } from "#app/.server/orders/order-view.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { linkFrom, screenUrl } from "#app/.server/screen-url.ts";
import { orderDetailHref } from "#app/catalogue/links.ts";
import { FactList } from "#app/components/orders/fact-list.tsx";
import { OrderError } from "#app/components/orders/order-error.tsx";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/order-receipt";

/**
 * The receipt of a paid order (`?orderId=`): one plain page that prints (or saves as PDF) cleanly,
 * rendered on the server so that it needs no JavaScript. An order not paid has no receipt (404).
 */
export async function loader(args: Route.LoaderArgs) {
  const req = requestOf(args.context);
  const { launch } = req.requireLaunch("device");
  const url = screenUrl(args.request);
  const order = orderFacts(req, launch, await loadOrder(req, url.searchParams.get("orderId")));
  if (!order.receiptHref) throw data(null, { status: 404 });
  return { title: req.t("receipt.title", { orderId: order.orderId }), order, detailHref: linkFrom(url, orderDetailHref(order.orderId)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function OrderReceipt({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { order } = view;
  const seller: [string, string | null][] = [
    [t("receipt.merchant"), order.seller.name],
    [t("receipt.address"), order.seller.address],
    [t("receipt.taxId"), order.seller.taxId],
  ];
  const rows: [string, string | null][] = [
    [t("orders.number"), order.orderId],
    [t("orders.created"), order.created],
    [t("orders.paidAt"), order.paidAt],
    [t("receipt.package"), order.serviceName],
    [t("orderDetail.device"), order.device],
    [t("orderDetail.period"), order.period],
    [t("orderDetail.price"), order.price],
    [t("coupon.label"), order.coupon],
    [t("orders.method"), order.method],
    [t("orderDetail.reference"), order.reference],
  ];
  return (
    <main className="mx-auto max-w-md p-3 pb-10 print:max-w-none print:p-0">
      <div className="flex items-center justify-between gap-3 print:hidden">
        <Link to={view.detailHref} className="tap-target inline-flex items-center rounded-full px-3 text-sm text-sky-700">
          {t("receipt.backToOrder")}
        </Link>
        {/* Printing needs the browser's print dialog; without JavaScript the browser's own menu prints the page. */}
        {hydrated && (
          <button type="button" onClick={() => window.print()} className="tap-target rounded-full bg-sky-700 px-4 text-sm font-semibold text-white">
            {t("receipt.print")}
          </button>
        )}
      </div>
      <article aria-labelledby="receipt-heading" className="mt-2 rounded-2xl bg-white p-5 print:mt-0 print:rounded-none print:p-0 print:break-inside-avoid">
        <h1 id="receipt-heading" className="text-xl font-bold">
          {t("receipt.heading")}
        </h1>
        <FactList rows={seller} className="mt-3" />
        <FactList rows={rows} className="mt-4 border-y border-neutral-200 py-4" />
        <p className="mt-4 flex items-baseline justify-between gap-3">
          <span className="font-semibold">{t("receipt.total", { currency: order.currencyCode })}</span>
          <span className="text-2xl font-bold whitespace-nowrap">{order.paid}</span>
        </p>
        <FactList rows={[[order.tax.label, order.tax.amount]]} className="mt-1" />
        <p className="mt-6 text-xs text-neutral-600">{t("receipt.note")}</p>
      </article>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <OrderError error={error} />;
}
