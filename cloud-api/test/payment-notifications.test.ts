import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { freshBuyers, call, eventually, orderEvents, orderRow, packageOf, sandboxNotification, sandboxPaymentOf, type Buyer } from "./helpers/orders.ts";

let cn: Buyer;
let us: Buyer;

beforeEach(async () => {
  ({ cn, us } = await freshBuyers());
});

/** A fresh camera VIP order (its fulfilment needs no carrier), paid with `payMethod`. */
async function newOrder(buyer: Buyer, payMethod: 1 | 2 | 3 | 4, couponId?: number) {
  const currency = buyer.country === "US" ? "usd" : "cny";
  const pkg = await packageOf(buyer, "CAM-DEMO-001", 5, `vip-month-${currency}`);
  const payAmount = couponId ? Math.round(pkg.salePrice * 100 - 2000) / 100 : pkg.salePrice;
  const { body } = await call(buyer, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-001", priceId: pkg.id, payAmount, payMethod, buyServiceType: 5, couponId });
  if (body?.status !== 200) throw new Error(JSON.stringify(body));
  return body.data.orderId as string;
}

async function paymentStatus(orderId: string) {
  return (await env.DB.prepare("SELECT status FROM payments WHERE order_id = ? ORDER BY created_at DESC, rowid DESC").bind(orderId).first<{ status: string }>())?.status;
}

describe("payment notifications", () => {
  it("marks the order paid on a verified notification and acknowledges it", async () => {
    const orderId = await newOrder(cn, 1);
    const payment = await sandboxPaymentOf(orderId);
    const response = await (await sandboxNotification(payment, "payment.succeeded"))();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200, msg: "success", data: null });
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
    expect((await orderEvents(orderId)).slice(0, 2).map((e) => e.to_status)).toEqual([8001, 8003]);
    expect(await paymentStatus(orderId)).toBe("succeeded");
  });

  it("has one effect when the same notification arrives 10 times at once, and again later", async () => {
    const orderId = await newOrder(cn, 2);
    const send = await sandboxNotification(await sandboxPaymentOf(orderId), "payment.succeeded");
    const responses = await Promise.all(Array.from({ length: 10 }, () => send()));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await send()).status).toBe(200);
    const paidEvents = (await orderEvents(orderId)).filter((e) => e.to_status === 8003);
    expect(paidEvents).toHaveLength(1);
    const seen = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_notifications WHERE order_id = ?").bind(orderId).first<{ n: number }>();
    expect(seen?.n).toBe(1);
  });

  it("rejects a wrong signature, a tampered amount, an old timestamp and the wrong provider path, changing nothing", async () => {
    const orderId = await newOrder(cn, 1);
    const payment = await sandboxPaymentOf(orderId);
    const attempts = [
      await sandboxNotification(payment, "payment.succeeded", { secret: "not-the-secret" }),
      await sandboxNotification(payment, "payment.succeeded", { tamper: (body) => body.replace(/"amount":"[\d.]+"/, '"amount":"0.01"') }),
      await sandboxNotification(payment, "payment.succeeded", { age: 600 }),
      await sandboxNotification(payment, "payment.succeeded", { path: "/v1/pay/notify/alipay" }),
      await sandboxNotification(payment, "payment.succeeded", { tamper: () => "{not json" }),
    ];
    for (const send of attempts) {
      const response = await send();
      expect(response.status).toBe(400);
      expect(((await response.json()) as { msg: string }).msg).toMatch(/^notification rejected: /);
    }
    expect((await orderRow(orderId))?.status).toBe(8001);
    expect(await paymentStatus(orderId)).toBe("created");
  });

  it("refuses an amount that does not match the payment even when correctly signed", async () => {
    const orderId = await newOrder(cn, 1);
    const payment = await sandboxPaymentOf(orderId);
    const send = await sandboxNotification({ ...payment, amount_cents: payment.amount_cents - 1 }, "payment.succeeded");
    const response = await send();
    expect(response.status).toBe(400);
    expect(((await response.json()) as { msg: string }).msg).toMatch(/does not match payment/);
    expect((await orderRow(orderId))?.status).toBe(8001);
  });

  it("answers 404 for an unknown provider, and acknowledges a genuine notification about a payment it never made, changing nothing", async () => {
    const orderId = await newOrder(cn, 1);
    const payment = await sandboxPaymentOf(orderId);
    expect((await (await sandboxNotification(payment, "payment.succeeded", { path: "/v1/pay/notify/bitcoin" }))()).status).toBe(404);
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_notifications").first<{ n: number }>();
    const unknown = await (await sandboxNotification({ ...payment, ref: "wxUNKNOWN" }, "payment.succeeded"))();
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ msg: "success" });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payment_notifications").first<{ n: number }>()).toEqual(before);
    expect((await orderRow(orderId))?.status).toBe(8001);
    // Not genuine: still refused.
    expect((await (await sandboxNotification({ ...payment, ref: "wxUNKNOWN" }, "payment.succeeded", { secret: "not-the-secret" }))()).status).toBe(400);
  });

  it("moves a failed payment to 8004", async () => {
    const orderId = await newOrder(cn, 1);
    await (await sandboxNotification(await sandboxPaymentOf(orderId), "payment.failed"))();
    expect((await orderRow(orderId))?.status).toBe(8004);
    expect(await paymentStatus(orderId)).toBe("failed");
  });

  it("captures an approved PayPal payment: 8001 -> 8002 -> 8003", async () => {
    const orderId = await newOrder(us, 3);
    const payment = await sandboxPaymentOf(orderId);
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'approved' WHERE ref = ?").bind(payment.ref).run();
    expect((await (await sandboxNotification(payment, "payment.approved"))()).status).toBe(200);
    expect((await orderEvents(orderId)).slice(0, 3).map((e) => e.to_status)).toEqual([8001, 8002, 8003]);
    expect((await sandboxPaymentOf(orderId)).status).toBe("paid");
  });

  it("gives the money back when a cancelled order is paid after all", async () => {
    const orderId = await newOrder(cn, 1, 3);
    expect((await call(cn, "/v1/cloud/order/cancel", { orderId })).body?.status).toBe(200);
    const payment = await sandboxPaymentOf(orderId);
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(payment.ref).run();
    expect((await (await sandboxNotification(payment, "payment.succeeded"))()).status).toBe(200);
    expect((await orderRow(orderId))?.status).toBe(8007);
    // The refund is made from the queue, after the notification was acknowledged.
    expect(await eventually(() => paymentStatus(orderId), (status) => status === "refunded")).toBe("refunded");
    expect((await sandboxPaymentOf(orderId)).status).toBe("refunded");
  });

  it("settles from the provider when the status is asked and the notification was lost", async () => {
    const orderId = await newOrder(cn, 2);
    const payment = await sandboxPaymentOf(orderId);
    const pending = await call(cn, "/v1/cloud/order/status", { orderId });
    expect(pending.body?.data).toMatchObject({ orderId, status: 8001, paymentType: 2, paymentTime: null });
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(payment.ref).run();
    const paid = await call(cn, "/v1/cloud/order/status", { orderId });
    expect(paid.body?.data.status).toBeGreaterThanOrEqual(8003);
    expect(paid.body?.data.paymentTime).toBeGreaterThan(0);
  });
});
