import { createExecutionContext, createMessageBatch, createScheduledController, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "#api/index.ts";
import { freshBuyers, call, deliver, orderEvents, orderRow, packageOf, paidOrder, sandboxNotification, sandboxPaymentOf, waitForStatus, type Buyer } from "./helpers/orders.ts";

let cn: Buyer;

beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

async function periods(deviceId: string, type: number) {
  const { results } = await env.DB.prepare("SELECT source_ref, start_time, end_time, status FROM entitlements WHERE device_id = ? AND service_type = ? AND revoked_at IS NULL ORDER BY start_time")
    .bind(deviceId, type)
    .all<{ source_ref: string; start_time: number; end_time: number; status: number }>();
  return results;
}

describe("fulfilment queue", () => {
  it("fulfils a paid order: 8003 -> 8005 -> 8006, the period queued after the current one and the SIM topped up", async () => {
    const before = await periods("SIM-DEMO-001", 2);
    const card = await env.DB.prepare("SELECT total_mb FROM sim_cards WHERE iccid = '89860012345678901234'").first<{ total_mb: number }>();
    const orderId = await paidOrder(cn, "SIM-DEMO-001", 2, "data-10g-cny");
    const result = await deliver(orderId);
    expect(result.explicitAcks).toEqual([`m-${orderId}-1`]);
    expect((await orderRow(orderId))?.status).toBe(8006);
    expect((await orderEvents(orderId)).map((e) => e.to_status)).toEqual([8001, 8003, 8005, 8006]);
    const granted = (await periods("SIM-DEMO-001", 2)).find((p) => p.source_ref === orderId);
    expect(granted?.start_time).toBe(Math.max(...before.map((p) => p.end_time)));
    expect(granted && granted.end_time - granted.start_time).toBe(30 * 86400);
    const after = await env.DB.prepare("SELECT total_mb, status FROM sim_cards WHERE iccid = '89860012345678901234'").first<{ total_mb: number; status: string }>();
    expect(after).toEqual({ total_mb: (card?.total_mb ?? 0) + 10240, status: "NORMAL" });
  });

  it("grants once however often the message is delivered", async () => {
    const orderId = await paidOrder(cn, "CAM-DEMO-002", 6, "ai-month-cny");
    await deliver(orderId);
    await deliver(orderId);
    await Promise.all([deliver(orderId), deliver(orderId)]);
    expect((await periods("CAM-DEMO-002", 6)).filter((p) => p.source_ref === orderId)).toHaveLength(1);
    expect((await orderEvents(orderId)).filter((e) => e.to_status === 8006)).toHaveLength(1);
  });

  it("runs on its own after a payment, through the Worker's queue", async () => {
    const orderId = await paidOrder(cn, "CAM-DEMO-001", 6, "ai-month-cny");
    expect(await waitForStatus(orderId, (s) => s === 8006)).toBe(8006);
  });

  it("retries a failing fulfilment, then refunds it: 8009, 8010, 8011, coupon back", async () => {
    // SIM-DEMO-003 has no carrier record: its top-up cannot be delivered.
    const pkg = await packageOf(cn, "SIM-DEMO-003", 2, "data-10g-cny");
    const orderId = await paidOrder(cn, "SIM-DEMO-003", 2, "data-10g-cny", 3, Math.round((pkg.salePrice - 20) * 100) / 100);
    const first = await deliver(orderId, 1);
    expect(first.retryMessages).toEqual([{ msgId: `m-${orderId}-1` }]);
    expect((await orderRow(orderId))?.status).toBe(8005);
    const last = await deliver(orderId, 3);
    expect(last.explicitAcks).toEqual([`m-${orderId}-3`]);
    expect((await orderEvents(orderId)).map((e) => e.to_status)).toEqual([8001, 8003, 8005, 8009, 8010, 8011]);
    expect((await sandboxPaymentOf(orderId)).status).toBe("refunded");
    expect(await env.DB.prepare("SELECT status, used_order_id FROM coupons WHERE id = 3").first()).toEqual({ status: 0, used_order_id: null });
  });

  it("marks the refund failed (8012) when the provider refuses it", async () => {
    const orderId = await paidOrder(cn, "SIM-DEMO-003", 2, "data-5g-cny");
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'failed' WHERE merchant_order_id = ?").bind(orderId).run();
    await deliver(orderId, 3);
    expect((await orderEvents(orderId)).map((e) => e.to_status).slice(-3)).toEqual([8009, 8010, 8012]);
  });

  it("drops a malformed message", async () => {
    const batch = createMessageBatch("camcloud-fulfilment-local", [{ id: "bad", timestamp: new Date(), attempts: 1, body: { order: 1 } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as never, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["bad"]);
  });
});

describe("cron sweeps", () => {
  async function runCron() {
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, createExecutionContext());
  }

  it("finishes fulfilled orders whose period has ended (8006 -> 8008)", async () => {
    // The demo AI order DEMO6000004 granted a period that ended 30 days ago (this test runs the first sweep).
    expect((await orderRow("DEMO6000004"))?.status).toBe(8006);
    await runCron();
    expect((await orderRow("DEMO6000004"))?.status).toBe(8008);
    expect((await orderEvents("DEMO6000004")).at(-1)).toMatchObject({ from_status: 8006, to_status: 8008, reason: "service period ended" });
  });

  it("closes unpaid orders after the configured time: 8014, or 8015 after a failed payment; coupons come back", async () => {
    const pkg = await packageOf(cn, "CAM-DEMO-001", 5, "vip-year-cny");
    // One camera each: a new checkout on the same device and service would replace the open order.
    const confirm = (deviceId: string, couponId?: number) =>
      call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId, priceId: pkg.id, payAmount: couponId ? pkg.salePrice - 30 : pkg.salePrice, payMethod: 1, buyServiceType: 5, couponId });
    const waiting = (await confirm("CAM-DEMO-001", 4)).body?.data.orderId as string;
    const failed = (await confirm("CAM-DEMO-002")).body?.data.orderId as string;
    const fresh = (await confirm("CAM-DEMO-003")).body?.data.orderId as string;
    await (await sandboxNotification(await sandboxPaymentOf(failed), "payment.failed"))();
    await env.DB.prepare("UPDATE orders SET created_at = created_at - 7200 WHERE order_id IN (?, ?)").bind(waiting, failed).run();
    await runCron();
    expect((await orderRow(waiting))?.status).toBe(8014);
    expect((await orderRow(failed))?.status).toBe(8015);
    expect((await orderRow(fresh))?.status).toBe(8001);
    expect((await env.DB.prepare("SELECT status FROM coupons WHERE id = 4").first())?.status).toBe(0);
  });

  it("does not close an order whose payment went through while its notification was lost", async () => {
    const pkg = await packageOf(cn, "CAM-DEMO-001", 5, "vip-month-cny");
    const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-001", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 2, buyServiceType: 5 });
    const orderId = body?.data.orderId as string;
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE merchant_order_id = ?").bind(orderId).run();
    await env.DB.prepare("UPDATE orders SET created_at = created_at - 7200 WHERE order_id = ?").bind(orderId).run();
    await runCron();
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
    expect((await orderRow(orderId))?.status).not.toBe(8014);
  });

  it("forgets old request nonces", async () => {
    await env.DB.prepare("INSERT INTO request_nonces (appid, token_key, notice_str, timestamp, seen_at) VALUES ('a', 'k', '12345678', 1, 1)").run();
    await runCron();
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM request_nonces WHERE seen_at = 1").first<{ n: number }>())?.n).toBe(0);
  });
});
