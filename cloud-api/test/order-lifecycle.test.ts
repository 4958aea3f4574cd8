import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { canTransition, OrderStatus } from "#domain/order-status.ts";
import { transitionStatement } from "#api/repositories/orders.ts";
import { freshBuyers, call, orderEvents, orderRow, packageOf, type Buyer } from "./helpers/orders.ts";
import { signIn } from "#test/signed-request.ts";

let cn: Buyer;

beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

async function newAiOrder(payMethod: 1 | 2, couponId?: number) {
  const pkg = await packageOf(cn, "CAM-DEMO-002", 6, "ai-year-cny");
  const payAmount = couponId === 3 ? pkg.salePrice - 20 : pkg.salePrice;
  const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-002", priceId: pkg.id, payAmount: Math.round(payAmount * 100) / 100, payMethod, buyServiceType: 6, couponId });
  if (body?.status !== 200) throw new Error(JSON.stringify(body));
  return body.data as { orderId: string; h5PaymentUrl: string | null; alipayForm: string | null };
}

/** A demo order in each status on SIM-DEMO-001 (the seed makes DEMO2000001..DEMO2000015 = 8001..8015). */
const demoOrderIn = (status: number) => `DEMO2${String(status - 8000).padStart(6, "0")}`;

describe("order state machine", () => {
  it("allows exactly the transitions of domain/order-status.ts, each recorded once", async () => {
    const codes = Object.values(OrderStatus);
    const probe = "DEMO2000001";
    const events = env.DB.prepare("SELECT COUNT(*) AS n FROM order_events WHERE order_id = ?").bind(probe);
    for (const from of codes) {
      for (const to of codes) {
        // One round trip per pair (setup, count, transition, count): the 15 x 15 pairs stay well inside the timeout on a busy machine.
        const [, before, result, after] = await env.DB.batch<{ n: number }>([
          env.DB.prepare("UPDATE orders SET status = ?, status_reason = 'test setup' WHERE order_id = ?").bind(from, probe),
          events,
          transitionStatement(env.DB, probe, to, "probe", 1),
          events,
        ]);
        const moved = result!.meta.changes > 0;
        expect(moved, `${from} -> ${to}`).toBe(canTransition(from, to));
        expect(after!.results[0]!.n - before!.results[0]!.n).toBe(moved ? 1 : 0);
      }
    }
    await env.DB.prepare("UPDATE orders SET status = 8001, status_reason = 'test teardown' WHERE order_id = ?").bind(probe).run();
  });

  it("keeps order_events append-only", async () => {
    await expect(env.DB.prepare("UPDATE order_events SET reason = 'rewritten'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM order_events").run()).rejects.toThrow(/append-only/);
  });
});

describe("cancel", () => {
  it("cancels only from 8001 and answers 409 in every other status", async () => {
    for (const status of Object.values(OrderStatus)) {
      if (status === OrderStatus.waitingToPay) continue;
      const { http, body } = await call(cn, "/v1/cloud/order/cancel", { orderId: demoOrderIn(status) });
      expect(http, String(status)).toBe(409);
      expect(body?.msg).toMatch(new RegExp(`\\(${status}\\) and cannot become cancelled \\(8007\\)`));
      expect(body?.reason).toBe("order_not_cancellable");
    }
  });

  it("cancels a waiting order, records 8001 -> 8007 and gives the coupon back", async () => {
    const { orderId } = await newAiOrder(1, 3);
    expect((await env.DB.prepare("SELECT status FROM coupons WHERE id = 3").first())?.status).toBe(1);
    const { body } = await call(cn, "/v1/cloud/order/cancel", { orderId });
    expect(body).toEqual({ status: 200, msg: "success", data: null });
    expect((await orderRow(orderId))?.status).toBe(8007);
    expect((await orderEvents(orderId)).map((e) => [e.from_status, e.to_status])).toEqual([[null, 8001], [8001, 8007]]);
    expect(await env.DB.prepare("SELECT status, used_order_id FROM coupons WHERE id = 3").first()).toEqual({ status: 0, used_order_id: null });
    expect((await call(cn, "/v1/cloud/order/cancel", { orderId })).http).toBe(409);
  });

  it("does not find another user's order, and refuses an empty orderId", async () => {
    const other = await signIn("other@camcloud.example");
    const { orderId } = await newAiOrder(1);
    expect((await call({ accessToken: other.accessToken }, "/v1/cloud/order/cancel", { orderId })).body).toMatchObject({ status: 404, msg: "order not found" });
    expect((await call(cn, "/v1/cloud/order/cancel", { orderId: "" })).body?.msg).toBe("invalid params: orderId: required");
  });
});

describe("repay", () => {
  it("starts a new payment for a waiting order; the earlier one stops counting", async () => {
    const first = await newAiOrder(1);
    const { body } = await call(cn, "/v1/cloud/order/h5/order/repay", { orderId: first.orderId });
    expect(body?.data).toMatchObject({ orderId: first.orderId, paymentType: 1 });
    expect(body?.data.h5PaymentUrl).toMatch(/^\/sandbox\/wechat\/pay\?prepay_id=/);
    expect(body?.data.h5PaymentUrl).not.toBe(first.h5PaymentUrl);
    const { results } = await env.DB.prepare("SELECT status FROM payments WHERE order_id = ? ORDER BY created_at, rowid").bind(first.orderId).all<{ status: string }>();
    expect(results.map((r) => r.status)).toEqual(["cancelled", "created"]);
  });

  it("refuses PayPal orders and orders past 8001 with 409", async () => {
    expect((await call(cn, "/v1/cloud/order/h5/order/repay", { orderId: "DEMO5000003" })).body).toMatchObject({
      status: 409,
      msg: "a PayPal order cannot be paid again; place a new order",
      reason: "paypal_order_not_repayable",
    });
    expect((await call(cn, "/v1/cloud/order/h5/order/repay", { orderId: demoOrderIn(8006) })).body).toMatchObject({ status: 409, reason: "order_not_payable" });
  });
});

describe("order list, status and pay info", () => {
  it("pages a device's orders newest first, five at a time, and ends with an empty page", async () => {
    const seen: string[] = [];
    let lastCreate = Infinity;
    for (let pageNum = 1; ; pageNum++) {
      const { body } = await call(cn, "/v1/cloud/order/query/srv/order/list", { deviceId: "SIM-DEMO-001", type: 2, pageNum, pageSize: 5 });
      const page = body?.data.orderList as { orderId: string; createTime: number }[];
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(5);
      for (const order of page) {
        expect(order.createTime).toBeLessThanOrEqual(lastCreate);
        lastCreate = order.createTime;
        seen.push(order.orderId);
      }
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(Object.values(OrderStatus).map(demoOrderIn)));
  });

  it("answers the spec's order fields", async () => {
    const { body } = await call(cn, "/v1/cloud/order/query/srv/order/list", { deviceId: "CAM-DEMO-002", type: 5, pageNum: 1, pageSize: 5 });
    expect(body?.data.orderList).toContainEqual({
      orderId: "DEMO5000003",
      serviceName: "VIP monthly",
      status: 8001,
      paymentType: 3,
      period: 30,
      createTime: expect.any(Number),
      paymentTime: null,
      realPayPrice: 25,
      currencyUint: "CNY",
    });
    expect((await call(cn, "/v1/cloud/order/query/srv/order/list", { deviceId: "SIM-OTHER-001", type: 2, pageNum: 1 })).http).toBe(403);
    expect((await call(cn, "/v1/cloud/order/query/srv/order/list", { deviceId: "SIM-DEMO-001", type: 2, pageNum: 0 })).body?.msg).toMatch(/^invalid params: pageNum:/);
  });

  it("gives the pay info of a waiting order with its instructions", async () => {
    const { orderId } = await newAiOrder(2, 3);
    const { body } = await call(cn, "/v1/cloud/order/pay/info", { orderId });
    expect(body?.data).toMatchObject({ orderId, status: 8001, paymentType: 2, originPrice: 148, discountAmount: 20, payAmount: 128, currencyCode: "CNY" });
    expect(body?.data.alipayForm).toMatch(/<form/);
    const paid = await call(cn, "/v1/cloud/order/pay/info", { orderId: demoOrderIn(8006) });
    expect(paid.body?.data).toMatchObject({ status: 8006, h5PaymentUrl: null, alipayForm: null });
    expect((await call(cn, "/v1/cloud/order/status", { orderId: "NOPE" })).body).toMatchObject({ status: 404 });
  });

  it("hides isGive mobile-data packages and keeps only isSale 1 elsewhere, by displaySort", async () => {
    const data = (await call(cn, "/v1/cloud/package/list", { deviceId: "SIM-DEMO-001", type: 2 })).body?.data.packageList as { isGive: number; displaySort: number }[];
    expect(data.some((p) => p.isGive === 1)).toBe(false);
    const storage = (await call(cn, "/v1/cloud/package/list", { deviceId: "CAM-DEMO-001", type: 1 })).body?.data.packageList as { isSale: number; displaySort: number }[];
    expect(storage.every((p) => p.isSale === 1)).toBe(true);
    expect(storage.map((p) => p.displaySort)).toEqual(storage.map((p) => p.displaySort).sort((a, b) => a - b));
    const receive = (await call(cn, "/v1/cloud/package/list", { deviceId: "CAM-DEMO-001", type: 1, serviceId: 102 })).body?.data.packageList as { serviceId: number }[];
    expect(receive.length).toBeGreaterThan(0);
    expect(receive.every((p) => p.serviceId === 102)).toBe(true);
  });
});
