import { describe, expect, it } from "vitest";
import { addsDataAtPayment, couponExpiresSoon, DAY_SECONDS as DAY, endingSoon, periodBought, serviceTimeline, vipDataMonthsBegun } from "./service-periods.ts";

const now = 1_800_000_000;

describe("periodBought", () => {
  it("starts now for a device with no period or an ended one", () => {
    expect(periodBought(null, now, 30)).toEqual({ startTime: now, endTime: now + 30 * DAY, extendsCurrent: false });
    expect(periodBought(now - 1, now, 30)).toEqual({ startTime: now, endTime: now + 30 * DAY, extendsCurrent: false });
    expect(periodBought(now, now, 1)).toEqual({ startTime: now, endTime: now + DAY, extendsCurrent: false });
  });

  it("queues after the last period still running", () => {
    expect(periodBought(now + 1, now, 7)).toEqual({ startTime: now + 1, endTime: now + 1 + 7 * DAY, extendsCurrent: true });
  });
});

describe("serviceTimeline", () => {
  const p = (from: number, to: number) => ({ startTime: now + from * DAY, endTime: now + to * DAY });

  it("finds the period in use, the queued ones soonest first and those ended within 90 days latest first", () => {
    const timeline = serviceTimeline([p(30, 60), p(-5, 0.5), p(-100, -91), p(-40, -20), p(0.5, 30), p(-20, -5)], now);
    expect(timeline.inUse).toEqual(p(-5, 0.5));
    expect(timeline.queued).toEqual([p(0.5, 30), p(30, 60)]);
    expect(timeline.ended).toEqual([p(-20, -5), p(-40, -20)]);
  });

  it("treats a period ending exactly now as ended and one starting now as in use", () => {
    const timeline = serviceTimeline([p(-3, 0), p(0, 3)], now);
    expect(timeline.inUse).toEqual(p(0, 3));
    expect(timeline.ended).toEqual([p(-3, 0)]);
  });

  it("is empty for a device that never had the service", () => {
    expect(serviceTimeline([], now)).toEqual({ inUse: null, queued: [], ended: [] });
  });
});

describe("endingSoon", () => {
  const p = (from: number, to: number) => ({ startTime: now + from * DAY, endTime: now + to * DAY });

  it("answers when the service in use stops within 7 days, counting queued periods", () => {
    expect(endingSoon([p(-20, 7)], now)).toBe(now + 7 * DAY);
    expect(endingSoon([p(-20, 7.01)], now)).toBeNull();
    expect(endingSoon([p(-20, 3), p(3, 33)], now)).toBeNull();
  });

  it("is null for a service not in use", () => {
    expect(endingSoon([], now)).toBeNull();
    expect(endingSoon([p(-20, -1)], now)).toBeNull();
    expect(endingSoon([p(1, 5)], now)).toBeNull();
  });
});

describe("couponExpiresSoon", () => {
  it("marks a valid coupon lapsing within 3 days", () => {
    expect(couponExpiresSoon(now + 3 * DAY, now)).toBe(true);
    expect(couponExpiresSoon(now + 1, now)).toBe(true);
    expect(couponExpiresSoon(now + 3 * DAY + 1, now)).toBe(false);
    expect(couponExpiresSoon(now, now)).toBe(false);
  });
});

describe("addsDataAtPayment (issue 31)", () => {
  it("is true for 4G data only: its data comes at payment, every other service starts with its period", () => {
    expect([1, 2, 3, 4, 5, 6].filter(addsDataAtPayment)).toEqual([2]);
  });
});

describe("vipDataMonthsBegun (issue 31)", () => {
  const period = { startTime: 1_000_000, endTime: 1_000_000 + 365 * DAY };
  it("counts the months begun: none before the start, the first at it, one more every 30 days, none past the end", () => {
    expect(vipDataMonthsBegun(period, period.startTime - 1)).toEqual([]);
    expect(vipDataMonthsBegun(period, period.startTime)).toEqual([0]);
    expect(vipDataMonthsBegun(period, period.startTime + 30 * DAY - 1)).toEqual([0]);
    expect(vipDataMonthsBegun(period, period.startTime + 30 * DAY)).toEqual([0, 1]);
    expect(vipDataMonthsBegun(period, period.endTime + 100 * DAY)).toHaveLength(13);
  });
});
