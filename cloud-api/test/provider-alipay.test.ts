import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openFakeProvider, type FakeProvider } from "#test/fake-provider/client.ts";
import type { RecordedRequest, ScriptedAnswer } from "#test/fake-provider/server.ts";
import { reconcileOpenPayments } from "#api/cron/sweeps.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { alipayConfig } from "#api/payments/alipay/config.ts";
import { gatewayFormHtml } from "#api/payments/alipay/form.ts";
import { providerNamed } from "#api/payments/index.ts";
import { callWith, deliverPaymentCalls, envWith, fetchWith, forgetPaymentCalls, orderState, paymentsOf } from "./helpers/live-worker.ts";
import { freshBuyers, orderEvents, orderRow, packageOf, type Buyer } from "./helpers/orders.ts";
import { randomHex, rsaKeys, rsaSign, rsaVerify, type RsaKeys } from "./helpers/rsa.ts";

let cn: Buyer;
let app: RsaKeys;
let alipay: RsaKeys;
let stranger: RsaKeys;

beforeAll(async () => {
  [app, alipay, stranger] = await Promise.all([rsaKeys(), rsaKeys(), rsaKeys()]);
});

beforeEach(async () => {
  forgetPaymentCalls();
  ({ cn } = await freshBuyers());
});

const now = () => Math.floor(Date.now() / 1000);
const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join("");
/** "yyyy-MM-dd HH:mm:ss" in Asia/Shanghai (UTC+8), Alipay's time format. */
const shanghai = (unix: number) => new Date((unix + 8 * 3600) * 1000).toISOString().slice(0, 19).replace("T", " ");

/** Credentials made for this run, shaped like the ones Alipay's open platform shows. */
const APP_ID = `2021${digits(12)}`;
const SELLER_ID = `2088${digits(12)}`;
const SHOP = "https://shop.example.com";

function alipayLive(fake?: FakeProvider, vars: Partial<CloudApiEnv> = {}) {
  return envWith({
    PAYMENT_ALIPAY: "live",
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_SELLER_ID: SELLER_ID,
    ALIPAY_APP_PRIVATE_KEY: app.privatePem,
    ALIPAY_PUBLIC_KEY: alipay.publicPem,
    ALIPAY_GATEWAY: fake ? `${fake.baseUrl}/gateway.do` : undefined,
    // The public origin: notify_url and the result page (return_url) are resolved against it.
    PUBLIC_BASE_URL: SHOP,
    ...vars,
  });
}

/**
 * Alipay's RSA2 content: sorted name=value pairs without the excluded names; a request's signer leaves
 * empty values out, Alipay's notifications keep them (alipay-sdk's and the Java SDK's verification).
 */
function signingContent(params: Record<string, string>, exclude: string[], emptyValues: "left out" | "kept" = "left out") {
  return Object.keys(params)
    .filter((name) => !exclude.includes(name) && (emptyValues === "kept" || params[name] !== ""))
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join("&");
}

/** The same reading of a provider form as the storefront's cashier page (app/.server/purchase/alipay-form.ts). */
function readForm(html: string) {
  const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => ({ "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" })[e] ?? e);
  const attribute = (tag: string, name: string) => {
    const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "i").exec(tag);
    return match ? decode(match[1] ?? match[2] ?? "") : null;
  };
  const formTag = /<form\b[^>]*>/i.exec(html)?.[0] ?? "";
  const fields: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/gi)) {
    if ((attribute(tag, "type") ?? "text").toLowerCase() !== "hidden") continue;
    const name = attribute(tag, "name");
    if (name) fields[name] = attribute(tag, "value") ?? "";
  }
  return { action: attribute(formTag, "action"), method: attribute(formTag, "method"), fields };
}

/** A VIP order paid by Alipay, confirmed with Alipay live (no call to Alipay: the form goes to the buyer). */
async function alipayOrder(fake?: FakeProvider) {
  const pkg = await packageOf(cn, "CAM-DEMO-001", 5, "vip-month-cny");
  const confirm = await callWith(alipayLive(fake), cn, "/v1/cloud/order/h5/confirm/v2", {
    deviceId: "CAM-DEMO-001",
    priceId: pkg.id,
    payAmount: pkg.salePrice,
    payMethod: 2,
    buyServiceType: 5,
  });
  expect(confirm.body.status, confirm.body.msg).toBe(200);
  const orderId = confirm.body.data.orderId as string;
  const [payment] = await paymentsOf(orderId);
  return { orderId, payment: payment!, cents: Math.round(pkg.salePrice * 100), start: confirm.body.data };
}

type Payment = Awaited<ReturnType<typeof alipayOrder>>["payment"];

/** Where a payment's close at the provider and its refund stand. */
const closeOf = (paymentId: string) =>
  env.DB.prepare("SELECT close_due_at, close_attempts, refund_due_at FROM payments WHERE id = ?").bind(paymentId).first<{
    close_due_at: number | null;
    close_attempts: number;
    refund_due_at: number | null;
  }>();
const yuan = (cents: number) => (cents / 100).toFixed(2);

interface NotificationOptions {
  key?: CryptoKey;
  age?: number;
  tamper?: (body: string) => string;
  drop?: string[];
}

/** An asynchronous notification as Alipay sends one: form-encoded, RSA2 over all but sign and sign_type. */
async function alipayNotification(payment: Payment, tradeStatus: string, overrides: Record<string, string> = {}, options: NotificationOptions = {}) {
  const sentAt = now() - (options.age ?? 0);
  const params: Record<string, string> = {
    gmt_create: shanghai(sentAt - 60),
    charset: "utf-8",
    seller_email: "shop@example.com",
    subject: "VIP 月卡 & more",
    buyer_id: `2088${digits(12)}`,
    invoice_amount: yuan(payment.amount_cents),
    notify_id: `2026112200222${digits(10)}${randomHex(8)}`,
    fund_bill_list: JSON.stringify([{ amount: yuan(payment.amount_cents), fundChannel: "ALIPAYACCOUNT" }]),
    notify_type: "trade_status_sync",
    trade_status: tradeStatus,
    receipt_amount: yuan(payment.amount_cents),
    app_id: APP_ID,
    buyer_pay_amount: yuan(payment.amount_cents),
    sign_type: "RSA2",
    seller_id: SELLER_ID,
    gmt_payment: shanghai(sentAt - 30),
    notify_time: shanghai(sentAt),
    version: "1.0",
    out_trade_no: payment.provider_ref,
    total_amount: yuan(payment.amount_cents),
    trade_no: `2026112222001${digits(15)}`,
    auth_app_id: APP_ID,
    buyer_logon_id: "158****1562",
    point_amount: "0.00",
    ...overrides,
  };
  for (const name of options.drop ?? []) delete params[name];
  const sign = await rsaSign(options.key ?? alipay.privateKey, signingContent(params, ["sign", "sign_type"], "kept"));
  const body = new URLSearchParams({ ...params, sign }).toString();
  return { body: options.tamper ? options.tamper(body) : body, notifyId: params.notify_id! };
}

function notify(fake: FakeProvider | undefined, body: string) {
  return fetchWith(alipayLive(fake), "/v1/pay/notify/alipay", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" },
    body,
  });
}

/** An answer of the gateway: the response node as Alipay writes it ("\/" escaped) and its RSA2 sign over that text. */
async function gatewayAnswer(method: string, node: Record<string, unknown>, options: { key?: CryptoKey | null; status?: number } = {}): Promise<ScriptedAnswer> {
  const nodeText = JSON.stringify(node).replace(/\//g, "\\/");
  const sign = options.key === null ? null : await rsaSign(options.key ?? alipay.privateKey, nodeText);
  const name = `${method.replace(/\./g, "_")}_response`;
  const body = sign === null ? `{"${name}":${nodeText}}` : `{"${name}":${nodeText},"sign":"${sign}"}`;
  return { method: "POST", path: "/gateway.do", status: options.status ?? 200, headers: { "content-type": "text/html;charset=utf-8" }, body };
}

/** Checks a call the adapter made to the gateway: form-encoded, the documented public parameters, RSA2-signed by the app key. */
async function expectSignedCall(request: RecordedRequest, method: string) {
  expect(request).toMatchObject({ method: "POST", path: "/gateway.do?charset=utf-8" });
  expect(request.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
  const params = Object.fromEntries(new URLSearchParams(request.body));
  expect(params).toMatchObject({ app_id: APP_ID, method, format: "JSON", charset: "utf-8", sign_type: "RSA2", version: "1.0" });
  expect(params.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(await rsaVerify(app.publicKey, signingContent(params, ["sign"]), params.sign ?? "")).toBe(true);
  return JSON.parse(params.biz_content ?? "null") as Record<string, unknown>;
}

describe("Alipay mobile website payments (live adapter)", () => {
  it("hands out an RSA2-signed alipay.trade.wap.pay form of the documented shape, which the storefront's cashier reads", async () => {
    const { orderId, payment, cents, start } = await alipayOrder();
    expect(start).toMatchObject({ orderId, paymentType: 2, h5PaymentUrl: null, payPalOrderId: null, sessionId: null });
    expect(payment).toMatchObject({ provider: "alipay", provider_ref: payment.id, amount_cents: cents, currency_code: "CNY", status: "created" });

    const form = readForm(start.alipayForm);
    expect(form.method).toBe("post");
    expect(form.action).toBe("https://openapi.alipay.com/gateway.do?charset=utf-8");
    const returnUrl = `${SHOP}/app-h5/cloud/order/payment/result?orderId=${orderId}`;
    expect(form.fields).toEqual({
      app_id: APP_ID,
      method: "alipay.trade.wap.pay",
      format: "JSON",
      charset: "utf-8",
      sign_type: "RSA2",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      version: "1.0",
      notify_url: `${SHOP}/v1/pay/notify/alipay`,
      return_url: returnUrl,
      biz_content: expect.any(String),
      sign: expect.any(String),
    });
    // Asia/Shanghai wall-clock time.
    const sentAt = Date.parse(`${form.fields.timestamp!.replace(" ", "T")}+08:00`) / 1000;
    expect(Math.abs(sentAt - now())).toBeLessThan(60);
    expect(JSON.parse(form.fields.biz_content!)).toEqual({
      out_trade_no: payment.id,
      total_amount: yuan(cents),
      subject: expect.any(String),
      product_code: "QUICK_WAP_WAY",
      time_expire: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      quit_url: returnUrl,
    });
    expect(payment.id).toMatch(/^\w{1,64}$/);
    expect(await rsaVerify(app.publicKey, signingContent(form.fields, ["sign"]), form.fields.sign!)).toBe(true);
    expect(await rsaVerify(stranger.publicKey, signingContent(form.fields, ["sign"]), form.fields.sign!)).toBe(false);
  });

  it("escapes every attribute value of the form", async () => {
    const config = alipayConfig(alipayLive(undefined, { ALIPAY_GATEWAY: 'https://gw.example/gateway.do"x' }));
    const nasty = `"><script>alert('x')</script>&amp;`;
    const html = gatewayFormHtml(config, { subject: nasty, [`a"b`]: "1" });
    expect(html).not.toMatch(/<script/);
    expect(html.match(/<input /g)).toHaveLength(3);
    const form = readForm(html);
    expect(form.fields).toEqual({ subject: nasty, 'a"b': "1" });
    expect(form.action).toBe('https://gw.example/gateway.do"x?charset=utf-8');
  });

  it("marks the order paid on a genuine TRADE_SUCCESS and answers exactly `success`; repeats, 10 at once and TRADE_FINISHED change nothing twice", async () => {
    const { orderId, payment } = await alipayOrder();
    const success = await alipayNotification(payment, "TRADE_SUCCESS");
    const response = await notify(undefined, success.body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new TextEncoder().encode("success"));
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
    expect((await orderEvents(orderId)).slice(0, 2).map((e) => [e.to_status, e.reason])).toEqual([
      [8001, "created"],
      [8003, "paid through alipay"],
    ]);

    const responses = await Promise.all(Array.from({ length: 10 }, () => notify(undefined, success.body)));
    expect(await Promise.all(responses.map((r) => r.text()))).toEqual(Array(10).fill("success"));
    const finished = await alipayNotification(payment, "TRADE_FINISHED");
    expect(await (await notify(undefined, finished.body)).text()).toBe("success");
    // Out of order: a TRADE_SUCCESS arriving after TRADE_FINISHED.
    const late = await alipayNotification(payment, "TRADE_SUCCESS");
    expect(await (await notify(undefined, late.body)).text()).toBe("success");
    expect((await orderEvents(orderId)).filter((e) => e.to_status === 8003)).toHaveLength(1);
    expect((await paymentsOf(orderId))[0]?.status).toBe("succeeded");
    expect((await orderState(orderId)).notifications.map((n) => n.event_id)).toEqual([success.notifyId, finished.notifyId, late.notifyId].sort());
  });

  it("verifies a notification over its empty parameters too, as Alipay signs it, and refuses one whose empty parameter was dropped", async () => {
    const { orderId, payment } = await alipayOrder();
    const success = await alipayNotification(payment, "TRADE_SUCCESS", { body: "", passback_params: "" });
    expect(success.body).toContain("body=&");
    const dropped = new URLSearchParams(success.body);
    dropped.delete("passback_params");
    expect(await (await notify(undefined, dropped.toString())).text()).not.toBe("success");
    expect((await orderRow(orderId))?.status).toBe(8001);
    expect(await (await notify(undefined, success.body)).text()).toBe("success");
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
  });

  it("takes WAIT_BUYER_PAY as nothing yet and TRADE_CLOSED of an unpaid trade as the attempt cancelled, the order still waiting", async () => {
    const { orderId, payment } = await alipayOrder();
    const before = await orderState(orderId);
    expect(await (await notify(undefined, (await alipayNotification(payment, "WAIT_BUYER_PAY", { gmt_payment: "" })).body)).text()).toBe("success");
    expect({ ...(await orderState(orderId)), notifications: [] }).toEqual({ ...before, notifications: [] });
    expect(await (await notify(undefined, (await alipayNotification(payment, "TRADE_CLOSED", { gmt_close: shanghai(now()) })).body)).text()).toBe("success");
    expect((await paymentsOf(orderId))[0]?.status).toBe("cancelled");
    expect((await orderRow(orderId))?.status).toBe(8001);
  });

  it("refuses a tampered body, a wrong signature, an old notification, a wrong amount or no seller_id, changing nothing", async () => {
    const { orderId, payment, cents } = await alipayOrder();
    const attempts: [string, string][] = [
      ["tampered amount", (await alipayNotification(payment, "TRADE_SUCCESS", {}, { tamper: (body) => body.replace(`total_amount=${yuan(cents)}`, "total_amount=0.01") })).body],
      ["tampered status", (await alipayNotification(payment, "WAIT_BUYER_PAY", {}, { tamper: (body) => body.replace("trade_status=WAIT_BUYER_PAY", "trade_status=TRADE_SUCCESS") })).body],
      ["signed by another key", (await alipayNotification(payment, "TRADE_SUCCESS", {}, { key: stranger.privateKey })).body],
      ["no sign", (await alipayNotification(payment, "TRADE_SUCCESS", {}, { tamper: (body) => body.replace(/&sign=[^&]*/, "") })).body],
      ["RSA1 sign_type", (await alipayNotification(payment, "TRADE_SUCCESS", { sign_type: "RSA" })).body],
      ["sent three days ago", (await alipayNotification(payment, "TRADE_SUCCESS", {}, { age: 3 * 86400 })).body],
      ["wrong amount", (await alipayNotification(payment, "TRADE_SUCCESS", { total_amount: yuan(cents - 1) })).body],
      ["no seller", (await alipayNotification(payment, "TRADE_SUCCESS", {}, { drop: ["seller_id"] })).body],
      ["not a form", "{}"],
    ];
    const before = await orderState(orderId);
    for (const [what, body] of attempts) {
      const response = await notify(undefined, body);
      expect(response.status, what).toBe(400);
      expect(await response.text(), what).not.toBe("success");
    }
    expect(await orderState(orderId)).toEqual(before);
    expect(before.order).toMatchObject({ status: 8001 });
  });

  it("does not trust the return from Alipay: the status query calls alipay.trade.query (signed both ways), which decides", async () => {
    const fake = openFakeProvider();
    const { orderId, payment, cents } = await alipayOrder(fake);
    const trade = { code: "10000", msg: "Success", buyer_logon_id: "158****1562", buyer_pay_amount: "0.00", out_trade_no: payment.provider_ref, point_amount: "0.00", receipt_amount: "0.00", total_amount: yuan(cents), trade_no: `2026112222001${digits(15)}`, store_name: "CamCloud 上海/浦东" };
    const method = "alipay.trade.query";
    await fake.script(
      await gatewayAnswer(method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" }),
      await gatewayAnswer(method, { ...trade, trade_status: "WAIT_BUYER_PAY" }),
      await gatewayAnswer(method, { ...trade, trade_status: "TRADE_SUCCESS" }, { key: null }),
      await gatewayAnswer(method, { ...trade, trade_status: "TRADE_SUCCESS" }, { key: stranger.privateKey }),
      await gatewayAnswer(method, { ...trade, trade_status: "TRADE_SUCCESS", total_amount: yuan(cents - 1) }),
      { method: "POST", path: "/gateway.do", status: 502, body: "bad gateway" },
      await gatewayAnswer(method, { ...trade, trade_status: "TRADE_SUCCESS", send_pay_date: "2026-11-22 10:34:56" }),
    );
    for (let i = 0; i < 5; i++) {
      const waiting = await callWith(alipayLive(fake), cn, "/v1/cloud/order/status", { orderId });
      expect(waiting.body.data, `answer ${i + 1}`).toMatchObject({ orderId, status: 8001, paymentTime: null });
    }
    const paid = await callWith(alipayLive(fake), cn, "/v1/cloud/order/status", { orderId });
    expect(paid.body.data.status).toBeGreaterThanOrEqual(8003);

    const requests = await fake.requests();
    expect(requests).toHaveLength(7);
    for (const request of requests) expect(await expectSignedCall(request, method)).toEqual({ out_trade_no: payment.provider_ref });
  });

  it("keeps the code of an unsigned refusal (20000, 40002 are unsigned by design) and asks again after an HTTP 200 carrying a system error", async () => {
    const fake = openFakeProvider();
    const { payment, cents } = await alipayOrder(fake);
    const method = "alipay.trade.query";
    const unsigned = (name: string, node: Record<string, unknown>) => ({ method: "POST", path: "/gateway.do", status: 200, body: JSON.stringify({ [name]: node }) });
    const alipay = providerNamed(alipayLive(fake), "alipay");

    await fake.script(unsigned("error_response", { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature", sub_msg: "验签出错" }));
    await expect(alipay.queryPayment(payment.provider_ref)).rejects.toMatchObject({ name: "AlipayRequestFailed", code: "40002", subCode: "isv.invalid-signature" });

    const trade = { code: "10000", msg: "Success", out_trade_no: payment.provider_ref, trade_status: "TRADE_SUCCESS", total_amount: yuan(cents) };
    await fake.script(
      unsigned("alipay_trade_query_response", { code: "20000", msg: "Service Currently Unavailable", sub_code: "isp.unknow-error", sub_msg: "系统繁忙" }),
      await gatewayAnswer(method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.SYSTEM_ERROR", sub_msg: "系统错误" }),
      await gatewayAnswer(method, trade),
    );
    expect(await alipay.queryPayment(payment.provider_ref)).toMatchObject({ outcome: "paid", amountCents: cents });
    expect(await fake.requests()).toHaveLength(4);

    // A success must still be signed, and a sign that is there must verify.
    await fake.script(await gatewayAnswer(method, trade, { key: null }), await gatewayAnswer(method, { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST" }, { key: stranger.privateKey }));
    await expect(alipay.queryPayment(payment.provider_ref)).rejects.toThrow(/not signed by Alipay/);
    await expect(alipay.queryPayment(payment.provider_ref)).rejects.toThrow(/not signed by Alipay/);
  });

  it("refunds part of a trade as its own request: out_request_no numbered by the refund, and a repeat is done only when it moved money", async () => {
    const fake = openFakeProvider();
    const { payment, cents } = await alipayOrder(fake);
    const alipay = providerNamed(alipayLive(fake), "alipay");
    const second = { number: 2, amountCents: 100, paymentCents: cents };
    // The refund query finds no second refund yet, each time, so the refund is asked for.
    const noRefundYet = () => gatewayAnswer("alipay.trade.fastpay.refund.query", { code: "10000", msg: "Success", out_trade_no: payment.provider_ref, out_request_no: `rf_${payment.provider_ref}_2` });
    await fake.script(
      await noRefundYet(),
      await gatewayAnswer("alipay.trade.refund", { code: "10000", msg: "Success", fund_change: "Y", out_trade_no: payment.provider_ref, refund_fee: yuan(cents) }),
      await noRefundYet(),
      // Asked again: the trade's refunded total counts the first refund too, so it proves nothing of this one.
      await gatewayAnswer("alipay.trade.refund", { code: "10000", msg: "Success", fund_change: "N", out_trade_no: payment.provider_ref, refund_fee: yuan(cents) }),
    );
    expect(await alipay.refund(payment.provider_ref, second)).toEqual({ outcome: "refunded" });
    expect(await alipay.refund(payment.provider_ref, second)).toEqual({ outcome: "pending" });
    const requests = await fake.requests();
    expect(requests.map((r) => new URLSearchParams(r.body).get("method"))).toEqual([
      "alipay.trade.fastpay.refund.query",
      "alipay.trade.refund",
      "alipay.trade.fastpay.refund.query",
      "alipay.trade.refund",
    ]);
    for (const request of requests.filter((r) => new URLSearchParams(r.body).get("method") === "alipay.trade.refund")) {
      expect(await expectSignedCall(request, "alipay.trade.refund")).toEqual({ out_trade_no: payment.provider_ref, refund_amount: "1.00", out_request_no: `rf_${payment.provider_ref}_2` });
    }
  });


  it("refunds money that arrives for a cancelled order from the queue, after acknowledging it: refund query, then alipay.trade.refund retried with the same out_request_no", async () => {
    const fake = openFakeProvider();
    const { orderId, payment, cents } = await alipayOrder(fake);
    expect((await callWith(alipayLive(fake), cn, "/v1/cloud/order/cancel", { orderId })).body.status).toBe(200);
    // The buyer never reached the cashier: Alipay has no trade to close yet, so the close is tried again later.
    await fake.script(await gatewayAnswer("alipay.trade.close", { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_NOT_EXIST", sub_msg: "交易不存在" }));
    await deliverPaymentCalls(alipayLive(fake), [payment.id]);
    expect(await closeOf(payment.id)).toMatchObject({ close_due_at: expect.any(Number), close_attempts: 0 });

    const paidLate = await alipayNotification(payment, "TRADE_SUCCESS");
    expect(await (await notify(fake, paidLate.body)).text()).toBe("success");
    expect(await fake.requests()).toHaveLength(1);
    expect(await closeOf(payment.id)).toMatchObject({ close_due_at: null });

    await fake.script(
      await gatewayAnswer("alipay.trade.fastpay.refund.query", { code: "10000", msg: "Success", out_trade_no: payment.provider_ref, out_request_no: `rf_${payment.provider_ref}` }),
      { method: "POST", path: "/gateway.do", status: 503, body: "" },
      await gatewayAnswer("alipay.trade.refund", {
        code: "10000",
        msg: "Success",
        buyer_logon_id: "158****1562",
        fund_change: "Y",
        gmt_refund_pay: "2026-11-22 10:40:00",
        out_trade_no: payment.provider_ref,
        refund_fee: yuan(cents),
        send_back_fee: "0.00",
        trade_no: `2026112222001${digits(15)}`,
      }),
    );
    await deliverPaymentCalls(alipayLive(fake), [payment.id]);
    expect((await orderRow(orderId))?.status).toBe(8007);
    expect((await paymentsOf(orderId))[0]?.status).toBe("refunded");
    const [close, query, ...refunds] = await fake.requests();
    expect(await expectSignedCall(close!, "alipay.trade.close")).toEqual({ out_trade_no: payment.provider_ref });
    expect(await expectSignedCall(query!, "alipay.trade.fastpay.refund.query")).toEqual({ out_trade_no: payment.provider_ref, out_request_no: `rf_${payment.provider_ref}` });
    expect(refunds).toHaveLength(2);
    for (const request of refunds) {
      expect(await expectSignedCall(request, "alipay.trade.refund")).toEqual({ out_trade_no: payment.provider_ref, refund_amount: yuan(cents), out_request_no: `rf_${payment.provider_ref}` });
    }
    expect(refunds[1]!.body).toBe(refunds[0]!.body);

    // The same notification again refunds nothing more.
    expect(await (await notify(fake, paidLate.body)).text()).toBe("success");
    await deliverPaymentCalls(alipayLive(fake), [payment.id]);
    expect(await fake.requests()).toHaveLength(4);
  });

  it("takes fund_change N as no proof: the refund is followed with alipay.trade.fastpay.refund.query until REFUND_SUCCESS, and a full refund's TRADE_CLOSED as refunded: 8010 -> 8011", async () => {
    const fake = openFakeProvider();
    const { orderId, payment, cents } = await alipayOrder(fake);
    expect(await (await notify(fake, (await alipayNotification(payment, "TRADE_SUCCESS")).body)).text()).toBe("success");
    await env.DB.prepare("UPDATE orders SET status = 8010 WHERE order_id = ?").bind(orderId).run();
    const refundQuery = (status?: string) =>
      gatewayAnswer("alipay.trade.fastpay.refund.query", {
        code: "10000",
        msg: "Success",
        out_trade_no: payment.provider_ref,
        out_request_no: `rf_${payment.provider_ref}`,
        ...(status ? { refund_status: status, refund_amount: yuan(cents), total_amount: yuan(cents) } : {}),
      });
    await fake.script(
      await refundQuery(),
      await gatewayAnswer("alipay.trade.refund", { code: "10000", msg: "Success", fund_change: "N", out_trade_no: payment.provider_ref, refund_fee: yuan(cents) }),
      await refundQuery("REFUND_SUCCESS"),
    );
    const adapter = providerNamed(alipayLive(fake), "alipay");
    expect(await adapter.refund(payment.provider_ref, { number: 1, amountCents: cents, paymentCents: cents })).toEqual({ outcome: "pending" });
    expect(await adapter.refund(payment.provider_ref, { number: 1, amountCents: cents, paymentCents: cents })).toEqual({ outcome: "refunded" });
    expect((await fake.requests()).map((r) => new URLSearchParams(r.body).get("method"))).toEqual([
      "alipay.trade.fastpay.refund.query",
      "alipay.trade.refund",
      "alipay.trade.fastpay.refund.query",
    ]);

    const closed = await alipayNotification(payment, "TRADE_CLOSED", { refund_fee: yuan(cents), gmt_refund: shanghai(now()), gmt_close: shanghai(now()) });
    expect(await (await notify(fake, closed.body)).text()).toBe("success");
    expect((await orderRow(orderId))?.status).toBe(8011);
    expect((await paymentsOf(orderId))[0]?.status).toBe("refunded");
  });

  it("closes an attempt that ends with alipay.trade.close, and settles one Alipay cannot close because it was paid", async () => {
    const fake = openFakeProvider();
    const { orderId, payment, cents } = await alipayOrder(fake);
    expect((await callWith(alipayLive(fake), cn, "/v1/cloud/order/cancel", { orderId })).body.status).toBe(200);
    await fake.script(await gatewayAnswer("alipay.trade.close", { code: "10000", msg: "Success", out_trade_no: payment.provider_ref, trade_no: `2026112222001${digits(15)}` }));
    await deliverPaymentCalls(alipayLive(fake), [payment.id]);
    expect(await closeOf(payment.id)).toMatchObject({ close_due_at: null });

    const other = await alipayOrder(fake);
    expect((await callWith(alipayLive(fake), cn, "/v1/cloud/order/cancel", { orderId: other.orderId })).body.status).toBe(200);
    const paid = await gatewayAnswer("alipay.trade.query", { code: "10000", msg: "Success", out_trade_no: other.payment.provider_ref, trade_status: "TRADE_SUCCESS", total_amount: yuan(cents) });
    await fake.script(
      await gatewayAnswer("alipay.trade.close", { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR", sub_msg: "交易状态不合法" }),
      paid,
      paid,
    );
    await deliverPaymentCalls(alipayLive(fake), [other.payment.id]);
    expect((await orderRow(other.orderId))?.status).toBe(8007);
    expect((await paymentsOf(other.orderId))[0]?.status).toBe("succeeded");
    expect(await closeOf(other.payment.id)).toMatchObject({ close_due_at: null, refund_due_at: expect.any(Number) });
  });

  it("acknowledges a genuine notification it does not follow, about a trade it never made, or for another app or seller, with `success`, changing nothing", async () => {
    const fake = openFakeProvider();
    const { orderId, payment } = await alipayOrder(fake);
    const before = await orderState(orderId);
    const genuine = [
      await alipayNotification(payment, "TRADE_SUCCESS", { notify_type: "trade_settle_sync" }),
      await alipayNotification({ ...payment, provider_ref: `pay_${randomHex(14)}` }, "TRADE_SUCCESS"),
      // Another app or seller of the same merchant, whose trade number happens to be ours: not a payment of ours.
      await alipayNotification(payment, "TRADE_SUCCESS", { app_id: `2021${digits(12)}`, auth_app_id: `2021${digits(12)}` }),
      await alipayNotification(payment, "TRADE_SUCCESS", { seller_id: `2088${digits(12)}` }),
    ];
    for (const { body } of genuine) {
      const response = await notify(fake, body);
      expect(response.status, body).toBe(200);
      expect(await response.text()).toBe("success");
    }
    expect(await orderState(orderId)).toEqual(before);
    for (const forged of [
      await alipayNotification({ ...payment, provider_ref: `pay_${randomHex(14)}` }, "TRADE_SUCCESS", {}, { key: stranger.privateKey }),
      await alipayNotification(payment, "TRADE_SUCCESS", { app_id: `2021${digits(12)}` }, { key: stranger.privateKey }),
    ]) {
      expect((await notify(fake, forged.body)).status).toBe(400);
    }
    expect(await orderState(orderId)).toEqual(before);
  });

  it("reconciles from the cron: a stuck order whose notification was lost is paid from alipay.trade.query", async () => {
    const fake = openFakeProvider();
    const { orderId, payment, cents } = await alipayOrder(fake);
    await env.DB.prepare("UPDATE orders SET updated_at = updated_at - 600 WHERE order_id = ?").bind(orderId).run();
    await fake.script(await gatewayAnswer("alipay.trade.query", { code: "10000", msg: "Success", out_trade_no: payment.provider_ref, trade_status: "TRADE_SUCCESS", total_amount: yuan(cents) }));
    expect(await reconcileOpenPayments(alipayLive(fake), now())).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
    const queries = (await fake.requests()).filter((r) => JSON.parse(new URLSearchParams(r.body).get("biz_content") ?? "{}").out_trade_no === payment.provider_ref);
    expect(queries).toHaveLength(1);
  });

  it("refuses to run live without its secrets, naming the missing one", () => {
    expect(() => providerNamed(envWith({ PAYMENT_ALIPAY: "live" }), "alipay")).toThrow("cloud-api misconfigured: ALIPAY_APP_ID missing");
    expect(() => providerNamed(alipayLive(undefined, { ALIPAY_PUBLIC_KEY: "" }), "alipay")).toThrow("ALIPAY_PUBLIC_KEY missing");
    expect(() => providerNamed(alipayLive(undefined, { ALIPAY_SELLER_ID: "12345" }), "alipay")).toThrow("ALIPAY_SELLER_ID must be");
    expect(() => providerNamed(alipayLive(undefined, { PUBLIC_BASE_URL: "" }), "alipay")).toThrow("PAYMENT_NOTIFY_BASE_URL");
    expect(providerNamed(alipayLive(undefined, { PUBLIC_BASE_URL: "", PAYMENT_NOTIFY_BASE_URL: SHOP }), "alipay").name).toBe("alipay");
  });

  it("reads keys given as bare base64 or on one line with literal \\n, as Alipay's key tool and secret stores hand them out", async () => {
    const bare = (pem: string) => pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
    const workerEnv = alipayLive(undefined, { ALIPAY_APP_PRIVATE_KEY: bare(app.privatePem), ALIPAY_PUBLIC_KEY: alipay.publicPem.trim().replace(/\n/g, "\\n") });
    const created = await providerNamed(workerEnv, "alipay").createPayment({
      paymentId: `pay_${randomHex(14)}`,
      orderId: "X",
      description: "VIP",
      amountCents: 1234,
      currency: "CNY",
      language: "en",
      returnUrl: "/r",
    });
    const form = readForm(created.instructions.alipayForm ?? "");
    expect(JSON.parse(form.fields.biz_content!).total_amount).toBe("12.34");
    expect(await rsaVerify(app.publicKey, signingContent(form.fields, ["sign"]), form.fields.sign!)).toBe(true);
  });
});
