import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "#api/index.ts";
import type { FulfilmentMessage } from "#api/fulfilment/message.ts";
import { call, freshBuyers, orderRow, packageOf, sandboxNotification, sandboxPaymentOf, type Buyer } from "./helpers/orders.ts";

const DAY = 86400;
let cn: Buyer;

beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

/** Replaces the device's periods of a service with these, in days from `at`. */
async function startFrom(deviceId: string, type: number, productId: string, periods: [number, number][], at: number) {
  await env.DB.prepare("DELETE FROM entitlements WHERE device_id = ? AND service_type = ?").bind(deviceId, type).run();
  for (const [index, [from, to]] of periods.entries()) {
    await env.DB.prepare(
      `INSERT INTO entitlements (device_id, service_type, package_id, service_name, status, start_time, end_time, source, source_ref)
       SELECT ?1, service_type, id, service_name, 1, ?2, ?3, 'order', ?4 FROM packages WHERE product_id = ?5`,
    )
      .bind(deviceId, at + from * DAY, at + to * DAY, `START-${deviceId}-${type}-${index}-${at}`, productId)
      .run();
  }
}

async function payAndDeliver(deviceId: string, type: number, priceId: number, payAmount: number) {
  const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId, priceId, payAmount, payMethod: 1, buyServiceType: type });
  if (body?.status !== 200) throw new Error(JSON.stringify(body));
  const orderId = body.data.orderId as string;
  const payment = await sandboxPaymentOf(orderId);
  await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(payment.ref).run();
  expect((await (await sandboxNotification(payment, "payment.succeeded"))()).status).toBe(200);
  const batch = createMessageBatch<FulfilmentMessage>("camcloud-fulfilment-local", [{ id: `m-${orderId}`, timestamp: new Date(), attempts: 1, body: { orderId } }]);
  await worker.queue(batch, env, createExecutionContext());
  await getQueueResult(batch, createExecutionContext());
  expect((await orderRow(orderId))?.status).toBe(8006);
  return orderId;
}

const SERVICES = [
  { name: "cloud storage", type: 1, deviceId: "CAM-DEMO-001", productId: "storage-event-30-cny" },
  { name: "mobile data", type: 2, deviceId: "SIM-DEMO-001", productId: "data-10g-cny" },
  { name: "VIP", type: 5, deviceId: "CAM-DEMO-001", productId: "vip-month-cny" },
  { name: "AI", type: 6, deviceId: "CAM-DEMO-001", productId: "ai-month-cny" },
];
const STARTING_POINTS: { name: string; periods: [number, number][]; extendsCurrent: boolean }[] = [
  { name: "never opened", periods: [], extendsCurrent: false },
  { name: "active", periods: [[-10, 20]], extendsCurrent: true },
  { name: "expired", periods: [[-40, -10]], extendsCurrent: false },
  { name: "queued", periods: [[-10, 5], [5, 35]], extendsCurrent: true },
];

describe("POST /v1/cloud/package/preview", () => {
  // One clock for the preview and the fulfilment after it, so that "starts now" is the same second in both.
  afterEach(() => vi.useRealTimers());

  describe.each(SERVICES)("$name", (service) => {
    it.each(STARTING_POINTS)("from $name: the preview is the period the paid order grants", async (point) => {
      vi.useFakeTimers({ toFake: ["Date"] });
      const at = Math.floor(Date.now() / 1000);
      await startFrom(service.deviceId, service.type, service.productId, point.periods, at);
      const pkg = await packageOf(cn, service.deviceId, service.type, service.productId);
      const { body } = await call(cn, "/v1/cloud/package/preview", { deviceId: service.deviceId, type: service.type });
      expect(body?.status).toBe(200);
      const preview = (body?.data.previews as { packageId: number; startTime: number; endTime: number }[]).find((p) => p.packageId === pkg.id);
      const lastEnd = Math.max(at, ...point.periods.map(([, to]) => at + to * DAY));
      expect(preview).toEqual({ packageId: pkg.id, startTime: lastEnd, endTime: lastEnd + 30 * DAY, extendsCurrent: point.extendsCurrent });

      const orderId = await payAndDeliver(service.deviceId, service.type, pkg.id, pkg.salePrice);
      const granted = await env.DB.prepare("SELECT start_time, end_time FROM entitlements WHERE source = 'order' AND source_ref = ?")
        .bind(orderId)
        .first<{ start_time: number; end_time: number }>();
      expect(granted).toEqual({ start_time: preview?.startTime, end_time: preview?.endTime });
    });
  });

  it("refuses a device of another user (403) and a missing type (400)", async () => {
    expect((await call(cn, "/v1/cloud/package/preview", { deviceId: "CAM-OTHER-001", type: 1 })).body?.status).toBe(403);
    expect((await call(cn, "/v1/cloud/package/preview", { deviceId: "CAM-DEMO-001" })).body?.status).toBe(400);
  });
});

describe("POST /v1/cloud/entitlement/timeline", () => {
  const timeline = (body: unknown) => call(cn, "/v1/cloud/entitlement/timeline", body);

  it("splits a service's periods into in use, queued (soonest first) and recently ended (latest first), with the renewal reminder", async () => {
    const at = Math.floor(Date.now() / 1000);
    await startFrom("CAM-DEMO-002", 6, "ai-month-cny", [[-200, -170], [-60, -30], [-20, -10], [-5, 3], [3, 33], [33, 63]], at);
    const { body } = await timeline({ deviceId: "CAM-DEMO-002", type: 6, language: "zh" });
    expect(body?.status).toBe(200);
    const ai = body?.data.services[0];
    expect(ai.serviceType).toBe(6);
    expect(ai.inUse).toMatchObject({ serviceName: "超级AI 月包", source: "order", startTime: at - 5 * DAY, endTime: at + 3 * DAY });
    expect(ai.queued.map((p: { startTime: number }) => p.startTime)).toEqual([at + 3 * DAY, at + 33 * DAY]);
    // 200 days ago is past the 90 days the timeline looks back.
    expect(ai.ended.map((p: { endTime: number }) => p.endTime)).toEqual([at - 10 * DAY, at - 30 * DAY]);
    // The service stops at the end of the last queued period, 63 days away: no reminder.
    expect(ai.endingSoonAt).toBeNull();
  });

  it("reminds when the service in use stops within 7 days, and answers every service without a type", async () => {
    const at = Math.floor(Date.now() / 1000);
    await startFrom("CAM-DEMO-002", 5, "vip-month-cny", [[-25, 6]], at);
    const { body } = await timeline({ deviceId: "CAM-DEMO-002" });
    expect(body?.data.services.map((s: { serviceType: number }) => s.serviceType)).toEqual([1, 2, 5, 6]);
    const vip = body?.data.services.find((s: { serviceType: number }) => s.serviceType === 5);
    expect(vip.endingSoonAt).toBe(at + 6 * DAY);
  });

  it("answers 403 for another user's device, 400 for a bad type, 1010 without a valid token", async () => {
    expect((await timeline({ deviceId: "CAM-OTHER-001" })).body?.status).toBe(403);
    expect((await timeline({ deviceId: "CAM-DEMO-001", type: 9 })).body?.status).toBe(400);
    expect((await call({ accessToken: "nope" }, "/v1/cloud/entitlement/timeline", { deviceId: "CAM-DEMO-001" })).body?.status).toBe(1010);
  });
});
