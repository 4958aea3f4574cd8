import { describe, expect, it } from "vitest";
import { auditChange } from "./audit-view.ts";
import { reasonText } from "./orders/reasons.ts";
import { translatorFor } from "./locale.ts";

/** 2026-11-20 18:21:00 UTC, a time an audit row or a status history records. */
const AT = Date.UTC(2026, 10, 20, 18, 21) / 1000;

describe("an audit entry's change as the console words it", () => {
  it("names what changed, field by field, with statuses, amounts in their currency and times in the console's style", () => {
    const refund = auditChange(JSON.stringify({ status: 8006 }), JSON.stringify({ status: 8009, refundCents: 499, currencyCode: "USD", queued: true, updatedAt: AT }), "en", translatorFor("en"));
    expect(refund.lines).toEqual(["status: Delivered → Waiting for refund", "refundCents: – → $4.99", "currencyCode: – → USD", "queued: – → yes", "updatedAt: – → Nov 20, 2026, 18:21 UTC"]);
    const zh = auditChange(JSON.stringify({ status: 8006 }), JSON.stringify({ status: 8009, refundCents: 7900, currencyCode: "CNY", updatedAt: AT }), "zh", translatorFor("zh"));
    expect(zh.lines).toEqual(["status: 已交付 → 待退款", "refundCents: – → ¥79.00", "currencyCode: – → CNY", "updatedAt: – → 2026年11月20日 18:21 UTC"]);
  });

  it("shows only a new object's fields, leaves out what did not change, and keeps the exact values as recorded", () => {
    const created = auditChange(null, JSON.stringify({ id: 3, expire_time: AT }), "en", translatorFor("en"));
    expect(created).toEqual({ lines: ["id: 3", "expire_time: Nov 20, 2026, 18:21 UTC"], before: null, after: `{\n  "id": 3,\n  "expire_time": ${AT}\n}` });
    const renamed = auditChange(JSON.stringify({ name: "Ann", role: "viewer" }), JSON.stringify({ name: "Anna", role: "viewer" }), "en", translatorFor("en"));
    expect(renamed.lines).toEqual(["name: Ann → Anna"]);
    expect(auditChange("not json", null, "en", translatorFor("en")).lines).toEqual(["value: not json → removed"]);
  });
});

describe("a status history reason as the console words it", () => {
  it("words the system's own reasons in the operator's language and keeps free text as typed", () => {
    expect(reasonText("created", translatorFor("zh"))).toBe("订单已创建");
    expect(reasonText("paid through stripe", translatorFor("en"))).toBe("Paid through Stripe");
    expect(reasonText("paid through alipay", translatorFor("zh"))).toMatch(/支付宝/);
    expect(reasonText("refund asked for by support@camcloud.example: Paid twice, says the buyer", translatorFor("zh"))).toBe(
      "support@camcloud.example 申请退款：Paid twice, says the buyer",
    );
    expect(reasonText("Called the buyer back", translatorFor("zh"))).toBe("Called the buyer back");
  });
});
