import { DAY_SECONDS } from "./service-periods.ts";
import { OrderStatus } from "./order-status.ts";

/** Providers return refunded money within a few business days; the tracker promises it by then. */
export const REFUND_EXPECTED_DAYS = 7;

export type RefundStepKey = "waiting" | "refunding" | "refunded" | "failed" | "closed";
export type StepState = "done" | "current" | "upcoming";

export interface RefundTracker {
  steps: { key: RefundStepKey; state: StepState; time: number | null }[];
  /**
   * What the buyer should expect next: the money by a date, a new request, or nothing more; "late" once the date
   * the money was expected by has passed without it (issue 31 item 4: the tracker kept promising a past date).
   */
  next: { key: "request" | "money" | "support" | "late" | "closed" | "none"; by: number | null };
}

const REFUND_STATUSES = new Set<number>([
  OrderStatus.waitingForRefund,
  OrderStatus.refunding,
  OrderStatus.refunded,
  OrderStatus.refundFailed,
  OrderStatus.refundClosed,
]);

/**
 * The refund of an order as three steps, waiting for refund, refunding, and how it ended (refunded,
 * failed, closed), each with the time the order reached it, as seen at `now` (Unix seconds); null for an order that
 * is not refunded.
 */
export function refundTracker(status: number, events: readonly { toStatus: number; time: number }[], now: number): RefundTracker | null {
  if (!REFUND_STATUSES.has(status)) return null;
  const reached = (to: number) => events.filter((e) => e.toStatus === to).at(-1)?.time ?? null;
  const S = OrderStatus;
  const last: RefundStepKey = status === S.refundFailed ? "failed" : status === S.refundClosed ? "closed" : "refunded";
  const lastStatus = { refunded: S.refunded, failed: S.refundFailed, closed: S.refundClosed }[last];
  const position = status === S.waitingForRefund ? 0 : status === S.refunding ? 1 : 2;
  const keys: [RefundStepKey, number][] = [
    ["waiting", S.waitingForRefund],
    ["refunding", S.refunding],
    [last, lastStatus],
  ];
  const steps = keys.map(([key, to], index) => ({
    key,
    // Refunded and closed are where a refund ends; a failed one is still being asked again.
    state: (index < position ? "done" : index === position ? (status === S.refunded || status === S.refundClosed ? "done" : "current") : "upcoming") as StepState,
    time: index <= position ? reached(to) : null,
  }));
  const since = reached(status);
  const inDays = (days: number) => (since === null ? null : since + days * DAY_SECONDS);
  // A refund asked for or on its way promises the money by a date, and is late once that has passed; a failed one is
  // asked again and names support; a closed one returned nothing, so support pays it back another way (found by an
  // outside buyer: a refund waiting for nine days still said "within minutes", a closed one said "complete").
  const next: RefundTracker["next"] =
    status === S.waitingForRefund
      ? { key: "request", by: inDays(REFUND_EXPECTED_DAYS) }
      : status === S.refunding
        ? { key: "money", by: inDays(REFUND_EXPECTED_DAYS) }
        : status === S.refundFailed
          ? { key: "support", by: inDays(REFUND_EXPECTED_DAYS) }
          : status === S.refundClosed
            ? { key: "closed", by: null }
            : { key: "none", by: null };
  const late = (next.key === "request" || next.key === "money") && next.by !== null && next.by < now;
  return { steps, next: late ? { key: "late", by: next.by } : next };
}
