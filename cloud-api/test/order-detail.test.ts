import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { call, freshBuyers, packageOf, sandboxNotification, sandboxPaymentOf, type Buyer } from "./helpers/orders.ts";
import { signIn } from "#test/signed-request.ts";

let cn: Buyer;

beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

const detail = (buyer: Buyer, body: unknown) => call(buyer, "/v1/cloud/order/detail", body);

describe("POST /v1/cloud/order/detail", () => {
  it("answers the order in full after a coupon purchase: price, coupon, amount paid, the provider's reference and every status change", async () => {
    const pkg = await packageOf(cn, "CAM-DEMO-001", 1, "storage-allday-30-cny");
    // Coupon 3: 20 yuan off, no minimum (demo data).
    const { body: confirmed } = await call(cn, "/v1/cloud/order/h5/confirm/v2", {
      deviceId: "CAM-DEMO-001",
      priceId: pkg.id,
      payAmount: Math.round((pkg.salePrice - 20) * 100) / 100,
      payMethod: 2,
      buyServiceType: 1,
      couponId: 3,
    });
    expect(confirmed?.status).toBe(200);
    const orderId = confirmed?.data.orderId as string;
    const payment = await sandboxPaymentOf(orderId);
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(payment.ref).run();
    await (await sandboxNotification(payment, "payment.succeeded"))();

    const { http, body } = await detail(cn, { orderId, language: "zh" });
    expect(http).toBe(200);
    expect(body?.data).toMatchObject({
      orderId,
      deviceId: "CAM-DEMO-001",
      serviceType: 1,
      serviceName: "全天录像 7天循环",
      paymentType: 2,
      period: 30,
      currencyCode: "CNY",
      price: pkg.salePrice,
      discount: 20,
      realPayPrice: Math.round((pkg.salePrice - 20) * 100) / 100,
      coupon: { name: "立减¥20.00", couponCode: "DEMO0003" },
      payment: { provider: "alipay", reference: payment.ref, status: "succeeded" },
    });
    expect(body?.data.paymentTime).toBeGreaterThan(0);
    expect(body?.data.events.map((e: { toStatus: number }) => e.toStatus).slice(0, 2)).toEqual([8001, 8003]);
    expect(body?.data.events[1].fromStatus).toBe(8001);
  });

  it("names the payment that paid the order, not a second one that is refunded", async () => {
    const pkg = await packageOf(cn, "CAM-DEMO-001", 1, "storage-allday-30-cny");
    const { body: confirmed } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-001", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 1 });
    const orderId = confirmed?.data.orderId as string;
    const first = await sandboxPaymentOf(orderId);
    expect((await call(cn, "/v1/cloud/order/h5/order/repay", { orderId })).body?.status).toBe(200);
    const second = await sandboxPaymentOf(orderId);
    // The buyer pays both checkouts: the first delivers the order, the second is owed back.
    for (const payment of [first, second]) {
      await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(payment.ref).run();
      await (await sandboxNotification(payment, "payment.succeeded"))();
    }
    const { body } = await detail(cn, { orderId });
    expect(body?.data.payment).toMatchObject({ reference: first.ref, status: "succeeded" });
    const { results } = await env.DB.prepare("SELECT provider_ref, status, refund_due_at FROM payments WHERE order_id = ? ORDER BY created_at, rowid").bind(orderId).all();
    expect(results.length).toBe(2);
  });

  it("shows the refund's steps of a refunded demo order, and no period for an order never fulfilled", async () => {
    const { body } = await detail(cn, { orderId: "DEMO2000011" });
    expect(body?.data.status).toBe(8011);
    expect(body?.data.events.map((e: { toStatus: number }) => e.toStatus)).toEqual([8001, 8002, 8003, 8005, 8009, 8010, 8011]);
    expect(body?.data.servicePeriod).toBeNull();
    expect(body?.data.coupon).toBeNull();
  });

  it("answers the granted period of a fulfilled order", async () => {
    const { body } = await detail(cn, { orderId: "DEMO1000030" });
    const period = await env.DB.prepare("SELECT start_time, end_time FROM entitlements WHERE source_ref = 'DEMO1000030'").first<{ start_time: number; end_time: number }>();
    expect(body?.data.servicePeriod).toEqual({ startTime: period?.start_time, endTime: period?.end_time, revoked: false });
  });

  it("is not found for another user's order, for an unknown id, and refuses a missing id", async () => {
    const other: Buyer = { accessToken: (await signIn("other@camcloud.example")).accessToken, country: "US" };
    const theirs = await detail(other, { orderId: "DEMO1000030" });
    expect([theirs.http, theirs.body?.status, theirs.body?.data]).toEqual([404, 404, null]);
    expect((await detail(cn, { orderId: "NO-SUCH-ORDER" })).body?.status).toBe(404);
    expect((await detail(cn, {})).body?.status).toBe(400);
  });
});
