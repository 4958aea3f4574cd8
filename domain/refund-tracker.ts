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
  next: { key: "request" | "money" | "support" | "late" | "none"; by: number | null };
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
    state: (index < position ? "done" : index === position ? (status === S.refunded ? "done" : "current") : "upcoming") as StepState,
    time: index <= position ? reached(to) : null,
  }));
  const since = reached(status);
  const inDays = (days: number) => (since === null ? null : since + days * DAY_SECONDS);
  const next: RefundTracker["next"] =
    status === S.waitingForRefund
      ? { key: "request", by: null }
      : status === S.refunding
        ? { key: "money", by: inDays(REFUND_EXPECTED_DAYS) }
        : status === S.refundFailed
          ? { key: "support", by: inDays(REFUND_EXPECTED_DAYS) }
          : { key: "none", by: null };
  return { steps, next: next.by !== null && next.by < now ? { key: "late", by: next.by } : next };
}
