import { useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { OrderStatus } from "#domain/order-status.ts";
import { DeviceType, ServiceType } from "#domain/services.ts";
import { requestOf } from "#app/.server/request-context.ts";
import { orderDetail, orderStatus } from "#app/.server/upstream/endpoints.ts";
import { orderFacts } from "#app/.server/orders/order-view.ts";
import { FactList } from "#app/components/orders/fact-list.tsx";
import { orderDetailHref, withQuery } from "#app/catalogue/links.ts";
import { SERVICES, serviceOf } from "#app/catalogue/screens.ts";
import { useTranslation } from "#app/i18n/context.tsx";
import type { Route } from "./+types/payment-result";
import { screenUrl } from "#app/.server/screen-url.ts";

/**
 * Product-rules §9: the result is confirmed within 15 s; after that the page stops asking, says the payment has
 * not arrived, and sends the buyer to the order (to pay or cancel it) or the order list (check in 5 minutes).
 */
const POLL_MS = 3_000;
const CONFIRM_WITHIN_MS = 15_000;
const NO_SCRIPT_POLLS = CONFIRM_WITHIN_MS / POLL_MS;

type Phase = "pending" | "paid" | "succeeded" | "refund" | "failed" | "closed" | "cancelled" | "abandoned";

const PHASES: Record<number, Phase> = {
  [OrderStatus.waitingToPay]: "pending",
  [OrderStatus.paying]: "pending",
  [OrderStatus.paid]: "paid",
  [OrderStatus.buying]: "paid",
  [OrderStatus.purchaseSucceeded]: "succeeded",
  [OrderStatus.finished]: "succeeded",
  [OrderStatus.paymentFailed]: "failed",
  [OrderStatus.cancelled]: "cancelled",
  [OrderStatus.closed]: "cancelled",
  [OrderStatus.paymentClosed]: "closed",
  [OrderStatus.waitingForRefund]: "refund",
  [OrderStatus.refunding]: "refund",
  [OrderStatus.refunded]: "refund",
  [OrderStatus.refundFailed]: "refund",
  [OrderStatus.refundClosed]: "refund",
};

/** Phases the order can still leave by itself: the page follows them (paid: the package is being bought). */
const FOLLOWED = new Set<Phase>(["pending", "paid"]);
/** Phases that end without a package: the page offers the service's purchase screen again. */
const BUY_AGAIN = new Set<Phase>(["failed", "closed", "cancelled", "abandoned"]);
/**
 * Phases whose order is worth opening: an unpaid one to pay or cancel, and a failed payment (8004), which a
 * late success from the provider still completes until the order closes (issue 31: the page says so).
 */
const OPEN_ORDER = new Set<Phase>(["pending", "failed"]);
/** Phases in which the buyer has paid for a package: the page says what was bought (issue 31 item 3). */
const BOUGHT = new Set<Phase>(["paid", "succeeded"]);

/**
 * The payment result (product-rules §2 cloud_order_result): follows the order's status, which the cloud-api
 * settles with the provider, never trusting the arrival here. Until the order is active, failed or closed
 * the page asks again every 3 s (a meta refresh without JavaScript) for 15 s, then points to the order
 * list. An unpaid order whose checkout the buyer left says so.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const req = requestOf(context);
  const { launch } = req.requireLaunch("device");
  const url = screenUrl(request);
  const orderId = url.searchParams.get("orderId") ?? "";
  const polls = Math.max(0, Math.min(NO_SCRIPT_POLLS, Number(url.searchParams.get("poll")) || 0));
  const { t } = req;
  // A SIM device's own service is 4G data; anything else's, cloud storage.
  const fallbackList = SERVICES[launch.deviceType === DeviceType.sim ? ServiceType.mobileData : ServiceType.cloudStorage].orders;
  const nothingMore = { ordersHref: fallbackList, orderHref: null, buyAgainHref: null, nextPollHref: null, bought: null, doneHref: null };
  if (!orderId) return { title: t("result.title"), orderId, phase: "noOrder" as const, message: null, ...nothingMore };
  const result = await req.upstream.call(orderStatus, { orderId });
  if (!result.ok) return { title: t("result.title"), orderId, phase: "unknown" as const, message: result.msg, ...nothingMore };
  const status = PHASES[result.data.status] ?? "failed";
  const phase: Phase = status === "pending" && (result.data.paymentState === "cancelled" || result.data.paymentState === "failed") ? "abandoned" : status;
  const next = new URLSearchParams({ orderId, poll: String(polls + 1) });
  const service = serviceOf(result.data.serviceType);
  // Buy again offers the same package (an operator's backend may not say which it was).
  const buyAgain = service && (result.data.packageId ? withQuery(service.buy, { package: String(result.data.packageId) }) : service.buy);
  // What was bought is read once the order is paid; a detail the upstream refuses leaves the summary out, not the result.
  const detail = BOUGHT.has(phase) ? await req.upstream.call(orderDetail, { orderId, language: req.locale }) : null;
  const facts = detail?.ok ? orderFacts(req, launch, detail.data) : null;
  return {
    title: t("result.title"),
    orderId,
    phase,
    message: null,
    ordersHref: service?.orders ?? fallbackList,
    orderHref: OPEN_ORDER.has(phase) ? orderDetailHref(orderId) : null,
    buyAgainHref: BUY_AGAIN.has(phase) ? (buyAgain ?? null) : null,
    nextPollHref: FOLLOWED.has(phase) && polls < NO_SCRIPT_POLLS ? `${url.pathname}?${next}` : null,
    bought: facts && {
      rows: [
        [t("receipt.package"), facts.serviceName],
        [t("orderDetail.device"), facts.device],
        [t("orders.amount"), facts.paid],
        [t("orderDetail.period"), facts.period],
      ] satisfies [string, string | null][],
    },
    // Done returns to where the purchase started: the service's purchase screen, which now shows what is in use.
    doneHref: BOUGHT.has(phase) ? (service?.buy ?? null) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function PaymentResult({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  // The revalidator is a new object every render: the polling reads it through a ref, so that its
  // 15-second clock starts once, when the page opens, and is not restarted by each answer.
  const latest = useRef(revalidator);
  useEffect(() => {
    latest.current = revalidator;
  });
  const [waitedLong, setWaitedLong] = useState(false);
  const following = FOLLOWED.has(view.phase as Phase);

  useEffect(() => {
    if (!following) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= CONFIRM_WITHIN_MS) {
        setWaitedLong(true);
        clearInterval(timer);
      } else if (latest.current.state === "idle") {
        void latest.current.revalidate();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [following]);

  const pending = view.phase === "pending";
  const stillFollowing = following && (waitedLong || view.nextPollHref === null);
  // Past the 15 s an unpaid order is not "being checked" any more: the buyer may not have paid at all.
  const shown = pending && stillFollowing ? "notYet" : view.phase;
  return (
    <main className="mx-auto max-w-md p-4">
      {view.nextPollHref && (
        <noscript>
          <meta httpEquiv="refresh" content={`${POLL_MS / 1000};url=${view.nextPollHref}`} />
        </noscript>
      )}
      <section className="rounded-2xl bg-white p-6 text-center" aria-live="polite">
        <h1 className="text-lg font-semibold">{t(`result.${shown}.title`)}</h1>
        <p className="mt-2 text-sm text-neutral-700">{view.message ?? t(`result.${shown}.body`)}</p>
        {pending && <p className="mt-2 text-sm font-medium text-orange-700">{t("result.doNotPayTwice")}</p>}
        {stillFollowing && <p className="mt-2 text-sm text-neutral-700">{t("result.checkOrdersLater")}</p>}
        {view.phase === "failed" && <p className="mt-2 text-sm text-neutral-700">{t("result.networkDelay")}</p>}
        {view.orderId && (
          <p className="mt-1 text-xs text-neutral-500" dir="ltr">
            {t("result.orderId", { orderId: view.orderId })}
          </p>
        )}
        {view.bought && (
          <section aria-labelledby="bought-heading" className="mt-4 rounded-xl bg-panel p-3 text-start">
            <h2 id="bought-heading" className="mb-1 text-sm font-semibold">
              {t("result.summary")}
            </h2>
            <FactList rows={view.bought.rows} />
          </section>
        )}
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {view.doneHref && (
            <Link to={view.doneHref} className="inline-block rounded-full bg-sky-700 px-6 py-3 text-sm font-semibold text-white">
              {t("result.done")}
            </Link>
          )}
          {shown !== "pending" && view.orderHref && (
            <Link to={view.orderHref} className="inline-block rounded-full bg-sky-700 px-6 py-3 text-sm font-semibold text-white">
              {t("result.openOrder")}
            </Link>
          )}
          <Link
            to={view.ordersHref}
            className={`inline-block rounded-full px-6 py-3 text-sm font-semibold ${view.doneHref ? "border border-sky-700 text-sky-700" : "bg-sky-700 text-white"}`}
          >
            {t("result.viewOrders")}
          </Link>
          {view.buyAgainHref && (
            <Link to={view.buyAgainHref} className="inline-block rounded-full border border-sky-700 px-6 py-3 text-sm font-semibold text-sky-700">
              {t("result.buyAgain")}
            </Link>
          )}
        </div>
      </section>
    </main>
  );
}
