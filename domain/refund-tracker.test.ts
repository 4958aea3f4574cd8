import { describe, expect, it } from "vitest";
import { OrderStatus as S } from "./order-status.ts";
import { refundTracker } from "./refund-tracker.ts";
import { DAY_SECONDS as DAY } from "./service-periods.ts";

const t0 = 1_800_000_000;
const events = (...statuses: number[]) => statuses.map((toStatus, i) => ({ toStatus, time: t0 + i * 60 }));
const history = [S.waitingToPay, S.paid, S.buying, S.waitingForRefund, S.refunding];

describe("refundTracker", () => {
  it("is null for an order that is not being refunded", () => {
    expect(refundTracker(S.purchaseSucceeded, events(S.waitingToPay, S.paid), t0)).toBeNull();
    expect(refundTracker(S.cancelled, [], t0)).toBeNull();
  });

  it("waiting: the first step is current and the request to the provider comes next", () => {
    expect(refundTracker(S.waitingForRefund, events(S.waitingToPay, S.paid, S.buying, S.waitingForRefund), t0)).toEqual({
      steps: [
        { key: "waiting", state: "current", time: t0 + 180 },
        { key: "refunding", state: "upcoming", time: null },
        { key: "refunded", state: "upcoming", time: null },
      ],
      next: { key: "request", by: t0 + 180 + 7 * DAY },
    });
  });

  it("refunding: the money is expected within 7 days of the request", () => {
    const tracker = refundTracker(S.refunding, events(...history), t0 + DAY);
    expect(tracker?.steps.map((s) => s.state)).toEqual(["done", "current", "upcoming"]);
    expect(tracker?.next).toEqual({ key: "money", by: t0 + 240 + 7 * DAY });
  });

  it("refunded: every step done, each with its time", () => {
    const tracker = refundTracker(S.refunded, events(...history, S.refunded), t0 + 30 * DAY);
    expect(tracker?.steps).toEqual([
      { key: "waiting", state: "done", time: t0 + 180 },
      { key: "refunding", state: "done", time: t0 + 240 },
      { key: "refunded", state: "done", time: t0 + 300 },
    ]);
    expect(tracker?.next).toEqual({ key: "none", by: null });
  });

  it("failed: the last step says so and support is the way on; a retry counts from its newest request", () => {
    const tracker = refundTracker(S.refundFailed, events(...history, S.refundFailed, S.refunding, S.refundFailed), t0 + DAY);
    expect(tracker?.steps).toEqual([
      { key: "waiting", state: "done", time: t0 + 180 },
      { key: "refunding", state: "done", time: t0 + 360 },
      { key: "failed", state: "current", time: t0 + 420 },
    ]);
    expect(tracker?.next).toEqual({ key: "support", by: t0 + 420 + 7 * DAY });
  });

  it("late: once the date the money was expected by has passed, the tracker says so instead of promising it (issue 31 item 4)", () => {
    const expected = t0 + 240 + 7 * DAY;
    expect(refundTracker(S.refunding, events(...history), expected)?.next).toEqual({ key: "money", by: expected });
    expect(refundTracker(S.refunding, events(...history), expected + 1)?.next).toEqual({ key: "late", by: expected });
    expect(refundTracker(S.refunded, events(...history, S.refunded), t0 + 300 * DAY)?.next).toEqual({ key: "none", by: null });
  });

  it("a refund still waiting to be asked for is late too once its date has passed; a failed one keeps naming support, never 'check your statement' (found by an outside buyer)", () => {
    const waiting = events(S.waitingToPay, S.paid, S.buying, S.waitingForRefund);
    expect(refundTracker(S.waitingForRefund, waiting, t0 + 180 + 9 * DAY)?.next).toEqual({ key: "late", by: t0 + 180 + 7 * DAY });
    const failed = events(...history, S.refundFailed);
    expect(refundTracker(S.refundFailed, failed, t0 + 300 + 7 * DAY + 1)?.next).toEqual({ key: "support", by: t0 + 300 + 7 * DAY });
  });

  it("closed: the refund ended without the money, so its step is done and support pays it back another way (found by an outside buyer)", () => {
    const tracker = refundTracker(S.refundClosed, events(...history, S.refundClosed), t0 + DAY);
    expect(tracker?.steps.map((step) => [step.key, step.state])).toEqual([
      ["waiting", "done"],
      ["refunding", "done"],
      ["closed", "done"],
    ]);
    expect(tracker?.next).toEqual({ key: "closed", by: null });
  });
});
