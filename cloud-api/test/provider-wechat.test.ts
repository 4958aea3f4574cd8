import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openFakeProvider, type FakeProvider } from "#test/fake-provider/client.ts";
import type { RecordedRequest, ScriptedAnswer } from "#test/fake-provider/server.ts";
import { closeEndedAttempts, reconcileOpenPayments } from "#api/cron/sweeps.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { providerNamed } from "#api/payments/index.ts";
import { callWith, deliverPaymentCalls, envWith, fetchWith, forgetPaymentCalls, orderState, paymentsOf } from "./helpers/live-worker.ts";
import { freshBuyers, orderEvents, orderRow, packageOf, type Buyer } from "./helpers/orders.ts";
import { randomHex, rsaKeys, rsaSign, rsaVerify, type RsaKeys } from "./helpers/rsa.ts";

let cn: Buyer;
let merchant: RsaKeys;
let platform: RsaKeys;
let stranger: RsaKeys;

beforeAll(async () => {
  [merchant, platform, stranger] = await Promise.all([rsaKeys(), rsaKeys(), rsaKeys()]);
});

beforeEach(async () => {
  forgetPaymentCalls();
  ({ cn } = await freshBuyers());
});

const encoder = new TextEncoder();
const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const now = () => Math.floor(Date.now() / 1000);

/** Credentials made for this run, shaped like the ones the WeChat Pay merchant platform shows. */
const MCH_ID = "1900000109";
const APP_ID = `wx${randomHex(8)}`;
const MCH_SERIAL = randomHex(20).toUpperCase();
const PLATFORM_SERIAL = `PUB_KEY_ID_0119${randomHex(8)}`;
const API_V3_KEY = randomHex(16);
const BUYER_IP = "203.0.113.7";
const NOTIFY_URL = "https://shop.example.com/v1/pay/notify/wechat";

function wechatLive(fake: FakeProvider, vars: Partial<CloudApiEnv> = {}) {
  return envWith({
    PAYMENT_WECHAT: "live",
    WECHATPAY_MCH_ID: MCH_ID,
    WECHATPAY_APP_ID: APP_ID,
    WECHATPAY_MCH_SERIAL: MCH_SERIAL,
    WECHATPAY_MCH_PRIVATE_KEY: merchant.privatePem,
    WECHATPAY_API_V3_KEY: API_V3_KEY,
    WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicPem,
    WECHATPAY_API_BASE: fake.baseUrl,
    PAYMENT_NOTIFY_BASE_URL: "https://shop.example.com",
    ...vars,
  });
}

interface SigningOptions {
  key?: CryptoKey;
  serial?: string;
  age?: number;
}

/** The Wechatpay-* headers WeChat Pay signs its answers and notifications with. */
async function wechatpayHeaders(body: string, options: SigningOptions = {}): Promise<Record<string, string>> {
  const timestamp = String(now() - (options.age ?? 0));
  const nonce = randomHex(16);
  return {
    "Wechatpay-Serial": options.serial ?? PLATFORM_SERIAL,
    "Wechatpay-Timestamp": timestamp,
    "Wechatpay-Nonce": nonce,
    "Wechatpay-Signature": await rsaSign(options.key ?? platform.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
    "Wechatpay-Signature-Type": "WECHATPAY2-SHA256-RSA2048",
    "Request-ID": randomHex(12),
  };
}

async function signedAnswer(method: string, path: string, status: number, body: unknown, options: SigningOptions = {}): Promise<ScriptedAnswer> {
  const text = body === undefined ? "" : JSON.stringify(body);
  return { method, path, status, headers: { "content-type": "application/json", ...(await wechatpayHeaders(text, options)) }, body: text };
}

/** Checks the Authorization header of a request the adapter sent, with the merchant's public key. */
async function expectMerchantSignature(fake: FakeProvider, request: RecordedRequest) {
  const header = request.headers["authorization"] ?? "";
  expect(header).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="\d+",nonce_str="\w+",signature="[\w+/=]+",timestamp="\d+",serial_no="\w+"$/);
  const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  expect(fields).toMatchObject({ mchid: MCH_ID, serial_no: MCH_SERIAL });
  expect(Math.abs(Number(fields.timestamp) - now())).toBeLessThan(60);
  // The fake's base URL has a path prefix: the adapter signs the whole path it requested.
  const signedPath = `${new URL(fake.baseUrl).pathname}${request.path}`;
  const message = `${request.method}\n${signedPath}\n${fields.timestamp}\n${fields.nonce_str}\n${request.body}\n`;
  expect(await rsaVerify(merchant.publicKey, message, fields.signature ?? "")).toBe(true);
  expect(request.headers["accept"]).toBe("application/json");
  expect(request.headers["user-agent"]).toBeTruthy();
}

const h5Answer = () => ({ h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${randomHex(14)}&package=${randomHex(5)}` });

/** A VIP order paid by WeChat, confirmed with WeChat Pay live; the fake answers the H5 order (after `before`). */
/** A WeChat Pay VIP order; a new checkout on the same camera replaces an unpaid one, so tests that keep several name several cameras. */
async function wechatOrder(fake: FakeProvider, before: ScriptedAnswer[] = [], deviceId = "CAM-DEMO-001") {
  const pkg = await packageOf(cn, deviceId, 5, "vip-month-cny");
  const answer = h5Answer();
  await fake.script(...before, await signedAnswer("POST", "/v3/pay/transactions/h5", 200, answer));
  const confirm = await callWith(
    wechatLive(fake),
    cn,
    "/v1/cloud/order/h5/confirm/v2",
    { deviceId, priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 5 },
    { "X-Forwarded-For": `${BUYER_IP}, 198.51.100.20` },
  );
  expect(confirm.body.status, confirm.body.msg).toBe(200);
  const orderId = confirm.body.data.orderId as string;
  const [payment] = await paymentsOf(orderId);
  return { orderId, payment: payment!, cents: Math.round(pkg.salePrice * 100), h5Url: answer.h5_url, start: confirm.body.data };
}

type Payment = Awaited<ReturnType<typeof wechatOrder>>["payment"];

/** A transaction as WeChat Pay describes it (query answer, or the decrypted notification resource). */
function transaction(payment: Payment, overrides: Record<string, unknown> = {}) {
  return {
    appid: APP_ID,
    mchid: MCH_ID,
    out_trade_no: payment.provider_ref,
    transaction_id: `4200${randomHex(12)}`,
    trade_type: "MWEB",
    trade_state: "SUCCESS",
    trade_state_desc: "支付成功",
    bank_type: "OTHERS",
    attach: "",
    success_time: "2026-11-22T10:34:56+08:00",
    payer: { openid: `o${randomHex(13)}` },
    amount: { total: payment.amount_cents, payer_total: payment.amount_cents, currency: "CNY", payer_currency: "CNY" },
    ...overrides,
  };
}

interface NotificationOptions extends SigningOptions {
  id?: string;
  eventType?: string;
  originalType?: string;
  apiV3Key?: string;
  tamper?: (body: string) => string;
}

/** A notification built as WeChat Pay builds one: the resource sealed with AES-256-GCM, the body signed. */
async function wechatNotification(resource: unknown, options: NotificationOptions = {}) {
  const originalType = options.originalType ?? "transaction";
  const nonce = randomHex(6);
  const key = await crypto.subtle.importKey("raw", encoder.encode(options.apiV3Key ?? API_V3_KEY), "AES-GCM", false, ["encrypt"]);
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv: encoder.encode(nonce), additionalData: encoder.encode(originalType) },
    key,
    encoder.encode(JSON.stringify(resource)),
  );
  const body = JSON.stringify({
    id: options.id ?? crypto.randomUUID(),
    create_time: "2026-11-22T10:34:57+08:00",
    resource_type: "encrypt-resource",
    event_type: options.eventType ?? "TRANSACTION.SUCCESS",
    summary: "支付成功",
    resource: { original_type: originalType, algorithm: "AEAD_AES_256_GCM", ciphertext: base64(sealed), associated_data: originalType, nonce },
  });
  return { body: options.tamper ? options.tamper(body) : body, headers: await wechatpayHeaders(body, options) };
}

function notify(fake: FakeProvider, notification: { body: string; headers: Record<string, string> }) {
  return fetchWith(wechatLive(fake), "/v1/pay/notify/wechat", {
    method: "POST",
    headers: { "content-type": "application/json", ...notification.headers },
    body: notification.body,
  });
}

const queryPath = (ref: string) => `/v3/pay/transactions/out-trade-no/${ref}?mchid=${MCH_ID}`;
const refundPath = (ref: string) => `/v3/refund/domestic/refunds/rf_${ref}`;
const closePath = (ref: string) => `/v3/pay/transactions/out-trade-no/${ref}/close`;
/** WeChat's answer to a refund query for a refund it does not have. */
const NO_SUCH_REFUND = { code: "RESOURCE_NOT_EXISTS", message: "退款单不存在" };

/** A refund as WeChat Pay answers a refund request or a refund query. */
function refundAnswer(ref: string, cents: number, status: string) {
  return {
    refund_id: `5030${randomHex(12)}`,
    out_refund_no: `rf_${ref}`,
    transaction_id: `4200${randomHex(12)}`,
    out_trade_no: ref,
    channel: "ORIGINAL",
    user_received_account: "支付用户零钱",
    create_time: "2026-11-22T10:40:00+08:00",
    status,
    amount: { total: cents, refund: cents, payer_total: cents, payer_refund: cents, currency: "CNY" },
  };
}

describe("WeChat Pay H5 (live adapter)", () => {
  it("creates an H5 order with a signed request of the documented shape, and hands out its h5_url", async () => {
    const fake = openFakeProvider();
    const { orderId, payment, cents, h5Url, start } = await wechatOrder(fake);
    expect(start).toMatchObject({ orderId, paymentType: 1, h5PaymentUrl: h5Url, alipayForm: null, payPalOrderId: null, sessionId: null });
    expect(payment).toMatchObject({ provider: "wechat", provider_ref: payment.id, amount_cents: cents, currency_code: "CNY", status: "created" });

    const [request, ...others] = await fake.requests();
    expect(others).toHaveLength(0);
    expect(request).toMatchObject({ method: "POST", path: "/v3/pay/transactions/h5" });
    expect(request!.headers["content-type"]).toBe("application/json");
    await expectMerchantSignature(fake, request!);
    const body = JSON.parse(request!.body);
    expect(body).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: expect.any(String),
      out_trade_no: payment.id,
      time_expire: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/),
      notify_url: NOTIFY_URL,
      amount: { total: cents, currency: "CNY" },
      scene_info: { payer_client_ip: BUYER_IP, h5_info: { type: "Wap" } },
    });
    expect(body.out_trade_no).toMatch(/^[A-Za-z0-9_]{6,32}$/);
    expect(body.description.length).toBeGreaterThan(0);
    const expires = Date.parse(body.time_expire) / 1000;
    expect(expires).toBeGreaterThan(now() + 25 * 60);
  });

  it("retries a 5xx with the same out_trade_no: one order, one payment", async () => {
    const fake = openFakeProvider();
    const { orderId, payment } = await wechatOrder(fake, [{ method: "POST", path: "/v3/pay/transactions/h5", status: 503, body: '{"code":"SYSTEM_ERROR","message":"busy"}' }]);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    const requests = await fake.requests();
    expect(requests).toHaveLength(2);
    for (const request of requests) await expectMerchantSignature(fake, request);
    expect(requests.map((r) => JSON.parse(r.body).out_trade_no)).toEqual([payment.id, payment.id]);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    // Each attempt is signed afresh: WeChat Pay refuses a nonce it has seen, so a retry carries its own.
    const nonceOf = (request: RecordedRequest) => /nonce_str="(\w+)"/.exec(request.headers["authorization"] ?? "")?.[1];
    expect(nonceOf(requests[1]!)).toBeTruthy();
    expect(nonceOf(requests[1]!)).not.toBe(nonceOf(requests[0]!));
  });

  it("treats an unsigned or wrongly signed answer as the provider being unavailable: no payment is recorded", async () => {
    const payments = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM payments").first<{ n: number }>())?.n;
    const before = await payments();
    for (const answer of [
      { method: "POST", path: "/v3/pay/transactions/h5", status: 200, body: JSON.stringify(h5Answer()) },
      await signedAnswer("POST", "/v3/pay/transactions/h5", 200, h5Answer(), { key: stranger.privateKey }),
      await signedAnswer("POST", "/v3/pay/transactions/h5", 200, h5Answer(), { serial: "PUB_KEY_ID_OTHER" }),
      await signedAnswer("POST", "/v3/pay/transactions/h5", 200, h5Answer(), { age: 600 }),
      await signedAnswer("POST", "/v3/pay/transactions/h5", 200, { h5_url: "javascript:alert(1)" }),
    ]) {
      const fake = openFakeProvider();
      await fake.script(answer);
      const pkg = await packageOf(cn, "CAM-DEMO-001", 5, "vip-month-cny");
      const confirm = await callWith(
        wechatLive(fake),
        cn,
        "/v1/cloud/order/h5/confirm/v2",
        { deviceId: "CAM-DEMO-001", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 5 },
        { "X-Forwarded-For": BUYER_IP },
      );
      expect(confirm.body).toMatchObject({ status: 500, msg: expect.stringMatching(/payment provider is unavailable/) });
    }
    expect(await payments()).toBe(before);
  });

  it("marks the order paid on a genuine notification and answers 204; the same notification again or 10 at once has one effect", async () => {
    const fake = openFakeProvider();
    const { orderId, payment } = await wechatOrder(fake);
    const notification = await wechatNotification(transaction(payment));
    const response = await notify(fake, notification);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
    expect((await orderEvents(orderId)).slice(0, 2).map((e) => [e.to_status, e.reason])).toEqual([
      [8001, "created"],
      [8003, "paid through wechat"],
    ]);
    expect((await paymentsOf(orderId))[0]?.status).toBe("succeeded");

    const responses = await Promise.all(Array.from({ length: 10 }, () => notify(fake, notification)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(204));
    expect((await notify(fake, notification)).status).toBe(204);
    expect((await orderEvents(orderId)).filter((e) => e.to_status === 8003)).toHaveLength(1);
    expect((await orderState(orderId)).notifications).toEqual([{ provider: "wechat", event_id: JSON.parse(notification.body).id }]);
  });

  it("refuses a tampered body, a wrong signature, key or serial, an old timestamp, a wrong amount or currency, changing nothing", async () => {
    const fake = openFakeProvider();
    const { orderId, payment } = await wechatOrder(fake);
    const paid = transaction(payment);
    const attempts: [string, { body: string; headers: Record<string, string> }][] = [
      ["tampered body", await wechatNotification(paid, { tamper: (body) => body.replace('"summary":"支付成功"', '"summary":"paid"') })],
      ["signed by another key", await wechatNotification(paid, { key: stranger.privateKey })],
      ["another platform serial", await wechatNotification(paid, { serial: "PUB_KEY_ID_0119FFFFFFFF" })],
      ["old timestamp", await wechatNotification(paid, { age: 301 })],
      ["sealed with another APIv3 key", await wechatNotification(paid, { apiV3Key: randomHex(16) })],
      ["wrong amount", await wechatNotification(transaction(payment, { amount: { ...paid.amount, total: payment.amount_cents - 1, payer_total: payment.amount_cents - 1 } }))],
      ["wrong currency", await wechatNotification(transaction(payment, { amount: { ...paid.amount, currency: "USD" } }))],
      ["not a transaction", await wechatNotification({ hello: "world" })],
    ];
    const unsigned = await wechatNotification(paid);
    const before = await orderState(orderId);
    for (const [what, attempt] of attempts) {
      const response = await notify(fake, attempt);
      expect(response.status, what).toBe(400);
      expect(((await response.json()) as { msg: string }).msg, what).toMatch(/^notification rejected: /);
    }
    const missing = await fetchWith(wechatLive(fake), "/v1/pay/notify/wechat", { method: "POST", headers: { "content-type": "application/json" }, body: unsigned.body });
    expect(missing.status).toBe(400);
    expect(await orderState(orderId)).toEqual(before);
    expect(before.order).toMatchObject({ status: 8001 });
    expect((await notify(fake, unsigned)).status).toBe(204);
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
  });

  it("does not trust the return from WeChat: the status query asks WeChat Pay (signed both ways), which decides", async () => {
    const fake = openFakeProvider();
    const { orderId, payment } = await wechatOrder(fake);
    const path = queryPath(payment.provider_ref);
    const { amount: _amount, ...unpaid } = transaction(payment, { trade_state: "NOTPAY", trade_state_desc: "订单未支付", transaction_id: undefined });
    await fake.script(
      await signedAnswer("GET", path, 200, unpaid),
      { method: "GET", path, status: 200, body: JSON.stringify(transaction(payment)) },
      await signedAnswer("GET", path, 500, { code: "SYSTEM_ERROR", message: "busy" }),
      await signedAnswer("GET", path, 200, transaction(payment)),
    );
    const waiting = await callWith(wechatLive(fake), cn, "/v1/cloud/order/status", { orderId });
    expect(waiting.body.data).toMatchObject({ orderId, status: 8001, paymentTime: null });
    const unsignedPaid = await callWith(wechatLive(fake), cn, "/v1/cloud/order/status", { orderId });
    expect(unsignedPaid.body.data).toMatchObject({ status: 8001 });
    const paid = await callWith(wechatLive(fake), cn, "/v1/cloud/order/status", { orderId });
    expect(paid.body.data.status).toBeGreaterThanOrEqual(8003);
    expect(paid.body.data.paymentTime).toBeGreaterThan(0);

    const queries = (await fake.requests()).filter((r) => r.method === "GET");
    expect(queries.map((r) => r.path)).toEqual([path, path, path, path]);
    for (const query of queries) {
      expect(query.body).toBe("");
      await expectMerchantSignature(fake, query);
    }
  });

  it("reads a query for an order WeChat has not seen as nothing to settle", async () => {
    const fake = openFakeProvider();
    const { orderId, payment } = await wechatOrder(fake);
    await fake.script(await signedAnswer("GET", queryPath(payment.provider_ref), 404, { code: "ORDER_NOT_EXIST", message: "订单不存在" }));
    const report = await providerNamed(wechatLive(fake), "wechat").queryPayment(payment.provider_ref);
    expect(report).toEqual({ providerRef: payment.provider_ref, outcome: "pending", amountCents: payment.amount_cents, currency: "CNY" });
    expect((await orderRow(orderId))?.status).toBe(8001);
  });

  it("refunds a second successful payment of the same order, once, retrying a 5xx with the same out_refund_no", async () => {
    const fake = openFakeProvider();
    const { orderId, payment: first, cents } = await wechatOrder(fake);
    const secondAnswer = h5Answer();
    await fake.script(await signedAnswer("POST", "/v3/pay/transactions/h5", 200, secondAnswer));
    const repay = await callWith(wechatLive(fake), cn, "/v1/cloud/order/h5/order/repay", { orderId }, { "X-Forwarded-For": BUYER_IP });
    expect(repay.body.data.h5PaymentUrl).toBe(secondAnswer.h5_url);
    const second = (await paymentsOf(orderId))[1]!;
    expect(second.provider_ref).not.toBe(first.provider_ref);

    expect((await notify(fake, await wechatNotification(transaction(second)))).status).toBe(204);
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);

    const refund = {
      refund_id: `5030${randomHex(12)}`,
      out_refund_no: `rf_${first.provider_ref}`,
      transaction_id: `4200${randomHex(12)}`,
      out_trade_no: first.provider_ref,
      channel: "ORIGINAL",
      user_received_account: "支付用户零钱",
      create_time: "2026-11-22T10:40:00+08:00",
      status: "SUCCESS",
      amount: { total: cents, refund: cents, payer_total: cents, payer_refund: cents, currency: "CNY" },
    };
    await fake.script(
      await signedAnswer("GET", refundPath(first.provider_ref), 404, NO_SUCH_REFUND),
      { method: "POST", path: "/v3/refund/domestic/refunds", status: 502, body: "" },
      await signedAnswer("POST", "/v3/refund/domestic/refunds", 200, refund),
    );
    const firstPaid = await wechatNotification(transaction(first));
    expect((await notify(fake, firstPaid)).status).toBe(204);
    // Acknowledged before WeChat is asked for anything: the refund is the queue's to make.
    expect((await fake.requests()).filter((r) => r.path.startsWith("/v3/refund/"))).toEqual([]);
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(["succeeded", "succeeded"]);
    await deliverPaymentCalls(wechatLive(fake));

    expect((await paymentsOf(orderId)).map((p) => [p.provider_ref, p.status])).toEqual([
      [first.provider_ref, "refunded"],
      [second.provider_ref, "succeeded"],
    ]);
    expect((await orderEvents(orderId)).filter((e) => e.to_status === 8003)).toHaveLength(1);
    const refunds = (await fake.requests()).filter((r) => r.path === "/v3/refund/domestic/refunds");
    expect(refunds).toHaveLength(2);
    for (const request of refunds) await expectMerchantSignature(fake, request);
    expect(refunds[1]!.body).toBe(refunds[0]!.body);
    expect(JSON.parse(refunds[0]!.body)).toEqual({
      out_trade_no: first.provider_ref,
      out_refund_no: `rf_${first.provider_ref}`,
      notify_url: NOTIFY_URL,
      amount: { refund: cents, total: cents, currency: "CNY" },
    });

    // The same payment notification, and WeChat's refund notification, change nothing more.
    const afterRefund = await orderState(orderId);
    expect((await notify(fake, firstPaid)).status).toBe(204);
    const refundDone = await wechatNotification(
      { mchid: MCH_ID, out_trade_no: first.provider_ref, transaction_id: refund.transaction_id, out_refund_no: refund.out_refund_no, refund_id: refund.refund_id, refund_status: "SUCCESS", success_time: "2026-11-22T10:40:05+08:00", user_received_account: "支付用户零钱", amount: { total: cents, refund: cents, payer_total: cents, payer_refund: cents } },
      { eventType: "REFUND.SUCCESS", originalType: "refund" },
    );
    expect((await notify(fake, refundDone)).status).toBe(204);
    const after = await orderState(orderId);
    expect({ ...after, notifications: [] }).toEqual({ ...afterRefund, notifications: [] });
    expect((await fake.requests()).filter((r) => r.path === "/v3/refund/domestic/refunds")).toHaveLength(2);
  });

  it("leaves a refund WeChat is still processing open until its REFUND.SUCCESS notification: 8010 -> 8011", async () => {
    const fake = openFakeProvider();
    const { orderId, payment, cents } = await wechatOrder(fake);
    expect((await notify(fake, await wechatNotification(transaction(payment)))).status).toBe(204);
    // As fulfilment does when it gives up: the order waits in 8010 while the provider refunds.
    await env.DB.prepare("UPDATE orders SET status = 8010 WHERE order_id = ?").bind(orderId).run();
    await fake.script(
      await signedAnswer("GET", refundPath(payment.provider_ref), 404, NO_SUCH_REFUND),
      await signedAnswer("POST", "/v3/refund/domestic/refunds", 200, refundAnswer(payment.provider_ref, cents, "PROCESSING")),
    );
    expect(await providerNamed(wechatLive(fake), "wechat").refund(payment.provider_ref, { number: 1, amountCents: cents, paymentCents: cents })).toEqual({ outcome: "pending" });

    const refundResource = (status: string, refunded: number) => ({
      mchid: MCH_ID,
      out_trade_no: payment.provider_ref,
      out_refund_no: `rf_${payment.provider_ref}`,
      refund_id: "50300000000001",
      refund_status: status,
      amount: { total: cents, refund: refunded, payer_total: cents, payer_refund: refunded },
    });
    const refundNotice = (resource: unknown, eventType: string) => wechatNotification(resource, { eventType, originalType: "refund" });
    expect((await notify(fake, await refundNotice(refundResource("ABNORMAL", cents), "REFUND.ABNORMAL"))).status).toBe(204);
    expect((await notify(fake, await refundNotice(refundResource("SUCCESS", cents - 1), "REFUND.SUCCESS"))).status).toBe(204);
    expect((await orderRow(orderId))?.status).toBe(8010);
    // Another merchant's refund is not ours to follow: acknowledged, and the order still waits.
    const otherMerchant = await refundNotice({ ...refundResource("SUCCESS", cents), mchid: "1900000110" }, "REFUND.SUCCESS");
    expect((await notify(fake, otherMerchant)).status).toBe(204);
    expect((await orderRow(orderId))?.status).toBe(8010);

    expect((await notify(fake, await refundNotice(refundResource("SUCCESS", cents), "REFUND.SUCCESS"))).status).toBe(204);
    expect((await orderRow(orderId))?.status).toBe(8011);
    expect((await paymentsOf(orderId))[0]?.status).toBe("refunded");
  });

  it("follows a refund with its status query (GET /v3/refund/domestic/refunds/{out_refund_no}) instead of posting it again; ABNORMAL stays owed", async () => {
    const fake = openFakeProvider();
    const { payment, cents } = await wechatOrder(fake);
    const adapter = providerNamed(wechatLive(fake), "wechat");
    await fake.script(
      await signedAnswer("GET", refundPath(payment.provider_ref), 404, NO_SUCH_REFUND),
      await signedAnswer("POST", "/v3/refund/domestic/refunds", 200, refundAnswer(payment.provider_ref, cents, "PROCESSING")),
      await signedAnswer("GET", refundPath(payment.provider_ref), 200, refundAnswer(payment.provider_ref, cents, "PROCESSING")),
      await signedAnswer("GET", refundPath(payment.provider_ref), 200, refundAnswer(payment.provider_ref, cents, "SUCCESS")),
    );
    expect(await adapter.refund(payment.provider_ref, { number: 1, amountCents: cents, paymentCents: cents })).toEqual({ outcome: "pending" });
    expect(await adapter.refund(payment.provider_ref, { number: 1, amountCents: cents, paymentCents: cents })).toEqual({ outcome: "pending" });
    expect(await adapter.refund(payment.provider_ref, { number: 1, amountCents: cents, paymentCents: cents })).toEqual({ outcome: "refunded" });
    const requests = await fake.requests();
    const asked = requests.filter((r) => r.path.startsWith("/v3/refund/"));
    expect(asked.map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET ${refundPath(payment.provider_ref)}`,
      "POST /v3/refund/domestic/refunds",
      `GET ${refundPath(payment.provider_ref)}`,
      `GET ${refundPath(payment.provider_ref)}`,
    ]);
    for (const request of asked) await expectMerchantSignature(fake, request);

    await fake.script(await signedAnswer("GET", refundPath(payment.provider_ref), 200, refundAnswer(payment.provider_ref, cents, "ABNORMAL")));
    await expect(adapter.refund(payment.provider_ref, { number: 1, amountCents: cents, paymentCents: cents })).rejects.toThrow(/ABNORMAL/);
  });

  it("closes an attempt that ends at WeChat (POST .../close, 204); a failed close is retried by the cron, ORDER_CLOSED counts as closed", async () => {
    const fake = openFakeProvider();
    const { orderId, payment } = await wechatOrder(fake);
    expect((await callWith(wechatLive(fake), cn, "/v1/cloud/order/cancel", { orderId })).body.status).toBe(200);
    await fake.script(
      { method: "POST", path: closePath(payment.provider_ref), status: 500, body: "" },
      { method: "POST", path: closePath(payment.provider_ref), status: 500, body: "" },
      { method: "POST", path: closePath(payment.provider_ref), status: 500, body: "" },
    );
    await deliverPaymentCalls(wechatLive(fake));
    const closeOf = async () =>
      (await env.DB.prepare("SELECT close_due_at, close_next_at, close_attempts FROM payments WHERE id = ?").bind(payment.id).first<{
        close_due_at: number | null;
        close_next_at: number | null;
        close_attempts: number;
      }>())!;
    const failed = await closeOf();
    expect(failed.close_due_at).not.toBeNull();
    expect(failed.close_attempts).toBe(1);
    expect(failed.close_next_at).toBeGreaterThan(now());

    const closes = (await fake.requests()).filter((r) => r.path === closePath(payment.provider_ref));
    expect(closes).toHaveLength(3);
    for (const request of closes) await expectMerchantSignature(fake, request);
    expect(JSON.parse(closes[0]!.body)).toEqual({ mchid: MCH_ID });

    // Not due yet: the cron leaves it; once due, WeChat answers that the order is closed already.
    await closeEndedAttempts(wechatLive(fake), now());
    expect(await closeOf()).toEqual(failed);
    await fake.script(await signedAnswer("POST", closePath(payment.provider_ref), 400, { code: "ORDER_CLOSED", message: "订单已关闭" }));
    await closeEndedAttempts(wechatLive(fake), failed.close_next_at!);
    expect((await closeOf()).close_due_at).toBeNull();
    expect((await fake.requests()).filter((r) => r.path === closePath(payment.provider_ref))).toHaveLength(4);
  });

  it("closes the attempt a repay replaces (204), and settles one WeChat refuses to close because it was paid: the money is owed back", async () => {
    const fake = openFakeProvider();
    const { orderId, payment: first, cents } = await wechatOrder(fake);
    await fake.script(await signedAnswer("POST", "/v3/pay/transactions/h5", 200, h5Answer()));
    expect((await callWith(wechatLive(fake), cn, "/v1/cloud/order/h5/order/repay", { orderId }, { "X-Forwarded-For": BUYER_IP })).body.status).toBe(200);
    await fake.script(await signedAnswer("POST", closePath(first.provider_ref), 204, undefined));
    await deliverPaymentCalls(wechatLive(fake));
    expect((await fake.requests()).filter((r) => r.path === closePath(first.provider_ref))).toHaveLength(1);

    const other = await wechatOrder(fake, [], "CAM-DEMO-002");
    expect((await callWith(wechatLive(fake), cn, "/v1/cloud/order/cancel", { orderId: other.orderId })).body.status).toBe(200);
    const paid = await signedAnswer("GET", queryPath(other.payment.provider_ref), 200, transaction(other.payment));
    await fake.script(await signedAnswer("POST", closePath(other.payment.provider_ref), 400, { code: "ORDERPAID", message: "订单已支付" }), paid, paid);
    await deliverPaymentCalls(wechatLive(fake));
    expect((await orderRow(other.orderId))?.status).toBe(8007);
    const [settled] = await paymentsOf(other.orderId);
    expect(settled?.status).toBe("succeeded");
    const owed = await env.DB.prepare("SELECT refund_due_at, close_due_at FROM payments WHERE id = ?").bind(settled!.id).first<{ refund_due_at: number | null; close_due_at: number | null }>();
    expect(owed?.refund_due_at).not.toBeNull();
    expect(owed?.close_due_at).toBeNull();
    expect(cents).toBeGreaterThan(0);
  });

  it("acknowledges a genuine notification of an event it does not follow, about a payment it never made, or for another app or merchant, with 204, changing nothing", async () => {
    const fake = openFakeProvider();
    const { orderId, payment } = await wechatOrder(fake);
    const before = await orderState(orderId);
    const unknownEvent = await wechatNotification({ mchid: MCH_ID, note: "something else" }, { eventType: "PROFIT_SHARING.SUCCESS", originalType: "profitsharing" });
    expect((await notify(fake, unknownEvent)).status).toBe(204);
    const notOurs = await wechatNotification(transaction({ ...payment, provider_ref: `pay_${randomHex(14)}` }));
    expect((await notify(fake, notOurs)).status).toBe(204);
    // The merchant's other app (a mini program beside the H5 one) or another merchant, whose trade number happens to be ours.
    for (const other of [{ appid: `wx${randomHex(8)}` }, { mchid: "1900000110" }]) {
      const response = await notify(fake, await wechatNotification(transaction(payment, other)));
      expect(response.status, JSON.stringify(other)).toBe(204);
    }
    expect(await orderState(orderId)).toEqual(before);
    // One that is not genuine is still refused.
    expect((await notify(fake, { ...notOurs, body: notOurs.body.replace("encrypt-resource", "encrypt-resource ") })).status).toBe(400);
  });

  it("refunds part of a payment as its own refund: amount.total is what the order took, out_refund_no numbered by the refund", async () => {
    const fake = openFakeProvider();
    const { payment, cents } = await wechatOrder(fake);
    await fake.script(
      await signedAnswer("GET", `${refundPath(payment.provider_ref)}_2`, 404, NO_SUCH_REFUND),
      await signedAnswer("POST", "/v3/refund/domestic/refunds", 200, {
        refund_id: `5030${randomHex(12)}`,
        out_refund_no: `rf_${payment.provider_ref}_2`,
        out_trade_no: payment.provider_ref,
        status: "SUCCESS",
        amount: { total: cents, refund: 100, payer_total: cents, payer_refund: 100, currency: "CNY" },
      }),
    );
    expect(await providerNamed(wechatLive(fake), "wechat").refund(payment.provider_ref, { number: 2, amountCents: 100, paymentCents: cents })).toEqual({ outcome: "refunded" });
    const [refund] = (await fake.requests()).filter((r) => r.path === "/v3/refund/domestic/refunds");
    expect(JSON.parse(refund!.body)).toEqual({
      out_trade_no: payment.provider_ref,
      out_refund_no: `rf_${payment.provider_ref}_2`,
      notify_url: NOTIFY_URL,
      amount: { refund: 100, total: cents, currency: "CNY" },
    });
  });

  it("reads an unsigned 4xx refusal by its code, as WeChat Pay's SDKs do: ORDER_NOT_EXIST is nothing paid yet", async () => {
    const fake = openFakeProvider();
    const { payment } = await wechatOrder(fake);
    await fake.script({ method: "GET", path: queryPath(payment.provider_ref), status: 404, body: JSON.stringify({ code: "ORDER_NOT_EXIST", message: "订单不存在" }) });
    expect(await providerNamed(wechatLive(fake), "wechat").queryPayment(payment.provider_ref)).toMatchObject({ outcome: "pending", amountCents: payment.amount_cents });
    // A success still needs WeChat's signature.
    await fake.script({ method: "GET", path: queryPath(payment.provider_ref), status: 200, body: JSON.stringify(transaction(payment)) });
    await expect(providerNamed(wechatLive(fake), "wechat").queryPayment(payment.provider_ref)).rejects.toThrow(/not signed by WeChat Pay/);
  });

  it("reconciles from the cron: a stuck 8001 order whose notification was lost becomes paid, a stuck 8002 one whose payment failed 8004", async () => {
    const fake = openFakeProvider();
    const lost = await wechatOrder(fake, [], "CAM-DEMO-001");
    const failing = await wechatOrder(fake, [], "CAM-DEMO-002");
    const fresh = await wechatOrder(fake, [], "CAM-DEMO-003");
    await env.DB.prepare("UPDATE orders SET status = 8002 WHERE order_id = ?").bind(failing.orderId).run();
    await env.DB.prepare("UPDATE orders SET updated_at = updated_at - 600 WHERE order_id IN (?, ?)").bind(lost.orderId, failing.orderId).run();
    await fake.script(
      await signedAnswer("GET", queryPath(lost.payment.provider_ref), 200, transaction(lost.payment)),
      await signedAnswer("GET", queryPath(failing.payment.provider_ref), 200, transaction(failing.payment, { trade_state: "PAYERROR", trade_state_desc: "支付失败" })),
    );

    expect(await reconcileOpenPayments(wechatLive(fake), now())).toBeGreaterThanOrEqual(2);
    expect((await orderRow(lost.orderId))?.status).toBeGreaterThanOrEqual(8003);
    expect((await orderEvents(lost.orderId)).at(1)).toMatchObject({ from_status: 8001, to_status: 8003 });
    expect((await orderRow(failing.orderId))?.status).toBe(8004);
    expect((await paymentsOf(failing.orderId))[0]?.status).toBe("failed");
    expect((await orderRow(fresh.orderId))?.status).toBe(8001);
    const queried = (await fake.requests()).filter((r) => r.method === "GET").map((r) => r.path);
    expect(queried).not.toContain(queryPath(fresh.payment.provider_ref));
  });

  it("refuses to run live without its secrets, naming the missing one, and to start a payment without the buyer's IP", async () => {
    const fake = openFakeProvider();
    expect(() => providerNamed(envWith({ PAYMENT_WECHAT: "live" }), "wechat")).toThrow("cloud-api misconfigured: WECHATPAY_MCH_ID missing");
    expect(() => providerNamed(wechatLive(fake, { WECHATPAY_PLATFORM_PUBLIC_KEY: "" }), "wechat")).toThrow("WECHATPAY_PLATFORM_PUBLIC_KEY missing");
    expect(() => providerNamed(wechatLive(fake, { WECHATPAY_API_V3_KEY: "short" }), "wechat")).toThrow("WECHATPAY_API_V3_KEY must be 32 bytes");
    expect(() => providerNamed(wechatLive(fake, { PAYMENT_NOTIFY_BASE_URL: "", PUBLIC_BASE_URL: "" }), "wechat")).toThrow("PAYMENT_NOTIFY_BASE_URL");
    const request = { paymentId: `pay_${randomHex(14)}`, orderId: "X", description: "VIP", amountCents: 100, currency: "CNY" as const, language: "en", returnUrl: "/r" };
    await expect(providerNamed(wechatLive(fake), "wechat").createPayment(request)).rejects.toThrow("buyer's IP");
    await expect(providerNamed(wechatLive(fake, { WECHATPAY_MCH_PRIVATE_KEY: platform.publicPem }), "wechat").createPayment({ ...request, payerIp: BUYER_IP })).rejects.toThrow(
      /WECHATPAY_MCH_PRIVATE_KEY is a "PUBLIC KEY" PEM/,
    );
    expect(await fake.requests()).toHaveLength(0);
  });
});
