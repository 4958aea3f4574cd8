import { useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useNavigate, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import { canCancel, canRepay, orderNote, orderStatusName } from "#domain/order-status.ts";
import { intlLocale, type Language } from "#domain/languages.ts";
import { formatMoney, toCents } from "#domain/money.ts";
import { formatUnixSeconds } from "#app/.server/format.ts";
import { buyerTimeZone } from "#app/.server/time-zone.ts";
import { getI18n, getLocale } from "#app/.server/i18n.ts";
import { requireLaunch } from "#app/.server/identity.ts";
import { nextStep } from "#app/.server/purchase/confirm.ts";
import { screenUrl } from "#app/.server/screen-url.ts";
import { cancelOrder, orderList, repayOrder } from "#app/.server/upstream/endpoints.ts";
import { upstreamFor } from "#app/.server/upstream/for-request.ts";
import { cloudflareContext, sessionContext } from "#app/context.ts";
import { providerClients } from "#app/.server/purchase/providers.ts";
import { orderDetailHref } from "#app/.server/service-screens.ts";
import { ErrorView } from "#app/components/error-view.tsx";
import type { PaymentStep } from "#app/components/purchase/payment-step.ts";
import { useHydrated } from "remix-utils/use-hydrated";
import { FactList } from "#app/components/orders/fact-list.tsx";
import { CancelSheet, OrderActions, type CardFailure } from "#app/components/orders/order-actions.tsx";
import { revalidateUnlessOnly } from "#app/components/sheet-history.ts";
import type { ProviderClients } from "#app/components/purchase/provider-clients.ts";
import { usePullToRefresh } from "#app/components/use-pull-to-refresh.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/order-list";
import { readFormFields } from "#app/.server/form.ts";

/** Spec §9: five orders a page, pages from 1; an empty page ends the list. */
const PAGE_SIZE = 5;

/** The four order lists of spec §2 share this module; the path says which service it lists. */
const LISTS: Record<string, { serviceType: number; titleKey: string }> = {
  "/app-h5/cloud/storage/order/list": { serviceType: 1, titleKey: "orders.storageTitle" },
  "/app-h5/cloud/mobile-data/order/list": { serviceType: 2, titleKey: "orders.mobileDataTitle" },
  "/app-h5/cloud/vip-package/order/list": { serviceType: 5, titleKey: "orders.vipTitle" },
  "/app-h5/cloud/ai-srv-package/order/list": { serviceType: 6, titleKey: "orders.aiTitle" },
};

function listOf(url: URL) {
  const list = LISTS[url.pathname];
  if (!list) throw data(null, { status: 404 });
  return list;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { launch } = requireLaunch(context, "device");
  const url = screenUrl(request);
  const list = listOf(url);
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const result = await upstreamFor(context, request).call(orderList, { deviceId: launch.deviceId, type: list.serviceType, pageNum: page, pageSize: PAGE_SIZE });
  const { t } = getI18n(context);
  const intl = intlLocale(getLocale(context) as Language);
  const timeZone = buyerTimeZone(request, launch.countryCode);
  const orders = result.ok ? result.data.orderList : [];
  return {
    title: t(list.titleKey),
    // A card order is paid again in Stripe's embedded checkout, opened on this screen.
    stripe: providerClients(context.get(cloudflareContext).env, getLocale(context)).stripe,
    page,
    error: result.ok ? null : result.msg || t("errors.unexpected"),
    orders: orders.map((order) => ({
      id: order.orderId,
      name: order.serviceName,
      status: order.status,
      statusKey: orderStatusName(order.status) ?? "unknown",
      note: orderNote(order.status),
      detailHref: orderDetailHref(order.orderId),
      paymentType: order.paymentType,
      period: order.period,
      created: formatUnixSeconds(order.createTime, timeZone),
      paid: formatUnixSeconds(order.paymentTime, timeZone),
      amount: formatMoney(toCents(order.realPayPrice), order.currencyUint, intl),
      canCancel: canCancel(order.status),
      canRepay: canRepay(order.status, order.paymentType),
    })),
    // An empty page (or a short one) ends the list.
    nextHref: orders.length === PAGE_SIZE ? `${url.pathname}?page=${page + 1}` : null,
    firstHref: url.pathname,
  };
}

const orderAction = z.object({
  intent: z.enum(["cancel", "repay"]),
  orderId: z.string().max(64),
  enhanced: z.enum(["0", "1"]).default("0"),
});

/** Cancel (after the buyer confirmed) and repay, as form posts (spec §4, §8). */
export async function action({ context, request }: Route.ActionArgs) {
  requireLaunch(context, "device");
  const { t } = getI18n(context);
  const fields = await readFormFields(request);
  if (!fields) return data<PaymentStep>({ step: "error", message: t("errors.badForm") }, { status: 400 });
  const form = orderAction.safeParse(fields);
  // Spec §5: cancel does nothing without an order id.
  if (!form.success || form.data.orderId === "") return data<PaymentStep>({ step: "error", message: t("errors.unexpected") }, { status: 400 });
  const api = upstreamFor(context, request);
  if (form.data.intent === "cancel") {
    const result = await api.call(cancelOrder, { orderId: form.data.orderId });
    // The answer belongs to the card that posted it; a conflict means the order moved on (the list shows how).
    if (!result.ok) {
      const message = result.status === CONFLICT ? t("orders.cannotCancel") : result.msg || t("errors.unexpected");
      return data<CardFailure>({ step: "error", message, orderId: form.data.orderId }, { status: 400 });
    }
    context.get(sessionContext).flash("toast", { kind: "success", message: t("orders.cancelled") });
    return null;
  }
  const result = await api.call(repayOrder, { orderId: form.data.orderId });
  if (!result.ok) return data<PaymentStep>({ step: "error", message: result.msg || t("errors.unexpected") }, { status: 400 });
  return nextStep(result.data, request.url, form.data.enhanced === "1", t("pay.needsScript"));
}

const CONFLICT = 409;

// After any post, even a refused one, the list is read again: it shows each order as it really is. The
// cancel confirmation and the card repay sheet open and close without reloading it.
const sheetsDoNotReload = revalidateUnlessOnly("cancel", "repay");
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return args.formMethod === "POST" ? true : sheetsDoNotReload(args);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

type Order = Route.ComponentProps["loaderData"]["orders"][number];

export default function OrderList({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // A refresh starts the appended pages over: a new generation remounts them with a fresh fetcher.
  const [generation, setGeneration] = useState(0);
  const refreshing = navigation.state === "loading" && navigation.location.pathname === view.firstHref && !navigation.location.search;
  const refresh = () => {
    setGeneration((g) => g + 1);
    void navigate(view.firstHref, { replace: true, preventScrollReset: true });
  };
  const pull = usePullToRefresh(refresh);

  return (
    <main className="mx-auto max-w-md p-3 pb-10">
      <div aria-live="polite" className="overflow-hidden text-center text-xs text-neutral-600" style={{ height: refreshing ? 32 : Math.min(pull.distance, 96) }}>
        <p className="py-2">{refreshing ? t("orders.refreshing") : pull.state === "ready" ? t("orders.releaseToRefresh") : pull.state === "pulling" ? t("orders.pullToRefresh") : ""}</p>
      </div>
      <div className="flex items-center justify-between gap-3">
        <h1 className="px-1 py-2 text-lg font-semibold">{view.title}</h1>
        {/* Pull-to-refresh has no keyboard; this link does the same (and reloads page 1 without JavaScript). */}
        <Link
          to={view.firstHref}
          replace
          onClick={(event) => {
            event.preventDefault();
            refresh();
          }}
          className="tap-target inline-flex items-center rounded-full px-3 text-sm text-sky-700"
        >
          {t("orders.refresh")}
        </Link>
      </div>
      {view.error !== null && (
        <p role="alert" className="rounded-2xl bg-white p-4 text-sm text-red-700">
          {view.error}
        </p>
      )}
      {view.error === null && view.orders.length === 0 && view.page === 1 && (
        <p className="rounded-2xl bg-white p-6 text-center text-sm text-neutral-600">{t("orders.empty")}</p>
      )}
      {/* Pages appended by scrolling belong to the page they follow: opening another page by its link starts them over. */}
      <OrderPages key={`${generation}:${view.page}`} view={view} />
      <CancelSheet />
      {view.page > 1 && (
        <p className="text-center">
          <Link to={view.firstHref} className="tap-target inline-flex items-center px-3 text-sm text-sky-700">
            {t("orders.first")}
          </Link>
        </p>
      )}
    </main>
  );
}

/** The loaded page, the pages appended by infinite scroll, and the link or sentinel for the next one. */
function OrderPages({ view }: { view: Route.ComponentProps["loaderData"] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const more = useFetcher<typeof loader>();
  const [extra, setExtra] = useState<{ orders: Order[]; nextHref: string | null; from: string }>({ orders: [], nextHref: null, from: "" });
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
    // Spec §9: the next page loads when the end of the list comes within 100 px.
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && more.state === "idle") more.load(nextHref);
    }, { rootMargin: "100px" });
    observer.observe(target);
    return () => observer.disconnect();
  }, [nextHref, more]);

  return (
    <>
      <ul className="grid gap-3">
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} page={view.page} enhanced={hydrated} stripe={view.stripe} />
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
    </>
  );
}

function OrderCard({ order, page, enhanced, stripe }: { order: Order; page: number; enhanced: boolean; stripe: ProviderClients["stripe"] }) {
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
      <div className="flex items-start justify-between gap-3">
        <h2 dir="auto" className="font-semibold">
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
        <OrderActions order={order} keep={page > 1 ? { page: String(page) } : {}} enhanced={enhanced} stripe={stripe} />
      </div>
    </li>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
