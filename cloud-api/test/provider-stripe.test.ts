import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "#api/index.ts";
import { openFakeProvider, type FakeProvider } from "#test/fake-provider/client.ts";
import { providerNamed } from "#api/payments/index.ts";
import { callWith, deliverPaymentCalls, envWith, fetchWith, forgetPaymentCalls, orderState, paymentsOf, waitForOrderStatus } from "./helpers/live-worker.ts";
import { freshBuyers, orderEvents, orderRow, packageOf, type Buyer } from "./helpers/orders.ts";

let us: Buyer;

beforeEach(async () => {
  forgetPaymentCalls();
  ({ us } = await freshBuyers());
});

const encoder = new TextEncoder();
const hexOf = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
const randomHex = (bytes: number) => hexOf(crypto.getRandomValues(new Uint8Array(bytes)));

/** Keys made for this run, shaped like the ones Stripe's dashboard shows. */
const SECRET_KEY = `sk_test_${randomHex(24)}`;
const WEBHOOK_SECRET = `whsec_${btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(24))))}`;
const RESULT_PAGE = "https://shop.example/app-h5/cloud/order/payment/result?orderId={orderId}";

async function hmacSha256Hex(secret: string, text: string) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hexOf(await crypto.subtle.sign("HMAC", key, encoder.encode(text)));
}

function stripeLive(fake: FakeProvider) {
  return envWith({ PAYMENT_STRIPE: "live", STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.baseUrl, RESULT_PAGE_URL: RESULT_PAGE });
}

type Session = Record<string, unknown> & { id: string; amount_total: number };

/** A Checkout Session object as Stripe answers it (only the fields that matter here, plus some noise). */
function checkoutSession(id: string, amountCents: number, overrides: Record<string, unknown> = {}): Session {
  return {
    id,
    object: "checkout.session",
    client_secret: `${id}_secret_${randomHex(12)}`,
    livemode: false,
    mode: "payment",
    ui_mode: "embedded_page",
    status: "open",
    payment_status: "unpaid",
    amount_total: amountCents,
    currency: "usd",
    client_reference_id: null,
    payment_intent: null,
    metadata: {},
    ...overrides,
  };
}

const paidSession = (session: Session, paymentIntent = `pi_${randomHex(12)}`) => ({ ...session, status: "complete", payment_status: "paid", payment_intent: paymentIntent });

/** A VIP order by card, confirmed through v3 with Stripe live; the fake answers the Checkout Session (after `before`). */
async function cardOrder(fake: FakeProvider, before: { status: number; body: string }[] = []) {
  const pkg = await packageOf(us, "CAM-DEMO-001", 5, "vip-month-usd");
  const cents = Math.round(pkg.salePrice * 100);
  const session = checkoutSession(`cs_test_${randomHex(16)}`, cents);
  await fake.script(
    ...before.map((answer) => ({ method: "POST", path: "/v1/checkout/sessions", ...answer })),
    { method: "POST", path: "/v1/checkout/sessions", status: 200, body: JSON.stringify(session) },
  );
  const confirm = await callWith(stripeLive(fake), us, "/v1/cloud/order/h5/confirm/v3", {
    deviceId: "CAM-DEMO-001",
    priceId: pkg.id,
    payAmount: pkg.salePrice,
    payMethod: 4,
    buyServiceType: 5,
  });
  expect(confirm.body.status).toBe(200);
  return { orderId: confirm.body.data.orderId as string, session, cents, start: confirm.body.data };
}

/** A webhook event signed exactly as Stripe signs one: `t=<t>,v1=HMAC-SHA256(whsec, "<t>.<body>")`. */
async function stripeEvent(type: string, object: unknown, options: { secret?: string; age?: number; livemode?: boolean } = {}) {
  const t = Math.floor(Date.now() / 1000) - (options.age ?? 0);
  const body = JSON.stringify({
    id: `evt_${randomHex(12)}`,
    object: "event",
    api_version: "2026-03-25.dahlia",
    created: t,
    livemode: options.livemode ?? false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
  return signedByStripe(body, t, options.secret);
}

async function signedByStripe(body: string, t = Math.floor(Date.now() / 1000), secret = WEBHOOK_SECRET) {
  return { body, t, header: `t=${t},v1=${await hmacSha256Hex(secret, `${t}.${body}`)}` };
}

function notify(fake: FakeProvider, body: string, signature: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json; charset=utf-8" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return fetchWith(stripeLive(fake), "/v1/pay/notify/stripe", { method: "POST", headers, body });
}

describe("Stripe card payments (live adapter)", () => {
  it("creates an embedded Checkout Session, retried after a 5xx with the same Idempotency-Key, and hands out its client secret", async () => {
    const fake = openFakeProvider();
    const { orderId, session, cents, start } = await cardOrder(fake, [{ status: 500, body: '{"error":{"type":"api_error","message":"try again"}}' }]);
    expect(start).toMatchObject({ orderId, paymentType: 4, sessionId: session.client_secret, payPalOrderId: null, h5PaymentUrl: null, alipayForm: null });

    const payments = await paymentsOf(orderId);
    expect(payments).toHaveLength(1);
    const [payment] = payments;
    expect(payment).toMatchObject({ provider: "stripe", provider_ref: session.id, amount_cents: cents, currency_code: "USD", status: "created" });

    const requests = await fake.requests();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/checkout/sessions", "POST /v1/checkout/sessions"]);
    const [first, retry] = requests;
    expect(retry!.body).toBe(first!.body);
    for (const request of requests) {
      expect(request.headers["authorization"]).toBe(`Bearer ${SECRET_KEY}`);
      expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
      expect(request.headers["idempotency-key"]).toBe(`checkout-session-${payment!.id}`);
      expect(request.headers["stripe-version"]).toMatch(/^\d{4}-\d{2}-\d{2}\.\w+$/);
    }
    const form = Object.fromEntries(new URLSearchParams(first!.body));
    expect(form).toMatchObject({
      mode: "payment",
      ui_mode: "embedded_page",
      redirect_on_completion: "if_required",
      return_url: RESULT_PAGE.replace("{orderId}", orderId),
      "payment_method_types[0]": "card",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": String(cents),
      client_reference_id: payment!.id,
      "metadata[paymentId]": payment!.id,
      "metadata[orderId]": orderId,
      "payment_intent_data[metadata][paymentId]": payment!.id,
    });
    expect(form["line_items[0][price_data][product_data][name]"]).toBeTruthy();
    expect(Number(form["expires_at"])).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
  });

  it("marks the order paid on a genuine checkout.session.completed, and acknowledges it", async () => {
    const fake = openFakeProvider();
    const { orderId, session } = await cardOrder(fake);
    const event = await stripeEvent("checkout.session.completed", paidSession(session));
    const response = await notify(fake, event.body, event.header);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await waitForOrderStatus(orderId, (s) => s >= 8003)).toBeGreaterThanOrEqual(8003);
    expect((await orderEvents(orderId)).slice(0, 2).map((e) => [e.to_status, e.reason])).toEqual([
      [8001, "created"],
      [8003, "paid through stripe"],
    ]);
    expect((await paymentsOf(orderId))[0]?.status).toBe("succeeded");
  });

  it("has one effect when the same event arrives 10 times at once, and again later", async () => {
    const fake = openFakeProvider();
    const { orderId, session } = await cardOrder(fake);
    const event = await stripeEvent("checkout.session.completed", paidSession(session));
    const responses = await Promise.all(Array.from({ length: 10 }, () => notify(fake, event.body, event.header)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await notify(fake, event.body, event.header)).status).toBe(200);
    expect((await orderEvents(orderId)).filter((e) => e.to_status === 8003)).toHaveLength(1);
    expect((await orderState(orderId)).notifications).toHaveLength(1);
  });

  it("refuses a tampered body, a wrong signature, an old timestamp, a wrong amount or currency, the other mode's event and a missing header, changing nothing", async () => {
    const fake = openFakeProvider();
    const { orderId, session, cents } = await cardOrder(fake);
    const paid = paidSession(session);
    const genuine = await stripeEvent("checkout.session.completed", paid);
    const attempts: [string, { body: string; header: string | null }][] = [
      ["tampered body", { body: genuine.body.replace(`"amount_total":${cents}`, '"amount_total":1'), header: genuine.header }],
      ["wrong secret", await stripeEvent("checkout.session.completed", paid, { secret: `whsec_${randomHex(24)}` })],
      ["old timestamp", await stripeEvent("checkout.session.completed", paid, { age: 301 })],
      ["wrong amount", await stripeEvent("checkout.session.completed", { ...paid, amount_total: cents - 1 })],
      ["wrong currency", await stripeEvent("checkout.session.completed", { ...paid, currency: "cny" })],
      ["live mode event for a test key", await stripeEvent("checkout.session.completed", { ...paid, livemode: true }, { livemode: true })],
      ["missing header", { body: genuine.body, header: null }],
      ["v0 signature only", { body: genuine.body, header: genuine.header.replace("v1=", "v0=") }],
      ["signature of another timestamp", { body: genuine.body, header: genuine.header.replace(`t=${genuine.t}`, `t=${genuine.t - 1}`) }],
      ["not an event", await signedByStripe(JSON.stringify({ object: "event", type: "checkout.session.completed", data: { object: session } }))],
    ];
    const before = await orderState(orderId);
    for (const [what, attempt] of attempts) {
      const response = await notify(fake, attempt.body, attempt.header);
      expect(response.status, what).toBe(400);
      expect(((await response.json()) as { msg: string }).msg, what).toMatch(/^notification rejected: /);
    }
    expect(await orderState(orderId)).toEqual(before);
    expect(before.order).toMatchObject({ status: 8001 });
    // The genuine one still works afterwards.
    expect((await notify(fake, genuine.body, genuine.header)).status).toBe(200);
    expect(await waitForOrderStatus(orderId, (s) => s >= 8003)).toBeGreaterThanOrEqual(8003);
  });

  it("accepts any one of several v1 signatures, as while the signing secret is rolled", async () => {
    const fake = openFakeProvider();
    const { orderId, session } = await cardOrder(fake);
    const event = await stripeEvent("checkout.session.completed", paidSession(session));
    const rolled = `t=${event.t},v1=${randomHex(32)},${event.header.split(",")[1]},v0=${randomHex(32)}`;
    expect((await notify(fake, event.body, rolled)).status).toBe(200);
    expect(await waitForOrderStatus(orderId, (s) => s >= 8003)).toBeGreaterThanOrEqual(8003);
  });

  it("waits for a delayed payment: completed-but-unpaid changes nothing, async_payment_succeeded pays, a later async_payment_failed changes nothing", async () => {
    const fake = openFakeProvider();
    const { orderId, session } = await cardOrder(fake);
    const processing = { ...session, status: "complete", payment_status: "unpaid", payment_intent: `pi_${randomHex(12)}` };
    const completed = await stripeEvent("checkout.session.completed", processing);
    expect((await notify(fake, completed.body, completed.header)).status).toBe(200);
    expect((await orderRow(orderId))?.status).toBe(8001);
    expect((await paymentsOf(orderId))[0]?.status).toBe("created");

    const succeeded = await stripeEvent("checkout.session.async_payment_succeeded", { ...processing, payment_status: "paid" });
    expect((await notify(fake, succeeded.body, succeeded.header)).status).toBe(200);
    expect(await waitForOrderStatus(orderId, (s) => s >= 8003)).toBeGreaterThanOrEqual(8003);

    const paidState = await orderState(orderId);
    const failed = await stripeEvent("checkout.session.async_payment_failed", processing);
    expect((await notify(fake, failed.body, failed.header)).status).toBe(200);
    const after = await orderState(orderId);
    expect({ ...after, notifications: [] }).toEqual({ ...paidState, notifications: [] });
    expect((await paymentsOf(orderId))[0]?.status).toBe("succeeded");
  });

  it("cancels the payment attempt when its session expires, leaving the order waiting", async () => {
    const fake = openFakeProvider();
    const { orderId, session } = await cardOrder(fake);
    const expired = await stripeEvent("checkout.session.expired", { ...session, status: "expired" });
    expect((await notify(fake, expired.body, expired.header)).status).toBe(200);
    expect((await paymentsOf(orderId))[0]?.status).toBe("cancelled");
    expect((await orderRow(orderId))?.status).toBe(8001);
  });

  it("does not take the return to the result page as payment: the status query asks Stripe, which decides", async () => {
    const fake = openFakeProvider();
    const { orderId, session } = await cardOrder(fake);
    const path = `/v1/checkout/sessions/${session.id}`;
    await fake.script({ method: "GET", path, status: 200, body: JSON.stringify(session) });
    const waiting = await callWith(stripeLive(fake), us, "/v1/cloud/order/status", { orderId });
    expect(waiting.body.data).toMatchObject({ orderId, status: 8001, paymentTime: null });

    await fake.script({ method: "GET", path, status: 503, body: "" }, { method: "GET", path, status: 200, body: JSON.stringify(paidSession(session)) });
    const paid = await callWith(stripeLive(fake), us, "/v1/cloud/order/status", { orderId });
    expect(paid.body.data.status).toBeGreaterThanOrEqual(8003);
    expect(paid.body.data.paymentTime).toBeGreaterThan(0);
    const queries = (await fake.requests()).filter((r) => r.method === "GET");
    expect(queries.map((r) => r.path)).toEqual([path, path, path]);
    expect(queries.every((r) => r.headers["authorization"] === `Bearer ${SECRET_KEY}`)).toBe(true);
  });

  it("refunds a second successful payment of the same order through Stripe, once, retrying a 5xx with the same key", async () => {
    const fake = openFakeProvider();
    const { orderId, session: first, cents } = await cardOrder(fake);
    const second = checkoutSession(`cs_test_${randomHex(16)}`, cents);
    await fake.script({ method: "POST", path: "/v1/checkout/sessions", status: 200, body: JSON.stringify(second) });
    const repay = await callWith(stripeLive(fake), us, "/v1/cloud/order/h5/order/repay", { orderId });
    expect(repay.body.data.sessionId).toBe(second.client_secret);

    const secondPaid = await stripeEvent("checkout.session.completed", paidSession(second));
    expect((await notify(fake, secondPaid.body, secondPaid.header)).status).toBe(200);
    expect(await waitForOrderStatus(orderId, (s) => s >= 8003)).toBeGreaterThanOrEqual(8003);

    const firstPaidSession = paidSession(first, "pi_first0000000000");
    await fake.script(
      { method: "GET", path: `/v1/checkout/sessions/${first.id}`, status: 200, body: JSON.stringify(firstPaidSession) },
      { method: "POST", path: "/v1/refunds", status: 502, body: "" },
      { method: "POST", path: "/v1/refunds", status: 200, body: JSON.stringify({ id: "re_0001", object: "refund", status: "succeeded", amount: cents, currency: "usd" }) },
      { method: "GET", path: "/v1/refunds/re_0001", status: 200, body: JSON.stringify({ id: "re_0001", object: "refund", status: "succeeded", amount: cents, currency: "usd" }) },
    );
    const firstPaid = await stripeEvent("checkout.session.completed", firstPaidSession);
    expect((await notify(fake, firstPaid.body, firstPaid.header)).status).toBe(200);
    // Acknowledged before Stripe is asked for the refund, which the queue makes.
    expect((await fake.requests()).filter((r) => r.path === "/v1/refunds")).toEqual([]);
    await deliverPaymentCalls(stripeLive(fake), [(await paymentsOf(orderId))[0]!.id]);

    const payments = await paymentsOf(orderId);
    expect(payments.map((p) => [p.provider_ref, p.status])).toEqual([
      [first.id, "refunded"],
      [second.id, "succeeded"],
    ]);
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
    expect((await orderEvents(orderId)).filter((e) => e.to_status === 8003)).toHaveLength(1);
    const refunds = (await fake.requests()).filter((r) => r.path === "/v1/refunds");
    expect(refunds).toHaveLength(2);
    expect(refunds[0]!.headers["idempotency-key"]).toBe("refund-pi_first0000000000");
    expect(refunds[1]!.headers["idempotency-key"]).toBe(refunds[0]!.headers["idempotency-key"]);
    expect(Object.fromEntries(new URLSearchParams(refunds[0]!.body))).toMatchObject({ payment_intent: "pi_first0000000000", amount: String(cents) });

    // The same event again refunds nothing more.
    expect((await notify(fake, firstPaid.body, firstPaid.header)).status).toBe(200);
    await deliverPaymentCalls(stripeLive(fake));
    expect((await fake.requests()).filter((r) => r.path === "/v1/refunds")).toHaveLength(2);
  });

  /** A card order whose repay (second attempt) was paid: money that arrives for the first attempt is stray. */
  async function paidBySecondAttempt() {
    const fake = openFakeProvider();
    const { orderId, session: first, cents } = await cardOrder(fake);
    const second = checkoutSession(`cs_test_${randomHex(16)}`, cents);
    await fake.script({ method: "POST", path: "/v1/checkout/sessions", status: 200, body: JSON.stringify(second) });
    await callWith(stripeLive(fake), us, "/v1/cloud/order/h5/order/repay", { orderId });
    const secondPaid = await stripeEvent("checkout.session.completed", paidSession(second));
    expect((await notify(fake, secondPaid.body, secondPaid.header)).status).toBe(200);
    return { fake, orderId, first, cents };
  }

  it("keeps owing a stray payment whose refund Stripe cannot make now, and the cron refunds it later", async () => {
    const { fake, orderId, first, cents } = await paidBySecondAttempt();

    const firstPaidSession = paidSession(first, "pi_owed00000000000");
    const down = { method: "POST", path: "/v1/refunds", status: 503, body: "" };
    await fake.script({ method: "GET", path: `/v1/checkout/sessions/${first.id}`, status: 200, body: JSON.stringify(firstPaidSession) }, down, down, down);
    const firstPaid = await stripeEvent("checkout.session.completed", firstPaidSession);
    // Acknowledged: the payment is recorded and the debt written down; Stripe need not send it again.
    expect((await notify(fake, firstPaid.body, firstPaid.header)).status).toBe(200);
    await deliverPaymentCalls(stripeLive(fake), [(await paymentsOf(orderId))[0]!.id]);
    const owed = (await paymentsOf(orderId)).find((p) => p.provider_ref === first.id);
    expect(owed).toMatchObject({ status: "succeeded", refund_due_at: expect.any(Number) });

    // A minute later the cron asks again, and this time Stripe refunds.
    await env.DB.prepare("UPDATE payments SET refund_due_at = refund_due_at - 120, refund_next_at = refund_next_at - 120 WHERE id = ?").bind(owed!.id).run();
    await fake.script(
      { method: "GET", path: `/v1/checkout/sessions/${first.id}`, status: 200, body: JSON.stringify(firstPaidSession) },
      { method: "POST", path: "/v1/refunds", status: 200, body: JSON.stringify({ id: "re_0002", object: "refund", status: "succeeded", amount: cents, currency: "usd" }) },
      { method: "GET", path: "/v1/refunds/re_0002", status: 200, body: JSON.stringify({ id: "re_0002", object: "refund", status: "succeeded", amount: cents, currency: "usd" }) },
    );
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), stripeLive(fake), createExecutionContext());
    const refunded = (await paymentsOf(orderId)).find((p) => p.provider_ref === first.id);
    expect(refunded).toMatchObject({ status: "refunded", refund_due_at: null });
    const refunds = (await fake.requests()).filter((r) => r.path === "/v1/refunds");
    expect(refunds).toHaveLength(4);
    expect(new Set(refunds.map((r) => r.headers["idempotency-key"]))).toEqual(new Set(["refund-pi_owed00000000000"]));
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
  });

  it("follows a refund Stripe answers as pending until it succeeds: the cron asks again and looks the refund up", async () => {
    const { fake, orderId, first, cents } = await paidBySecondAttempt();

    const firstPaidSession = paidSession(first, "pi_pending000000000");
    const pending = JSON.stringify({ id: "re_pending01", object: "refund", status: "pending", amount: cents, currency: "usd" });
    const sessionAnswer = { method: "GET", path: `/v1/checkout/sessions/${first.id}`, status: 200, body: JSON.stringify(firstPaidSession) };
    await fake.script(sessionAnswer, { method: "POST", path: "/v1/refunds", status: 200, body: pending }, { method: "GET", path: "/v1/refunds/re_pending01", status: 200, body: pending });
    const firstPaid = await stripeEvent("checkout.session.completed", firstPaidSession);
    expect((await notify(fake, firstPaid.body, firstPaid.header)).status).toBe(200);
    await deliverPaymentCalls(stripeLive(fake), [(await paymentsOf(orderId))[0]!.id]);
    const owed = (await paymentsOf(orderId)).find((p) => p.provider_ref === first.id);
    expect(owed).toMatchObject({ status: "succeeded", refund_due_at: expect.any(Number), refund_attempts: 1 });

    // Later the same key answers with the first (pending) refund; its current state says succeeded.
    await env.DB.prepare("UPDATE payments SET refund_next_at = refund_next_at - 3600 WHERE id = ?").bind(owed!.id).run();
    await fake.script(
      sessionAnswer,
      { method: "POST", path: "/v1/refunds", status: 200, body: pending },
      { method: "GET", path: "/v1/refunds/re_pending01", status: 200, body: JSON.stringify({ id: "re_pending01", object: "refund", status: "succeeded", amount: cents, currency: "usd" }) },
    );
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), stripeLive(fake), createExecutionContext());
    expect((await paymentsOf(orderId)).find((p) => p.provider_ref === first.id)).toMatchObject({ status: "refunded", refund_due_at: null });
    const refunds = (await fake.requests()).filter((r) => r.path === "/v1/refunds");
    expect(new Set(refunds.map((r) => r.headers["idempotency-key"]))).toEqual(new Set(["refund-pi_pending000000000"]));
  });

  it("does not take charge_already_refunded as proof: it lists the payment intent's refunds, which say refunded, pending or nothing", async () => {
    const fake = openFakeProvider();
    const session = paidSession(checkoutSession(`cs_test_${randomHex(16)}`, 499), "pi_refundedbefore00");
    const refundOf = (status: string) => ({ id: `re_${randomHex(8)}`, object: "refund", status, amount: 499, currency: "usd", payment_intent: "pi_refundedbefore00" });
    const alreadyRefunded = { method: "POST", path: "/v1/refunds", status: 400, body: JSON.stringify({ error: { type: "invalid_request_error", code: "charge_already_refunded", message: "already refunded" } }) };
    const listPath = "/v1/refunds?payment_intent=pi_refundedbefore00&limit=100";
    const listing = (...refunds: unknown[]) => ({ method: "GET", path: listPath, status: 200, body: JSON.stringify({ object: "list", data: refunds, has_more: false }) });
    const sessionAnswer = { method: "GET", path: `/v1/checkout/sessions/${session.id}`, status: 200, body: JSON.stringify(session) };
    await fake.script(
      sessionAnswer,
      alreadyRefunded,
      listing(refundOf("failed"), refundOf("pending")),
      sessionAnswer,
      alreadyRefunded,
      listing(refundOf("failed"), refundOf("succeeded")),
      sessionAnswer,
      alreadyRefunded,
      listing(refundOf("failed")),
    );
    const adapter = providerNamed(stripeLive(fake), "stripe");
    expect(await adapter.refund(session.id, { number: 1, amountCents: 499, paymentCents: 499 })).toEqual({ outcome: "pending" });
    expect(await adapter.refund(session.id, { number: 1, amountCents: 499, paymentCents: 499 })).toEqual({ outcome: "refunded" });
    await expect(adapter.refund(session.id, { number: 1, amountCents: 499, paymentCents: 499 })).rejects.toMatchObject({ name: "ProviderUnavailable" });
    expect((await fake.requests()).filter((r) => r.method === "GET" && r.path === listPath)).toHaveLength(3);
  });

  it("notices a refund that fails after it was made (refund.failed): the money is owed again, also when Stripe's next answer replays the first success", async () => {
    const { fake, orderId, first, cents } = await paidBySecondAttempt();
    const firstPaidSession = paidSession(first, "pi_failslater000000");
    const refund = { id: "re_failslater01", object: "refund", status: "succeeded", amount: cents, currency: "usd", payment_intent: "pi_failslater000000", metadata: { checkoutSession: first.id } };
    const sessionAnswer = { method: "GET", path: `/v1/checkout/sessions/${first.id}`, status: 200, body: JSON.stringify(firstPaidSession) };
    const refundNow = (status: string) => ({ method: "GET", path: `/v1/refunds/${refund.id}`, status: 200, body: JSON.stringify({ ...refund, status }) });
    await fake.script(sessionAnswer, { method: "POST", path: "/v1/refunds", status: 200, body: JSON.stringify(refund) }, refundNow("succeeded"));
    const firstPaid = await stripeEvent("checkout.session.completed", firstPaidSession);
    expect((await notify(fake, firstPaid.body, firstPaid.header)).status).toBe(200);
    await deliverPaymentCalls(stripeLive(fake), [(await paymentsOf(orderId))[0]!.id]);
    expect((await paymentsOf(orderId))[0]).toMatchObject({ status: "refunded", refund_due_at: null });

    // Its own refund's update that it succeeded changes nothing; the bank's refusal later does.
    const updated = await stripeEvent("refund.updated", refund);
    expect((await notify(fake, updated.body, updated.header)).status).toBe(200);
    expect((await paymentsOf(orderId))[0]).toMatchObject({ status: "refunded" });
    const failedRefund = { ...refund, status: "failed", failure_reason: "expired_or_canceled_card" };
    const onlyFailed = { method: "GET", path: "/v1/refunds?payment_intent=pi_failslater000000&limit=100", status: 200, body: JSON.stringify({ object: "list", data: [failedRefund], has_more: false }) };
    await fake.script(onlyFailed, onlyFailed);
    const failed = await stripeEvent("refund.failed", failedRefund);
    expect((await notify(fake, failed.body, failed.header)).status).toBe(200);
    expect((await paymentsOf(orderId))[0]).toMatchObject({ status: "succeeded", refund_due_at: expect.any(Number) });
    expect((await orderRow(orderId))?.status).toBeGreaterThanOrEqual(8003);
    // The same event again changes nothing more.
    const owed = await orderState(orderId);
    expect((await notify(fake, failed.body, failed.header)).status).toBe(200);
    expect((await orderState(orderId)).payments).toEqual(owed.payments);

    // The cron asks again under the same key: for 24 hours Stripe replays its first answer (succeeded), but the refund failed.
    await env.DB.prepare("UPDATE payments SET refund_next_at = refund_next_at - 120 WHERE order_id = ?").bind(orderId).run();
    await fake.script(sessionAnswer, { method: "POST", path: "/v1/refunds", status: 200, headers: { "content-type": "application/json", "idempotent-replayed": "true" }, body: JSON.stringify(refund) }, refundNow("failed"));
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), stripeLive(fake), createExecutionContext());
    expect((await paymentsOf(orderId))[0]).toMatchObject({ status: "succeeded", refund_due_at: expect.any(Number), refund_attempts: 1 });
    expect((await fake.requests()).filter((r) => r.path === `/v1/refunds/${refund.id}`)).toHaveLength(2);
  });

  it("moves a refunded order back to refund failed (8011 -> 8012) when Stripe's refund fails at the bank", async () => {
    const fake = openFakeProvider();
    const { orderId, session, cents } = await cardOrder(fake);
    const paid = await stripeEvent("checkout.session.completed", paidSession(session, "pi_orderrefund0000"));
    expect((await notify(fake, paid.body, paid.header)).status).toBe(200);
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET status = 8011 WHERE order_id = ?").bind(orderId),
      env.DB.prepare("UPDATE payments SET status = 'refunded' WHERE order_id = ?").bind(orderId),
    ]);
    const failedRefund = { id: "re_orderrefund01", object: "refund", status: "failed", amount: cents, currency: "usd", payment_intent: "pi_orderrefund0000", metadata: { checkoutSession: session.id } };
    const listing = (...refunds: unknown[]) => ({
      method: "GET",
      path: "/v1/refunds?payment_intent=pi_orderrefund0000&limit=100",
      status: 200,
      body: JSON.stringify({ object: "list", data: refunds, has_more: false }),
    });
    // Late, out of order: an earlier refund's failure while a later one went through changes nothing.
    await fake.script(listing(failedRefund, { ...failedRefund, id: "re_orderrefund02", status: "succeeded" }), listing(failedRefund));
    const late = await stripeEvent("charge.refund.updated", failedRefund);
    expect((await notify(fake, late.body, late.header)).status).toBe(200);
    expect((await orderRow(orderId))?.status).toBe(8011);
    const failed = await stripeEvent("charge.refund.updated", failedRefund);
    expect((await notify(fake, failed.body, failed.header)).status).toBe(200);
    expect((await orderRow(orderId))?.status).toBe(8012);
    expect((await paymentsOf(orderId))[0]).toMatchObject({ status: "succeeded", refund_due_at: expect.any(Number) });
  });

  it("acknowledges a genuine event of a type it does not follow, a refund it did not make or a session or refund it does not read, and still refuses an unsigned one", async () => {
    const fake = openFakeProvider();
    const { orderId } = await cardOrder(fake);
    const before = await orderState(orderId);
    const other = await stripeEvent("customer.created", { id: "cus_123", object: "customer" });
    const genuine = [
      other,
      await stripeEvent("refund.failed", { id: "re_dashboard01", object: "refund", status: "failed", amount: 100, currency: "usd", payment_intent: "pi_x", metadata: {} }),
      await stripeEvent("checkout.session.completed", paidSession(checkoutSession(`cs_test_${randomHex(16)}`, 100))),
      // Another integration on the same account: a setup-mode session has no amount or currency.
      await stripeEvent("checkout.session.completed", { ...checkoutSession(`cs_test_${randomHex(16)}`, 0), mode: "setup", status: "complete", payment_status: "no_payment_required", amount_total: null, currency: null }),
      await stripeEvent("charge.refund.updated", { id: "re_otherintegration", object: "refund", status: "succeeded", amount: null, currency: null }),
    ];
    for (const event of genuine) {
      const response = await notify(fake, event.body, event.header);
      expect(response.status, event.body).toBe(200);
      expect(await response.json()).toEqual({ received: true });
    }
    expect(await orderState(orderId)).toEqual(before);
    // The signature's first hex digit changed to another.
    const wrongSignature = (header: string) => header.replace(/v1=(.)/, (_, digit: string) => `v1=${digit === "0" ? "1" : "0"}`);
    for (const event of [other, ...genuine.slice(3)]) {
      expect((await notify(fake, event.body, null)).status).toBe(400);
      expect((await notify(fake, event.body, wrongSignature(event.header))).status).toBe(400);
    }
  });

  it("expires the Checkout Session of an attempt that ends; one already paid is settled instead", async () => {
    const fake = openFakeProvider();
    const { orderId, session } = await cardOrder(fake);
    expect((await callWith(stripeLive(fake), us, "/v1/cloud/order/cancel", { orderId })).body.status).toBe(200);
    const expirePath = `/v1/checkout/sessions/${session.id}/expire`;
    await fake.script({ method: "POST", path: expirePath, status: 200, body: JSON.stringify({ ...session, status: "expired" }) });
    const [payment] = await paymentsOf(orderId);
    await deliverPaymentCalls(stripeLive(fake), [payment!.id]);
    const [expire] = (await fake.requests()).filter((r) => r.path === expirePath);
    expect(expire).toMatchObject({ method: "POST" });
    expect(expire!.headers["authorization"]).toBe(`Bearer ${SECRET_KEY}`);
    expect(expire!.headers["idempotency-key"]).toMatch(new RegExp(`^expire-${session.id}-[0-9a-f-]{36}$`));
    const closed = await env.DB.prepare("SELECT close_due_at FROM payments WHERE id = ?").bind(payment!.id).first<{ close_due_at: number | null }>();
    expect(closed?.close_due_at).toBeNull();

    const other = await cardOrder(fake);
    expect((await callWith(stripeLive(fake), us, "/v1/cloud/order/cancel", { orderId: other.orderId })).body.status).toBe(200);
    const paidAnswer = { method: "GET", path: `/v1/checkout/sessions/${other.session.id}`, status: 200, body: JSON.stringify(paidSession(other.session)) };
    await fake.script(
      {
        method: "POST",
        path: `/v1/checkout/sessions/${other.session.id}/expire`,
        status: 400,
        body: JSON.stringify({ error: { type: "invalid_request_error", message: "This Checkout Session is not in an expirable state." } }),
      },
      paidAnswer,
      paidAnswer,
    );
    const [otherPayment] = await paymentsOf(other.orderId);
    await deliverPaymentCalls(stripeLive(fake), [otherPayment!.id]);
    expect((await orderRow(other.orderId))?.status).toBe(8007);
    expect((await paymentsOf(other.orderId))[0]).toMatchObject({ status: "succeeded", refund_due_at: expect.any(Number) });
  });

  it("decides a close that Stripe answers with a 5xx from the session (paid, expired, or open and tried again under a new key, as Stripe replays a saved 500 for its key)", async () => {
    const fake = openFakeProvider();
    const stripe = providerNamed(stripeLive(fake), "stripe");
    // Stripe-Should-Retry: false, so the transport does not ask again; without it, it asks three times.
    const failing = (session: Session, headers: Record<string, string> = { "content-type": "application/json", "stripe-should-retry": "false" }) => {
      const answer = { method: "POST", path: `/v1/checkout/sessions/${session.id}/expire`, status: 500, headers, body: '{"error":{"type":"api_error","message":"An unknown error occurred"}}' };
      return headers["stripe-should-retry"] ? [answer] : [answer, answer, answer];
    };
    const read = (session: Session) => ({ method: "GET", path: `/v1/checkout/sessions/${session.id}`, status: 200, body: JSON.stringify(session) });

    const paid = paidSession(checkoutSession(`cs_test_${randomHex(16)}`, 499));
    await fake.script(...failing(paid), read(paid));
    expect(await stripe.close(paid.id)).toBe("paid");

    const expired = { ...checkoutSession(`cs_test_${randomHex(16)}`, 499), status: "expired" };
    await fake.script(...failing(expired), read(expired));
    expect(await stripe.close(expired.id)).toBe("closed");

    const open = checkoutSession(`cs_test_${randomHex(16)}`, 499);
    await fake.script(...failing(open, { "content-type": "application/json" }), read(open));
    await expect(stripe.close(open.id)).rejects.toMatchObject({ name: "StripeRequestFailed", status: 500 });
    await fake.script({ method: "POST", path: `/v1/checkout/sessions/${open.id}/expire`, status: 200, body: JSON.stringify({ ...open, status: "expired" }) });
    expect(await stripe.close(open.id)).toBe("closed");
    const keys = (await fake.requests()).filter((r) => r.path === `/v1/checkout/sessions/${open.id}/expire`).map((r) => r.headers["idempotency-key"]);
    expect(keys).toHaveLength(4);
    // The transport's retries within one close repeat its key; the next close has its own.
    expect(new Set(keys.slice(0, 3)).size).toBe(1);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("asks again, with the same Idempotency-Key, after a 409 idempotency_key_in_use or when Stripe-Should-Retry says so, and not when it says no", async () => {
    const fake = openFakeProvider();
    const session = paidSession(checkoutSession(`cs_test_${randomHex(16)}`, 499));
    const sessionAnswer = { method: "GET", path: `/v1/checkout/sessions/${session.id}`, status: 200, body: JSON.stringify(session) };
    const inUse = JSON.stringify({ error: { type: "idempotency_error", code: "idempotency_key_in_use", message: "There is currently another in-progress request using this Idempotent Key" } });
    const succeeded = JSON.stringify({ id: "re_done0000001", object: "refund", status: "succeeded", amount: 499, currency: "usd", payment_intent: session.payment_intent });
    const lookedUp = { method: "GET", path: "/v1/refunds/re_done0000001", status: 200, body: succeeded };
    const stripe = providerNamed(stripeLive(fake), "stripe");
    const whole = { number: 1, amountCents: 499, paymentCents: 499 };

    await fake.script(sessionAnswer, { method: "POST", path: "/v1/refunds", status: 409, body: inUse }, { method: "POST", path: "/v1/refunds", status: 200, body: succeeded }, lookedUp);
    expect(await stripe.refund(session.id, whole)).toEqual({ outcome: "refunded" });
    const refunds = () => fake.requests().then((requests) => requests.filter((r) => r.path === "/v1/refunds"));
    expect((await refunds()).map((r) => r.headers["idempotency-key"])).toEqual([`refund-${session.payment_intent}`, `refund-${session.payment_intent}`]);

    const rateLimited = JSON.stringify({ error: { type: "invalid_request_error", code: "lock_timeout", message: "busy" } });
    await fake.script(
      sessionAnswer,
      { method: "POST", path: "/v1/refunds", status: 429, headers: { "stripe-should-retry": "true" }, body: rateLimited },
      { method: "POST", path: "/v1/refunds", status: 200, body: succeeded },
      lookedUp,
    );
    expect(await stripe.refund(session.id, whole)).toEqual({ outcome: "refunded" });
    expect(await refunds()).toHaveLength(4);

    // A 500 Stripe says not to repeat (its idempotency layer already answered it) is not asked again.
    await fake.script(sessionAnswer, { method: "POST", path: "/v1/refunds", status: 500, headers: { "stripe-should-retry": "false" }, body: '{"error":{"type":"api_error","message":"no"}}' });
    await expect(stripe.refund(session.id, whole)).rejects.toMatchObject({ name: "StripeRequestFailed", status: 500 });
    expect(await refunds()).toHaveLength(5);
  });

  it("refunds part of a payment as its own refund: the amount asked, under the refund's own Idempotency-Key", async () => {
    const fake = openFakeProvider();
    const session = paidSession(checkoutSession(`cs_test_${randomHex(16)}`, 499));
    const part = JSON.stringify({ id: "re_part0000001", object: "refund", status: "succeeded", amount: 150, currency: "usd", payment_intent: session.payment_intent });
    await fake.script(
      { method: "GET", path: `/v1/checkout/sessions/${session.id}`, status: 200, body: JSON.stringify(session) },
      { method: "POST", path: "/v1/refunds", status: 200, body: part },
      { method: "GET", path: "/v1/refunds/re_part0000001", status: 200, body: part },
    );
    expect(await providerNamed(stripeLive(fake), "stripe").refund(session.id, { number: 2, amountCents: 150, paymentCents: 499 })).toEqual({ outcome: "refunded" });
    const [refund] = (await fake.requests()).filter((r) => r.path === "/v1/refunds");
    expect(refund!.headers["idempotency-key"]).toBe(`refund-${session.payment_intent}_2`);
    expect(Object.fromEntries(new URLSearchParams(refund!.body))).toMatchObject({ payment_intent: session.payment_intent, amount: "150" });
  });

  it("answers ProviderUnavailable for a session answer that does not parse", async () => {
    const fake = openFakeProvider();
    await fake.script({ method: "GET", path: "/v1/checkout/sessions/cs_test_x", status: 200, body: '{"id":"cs_test_x","object":"checkout.session"}' });
    await expect(providerNamed(stripeLive(fake), "stripe").queryPayment("cs_test_x")).rejects.toMatchObject({ name: "ProviderUnavailable" });
  });

  it("refuses to run live without its secrets, naming the missing one", () => {
    expect(() => providerNamed(envWith({ PAYMENT_STRIPE: "live" }), "stripe")).toThrow("cloud-api misconfigured: STRIPE_SECRET_KEY missing");
    expect(() => providerNamed(envWith({ PAYMENT_STRIPE: "live", STRIPE_SECRET_KEY: SECRET_KEY }), "stripe")).toThrow(
      "cloud-api misconfigured: STRIPE_WEBHOOK_SECRET missing",
    );
    expect(providerNamed(envWith({}), "stripe").name).toBe("stripe");
  });
});
