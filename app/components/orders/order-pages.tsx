import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import type { OrderCardView, OrderListView } from "#app/.server/orders/order-list.ts";
import { FactList } from "#app/components/orders/fact-list.tsx";
import { CancelSheet, OrderActions } from "#app/components/orders/order-actions.tsx";
import type { ProviderClients } from "#app/components/purchase/provider-clients.ts";
import { useTranslation } from "#app/i18n/context.tsx";

/** The loaded page, the pages appended by infinite scroll, the link or sentinel for the next one, and the cancel question over their orders. */
export function OrderPages({ view }: { view: OrderListView }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const more = useFetcher<OrderListView>();
  const [extra, setExtra] = useState<{ orders: OrderCardView[]; nextHref: string | null; from: string }>({ orders: [], nextHref: null, from: "" });
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll: pages fetched with JavaScript are appended after the loaded one.
  const loaded = more.data && more.state === "idle" ? more.data : null;
  if (loaded && extra.from !== `${loaded.page}` && loaded.page > view.page) {
    setExtra((prev) => ({ orders: [...prev.orders, ...loaded.orders], nextHref: loaded.nextHref, from: `${loaded.page}` }));
  }
  const orders = [...view.orders, ...extra.orders];
  const nextHref = extra.from ? extra.nextHref : view.nextHref;

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !nextHref) return;
    // Product-rules §9: the next page loads when the end of the list comes within 100 px.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && more.state === "idle") more.load(nextHref);
    }, { rootMargin: "100px" });
    observer.observe(target);
    return () => observer.disconnect();
  }, [nextHref, more]);

  const keep = view.page > 1 ? { ...view.carried, page: String(view.page) } : view.carried;
  return (
    <>
      <ul className="grid gap-3">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} keep={keep} enhanced={hydrated} providers={view.providers} />
        ))}
      </ul>
      {nextHref ? (
        <div ref={sentinel} className="py-4 text-center">
          {/* Without JavaScript the next page is a link; with it, scrolling here loads it. */}
          <Link to={nextHref} className="tap-target inline-flex items-center px-3 text-sm text-sky-700" aria-busy={more.state !== "idle"}>
            {more.state !== "idle" ? t("shell.pleaseWait") : t("orders.more")}
          </Link>
        </div>
      ) : (
        (orders.length > 0 || view.page > 1) && <p className="py-4 text-center text-xs text-neutral-600">{t("orders.noMore")}</p>
      )}
      <CancelSheet cancellable={orders.filter((order) => order.canCancel).map((order) => order.id)} />
    </>
  );
}

/** `keep`: the list page's own query parameters, which the cancel question's address keeps (its page, its language). */
function OrderCard({ order, keep, enhanced, providers }: { order: OrderCardView; keep: Record<string, string>; enhanced: boolean; providers: ProviderClients }) {
  const { t } = useTranslation();
  const rows: [string, string | null][] = [
    [t("orders.number"), order.id],
    [t("orders.method"), t(`pay.method.${order.paymentType}`)],
    [t("orders.validity"), String(order.period)],
    [t("orders.created"), order.created],
    [t("orders.paidAt"), order.paid || "—"],
    [t(order.paid ? "orders.amount" : "orderDetail.toPay"), order.amount],
  ];
  return (
    <li className="relative rounded-2xl bg-white p-4">
      {/* A long status beside a long name ("Wartet auf Zahlung") goes under it rather than past the screen's edge. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <h2 dir="auto" className="min-w-0 font-semibold">
          {/* The name's link covers the whole card: tapping anywhere on it opens the order in full. */}
          <Link to={order.detailHref} className="tap-target inline-flex items-center after:absolute after:inset-0 after:content-['']">
            {order.name}
          </Link>
        </h2>
        <span className="shrink-0 rounded-full bg-neutral-100 px-2 py-0.5 text-xs">{t(`orders.status.${order.statusKey}`)}</span>
      </div>
      {order.note && <p className="mt-1 text-sm text-neutral-700">{t(`orders.note.${order.note}`)}</p>}
      <FactList rows={rows} className="mt-2" />
      <div className="relative z-10">
        <OrderActions order={order} keep={keep} enhanced={enhanced} providers={providers} />
      </div>
    </li>
  );
}
