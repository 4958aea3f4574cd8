import type { z } from "zod";
import type { operatorOrderDetail } from "#contract/endpoints.ts";
import type { MessageKey, Translate } from "../../i18n.ts";
import type { orderFormat } from "./format.ts";
import { providerName, reasonText } from "./reasons.ts";

type OrderRecord = z.output<(typeof operatorOrderDetail)["output"]>;

const statusLabel = (t: Translate, status: number) => t(`status.${status}` as MessageKey);

/** An order's record as its page shows it: every amount, time and state worded on the server (decision 005). */
export function orderView(record: OrderRecord, t: Translate, f: ReturnType<typeof orderFormat>) {
  const { order } = record;
  const money = (cents: number) => f.money(cents, order.currencyCode);
  return {
    orderId: order.orderId,
    status: statusLabel(t, order.status),
    summary: [
      ["order.account", order.account],
      ["order.device", order.deviceId],
      ["order.service", order.serviceName],
      ["order.status", statusLabel(t, order.status)],
      ["order.method", t(`methods.${order.paymentType}` as MessageKey)],
      ["order.price", money(order.priceCents)],
      ["order.discount", money(order.discountCents)],
      ["order.paid", money(order.payCents)],
      ["order.created", f.time(order.createdAt)],
      ["order.paidAt", order.paidAt === null ? t("order.notPaid") : f.time(order.paidAt)],
      ["order.country", order.countryCode],
    ].map(([label, value]) => ({ label: t(label as MessageKey), value: value! })),
    events: record.events.map((event, index) => ({
      key: index,
      at: f.time(event.at),
      change: event.fromStatus === null ? statusLabel(t, event.toStatus) : `${statusLabel(t, event.fromStatus)} → ${statusLabel(t, event.toStatus)}`,
      reason: reasonText(event.reason, t),
    })),
    payments: record.payments.map((payment) => ({
      key: payment.paymentId,
      provider: providerName(payment.provider, t),
      reference: payment.providerRef ?? "–",
      state: t(`attempts.${payment.status}` as MessageKey),
      amount: f.money(payment.amountCents, payment.currencyCode),
      refund:
        payment.status === "refunded"
          ? t("order.refundDone")
          : payment.refundOwedSince === null
            ? t("order.noRefund")
            : t("order.refundOwed", { since: f.time(payment.refundOwedSince), count: payment.refundAttempts }),
    })),
    period: record.period && {
      range: t("order.periodRange", { start: f.time(record.period.startTime), end: f.time(record.period.endTime) }),
      revoked: record.period.revokedAt === null ? null : t("order.revoked", { at: f.time(record.period.revokedAt) }),
    },
    operatorRefund:
      record.operatorRefund &&
      t("order.operatorRefund", { email: record.operatorRefund.operatorEmail, at: f.time(record.operatorRefund.requestedAt), reason: record.operatorRefund.reason }),
    deliveries: record.deliveries.map((delivery, index) => ({
      key: `${delivery.eventId}:${delivery.endpoint ?? index}`,
      type: delivery.type,
      endpoint: delivery.endpoint ?? "–",
      state:
        delivery.endpoint === null
          ? t("order.notQueued")
          : delivery.deliveredAt !== null
            ? t("order.delivered", { at: f.time(delivery.deliveredAt) })
            : delivery.deadAt !== null
              ? t("order.dead", { at: f.time(delivery.deadAt) })
              : t("order.waiting", { count: delivery.attempts }),
    })),
    cases: record.needsAPerson.map((row) => ({
      key: `${row.kind}:${row.paymentId ?? ""}`,
      kind: t(`cases.${row.kind}` as MessageKey),
      orderId: row.orderId,
      since: f.time(row.since),
      status: statusLabel(t, row.status),
      amount: f.money(row.payCents, row.currencyCode),
    })),
    notes: record.notes.map((note, index) => ({ key: index, note: note.note, by: t("order.noteBy", { email: note.operatorEmail, at: f.time(note.at) }) })),
    refund: {
      amount: money(order.payCents),
      allowed: record.refundable,
      pending: record.refundPending,
      refunded: order.status === 8011,
      /** The provider refused it (8012): why, as the order's last move says, for asking again. */
      failure: order.status === 8012 ? reasonText(record.events.findLast((event) => event.toStatus === 8012)?.reason ?? "", t) : null,
    },
    resendable: record.fulfilmentResendable,
  };
}

export type OrderView = ReturnType<typeof orderView>;
