import { isRepayable } from "./payment-methods.ts";

/** Product-rules §4 order status codes. */
export const OrderStatus = {
  waitingToPay: 8001,
  paying: 8002,
  paid: 8003,
  paymentFailed: 8004,
  buying: 8005,
  purchaseSucceeded: 8006,
  cancelled: 8007,
  finished: 8008,
  waitingForRefund: 8009,
  refunding: 8010,
  refunded: 8011,
  refundFailed: 8012,
  refundClosed: 8013,
  closed: 8014,
  paymentClosed: 8015,
} as const;

export type OrderStatusName = keyof typeof OrderStatus;
export type OrderStatusCode = (typeof OrderStatus)[OrderStatusName];

const NAMES = new Map<number, OrderStatusName>(
  (Object.entries(OrderStatus) as [OrderStatusName, OrderStatusCode][]).map(([name, code]) => [code, name]),
);

export function isOrderStatus(value: unknown): value is OrderStatusCode {
  return typeof value === "number" && NAMES.has(value);
}

/** The translation key suffix for a status code, or null for a code outside 8001-8015. */
export function orderStatusName(code: number): OrderStatusName | null {
  return NAMES.get(code) ?? null;
}

/** Product-rules §4: cancel and repay only while waiting to pay; never repay a PayPal order. */
export function canCancel(status: number): boolean {
  return status === OrderStatus.waitingToPay;
}

/** What an order card says about where the order stands (product-rules §4 messages), by status. */
export type OrderNote = "pending" | "paying" | "failedPayment" | "buying" | "refunding" | "refunded" | "cancelled";

const NOTES: Partial<Record<number, OrderNote>> = {
  [OrderStatus.waitingToPay]: "pending",
  // Being paid: no Repay or Cancel is offered (product-rules §4), so the card says to wait.
  [OrderStatus.paying]: "paying",
  [OrderStatus.paymentFailed]: "failedPayment",
  [OrderStatus.paid]: "buying",
  [OrderStatus.buying]: "buying",
  [OrderStatus.waitingForRefund]: "refunding",
  [OrderStatus.refunding]: "refunding",
  [OrderStatus.refundFailed]: "refunding",
  [OrderStatus.refunded]: "refunded",
  [OrderStatus.cancelled]: "cancelled",
  [OrderStatus.closed]: "cancelled",
  [OrderStatus.paymentClosed]: "cancelled",
};

export function orderNote(status: number): OrderNote | null {
  return NOTES[status] ?? null;
}

export function canRepay(status: number, paymentType: number): boolean {
  return status === OrderStatus.waitingToPay && isRepayable(paymentType);
}

/**
 * The transitions the cloud-api allows. Product-rules §4 names only 8001 -> 8007; the rest follow the
 * payment, fulfilment and refund life cycle described in docs/contract.md-3.
 */
const S = OrderStatus;
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatusCode, readonly OrderStatusCode[]>> = {
  [S.waitingToPay]: [S.paying, S.paid, S.cancelled, S.closed, S.paymentClosed, S.paymentFailed],
  [S.paying]: [S.paid, S.paymentFailed, S.paymentClosed, S.waitingToPay],
  [S.paymentFailed]: [S.waitingToPay, S.paying, S.paid, S.paymentClosed],
  // A paid order may be refunded by an operator before or after it is delivered (issue 32), as when delivery fails.
  [S.paid]: [S.buying, S.waitingForRefund],
  [S.buying]: [S.purchaseSucceeded, S.waitingForRefund],
  [S.purchaseSucceeded]: [S.finished, S.waitingForRefund],
  [S.waitingForRefund]: [S.refunding],
  [S.refunding]: [S.refunded, S.refundFailed],
  [S.refundFailed]: [S.refunding, S.refundClosed],
  [S.cancelled]: [],
  [S.finished]: [],
  // A refund the provider confirmed can still fail at the bank (Stripe's refund.failed): the money is owed again.
  [S.refunded]: [S.refundFailed],
  [S.refundClosed]: [],
  [S.closed]: [],
  [S.paymentClosed]: [],
};

export function canTransition(from: number, to: number): boolean {
  return isOrderStatus(from) && isOrderStatus(to) && ORDER_TRANSITIONS[from].includes(to);
}
