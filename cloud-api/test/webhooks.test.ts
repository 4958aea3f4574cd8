import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { Webhook } from "standardwebhooks";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "#api/index.ts";
import type { CloudApiEnv } from "#api/env.ts";
import type { DeliveryKey } from "#api/repositories/webhooks.ts";
import { dispatchEvents, requeueStalled, sendDeliveryAgain } from "#api/services/webhooks.ts";
import { webhookEndpoints } from "#api/core/webhook-endpoints.ts";
import { signIn } from "#test/signed-request.ts";
import { openFakeProvider, type FakeProvider } from "#test/fake-provider/client.ts";
import { call, deliver, paidOrder, packageOf, waitForStatus, type Buyer } from "./helpers/orders.ts";

/** The console's operator who sends deliveries again. */
const SUPPORT = { email: "support@camcloud.example", role: "support" } as const;
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const OTHER_SECRET = "whsec_aWPQczootYm0Yy1EZRKtTMxwaTKdoLyi";

let cn: Buyer;

beforeAll(async () => {
  cn = { accessToken: (await signIn()).accessToken, country: "CN" };
});

interface EventRow {
  id: string;
  type: string;
  data: string;
}

/** The integration events whose payload names this order, in the order the changes happened. */
async function eventsOfOrder(orderId: string) {
  const { results } = await env.DB.prepare("SELECT id, type, data FROM webhook_events WHERE data ->> '$.orderId' = ? ORDER BY seq").bind(orderId).all<EventRow>();
  return results.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }));
}

async function deliveryRow(key: DeliveryKey) {
  return env.DB.prepare("SELECT attempts, last_status, last_error, delivered_at, dead_at FROM webhook_deliveries WHERE event_id = ? AND endpoint = ?")
    .bind(key.eventId, key.endpoint)
    .first<{ attempts: number; last_status: number | null; last_error: string | null; delivered_at: number | null; dead_at: number | null }>();
}

/** The Worker's env with one endpoint, "brand", at the fake provider, and a queue that keeps what is sent. */
function brandEnv(fake: FakeProvider) {
  const sent: DeliveryKey[] = [];
  const queue = {
    async send(body: DeliveryKey) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<{ body: DeliveryKey }>) {
      for (const message of messages) sent.push(message.body);
    },
  };
  const configured = {
    ...env,
    WEBHOOK_ENDPOINTS: JSON.stringify({ brand: `${fake.baseUrl}/hook` }),
    WEBHOOK_SECRETS: JSON.stringify({ brand: SECRET }),
    WEBHOOKS: queue,
  } as unknown as CloudApiEnv;
  return { env: configured, sent };
}

/** One delivery message as the queue hands it over on its `attempts`th try; `delays` are what its retries asked for. */
async function consume(queueName: string, workerEnv: CloudApiEnv, key: DeliveryKey, attempts: number, id: string) {
  const batch = createMessageBatch<DeliveryKey>(queueName, [{ id, timestamp: new Date(), attempts, body: key }]);
  const retry = vi.spyOn(batch.messages[0]!, "retry");
  const ctx = createExecutionContext();
  await worker.queue(batch, workerEnv, ctx);
  return { ...(await getQueueResult(batch, ctx)), delays: retry.mock.calls.map(([options]) => options?.delaySeconds) };
}

/** The demo buyer receives a new VIP card on a device; its period's event, as the trigger wrote it. */
async function receiveNewVipCard(codeId: string, deviceId: string, deviceType: 1 | 2) {
  await env.DB.prepare("INSERT INTO service_cards (code_id, kind, package_id, status) SELECT ?, 'vip', id, 0 FROM packages WHERE product_id = 'vip-card-cny'").bind(codeId).run();
  expect((await call(cn, "/v1/cloud/vip-card/receive", { deviceId, deviceType, encryptCodeId: codeId, countryCode: "CN" })).body?.status).toBe(200);
  return cardEvent(deviceId);
}

/** The latest event of a card's period on the device. */
function cardEvent(deviceId: string) {
  return env.DB.prepare("SELECT id, type, dispatched_at FROM webhook_events WHERE data ->> '$.source' = 'vip_card' AND data ->> '$.deviceId' = ? ORDER BY seq DESC LIMIT 1")
    .bind(deviceId)
    .first<{ id: string; type: string; dispatched_at: number | null }>();
}

describe("integration events: delivery", () => {
  it("signs each delivery with the endpoint's secret, which the standardwebhooks library verifies, and retries a failure with the same webhook-id", async () => {
    const fake = openFakeProvider();
    const brand = brandEnv(fake);
    const granted = await receiveNewVipCard("VIPCARD-HOOK-1", "CAM-DEMO-003", 1);
    expect(granted?.type).toMatch(/^entitlement\.(granted|extended)$/);

    await dispatchEvents(brand.env);
    const key = brand.sent.find((message) => message.eventId === granted?.id);
    expect(key).toEqual({ eventId: granted?.id, endpoint: "brand" });

    await fake.script({ method: "POST", path: "/hook", status: 500 }, { method: "POST", path: "/hook", status: 204 });
    const first = await consume("camcloud-webhooks-local", brand.env, key!, 1, "w-1");
    expect(first.retryMessages).toEqual([{ msgId: "w-1" }]);
    expect(first.delays).toEqual([30]);
    expect(await deliveryRow(key!)).toMatchObject({ attempts: 1, last_status: 500, last_error: "HTTP 500", delivered_at: null });

    const second = await consume("camcloud-webhooks-local", brand.env, key!, 2, "w-1");
    expect(second.explicitAcks).toEqual(["w-1"]);
    expect(await deliveryRow(key!)).toMatchObject({ attempts: 2, last_status: 204, last_error: null, delivered_at: expect.any(Number) });

    const requests = await fake.requests();
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.headers["webhook-id"]).toBe(granted?.id);
      const payload = new Webhook(SECRET).verify(request.body, request.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(payload).toMatchObject({ type: granted?.type, data: { deviceId: "CAM-DEMO-003", serviceType: 5, source: "vip_card", orderId: null } });
      expect(() => new Webhook(OTHER_SECRET).verify(request.body, request.headers)).toThrow("No matching signature found");
    }
    // Byte for byte the same body on the retry; only the timestamp header and its signature are new.
    expect(requests[1]?.body).toBe(requests[0]?.body);

    // A duplicate message of a delivered event sends nothing.
    expect((await consume("camcloud-webhooks-local", brand.env, key!, 1, "w-dup")).explicitAcks).toEqual(["w-dup"]);
    expect(await fake.requests()).toHaveLength(2);
  });

  it("backs off from 30 s to 6 h, gives up to the dead-letter queue, and sends a given-up delivery again with the same id", async () => {
    const fake = openFakeProvider();
    const brand = brandEnv(fake);
    const eventId = (await receiveNewVipCard("VIPCARD-HOOK-2", "SIM-DEMO-005", 2))?.id;
    await dispatchEvents(brand.env);
    const key = brand.sent.find((message) => message.eventId === eventId)!;
    expect(key.endpoint).toBe("brand");

    // Nobody answers at the endpoint: attempt 5 waits 8 minutes, attempt 15 six hours.
    await fake.script({ method: "POST", path: "/hook", status: 503 }, { method: "POST", path: "/hook", status: 503 });
    expect((await consume("camcloud-webhooks-local", brand.env, key, 5, "d-5")).delays).toEqual([480]);
    expect((await consume("camcloud-webhooks-local", brand.env, key, 15, "d-15")).delays).toEqual([21600]);
    expect(await deliveryRow(key)).toMatchObject({ attempts: 2, last_status: 503, delivered_at: null, dead_at: null });

    // After its last retry the queue moves the message to the dead-letter queue, whose consumer marks it given up.
    expect((await consume("camcloud-webhooks-dead-local", brand.env, key, 1, "dead-1")).explicitAcks).toEqual(["dead-1"]);
    expect(await deliveryRow(key)).toMatchObject({ dead_at: expect.any(Number), delivered_at: null });

    // Send again (the console's action): queued afresh with the same event id, and delivered.
    brand.sent.length = 0;
    expect(await sendDeliveryAgain(brand.env, key, SUPPORT)).toMatchObject({ state: "retrying", attempts: 2 });
    expect(brand.sent).toEqual([key]);
    expect(await deliveryRow(key)).toMatchObject({ dead_at: null, delivered_at: null });
    await fake.script({ method: "POST", path: "/hook", status: 200 });
    expect((await consume("camcloud-webhooks-local", brand.env, key, 1, "again-1")).explicitAcks).toEqual(["again-1"]);
    expect(await deliveryRow(key)).toMatchObject({ attempts: 3, last_status: 200, delivered_at: expect.any(Number) });
    const requests = await fake.requests();
    expect(requests.map((request) => request.headers["webhook-id"])).toEqual([eventId, eventId, eventId]);

    // A delivered one can be sent again too; an unknown one cannot.
    expect(await sendDeliveryAgain(brand.env, key, SUPPORT)).toMatchObject({ state: "retrying", attempts: 3, delivered_at: null });
    expect(await sendDeliveryAgain(brand.env, { eventId: "msg_00000000000000000000000000000000", endpoint: "brand" }, SUPPORT)).toBeNull();
  });
});

describe("integration events: the relay", () => {
  it("leaves events for the next relay when the queue refuses them, and the cron sends a delivery whose message was lost", async () => {
    const fake = openFakeProvider();
    const brand = brandEnv(fake);
    await receiveNewVipCard("VIPCARD-HOOK-4", "SIM-DEMO-002", 2);
    const event = () => cardEvent("SIM-DEMO-002");

    const refusing = { ...brand.env, WEBHOOKS: { sendBatch: () => Promise.reject(new Error("queue unavailable")) } } as unknown as CloudApiEnv;
    await expect(dispatchEvents(refusing)).rejects.toThrow("queue unavailable");
    expect((await event())?.dispatched_at).toBeNull();

    await dispatchEvents(brand.env);
    const key = { eventId: (await event())!.id, endpoint: "brand" };
    expect(brand.sent).toContainEqual(key);
    // Say its message never reached the queue: 20 minutes later the cron sends it again, once.
    brand.sent.length = 0;
    await env.DB.prepare("UPDATE webhook_deliveries SET queued_at = queued_at - 1200 WHERE event_id = ?").bind(key.eventId).run();
    const now = Math.floor(Date.now() / 1000);
    expect(await requeueStalled(brand.env, now)).toBeGreaterThanOrEqual(1);
    expect(brand.sent).toContainEqual(key);
    brand.sent.length = 0;
    await requeueStalled(brand.env, now);
    expect(brand.sent).not.toContainEqual(key);
  });
});

describe("integration events: configuration", () => {
  it("gives each endpoint its own secret and refuses, naming it, an endpoint without one, a malformed secret or plain http in production", () => {
    const two = { WEBHOOK_ENDPOINTS: JSON.stringify({ video: "https://video.example/hooks", sim: "https://sim.example/in" }), WEBHOOK_SECRETS: JSON.stringify({ video: SECRET, sim: OTHER_SECRET }) };
    expect(webhookEndpoints(two)).toEqual([
      { name: "video", url: "https://video.example/hooks", secret: SECRET },
      { name: "sim", url: "https://sim.example/in", secret: OTHER_SECRET },
    ]);
    expect(() => webhookEndpoints({ ...two, WEBHOOK_SECRETS: JSON.stringify({ video: SECRET }) })).toThrow('WEBHOOK_SECRETS: no secret for the endpoint "sim"');
    expect(() => webhookEndpoints({ ...two, WEBHOOK_SECRETS: JSON.stringify({ video: SECRET, sim: "hunter2" }) })).toThrow(/^WEBHOOK_SECRETS: sim a secret is whsec_/);
    const plain = { WEBHOOK_ENDPOINTS: JSON.stringify({ video: "http://video.example/hooks" }), WEBHOOK_SECRETS: JSON.stringify({ video: SECRET }) };
    expect(webhookEndpoints(plain)).toHaveLength(1);
    expect(() => webhookEndpoints({ ...plain, ENVIRONMENT: "production" })).toThrow(/^WEBHOOK_ENDPOINTS: video /);
    expect(() => webhookEndpoints({ WEBHOOK_ENDPOINTS: "{not json", WEBHOOK_SECRETS: "{}" })).toThrow(/^WEBHOOK_ENDPOINTS: /);
  });
});

describe("integration events: the outbox", () => {
  it("records order.paid, entitlement.extended and sim.data_added once each however often fulfilment runs, also at once", async () => {
    const orderId = await paidOrder(cn, "SIM-DEMO-001", 2, "data-10g-cny");
    await Promise.all([deliver(orderId), deliver(orderId), deliver(orderId)]);
    await deliver(orderId, 2);
    expect(await waitForStatus(orderId, (status) => status === 8006)).toBe(8006);
    const pkg = await packageOf(cn, "SIM-DEMO-001", 2, "data-10g-cny");
    const events = await eventsOfOrder(orderId);
    expect(events.map((event) => event.type)).toEqual(["order.paid", "entitlement.extended", "sim.data_added"]);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    expect(events[0]?.data).toMatchObject({ orderId, deviceId: "SIM-DEMO-001", serviceType: 2, amountCents: Math.round(pkg.salePrice * 100), currency: "CNY", paymentType: 1 });
    expect(events[2]?.data).toMatchObject({ orderId, deviceId: "SIM-DEMO-001", iccid: "89860012345678901234", addedMb: 10240, unlimited: false });
    const period = await env.DB.prepare("SELECT start_time, end_time FROM entitlements WHERE source = 'order' AND source_ref = ?").bind(orderId).first<{ start_time: number; end_time: number }>();
    const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(".000Z", "Z");
    expect(events[1]?.data).toMatchObject({ startsAt: iso(period!.start_time), endsAt: iso(period!.end_time), serviceEndsAt: iso(period!.end_time), unlimited: false, source: "order" });
    // The fulfilment batch hands its events to their queue itself, not leaving them for the cron (found by an outside attacker).
    const { results } = await env.DB.prepare("SELECT dispatched_at FROM webhook_events WHERE data ->> '$.orderId' = ?").bind(orderId).all<{ dispatched_at: number | null }>();
    expect(results.map((row) => row.dispatched_at !== null)).toEqual([true, true, true]);
  });

  it("records no period or data event for a fulfilment that failed, and one order.refunded for its refund", async () => {
    // SIM-DEMO-003 has no carrier record: its top-up cannot be delivered, and after the last try it is refunded.
    const orderId = await paidOrder(cn, "SIM-DEMO-003", 2, "data-5g-cny");
    await deliver(orderId, 1);
    await deliver(orderId, 3);
    await deliver(orderId, 3);
    expect(await waitForStatus(orderId, (status) => status === 8011)).toBe(8011);
    const events = await eventsOfOrder(orderId);
    expect(events.map((event) => event.type)).toEqual(["order.paid", "order.refunded"]);
    expect(events[1]?.data).toMatchObject({ orderId, deviceId: "SIM-DEMO-003", currency: "CNY", amountCents: events[0]?.data.amountCents });
  });

  it("records entitlement.revoked when a received card is refunded, with where the device's service now ends", async () => {
    await receiveNewVipCard("VIPCARD-HOOK-3", "CAM-DEMO-002", 1);
    const card = { deviceId: "CAM-DEMO-002", encryptCodeId: "VIPCARD-HOOK-3", countryCode: "CN" };
    await Promise.all([call(cn, "/v1/cloud/vip-card/refund", card), call(cn, "/v1/cloud/vip-card/refund", card)]);
    const { results } = await env.DB.prepare("SELECT type, data FROM webhook_events WHERE data ->> '$.deviceId' = 'CAM-DEMO-002' AND data ->> '$.source' = 'vip_card' ORDER BY seq").all<{ type: string; data: string }>();
    const revoked = results.filter((row) => row.type === "entitlement.revoked");
    expect(revoked).toHaveLength(1);
    const left = await env.DB.prepare("SELECT MAX(end_time) AS end FROM entitlements WHERE device_id = 'CAM-DEMO-002' AND service_type = 5 AND revoked_at IS NULL").first<{ end: number | null }>();
    expect(JSON.parse(revoked[0]!.data)).toMatchObject({
      deviceId: "CAM-DEMO-002",
      serviceType: 5,
      revokedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      serviceEndsAt: left?.end ? new Date(left.end * 1000).toISOString().replace(".000Z", "Z") : null,
    });
  });
});
