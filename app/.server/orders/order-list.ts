import { data } from "react-router";
import { canCancel, canRepay, orderNote, orderStatusName } from "#domain/order-status.ts";
import { intlLocale } from "#domain/languages.ts";
import { formatMoney, toCents } from "#domain/money.ts";
import { orderDetailHref } from "#app/catalogue/links.ts";
import { carriedQuery, linkFrom } from "../screen-url.ts";
import { SERVICES, serviceTypeOfOrders } from "#app/catalogue/screens.ts";
import type { CardFailure } from "#app/components/orders/order-actions.tsx";
import type { PaymentStep } from "#app/purchase/payment-step.ts";
import { parseForm } from "../form.ts";
import { formatUnixSeconds } from "../format.ts";
import { nextStep } from "../purchase/confirm.ts";
import { orderForm } from "../purchase/forms.ts";
import { providerClients } from "../purchase/providers.ts";
import type { RequestContext } from "../request-context.ts";
import type { StorefrontSession } from "../session/storage.ts";
import { cancelOrder, orderList, repayOrder } from "../upstream/endpoints.ts";

/** Product-rules §9: five orders a page, pages from 1; an empty page ends the list. */
const PAGE_SIZE = 5;
const CONFLICT = 409;

/** One page of the order list at `url` (the four lists of product-rules §2 share it; the path says which service). */
export async function loadOrderList(req: RequestContext, url: URL) {
  const serviceType = serviceTypeOfOrders(url.pathname);
  if (serviceType === undefined) throw data(null, { status: 404 });
  const { launch } = req.requireLaunch("device");
  const { t } = req;
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const result = await req.upstream.call(orderList, { deviceId: launch.deviceId, type: serviceType, pageNum: page, pageSize: PAGE_SIZE });
  const intl = intlLocale(req.locale);
  const timeZone = req.timeZone(launch.countryCode);
  const orders = result.ok ? result.data.orderList : [];
  return {
    title: t(SERVICES[serviceType].ordersTitleKey),
    // A card order is paid again in Stripe's embedded checkout, opened on this screen.
    providers: providerClients(req.env, req.locale),
    page,
    error: result.ok ? null : result.msg || t("errors.unexpected"),
    orders: orders.map((order) => ({
      id: order.orderId,
      name: order.serviceName,
      status: order.status,
      statusKey: orderStatusName(order.status) ?? "unknown",
      note: orderNote(order.status),
      detailHref: linkFrom(url, orderDetailHref(order.orderId)),
      paymentType: order.paymentType,
      period: order.period,
      created: formatUnixSeconds(order.createTime, timeZone),
      paid: formatUnixSeconds(order.paymentTime, timeZone),
      amount: formatMoney(toCents(order.realPayPrice), order.currencyUint, intl),
      canCancel: canCancel(order.status),
      canRepay: canRepay(order.status, order.paymentType),
    })),
    // An empty page (or a short one) ends the list.
    nextHref: orders.length === PAGE_SIZE ? linkFrom(url, `${url.pathname}?page=${page + 1}`) : null,
    firstHref: linkFrom(url, url.pathname),
    /** What the cancel question's address keeps of this page's (its language). */
    carried: carriedQuery(url),
  };
}

export type OrderListView = Awaited<ReturnType<typeof loadOrderList>>;
export type OrderCardView = OrderListView["orders"][number];

/** Cancel (after the buyer confirmed) and repay, as form posts (product-rules §4, §8), from an order card or the order's detail. */
export async function orderAction(req: RequestContext, request: Request, session: StorefrontSession) {
  req.requireLaunch("device");
  const { t } = req;
  const form = await parseForm(request, orderForm);
  if (!form.ok) return data<PaymentStep>({ step: "error", message: t(form.messageKey) }, { status: 400 });
  // Product-rules §5: cancel does nothing without an order id.
  if (form.data.orderId === "") return data<PaymentStep>({ step: "error", message: t("errors.unexpected") }, { status: 400 });
  const api = req.upstream;
  if (form.data.intent === "cancel") {
    const result = await api.call(cancelOrder, { orderId: form.data.orderId });
    // The answer belongs to the card that posted it; a conflict means the order moved on (the screen, reloaded, shows how).
    if (!result.ok) {
      const message = result.status === CONFLICT ? t("orders.cannotCancel") : result.msg || t("errors.unexpected");
      return data<CardFailure>({ step: "error", message, orderId: form.data.orderId }, { status: 400 });
    }
    session.flash("toast", { kind: "success", message: t("orders.cancelled") });
    return null;
  }
  const result = await api.call(repayOrder, { orderId: form.data.orderId });
  if (!result.ok) return data<PaymentStep>({ step: "error", message: result.msg || t("errors.unexpected") }, { status: 400 });
  return nextStep(result.data, request.url, form.data.enhanced === "1", t("pay.needsScript"));
}
