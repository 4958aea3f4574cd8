import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { purchaseSignature } from "#api/services/checkout.ts";
import { signedFetch } from "#test/signed-request.ts";
import { freshBuyers, call, orderEvents, orderRow, packageOf, sandboxNotification, sandboxPaymentOf, type Buyer } from "./helpers/orders.ts";

const CONFIRM = "/v1/cloud/order/h5/confirm/v2";
let cn: Buyer;
let us: Buyer;

beforeEach(async () => {
  ({ cn, us } = await freshBuyers());
});

async function data10g() {
  return packageOf(cn, "SIM-DEMO-001", 2, "data-10g-cny");
}

async function countOrders() {
  return (await env.DB.prepare("SELECT COUNT(*) AS n FROM orders").first<{ n: number }>())?.n ?? 0;
}

describe("confirm order", () => {
  it("creates a WeChat order waiting to pay, with its history and an H5 payment URL", async () => {
    const pkg = await data10g();
    const { http, body } = await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 29.9, payMethod: 1, buyServiceType: 2, language: "en" });
    expect(http).toBe(200);
    expect(body?.data).toMatchObject({ paymentType: 1, payAmount: 29.9, currencyCode: "CNY", payPalOrderId: null, sessionId: null, alipayForm: null });
    expect(body?.data.h5PaymentUrl).toMatch(/^\/sandbox\/wechat\/pay\?prepay_id=wx/);
    expect(await orderRow(body?.data.orderId)).toMatchObject({ status: 8001, pay_cents: 2990, coupon_id: null });
    expect(await orderEvents(body?.data.orderId)).toEqual([{ from_status: null, to_status: 8001, reason: "created" }]);
  });

  it("answers each method with its own instructions", async () => {
    const pkg = await data10g();
    const alipay = await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 29.9, payMethod: 2, buyServiceType: 2 });
    expect(alipay.body?.data.alipayForm).toMatch(/^<form name="alipaysubmit" method="post" action="\/sandbox\/alipay\/gateway\.do/);
    const usPkg = await packageOf(us, "SIM-DEMO-001", 2, "data-10g-usd");
    const paypal = await call(us, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: usPkg.id, payAmount: 4.99, payMethod: 3, buyServiceType: 1 });
    expect(paypal.body?.data).toMatchObject({ paymentType: 3, currencyCode: "USD" });
    expect(paypal.body?.data.payPalOrderId).toMatch(/^[A-Z0-9]{17}$/);
    const card = await call(us, "/v1/cloud/order/h5/confirm/v3", { deviceId: "SIM-DEMO-001", priceId: usPkg.id, payAmount: 4.99, payMethod: 4, buyServiceType: 2 });
    expect(card.body?.data.sessionId).toMatch(/^cs_test_/);
  });

  it("recomputes the price with the coupon and consumes the coupon", async () => {
    const pkg = await data10g();
    const { body } = await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 9.9, payMethod: 1, buyServiceType: 2, couponId: 3, couponCode: "DEMO0003" });
    expect(body?.status).toBe(200);
    expect(await orderRow(body?.data.orderId)).toMatchObject({ pay_cents: 990, coupon_id: 3 });
    const coupon = await env.DB.prepare("SELECT status, used_order_id FROM coupons WHERE id = 3").first();
    expect(coupon).toEqual({ status: 1, used_order_id: body?.data.orderId });
    // Once the order that holds it is paid, the coupon is used for good.
    const payment = await sandboxPaymentOf(body?.data.orderId);
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(payment.ref).run();
    expect((await (await sandboxNotification(payment, "payment.succeeded"))()).status).toBe(200);
    const again = await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 9.9, payMethod: 1, buyServiceType: 2, couponId: 3 });
    expect(again.body).toMatchObject({ status: 409, msg: "coupon already used" });
  });

  it("lets a checkout the buyer abandoned or that failed give its coupon and price to the next try, leaving one open order", async () => {
    const vip = await packageOf(us, "CAM-DEMO-001", 5, "vip-year-usd");
    const confirmUs = (payMethod: number) => call(us, CONFIRM, { deviceId: "CAM-DEMO-001", priceId: vip.id, payAmount: vip.salePrice - 2, payMethod, buyServiceType: 5, couponId: 9 });
    const abandoned = await confirmUs(3);
    expect(abandoned.body?.status).toBe(200);
    // The coupon is still the buyer's to use while its order is unpaid.
    const listed = await signedFetch("/v1/cloud/coupon/user/list?type=5&countryCode=US", undefined, { accessToken: us.accessToken, method: "GET" });
    expect(listed.body?.data.find((c: { id: number }) => c.id === 9)).toMatchObject({ status: 0 });
    const retried = await confirmUs(4);
    expect(retried.body?.status).toBe(200);
    expect(await orderRow(retried.body?.data.orderId)).toMatchObject({ pay_cents: Math.round((vip.salePrice - 2) * 100), coupon_id: 9 });
    expect((await orderRow(abandoned.body?.data.orderId))?.status).toBe(8007);
    expect((await orderEvents(abandoned.body?.data.orderId)).at(-1)).toMatchObject({ to_status: 8007, reason: "replaced by a new checkout" });
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM orders WHERE device_id = 'CAM-DEMO-001' AND service_type = 5 AND status IN (8001, 8004)").first<{ n: number }>();
    expect(open?.n).toBe(1);

    // A failed payment (8004, which has no Cancel) gives its coupon back the same way.
    const pkg = await data10g();
    const failed = await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 24.9, payMethod: 1, buyServiceType: 2, couponId: 1 });
    await (await sandboxNotification(await sandboxPaymentOf(failed.body?.data.orderId), "payment.failed"))();
    expect((await orderRow(failed.body?.data.orderId))?.status).toBe(8004);
    const next = await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 24.9, payMethod: 2, buyServiceType: 2, couponId: 1 });
    expect(next.body?.status).toBe(200);
    expect((await orderRow(failed.body?.data.orderId))?.status).toBe(8015);
    expect(await env.DB.prepare("SELECT used_order_id FROM coupons WHERE id = 1").first()).toEqual({ used_order_id: next.body?.data.orderId });
  });

  it("replaces only the unpaid order of the same package, or the one holding the coupon reused: another package's order stays open (decision 050-a)", async () => {
    const device = "CAM-DEMO-002";
    const confirm = async (productId: string, coupon?: { id: number; off: number }) => {
      const pkg = await packageOf(cn, device, 1, productId);
      const { body } = await call(cn, CONFIRM, { deviceId: device, priceId: pkg.id, payAmount: pkg.salePrice - (coupon?.off ?? 0), payMethod: 1, buyServiceType: 1, couponId: coupon?.id });
      expect(body?.status).toBe(200);
      return body?.data.orderId as string;
    };
    const status = async (orderId: string) => (await orderRow(orderId))?.status;
    const event = await confirm("storage-event-30-cny");
    const allDay = await confirm("storage-allday-30-cny");
    expect(await status(event)).toBe(8001);
    // The same package again, now with ¥30 off: it replaces the first try of that package only.
    const allDayAgain = await confirm("storage-allday-30-cny", { id: 4, off: 30 });
    expect(await status(allDay)).toBe(8007);
    expect((await orderEvents(allDay)).at(-1)).toMatchObject({ to_status: 8007, reason: "replaced by a new checkout" });
    expect(await status(event)).toBe(8001);
    // Another package with the coupon that order holds: the coupon's order ends, the event order stays.
    const yearly = await confirm("storage-allday-365-cny", { id: 4, off: 30 });
    expect(await status(allDayAgain)).toBe(8007);
    expect(await status(event)).toBe(8001);
    expect(await env.DB.prepare("SELECT used_order_id FROM coupons WHERE id = 4").first()).toEqual({ used_order_id: yearly });
  });

  it("refuses a payAmount that differs from the recomputed price, and creates nothing", async () => {
    const pkg = await data10g();
    const before = await countOrders();
    for (const payAmount of [0.01, 29.89, 29.91, 0, 9.9]) {
      const { http, body } = await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount, payMethod: 1, buyServiceType: 2 });
      expect(http).toBe(400);
      expect(body?.msg).toBe("invalid params: payAmount: must be 29.90, the price after the coupon");
    }
    const tooPrecise = await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 29.899, payMethod: 1, buyServiceType: 2 });
    expect(tooPrecise.body?.msg).toMatch(/^invalid params: payAmount:/);
    expect(await countOrders()).toBe(before);
  });

  it("applies the coupon rules of product-rules §5 at their edges", async () => {
    const pkg = await data10g();
    const confirm = (couponId: number, payAmount: number) =>
      call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount, payMethod: 1, buyServiceType: 2, couponId });
    // 30.00 off a 29.90 price: the price must be above the value.
    expect((await confirm(4, 0)).body).toMatchObject({ status: 409, reason: "coupon_worth_more" });
    // 10.00 off from 50.00: the price is below the minimum.
    expect((await confirm(2, 19.9)).body).toMatchObject({ status: 409, reason: "coupon_minimum_not_met" });
    expect((await confirm(5, 14.9)).body).toMatchObject({ status: 409, msg: "coupon expired or not yet valid" });
    expect((await confirm(6, 21.9)).body).toMatchObject({ status: 409, msg: "coupon already used" });
    expect((await confirm(7, 24.9)).body).toMatchObject({ status: 409, msg: "coupon does not apply to this package" });
    expect((await confirm(8, 28.9)).body).toMatchObject({ status: 409, msg: "coupon does not apply to this package" });
    expect((await confirm(12, 28.9)).body).toMatchObject({ status: 404, msg: "coupon not found" });
    expect((await call(cn, CONFIRM, { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 24.9, payMethod: 1, buyServiceType: 2, couponId: 1, couponCode: "DEMO0002" })).body?.msg).toBe(
      "invalid params: couponCode: does not match couponId",
    );
  });

  it("gives no coupon discount at a price of 10000 or more", async () => {
    const fleet = await packageOf(cn, "CAM-DEMO-001", 1, "storage-fleet-cny");
    expect(fleet.salePrice).toBe(10000);
    const withCoupon = await call(cn, CONFIRM, { deviceId: "CAM-DEMO-001", priceId: fleet.id, payAmount: 9980, payMethod: 2, buyServiceType: 1, couponId: 4 });
    expect(withCoupon.body).toMatchObject({ status: 409, reason: "coupon_price_ceiling" });
    const full = await call(cn, CONFIRM, { deviceId: "CAM-DEMO-001", priceId: fleet.id, payAmount: 10000, payMethod: 2, buyServiceType: 1 });
    expect(full.body?.data.payAmount).toBe(10000);
  });

  it("sells only what the screen may show, to the right device, currency and payment method", async () => {
    const pkg = await data10g();
    const base = { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 29.9, payMethod: 1, buyServiceType: 2 };
    const trial = await packageOf(cn, "SIM-DEMO-001", 2, "data-trial-cny").catch(() => null);
    expect(trial).toBeNull(); // isGive packages are not listed for mobile data...
    const trialId = (await env.DB.prepare("SELECT id FROM packages WHERE product_id = 'data-trial-cny'").first<{ id: number }>())?.id;
    expect((await call(cn, CONFIRM, { ...base, priceId: trialId, payAmount: 0 })).body).toMatchObject({ status: 409, msg: "package is not on sale" });
    const legacyId = (await env.DB.prepare("SELECT id FROM packages WHERE product_id = 'storage-legacy-cny'").first<{ id: number }>())?.id;
    expect((await call(cn, CONFIRM, { ...base, deviceId: "CAM-DEMO-001", priceId: legacyId, payAmount: 10, buyServiceType: 1 })).body?.status).toBe(409);
    expect((await call(cn, CONFIRM, { ...base, deviceId: "CAM-DEMO-001" })).body).toMatchObject({ status: 409, reason: "package_wrong_device" });
    expect((await call(cn, CONFIRM, { ...base, deviceId: "SIM-OTHER-001" })).http).toBe(403);
    expect((await call(cn, CONFIRM, { ...base, priceId: 999999 })).body).toMatchObject({ status: 404, msg: "package not found" });
    expect((await call(cn, CONFIRM, { ...base, payMethod: 3 })).body?.msg).toBe("invalid params: payMethod: not offered in CN");
    expect((await call(us, CONFIRM, { ...base, payMethod: 3 })).body?.msg).toBe("invalid params: priceId: not sold in US's currency");
    expect((await call(cn, CONFIRM, { ...base, buyServiceType: 5 })).body?.msg).toBe("invalid params: buyServiceType: does not match the package");
    expect((await call(cn, CONFIRM, { ...base, buyServiceType: 1 })).body?.msg).toBe("invalid params: buyServiceType: does not match the package");
    expect((await call(cn, CONFIRM, { ...base, serviceId: 999 })).body?.msg).toBe("invalid params: serviceId: does not match the package");
    expect((await call(cn, CONFIRM, { ...base, deviceType: 1 })).body?.msg).toBe("invalid params: deviceType: does not match the device");
  });

  it("refuses a package of a service type that the domain accepts but sells for no device, and creates nothing", async () => {
    const unsold = { id: 990_003, type: 3, productId: "unsold-type-3-cny" };
    await env.DB.prepare(
      `INSERT INTO packages (id, service_type, service_id, product_id, service_name, origin_price_cents, sale_price_cents, currency_code, period_days)
       VALUES (?, ?, 301, ?, '{"en":"Type 3"}', 1000, 1000, 'CNY', 30)`,
    )
      .bind(unsold.id, unsold.type, unsold.productId)
      .run();
    const before = await countOrders();
    for (const deviceId of ["CAM-DEMO-001", "SIM-DEMO-001"]) {
      const refused = await call(cn, CONFIRM, { deviceId, priceId: unsold.id, payAmount: 10, payMethod: 1, buyServiceType: unsold.type });
      expect(refused.body).toMatchObject({ status: 409, msg: "service type 3 is not sold", reason: "package_wrong_device" });
    }
    expect(await countOrders()).toBe(before);
  });

  it("checks the purchase signature on v3 and refuses it on v2", async () => {
    const pkg = await data10g();
    const base = { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: 29.9, payMethod: 1, buyServiceType: 2 };
    const mine = await purchaseSignature(env, 1);
    const other = await purchaseSignature(env, 2);
    // Keyed with the app secret, which ships in every app, anyone could make one: it is not accepted.
    const fromAppSecret = await purchaseSignature({ S2S_SECRET: env.APP_SECRET }, 1);
    expect((await call(cn, "/v1/cloud/order/h5/confirm/v3", { ...base, signature: mine })).body?.status).toBe(200);
    expect((await call(cn, "/v1/cloud/order/h5/confirm/v3", { ...base, signature: other })).body).toMatchObject({ status: 403 });
    expect((await call(cn, "/v1/cloud/order/h5/confirm/v3", { ...base, signature: fromAppSecret })).body).toMatchObject({ status: 403 });
    expect((await call(cn, CONFIRM, { ...base, signature: mine })).body?.msg).toMatch(/^invalid params: .*signature/);
  });

  it("lets exactly one of 10 concurrent confirms use the same coupon", async () => {
    const pkg = await packageOf(cn, "SIM-DEMO-002", 2, "data-30g-cny");
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(cn, CONFIRM, { deviceId: "SIM-DEMO-002", priceId: pkg.id, payAmount: 69, payMethod: 1, buyServiceType: 2, couponId: 2 }),
      ),
    );
    // A later confirm replaces an earlier unpaid one, so several may succeed; at the end exactly one open
    // order holds the coupon, and every other one that took it was cancelled and gave it back.
    for (const result of results) expect([200, 409]).toContain(result.body?.status);
    const open = await env.DB.prepare("SELECT order_id FROM orders WHERE coupon_id = 2 AND status = 8001").all<{ order_id: string }>();
    expect(open.results).toHaveLength(1);
    expect(await env.DB.prepare("SELECT status, used_order_id FROM coupons WHERE id = 2").first()).toEqual({ status: 1, used_order_id: open.results[0]!.order_id });
    const others = await env.DB.prepare("SELECT DISTINCT status FROM orders WHERE coupon_id = 2 AND order_id != ?").bind(open.results[0]!.order_id).all<{ status: number }>();
    for (const { status } of others.results) expect(status).toBe(8007);
  });

  it("limits order creation per device and per user with 429", async () => {
    const pkg = await data10g();
    const confirm = (deviceId: string) => call(cn, CONFIRM, { deviceId, priceId: pkg.id, payAmount: 29.9, payMethod: 1, buyServiceType: 2 });
    for (let i = 0; i < 10; i++) expect((await confirm("SIM-DEMO-004")).body?.status).toBe(200);
    const limited = await confirm("SIM-DEMO-004");
    expect(limited.http).toBe(429);
    expect(limited.body?.status).toBe(429);
    for (const device of ["SIM-DEMO-001", "SIM-DEMO-002"]) {
      for (let i = 0; i < 10; i++) expect((await confirm(device)).body?.status).toBe(200);
    }
    expect((await confirm("SIM-DEMO-003")).body?.status).toBe(429);
  });
});
