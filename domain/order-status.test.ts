import { describe, expect, it } from "vitest";
import { canCancel, canRepay, canTransition, isOrderStatus, ORDER_TRANSITIONS, OrderStatus, orderNote, orderStatusName } from "./order-status.ts";

describe("order statuses (product-rules §4)", () => {
  it("has the 15 codes 8001-8015, each named", () => {
    const codes = Object.values(OrderStatus);
    expect(codes).toEqual(Array.from({ length: 15 }, (_, i) => 8001 + i));
    for (const code of codes) expect(orderStatusName(code)).not.toBeNull();
    expect(orderStatusName(8000)).toBeNull();
    expect(orderStatusName(8016)).toBeNull();
    expect(isOrderStatus(8007)).toBe(true);
    expect(isOrderStatus("8007")).toBe(false);
  });

  it("offers cancel and repay only while waiting to pay, and never repay for PayPal", () => {
    for (const code of Object.values(OrderStatus)) {
      expect(canCancel(code)).toBe(code === 8001);
      for (const paymentType of [1, 2, 4]) expect(canRepay(code, paymentType)).toBe(code === 8001);
      expect(canRepay(code, 3)).toBe(false);
    }
  });

  it("allows 8001 to 8007 and refuses leaving a final state", () => {
    expect(canTransition(8001, 8007)).toBe(true);
    expect(canTransition(8007, 8001)).toBe(false);
    for (const final of [8007, 8008, 8013, 8014, 8015]) expect(ORDER_TRANSITIONS[final as 8007]).toEqual([]);
    // Refunded is final but for a refund that fails at the bank after it was made (docs/decisions/052).
    expect(ORDER_TRANSITIONS[8011]).toEqual([8012]);
    expect(canTransition(8001, 8006)).toBe(false);
    expect(canTransition(9999, 8001)).toBe(false);
  });

  it("lets a paid order be refunded before, during and after its delivery, never once its period finished (issue 32)", () => {
    for (const paid of [8003, 8005, 8006]) expect(canTransition(paid, 8009), `${paid} -> 8009`).toBe(true);
    for (const other of [8001, 8002, 8004, 8007, 8008, 8011]) expect(canTransition(other, 8009), `${other} -> 8009`).toBe(false);
  });

  it("reaches every status from 8001", () => {
    const seen = new Set<number>([8001]);
    const queue = [8001];
    while (queue.length) {
      const from = queue.shift() as 8001;
      for (const to of ORDER_TRANSITIONS[from]) {
        if (seen.has(to)) continue;
        seen.add(to);
        queue.push(to);
      }
    }
    expect(seen.size).toBe(15);
  });
});

describe("the note an order card shows (product-rules §4 messages)", () => {
  it("offers Repay and Cancel only where the card has them, and says to wait while a payment is in progress", () => {
    const notes = Object.fromEntries(Object.values(OrderStatus).map((status) => [status, orderNote(status)]));
    expect(notes).toEqual({
      8001: "pending",
      8002: "paying",
      8003: "buying",
      8004: "failedPayment",
      8005: "buying",
      8006: null,
      8007: "cancelled",
      8008: null,
      8009: "refunding",
      8010: "refunding",
      8011: "refunded",
      8012: "refunding",
      8013: null,
      8014: "cancelled",
      8015: "cancelled",
    });
    // "pending" asks the buyer to pay or cancel: only where both buttons are there.
    for (const status of Object.values(OrderStatus)) if (orderNote(status) === "pending") expect(canCancel(status)).toBe(true);
    expect(orderNote(7999)).toBeNull();
  });
});
