import { data } from "react-router";
import { intlLocale } from "#domain/languages.ts";
import { formatMoney, toCents } from "#domain/money.ts";
import { canCancel, canRepay, OrderStatus, orderStatusName } from "#domain/order-status.ts";
import { refundTracker } from "#domain/refund-tracker.ts";
import { orderId as orderIdField } from "#contract/fields.ts";
import { receiptHref } from "#app/catalogue/links.ts";
import { APP_HOME, serviceOf } from "#app/catalogue/screens.ts";
import { formatDateInText, formatUnixSeconds, type BuyerTimeZone } from "../format.ts";
import type { RequestContext, Translate } from "../request-context.ts";
import { orderDetail, type UpstreamOrderDetail } from "../upstream/endpoints.ts";

/** Statuses in which the buyer has paid and keeps what was bought: the ones a receipt is for. */
const RECEIPTED = new Set<number>([OrderStatus.paid, OrderStatus.buying, OrderStatus.purchaseSucceeded, OrderStatus.finished]);

/**
 * Reads the order named by `?orderId=` for the detail and receipt screens. A missing id, another
 * user's order or an unknown one is a 404 page; any other refusal explains itself and offers a retry.
 */
export async function loadOrder(req: RequestContext, orderId: string | null) {
  // An id the contract cannot name (blank, too long) names no order: the upstream would refuse it as bad input.
  if (orderId === null || !orderIdField.safeParse(orderId).success) throw data(null, { status: 404 });
  const result = await req.upstream.call(orderDetail, { orderId, language: req.locale });
  if (!result.ok) throw data(result.msg, { status: result.status === 404 ? 404 : 502 });
  return result.data;
}

/** The order's facts in the buyer's language, money with its currency and times in the buyer's time zone. */
export function orderFacts(req: RequestContext, timeZone: BuyerTimeZone, order: UpstreamOrderDetail) {
  const { t, locale } = req;
  const intl = intlLocale(locale);
  const time = (seconds: number | null | undefined) => formatUnixSeconds(seconds, timeZone);
  const date = (seconds: number | null | undefined) => formatDateInText(seconds, timeZone, locale);
  const money = (amount: number) => formatMoney(toCents(amount), order.currencyCode, intl);
  const period = order.servicePeriod;
  const refund = refundView(order, t, time, date);
  return {
    orderId: order.orderId,
    serviceName: order.serviceName,
    status: t(`orders.status.${orderStatusName(order.status) ?? "unknown"}`),
    // A refunded order never got its period: its length alone would mislead.
    period: period
      ? t("orderDetail.periodRange", { from: date(period.startTime), to: date(period.endTime) })
      : refund
        ? null
        : t("orderDetail.periodDays", { days: order.period }),
    periodRevoked: period?.revoked ?? false,
    price: money(order.price),
    // Name and discount each isolated: in right-to-left text an amount beside a name that ends in one reads as a range.
    coupon: order.coupon ? `${isolated(order.coupon.name)} ${isolated(t("coupon.discount", { amount: money(order.discount) }))}` : null,
    paid: money(order.realPayPrice),
    paidLabel: t(order.paymentTime ? "orders.amount" : "orderDetail.toPay"),
    currencyCode: order.currencyCode,
    method: t(`pay.method.${order.paymentType}`),
    reference: order.payment?.reference ?? null,
    created: time(order.createTime),
    paidAt: time(order.paymentTime),
    receiptHref: RECEIPTED.has(order.status) && order.paymentTime ? receiptHref(order.orderId) : null,
    ordersHref: serviceOf(order.serviceType)?.orders ?? APP_HOME,
    /** Every status change, oldest first. */
    timeline: order.events.map((e) => ({ label: t(`orders.status.${orderStatusName(e.toStatus) ?? "unknown"}`), time: time(e.time) })),
    refund,
    canCancel: canCancel(order.status),
    canRepay: canRepay(order.status, order.paymentType),
    paymentType: order.paymentType,
    merchant: req.env.MERCHANT_NAME || t("app.name"),
  };
}

function refundView(
  order: UpstreamOrderDetail,
  t: Translate,
  time: (seconds: number | null) => string,
  date: (seconds: number | null) => string,
) {
  const tracker = refundTracker(order.status, order.events);
  if (!tracker) return null;
  return {
    steps: tracker.steps.map((step) => ({ label: t(`orderDetail.refund.${step.key}`), state: step.state, time: time(step.time) })),
    next: t(`orderDetail.refund.next.${tracker.next.key}`, { date: date(tracker.next.by) }),
  };
}

export type OrderFacts = ReturnType<typeof orderFacts>;

/** Text set apart from its neighbours' direction (Unicode first-strong isolate ... pop directional isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;
