import { data } from "react-router";
import { intlLocale } from "#domain/languages.ts";
import { formatMoney, includedTax, toCents } from "#domain/money.ts";
import { formatPercent } from "#domain/number-format.ts";
import { canCancel, canRepay, OrderStatus, orderStatusName } from "#domain/order-status.ts";
import { refundTracker } from "#domain/refund-tracker.ts";
import { orderId as orderIdField } from "#contract/fields.ts";
import { receiptHref } from "#app/catalogue/links.ts";
import { APP_HOME, serviceOf } from "#app/catalogue/screens.ts";
import type { Brand } from "../brand.ts";
import { formatDateInText, formatUnixSeconds } from "../format.ts";
import type { RequestContext, Translate } from "../request-context.ts";
import type { LaunchState } from "../session/state.ts";
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

/** The launch's device by its name and id, or the order's by id alone when it was bought for another device. */
export function deviceLabel(launch: Pick<LaunchState, "deviceId" | "deviceName">, deviceId: string): string {
  return launch.deviceId === deviceId && launch.deviceName ? `${isolated(launch.deviceName)} (${deviceId})` : deviceId;
}

/**
 * The order's facts in the buyer's language, money with its currency and times in the buyer's time zone, with
 * the brand's seller and support (decision 051); `now` (Unix seconds) tells a late refund.
 */
export function orderFacts(req: RequestContext, launch: LaunchState, order: UpstreamOrderDetail, now = Date.now() / 1000) {
  const { t, locale } = req;
  const intl = intlLocale(locale);
  const timeZone = req.timeZone(launch.countryCode);
  const brand = req.brand(launch);
  const time = (seconds: number | null | undefined) => formatUnixSeconds(seconds, timeZone);
  const date = (seconds: number | null | undefined) => formatDateInText(seconds, timeZone, locale);
  const money = (amount: number) => formatMoney(toCents(amount), order.currencyCode, intl);
  const period = order.servicePeriod;
  const refund = refundView(order, t, time, date, money(order.realPayPrice), brand, now);
  const taxRate = brand.taxRate(launch.countryCode);
  return {
    orderId: order.orderId,
    serviceName: order.serviceName,
    device: deviceLabel(launch, order.deviceId),
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
    seller: brand.seller,
    /** What the amount paid includes in tax at the buyer's country's rate, stated even when it is none. */
    tax: { label: t("receipt.taxIncluded", { rate: formatPercent(intl, taxRate) }), amount: formatMoney(includedTax(toCents(order.realPayPrice), taxRate), order.currencyCode, intl) },
  };
}

function refundView(
  order: UpstreamOrderDetail,
  t: Translate,
  time: (seconds: number | null) => string,
  date: (seconds: number | null) => string,
  amount: string,
  brand: Brand,
  now: number,
) {
  const tracker = refundTracker(order.status, order.events, now);
  if (!tracker) return null;
  const late = tracker.next.key === "late";
  return {
    amount,
    steps: tracker.steps.map((step) => ({ label: t(`orderDetail.refund.${step.key}`), state: step.state, time: time(step.time) })),
    next: t(`orderDetail.refund.next.${tracker.next.key}`, { date: date(tracker.next.by), orderId: order.orderId }),
    late,
    /** A refund late, failed or closed names the brand's support, when one is configured. */
    support: late || tracker.next.key === "support" || tracker.next.key === "closed" ? brand.support : null,
  };
}

export type OrderFacts = ReturnType<typeof orderFacts>;

/** Text set apart from its neighbours' direction (Unicode first-strong isolate ... pop directional isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;
