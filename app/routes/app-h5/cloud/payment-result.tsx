import { useEffect, useState } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import { OrderStatus } from "../../../../domain/order-status.ts";
import { getI18n } from "../../../.server/i18n.ts";
import { requireLaunch } from "../../../.server/identity.ts";
import { orderStatus } from "../../../.server/upstream/endpoints.ts";
import { upstreamFor } from "../../../.server/upstream/for-request.ts";
import { ErrorView } from "../../../components/error-view.tsx";
import { useTranslation } from "../../../i18n/context.tsx";
import type { Route } from "./+types/payment-result";
import { screenUrl } from "../../../.server/screen-url.ts";

/** Spec §9: the result is confirmed within 15 s; after that the buyer is sent to the order list. */
const POLL_MS = 3_000;
const CONFIRM_WITHIN_MS = 15_000;
const NO_SCRIPT_POLLS = CONFIRM_WITHIN_MS / POLL_MS;

const PHASES: Record<number, "pending" | "paid" | "succeeded" | "refund" | "failed" | "cancelled"> = {
  [OrderStatus.waitingToPay]: "pending",
  [OrderStatus.paying]: "pending",
  [OrderStatus.paid]: "paid",
  [OrderStatus.buying]: "paid",
  [OrderStatus.purchaseSucceeded]: "succeeded",
  [OrderStatus.finished]: "succeeded",
  [OrderStatus.paymentFailed]: "failed",
  [OrderStatus.cancelled]: "cancelled",
  [OrderStatus.closed]: "cancelled",
  [OrderStatus.paymentClosed]: "failed",
  [OrderStatus.waitingForRefund]: "refund",
  [OrderStatus.refunding]: "refund",
  [OrderStatus.refunded]: "refund",
  [OrderStatus.refundFailed]: "refund",
  [OrderStatus.refundClosed]: "refund",
};

const ORDER_LISTS: Record<number, string> = {
  1: "/app-h5/cloud/storage/order/list",
  2: "/app-h5/cloud/mobile-data/order/list",
  5: "/app-h5/cloud/vip-package/order/list",
  6: "/app-h5/cloud/ai-srv-package/order/list",
};

/**
 * The payment result (spec §2 cloud_order_result): follows the order's status, which the cloud-api
 * settles with the provider, never trusting the arrival here. While it is pending the page asks again
 * every 3 s (a meta refresh without JavaScript) for 15 s, then points to the order list.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { launch } = requireLaunch(context, "device");
  const url = screenUrl(request);
  const orderId = url.searchParams.get("orderId") ?? "";
  if (!orderId) throw redirect("/app-h5/no-login/2");
  const polls = Math.max(0, Math.min(NO_SCRIPT_POLLS, Number(url.searchParams.get("poll")) || 0));
  const { t } = getI18n(context);
  const result = await upstreamFor(context, request).call(orderStatus, { orderId });
  const fallbackList = ORDER_LISTS[launch.deviceType === 2 ? 2 : 1] ?? "/app-h5";
  if (!result.ok) return { title: t("result.title"), orderId, phase: "unknown" as const, message: result.msg, ordersHref: fallbackList, nextPollHref: null };
  const phase = PHASES[result.data.status] ?? "failed";
  const next = new URLSearchParams({ orderId, poll: String(polls + 1) });
  return {
    title: t("result.title"),
    orderId,
    phase,
    message: null,
    ordersHref: ORDER_LISTS[result.data.serviceType ?? 0] ?? fallbackList,
    nextPollHref: phase === "pending" && polls < NO_SCRIPT_POLLS ? `${url.pathname}?${next}` : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title ?? "" }];

export default function PaymentResult({ loaderData: view }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [waitedLong, setWaitedLong] = useState(false);
  const pending = view.phase === "pending";

  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started >= CONFIRM_WITHIN_MS) {
        setWaitedLong(true);
        clearInterval(timer);
      } else if (revalidator.state === "idle") {
        void revalidator.revalidate();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  const stillPending = pending && (waitedLong || view.nextPollHref === null);
  return (
    <main className="mx-auto max-w-md p-4">
      {view.nextPollHref && (
        <noscript>
          <meta httpEquiv="refresh" content={`${POLL_MS / 1000};url=${view.nextPollHref}`} />
        </noscript>
      )}
      <section className="rounded-2xl bg-white p-6 text-center" aria-live="polite">
        <h1 className="text-lg font-semibold">{t(`result.${view.phase}.title`)}</h1>
        <p className="mt-2 text-sm text-neutral-700">{view.message ?? t(`result.${view.phase}.body`)}</p>
        {pending && <p className="mt-2 text-sm font-medium text-orange-700">{t("result.doNotPayTwice")}</p>}
        {stillPending && <p className="mt-2 text-sm text-neutral-700">{t("result.checkOrdersLater")}</p>}
        {view.phase === "failed" && <p className="mt-2 text-sm text-neutral-700">{t("result.networkDelay")}</p>}
        <p className="mt-1 text-xs text-neutral-500" dir="ltr">
          {t("result.orderId", { orderId: view.orderId })}
        </p>
        <Link to={view.ordersHref} className="mt-6 inline-block rounded-full bg-sky-700 px-6 py-3 text-sm font-semibold text-white">
          {t("result.viewOrders")}
        </Link>
      </section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorView error={error} />;
}
