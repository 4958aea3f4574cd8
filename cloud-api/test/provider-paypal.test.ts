import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openFakeProvider, type FakeProvider } from "#test/fake-provider/client.ts";
import { providerNamed } from "#api/payments/index.ts";
import { callWith, deliverPaymentCalls, envWith, fetchWith, forgetPaymentCalls, orderState, paymentsOf, waitForOrderStatus } from "./helpers/live-worker.ts";
import { call, freshBuyers, orderEvents, orderRow, packageOf, type Buyer } from "./helpers/orders.ts";

let us: Buyer;

beforeEach(async () => {
  forgetPaymentCalls();
  ({ us } = await freshBuyers());
});

const encoder = new TextEncoder();
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const randomId = (length: number) => [...crypto.getRandomValues(new Uint8Array(length))].map((b) => ALPHANUMERIC[b % 36]).join("");
const base64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Credentials made for this run. */
const CLIENT_ID = `A${randomId(40)}`;
const CLIENT_SECRET = `E${randomId(40)}`;
const WEBHOOK_ID = randomId(17);
const CERT_URL = "https://api-m.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77";

function payPalLive(fake: FakeProvider) {
  return envWith({ PAYMENT_PAYPAL: "live", PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: CLIENT_SECRET, PAYPAL_WEBHOOK_ID: WEBHOOK_ID, PAYPAL_API_BASE: fake.baseUrl });
}

function tokenAnswer(accessToken = `A21AA${randomId(40)}`, expiresIn = 32400) {
  const body = { scope: "https://uri.paypal.com/services/payments/payment", access_token: accessToken, token_type: "Bearer", app_id: "APP-80W284485P519543T", expires_in: expiresIn, nonce: randomId(20) };
  return { method: "POST", path: "/v1/oauth2/token", status: 200, body: JSON.stringify(body) };
}

/**
 * PayPal's side of webhook signing, with a key pair made here: PayPal signs
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body, decimal>` with RSA-SHA256, and
 * its verify-webhook-signature endpoint checks exactly that. The fake provider plays that endpoint: its
 * answer is computed here, by that algorithm, from the values the adapter must send (checked afterwards).
 */
let payPalKeys: CryptoKeyPair;
beforeAll(async () => {
  payPalKeys = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of encoder.encode(text)) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
const signedMessage = (transmissionId: string, time: string, webhookId: string, body: string) => `${transmissionId}|${time}|${webhookId}|${crc32(body)}`;

interface Webhook {
  body: string;
  headers: Record<string, string>;
}

/** A webhook delivery as PayPal sends one: the event and the PAYPAL-* transmission headers. */
async function payPalWebhook(eventType: string, resourceType: string, resource: unknown, options: { age?: number; signer?: CryptoKey; webhookId?: string } = {}): Promise<Webhook> {
  const time = new Date(Date.now() - (options.age ?? 0) * 1000).toISOString();
  const body = JSON.stringify({
    id: `WH-${randomId(17)}-${randomId(17)}`,
    event_version: "1.0",
    create_time: time,
    resource_type: resourceType,
    resource_version: "2.0",
    event_type: eventType,
    summary: `${eventType} for the test`,
    resource,
    links: [{ href: "https://api-m.paypal.com/v1/notifications/webhooks-events/WH-X", rel: "self", method: "GET" }],
  });
  const transmissionId = crypto.randomUUID();
  const message = signedMessage(transmissionId, time, options.webhookId ?? WEBHOOK_ID, body);
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", options.signer ?? payPalKeys.privateKey, encoder.encode(message));
  return {
    body,
    headers: {
      "content-type": "application/json",
      "PAYPAL-AUTH-ALGO": "SHA256withRSA",
      "PAYPAL-CERT-URL": CERT_URL,
      "PAYPAL-TRANSMISSION-ID": transmissionId,
      "PAYPAL-TRANSMISSION-SIG": base64(signature),
      "PAYPAL-TRANSMISSION-TIME": time,
    },
  };
}

/** What PayPal's verify endpoint answers for this delivery, were it forwarded as documented. */
async function verdictFor(webhook: Webhook): Promise<"SUCCESS" | "FAILURE"> {
  const h = webhook.headers;
  const message = signedMessage(h["PAYPAL-TRANSMISSION-ID"]!, h["PAYPAL-TRANSMISSION-TIME"]!, WEBHOOK_ID, webhook.body);
  const signature = Uint8Array.from(atob(h["PAYPAL-TRANSMISSION-SIG"]!), (c) => c.charCodeAt(0));
  const valid = await crypto.subtle.verify("RSASSA-PKCS1-v1_5", payPalKeys.publicKey, signature, encoder.encode(message));
  return valid ? "SUCCESS" : "FAILURE";
}

const VERIFY_PATH = "/v1/notifications/verify-webhook-signature";

async function scriptVerdicts(fake: FakeProvider, ...webhooks: Webhook[]) {
  const answers = await Promise.all(webhooks.map(async (w) => ({ method: "POST", path: VERIFY_PATH, status: 200, body: JSON.stringify({ verification_status: await verdictFor(w) }) })));
  await fake.script(...answers);
}

/** The adapter forwarded exactly the documented fields: the headers, our webhook id and the raw body as the event. */
function expectForwarded(request: { body: string; headers: Record<string, string> }, webhook: Webhook, accessToken: string) {
  expect(request.headers["authorization"]).toBe(`Bearer ${accessToken}`);
  expect(request.headers["content-type"]).toBe("application/json");
  const sent = JSON.parse(request.body);
  expect(Object.keys(sent).sort()).toEqual(["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_event", "webhook_id"]);
  expect(sent).toEqual({
    auth_algo: webhook.headers["PAYPAL-AUTH-ALGO"],
    cert_url: webhook.headers["PAYPAL-CERT-URL"],
    transmission_id: webhook.headers["PAYPAL-TRANSMISSION-ID"],
    transmission_sig: webhook.headers["PAYPAL-TRANSMISSION-SIG"],
    transmission_time: webhook.headers["PAYPAL-TRANSMISSION-TIME"],
    webhook_id: WEBHOOK_ID,
    webhook_event: JSON.parse(webhook.body),
  });
  expect(request.body.endsWith(`"webhook_event":${webhook.body}}`)).toBe(true);
}

function notify(fake: FakeProvider, webhook: Webhook, headers: Record<string, string> = webhook.headers) {
  return fetchWith(payPalLive(fake), "/v1/pay/notify/paypal", { method: "POST", headers, body: webhook.body });
}

/** A VIP order paid with PayPal, confirmed with PayPal live; the fake answers a token and the order (after `before`). */
async function payPalCheckout(fake: FakeProvider, before: { status: number; body: string }[] = []) {
  const pkg = await packageOf(us, "CAM-DEMO-001", 5, "vip-month-usd");
  const cents = Math.round(pkg.salePrice * 100);
  const payPalOrderId = randomId(17);
  const accessToken = `A21AA${randomId(40)}`;
  await fake.script(
    tokenAnswer(accessToken),
    ...before.map((answer) => ({ method: "POST", path: "/v2/checkout/orders", ...answer })),
    {
      method: "POST",
      path: "/v2/checkout/orders",
      status: 201,
      body: JSON.stringify({ id: payPalOrderId, status: "CREATED", links: [{ href: `https://api-m.paypal.com/v2/checkout/orders/${payPalOrderId}`, rel: "self", method: "GET" }] }),
    },
  );
  const confirm = await callWith(payPalLive(fake), us, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-001", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 3, buyServiceType: 5 });
  expect(confirm.body.status).toBe(200);
  const orderId = confirm.body.data.orderId as string;
  const [payment] = await paymentsOf(orderId);
  return { orderId, payPalOrderId, cents, value: (cents / 100).toFixed(2), accessToken, paymentId: payment!.id, start: confirm.body.data };
}

type Checkout = Awaited<ReturnType<typeof payPalCheckout>>;

function captureResource(checkout: Checkout, overrides: Record<string, unknown> = {}) {
  return {
    id: `CAP${randomId(14)}`,
    status: "COMPLETED",
    amount: { currency_code: "USD", value: checkout.value },
    final_capture: true,
    seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED"] },
    custom_id: checkout.paymentId,
    supplementary_data: { related_ids: { order_id: checkout.payPalOrderId } },
    create_time: new Date().toISOString(),
    ...overrides,
  };
}

/** The order as GET /v2/checkout/orders/:id (or a capture) answers it. */
function orderResource(checkout: Checkout, status: string, capture?: Record<string, unknown>) {
  return {
    id: checkout.payPalOrderId,
    intent: "CAPTURE",
    status,
    purchase_units: [
      {
        reference_id: checkout.paymentId,
        custom_id: checkout.paymentId,
        amount: { currency_code: "USD", value: checkout.value },
        ...(capture ? { payments: { captures: [capture] } } : {}),
      },
    ],
  };
}

describe("PayPal payments (live adapter)", () => {
  it("creates an order with a client-credentials token and a PayPal-Request-Id, retried after a 5xx with the same id", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake, [{ status: 503, body: '{"name":"SERVICE_UNAVAILABLE"}' }]);
    expect(checkout.start).toMatchObject({ orderId: checkout.orderId, paymentType: 3, payPalOrderId: checkout.payPalOrderId, sessionId: null });
    const payments = await paymentsOf(checkout.orderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: "paypal", provider_ref: checkout.payPalOrderId, amount_cents: checkout.cents, currency_code: "USD", status: "created" });

    const requests = await fake.requests();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/oauth2/token", "POST /v2/checkout/orders", "POST /v2/checkout/orders"]);
    const [token, first, retry] = requests;
    expect(token!.headers["authorization"]).toBe(`Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`);
    expect(token!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(token!.body).toBe("grant_type=client_credentials");
    for (const request of [first!, retry!]) {
      expect(request.headers["authorization"]).toBe(`Bearer ${checkout.accessToken}`);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["paypal-request-id"]).toBe(`order-${checkout.paymentId}`);
      expect(request.body).toBe(first!.body);
    }
    expect(JSON.parse(first!.body)).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: checkout.paymentId,
          custom_id: checkout.paymentId,
          description: expect.any(String),
          amount: { currency_code: "USD", value: checkout.value },
        },
      ],
      payment_source: { paypal: { experience_context: { shipping_preference: "NO_SHIPPING", user_action: "PAY_NOW" } } },
    });
  });

  it("marks the order paid on a PAYMENT.CAPTURE.COMPLETED that PayPal verifies, having forwarded exactly the documented fields", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const webhook = await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout));
    await scriptVerdicts(fake, webhook);
    const response = await notify(fake, webhook);
    expect(response.status).toBe(200);
    expect(await waitForOrderStatus(checkout.orderId, (s) => s >= 8003)).toBeGreaterThanOrEqual(8003);
    expect((await orderEvents(checkout.orderId)).slice(0, 2).map((e) => [e.to_status, e.reason])).toEqual([
      [8001, "created"],
      [8003, "paid through paypal"],
    ]);
    expect((await paymentsOf(checkout.orderId))[0]?.status).toBe("succeeded");
    const verifications = (await fake.requests()).filter((r) => r.path === VERIFY_PATH);
    expect(verifications).toHaveLength(1);
    expectForwarded(verifications[0]!, webhook, checkout.accessToken);
    // The token from the order's creation is reused: one token request in all.
    expect((await fake.requests()).filter((r) => r.path === "/v1/oauth2/token")).toHaveLength(1);
  });

  it("has one effect when the same event arrives 10 times at once, and again later", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const webhook = await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout));
    await scriptVerdicts(fake, ...Array<Webhook>(11).fill(webhook));
    const responses = await Promise.all(Array.from({ length: 10 }, () => notify(fake, webhook)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await notify(fake, webhook)).status).toBe(200);
    expect((await orderEvents(checkout.orderId)).filter((e) => e.to_status === 8003)).toHaveLength(1);
    expect((await orderState(checkout.orderId)).notifications).toHaveLength(1);
  });

  it("refuses what PayPal does not verify (tampered body, another key, another webhook), missing headers, an old transmission and a wrong amount or currency, changing nothing", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const genuine = await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout));
    const otherKeys = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ])) as CryptoKeyPair;
    const tampered = { ...genuine, body: genuine.body.replace(`"value":"${checkout.value}"`, '"value":"0.01"') };
    const verified: [string, Webhook][] = [
      ["tampered body", tampered],
      ["signed with another key", await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout), { signer: otherKeys.privateKey })],
      ["signed for another webhook", await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout), { webhookId: randomId(17) })],
      ["wrong amount", await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout, { amount: { currency_code: "USD", value: "0.01" } }))],
      ["wrong currency", await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout, { amount: { currency_code: "CNY", value: checkout.value } }))],
    ];
    await scriptVerdicts(fake, ...verified.map(([, webhook]) => webhook));
    expect((await Promise.all(verified.map(([, webhook]) => verdictFor(webhook))))).toEqual(["FAILURE", "FAILURE", "FAILURE", "SUCCESS", "SUCCESS"]);
    const withoutSig = Object.fromEntries(Object.entries(genuine.headers).filter(([name]) => name !== "PAYPAL-TRANSMISSION-SIG"));
    const unasked: [string, Webhook, Record<string, string>?][] = [
      ["missing signature header", genuine, withoutSig],
      ["missing every PayPal header", genuine, { "content-type": "application/json" }],
      ["old transmission", await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout), { age: 301 })],
      ["not JSON", { ...genuine, body: "{not json" }],
    ];

    const before = await orderState(checkout.orderId);
    for (const [what, webhook, headers] of [...verified, ...unasked]) {
      const response = await notify(fake, webhook, headers);
      expect(response.status, what).toBe(400);
      expect(((await response.json()) as { msg: string }).msg, what).toMatch(/^notification rejected: /);
    }
    expect(await orderState(checkout.orderId)).toEqual(before);
    expect(before.order).toMatchObject({ status: 8001 });

    // PayPal was asked about the five with complete, fresh headers only, each forwarded as received.
    const verifications = (await fake.requests()).filter((r) => r.path === VERIFY_PATH);
    expect(verifications).toHaveLength(verified.length);
    verified.forEach(([, webhook], i) => expectForwarded(verifications[i]!, webhook, checkout.accessToken));
  });

  it("refuses a notification PayPal will not even check (HTTP 400 from verify-webhook-signature)", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const webhook = await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(checkout));
    await fake.script({ method: "POST", path: VERIFY_PATH, status: 400, body: JSON.stringify({ name: "VALIDATION_ERROR", details: [{ issue: "INVALID_CERT_URL" }] }) });
    const response = await notify(fake, webhook);
    expect(response.status).toBe(400);
    expect((await orderRow(checkout.orderId))?.status).toBe(8001);
  });

  it("captures on CHECKOUT.ORDER.APPROVED (8001 -> 8002 -> 8003), retrying the capture after a 5xx with the same PayPal-Request-Id", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const approved = await payPalWebhook("CHECKOUT.ORDER.APPROVED", "checkout-order", orderResource(checkout, "APPROVED"));
    const capturePath = `/v2/checkout/orders/${checkout.payPalOrderId}/capture`;
    await scriptVerdicts(fake, approved);
    await fake.script(
      { method: "POST", path: capturePath, status: 500, body: '{"name":"INTERNAL_SERVER_ERROR"}' },
      { method: "POST", path: capturePath, status: 201, body: JSON.stringify(orderResource(checkout, "COMPLETED", captureResource(checkout))) },
    );
    expect((await notify(fake, approved)).status).toBe(200);
    expect(await waitForOrderStatus(checkout.orderId, (s) => s >= 8003)).toBeGreaterThanOrEqual(8003);
    expect((await orderEvents(checkout.orderId)).slice(0, 3).map((e) => e.to_status)).toEqual([8001, 8002, 8003]);

    const captures = (await fake.requests()).filter((r) => r.path === capturePath);
    expect(captures).toHaveLength(2);
    for (const capture of captures) {
      expect(capture.headers["paypal-request-id"]).toBe(`capture-${checkout.payPalOrderId}`);
      expect(capture.headers["authorization"]).toBe(`Bearer ${checkout.accessToken}`);
      expect(capture.headers["prefer"]).toBe("return=representation");
    }
  });

  it("does not capture an approval that arrives for a cancelled order: the buyer is never charged, nothing is refunded", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    expect((await call(us, "/v1/cloud/order/cancel", { orderId: checkout.orderId })).body?.status).toBe(200);
    const approved = await payPalWebhook("CHECKOUT.ORDER.APPROVED", "checkout-order", orderResource(checkout, "APPROVED"));
    await scriptVerdicts(fake, approved);
    expect((await notify(fake, approved)).status).toBe(200);
    const calls = (await fake.requests()).map((r) => r.path);
    expect(calls.filter((path) => path.endsWith("/capture") || path.endsWith("/refund"))).toEqual([]);
    expect((await orderRow(checkout.orderId))?.status).toBe(8007);
    expect((await paymentsOf(checkout.orderId))[0]?.status).toBe("cancelled");
  });

  it("does not pay an order whose capture completed for another amount", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const approved = await payPalWebhook("CHECKOUT.ORDER.APPROVED", "checkout-order", orderResource(checkout, "APPROVED"));
    await scriptVerdicts(fake, approved);
    const short = captureResource(checkout, { amount: { currency_code: "USD", value: "0.01" } });
    await fake.script({ method: "POST", path: `/v2/checkout/orders/${checkout.payPalOrderId}/capture`, status: 201, body: JSON.stringify(orderResource(checkout, "COMPLETED", short)) });
    expect((await notify(fake, approved)).status).toBe(400);
    expect((await orderRow(checkout.orderId))?.status).toBe(8002);
    expect((await paymentsOf(checkout.orderId))[0]?.status).toBe("created");
  });

  it("applies a refund once and ignores what arrives out of order after it (a late COMPLETED, a DENIED)", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const capture = captureResource(checkout);
    const completed = await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", capture);
    await scriptVerdicts(fake, completed);
    expect((await notify(fake, completed)).status).toBe(200);
    // Fulfilled (8006) before the refund, so that nothing else moves the order meanwhile.
    expect(await waitForOrderStatus(checkout.orderId, (s) => s === 8006)).toBe(8006);

    const refund = {
      id: `REF${randomId(14)}`,
      status: "COMPLETED",
      amount: { currency_code: "USD", value: checkout.value },
      links: [
        { href: `https://api-m.paypal.com/v2/payments/refunds/REF1`, rel: "self", method: "GET" },
        { href: `https://api-m.paypal.com/v2/payments/captures/${capture.id}`, rel: "up", method: "GET" },
      ],
    };
    const refunded = await payPalWebhook("PAYMENT.CAPTURE.REFUNDED", "refund", refund);
    await scriptVerdicts(fake, refunded);
    await fake.script({ method: "GET", path: `/v2/payments/captures/${capture.id}`, status: 200, body: JSON.stringify({ ...capture, status: "REFUNDED" }) });
    expect((await notify(fake, refunded)).status).toBe(200);
    expect((await paymentsOf(checkout.orderId))[0]?.status).toBe("refunded");

    const afterRefund = await orderState(checkout.orderId);
    const lateCompleted = await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", capture);
    const denied = await payPalWebhook("PAYMENT.CAPTURE.DENIED", "capture", { ...capture, status: "DECLINED" });
    await scriptVerdicts(fake, lateCompleted, denied, refunded);
    await fake.script({ method: "GET", path: `/v2/payments/captures/${capture.id}`, status: 200, body: JSON.stringify({ ...capture, status: "REFUNDED" }) });
    for (const webhook of [lateCompleted, denied, refunded]) expect((await notify(fake, webhook)).status).toBe(200);
    const after = await orderState(checkout.orderId);
    expect({ ...after, notifications: [] }).toEqual({ ...afterRefund, notifications: [] });
    expect(after.order).toMatchObject({ status: 8006 });
    expect((await orderEvents(checkout.orderId)).filter((e) => e.to_status === 8003)).toHaveLength(1);
  });

  it("acknowledges verified events about no order of ours (a capture naming no order, a refund of such a capture or naming none, an order it does not read), changing nothing; unverified ones are still refused", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    // Captures made outside Checkout (PayPal's invoicing, an older integration) carry no related order.
    const loneCapture = captureResource(checkout, { supplementary_data: {} });
    const refundOf = (captureId: string | null) => ({
      id: `REF${randomId(14)}`,
      status: "COMPLETED",
      amount: { currency_code: "USD", value: checkout.value },
      links: captureId ? [{ href: `https://api-m.paypal.com/v2/payments/captures/${captureId}`, rel: "up", method: "GET" }] : [],
    });
    const genuine = [
      await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", loneCapture),
      await payPalWebhook("PAYMENT.CAPTURE.DENIED", "capture", { ...loneCapture, status: "DECLINED" }),
      await payPalWebhook("PAYMENT.CAPTURE.REFUNDED", "refund", refundOf(loneCapture.id)),
      await payPalWebhook("PAYMENT.CAPTURE.REFUNDED", "refund", refundOf(null)),
      await payPalWebhook("CHECKOUT.ORDER.APPROVED", "checkout-order", { id: randomId(17), intent: "AUTHORIZE", status: "APPROVED", purchase_units: [] }),
      await payPalWebhook("CHECKOUT.ORDER.APPROVED", "checkout-order", { id: randomId(17), intent: "CAPTURE", status: "APPROVED", purchase_units: [{ reference_id: "default" }] }),
    ];
    await scriptVerdicts(fake, ...genuine);
    await fake.script({ method: "GET", path: `/v2/payments/captures/${loneCapture.id}`, status: 200, body: JSON.stringify({ ...loneCapture, status: "REFUNDED" }) });
    const before = await orderState(checkout.orderId);
    for (const webhook of genuine) {
      const response = await notify(fake, webhook);
      expect(response.status, webhook.body).toBe(200);
      expect(await response.text()).toBe("");
    }
    expect(await orderState(checkout.orderId)).toEqual(before);

    const otherKeys = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, false, ["sign"])) as CryptoKeyPair;
    const forged = await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", loneCapture, { signer: otherKeys.privateKey });
    await scriptVerdicts(fake, forged);
    expect((await notify(fake, forged)).status).toBe(400);
  });

  it("moves the order to 8004 on PAYMENT.CAPTURE.DENIED", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const denied = await payPalWebhook("PAYMENT.CAPTURE.DENIED", "capture", captureResource(checkout, { status: "DECLINED" }));
    await scriptVerdicts(fake, denied);
    expect((await notify(fake, denied)).status).toBe(200);
    expect((await orderRow(checkout.orderId))?.status).toBe(8004);
    expect((await paymentsOf(checkout.orderId))[0]?.status).toBe("failed");
  });

  it("captures when the result page asks for the status of an approved order (the buttons' onApprove only navigates)", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const orderPath = `/v2/checkout/orders/${checkout.payPalOrderId}`;
    await fake.script({ method: "GET", path: orderPath, status: 200, body: JSON.stringify(orderResource(checkout, "CREATED")) });
    const waiting = await callWith(payPalLive(fake), us, "/v1/cloud/order/status", { orderId: checkout.orderId });
    expect(waiting.body.data).toMatchObject({ status: 8001, paymentTime: null });

    await fake.script(
      { method: "GET", path: orderPath, status: 200, body: JSON.stringify(orderResource(checkout, "APPROVED")) },
      { method: "POST", path: `${orderPath}/capture`, status: 201, body: JSON.stringify(orderResource(checkout, "COMPLETED", captureResource(checkout))) },
    );
    const paid = await callWith(payPalLive(fake), us, "/v1/cloud/order/status", { orderId: checkout.orderId });
    expect(paid.body.data.status).toBeGreaterThanOrEqual(8003);
    expect(paid.body.data.paymentTime).toBeGreaterThan(0);
    expect((await orderEvents(checkout.orderId)).slice(0, 3).map((e) => e.to_status)).toEqual([8001, 8002, 8003]);
  });

  it("answers an already captured order from the order itself when a capture is repeated", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const orderPath = `/v2/checkout/orders/${checkout.payPalOrderId}`;
    await fake.script(
      { method: "POST", path: `${orderPath}/capture`, status: 422, body: JSON.stringify({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "ORDER_ALREADY_CAPTURED" }] }) },
      { method: "GET", path: orderPath, status: 200, body: JSON.stringify(orderResource(checkout, "COMPLETED", captureResource(checkout))) },
    );
    const report = await providerNamed(payPalLive(fake), "paypal").capture(checkout.payPalOrderId);
    expect(report).toEqual({ providerRef: checkout.payPalOrderId, outcome: "paid", amountCents: checkout.cents, currency: "USD" });
  });

  it("gives the money back through PayPal when a cancelled order is paid after all", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    expect((await call(us, "/v1/cloud/order/cancel", { orderId: checkout.orderId })).body?.status).toBe(200);
    const capture = captureResource(checkout);
    const completed = await payPalWebhook("PAYMENT.CAPTURE.COMPLETED", "capture", capture);
    await scriptVerdicts(fake, completed);
    const refundPath = `/v2/payments/captures/${capture.id}/refund`;
    await fake.script(
      { method: "GET", path: `/v2/checkout/orders/${checkout.payPalOrderId}`, status: 200, body: JSON.stringify(orderResource(checkout, "COMPLETED", capture)) },
      { method: "POST", path: refundPath, status: 503, body: "" },
      { method: "POST", path: refundPath, status: 201, body: JSON.stringify({ id: "REF0001", status: "COMPLETED" }) },
    );
    expect((await notify(fake, completed)).status).toBe(200);
    // Acknowledged first; the refund is the queue's.
    expect((await fake.requests()).filter((r) => r.path === refundPath)).toEqual([]);
    await deliverPaymentCalls(payPalLive(fake), [(await paymentsOf(checkout.orderId))[0]!.id]);
    expect((await orderRow(checkout.orderId))?.status).toBe(8007);
    expect((await paymentsOf(checkout.orderId))[0]?.status).toBe("refunded");
    const refunds = (await fake.requests()).filter((r) => r.path === refundPath);
    expect(refunds).toHaveLength(2);
    for (const refund of refunds) {
      expect(refund.headers["paypal-request-id"]).toBe(`refund-${capture.id}`);
      expect(JSON.parse(refund.body)).toEqual({ amount: { currency_code: "USD", value: checkout.value } });
    }
  });

  it("refunds what a partial refund in PayPal's dashboard left when PayPal answers REFUND_AMOUNT_EXCEEDED to the whole amount", async () => {
    const fake = openFakeProvider();
    const checkout = await payPalCheckout(fake);
    const capture = captureResource(checkout, { status: "PARTIALLY_REFUNDED" });
    const refundPath = `/v2/payments/captures/${capture.id}/refund`;
    const order = orderResource(checkout, "COMPLETED", capture);
    const byDashboard = { id: "REFDASH01", status: "COMPLETED", amount: { currency_code: "USD", value: "1.00" } };
    const withRefund = { ...order, purchase_units: [{ ...order.purchase_units[0], payments: { captures: [capture], refunds: [byDashboard] } }] };
    const exceeded = { name: "UNPROCESSABLE_ENTITY", details: [{ issue: "REFUND_AMOUNT_EXCEEDED", description: "The refund amount must be less than or equal to the capture amount that has not yet been refunded." }] };
    const rest = checkout.cents - 100;
    await fake.script(
      { method: "GET", path: `/v2/checkout/orders/${checkout.payPalOrderId}`, status: 200, body: JSON.stringify(withRefund) },
      { method: "POST", path: refundPath, status: 422, body: JSON.stringify(exceeded) },
      { method: "GET", path: `/v2/checkout/orders/${checkout.payPalOrderId}`, status: 200, body: JSON.stringify(withRefund) },
      { method: "POST", path: refundPath, status: 201, body: JSON.stringify({ id: "REF0002", status: "COMPLETED" }) },
    );
    const whole = { number: 1, amountCents: checkout.cents, paymentCents: checkout.cents };
    expect(await providerNamed(payPalLive(fake), "paypal").refund(checkout.payPalOrderId, whole)).toEqual({ outcome: "refunded" });
    const refunds = (await fake.requests()).filter((r) => r.path === refundPath);
    expect(refunds.map((r) => [r.headers["paypal-request-id"], JSON.parse(r.body).amount.value])).toEqual([
      [`refund-${capture.id}`, checkout.value],
      [`refund-${capture.id}-rest-${rest}`, (rest / 100).toFixed(2)],
    ]);

    // A part of the payment cannot be told apart from what the dashboard gave back: a person decides.
    await fake.script(
      { method: "GET", path: `/v2/checkout/orders/${checkout.payPalOrderId}`, status: 200, body: JSON.stringify(withRefund) },
      { method: "POST", path: refundPath, status: 422, body: JSON.stringify(exceeded) },
    );
    await expect(providerNamed(payPalLive(fake), "paypal").refund(checkout.payPalOrderId, { number: 2, amountCents: rest, paymentCents: checkout.cents })).rejects.toThrow(/a person must see/);
    expect((await fake.requests()).filter((r) => r.path === refundPath).at(-1)?.headers["paypal-request-id"]).toBe(`refund-${capture.id}_2`);
  });

  it("cuts a long description between whole characters, never inside an emoji", async () => {
    const fake = openFakeProvider();
    const payPalOrderId = randomId(17);
    await fake.script(tokenAnswer(), { method: "POST", path: "/v2/checkout/orders", status: 201, body: JSON.stringify({ id: payPalOrderId, status: "CREATED" }) });
    const description = `${"a".repeat(125)}👍🏽 and more`;
    await providerNamed(payPalLive(fake), "paypal").createPayment({ paymentId: `pay_${randomId(8)}`, orderId: "X", description, amountCents: 100, currency: "USD", language: "en", returnUrl: "/r" });
    const created = (await fake.requests()).find((r) => r.path === "/v2/checkout/orders");
    // The thumb and its skin tone are two code points: both fit in 127, a third character would not.
    expect(JSON.parse(created!.body).purchase_units[0].description).toBe(`${"a".repeat(125)}👍🏽`);
    const cutInside = `${"a".repeat(126)}👍🏽`;
    await fake.script({ method: "POST", path: "/v2/checkout/orders", status: 201, body: JSON.stringify({ id: payPalOrderId, status: "CREATED" }) });
    await providerNamed(payPalLive(fake), "paypal").createPayment({ paymentId: `pay_${randomId(8)}`, orderId: "X", description: cutInside, amountCents: 100, currency: "USD", language: "en", returnUrl: "/r" });
    const second = (await fake.requests()).filter((r) => r.path === "/v2/checkout/orders").at(-1);
    expect(JSON.parse(second!.body).purchase_units[0].description).toBe("a".repeat(126));
  });

  it("keeps the token until it nearly expires, and replaces a token PayPal no longer accepts", async () => {
    const basic = `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;
    const checkout = { payPalOrderId: randomId(17), paymentId: "pay_x", value: "4.99", cents: 499 } as Checkout;
    const order = JSON.stringify(orderResource(checkout, "CREATED"));
    const path = `/v2/checkout/orders/${checkout.payPalOrderId}`;
    const query = { method: "GET", path, status: 200, body: order };

    const fake = openFakeProvider();
    await fake.script(tokenAnswer("TOKEN-ONE"), query, query, { ...query, status: 401, body: '{"error":"invalid_token"}' }, tokenAnswer("TOKEN-TWO"), query);
    const provider = providerNamed(payPalLive(fake), "paypal");
    for (let i = 0; i < 3; i++) expect((await provider.queryPayment(checkout.payPalOrderId)).outcome).toBe("pending");
    expect((await fake.requests()).map((r) => [r.path, r.headers["authorization"]])).toEqual([
      ["/v1/oauth2/token", basic],
      [path, "Bearer TOKEN-ONE"],
      [path, "Bearer TOKEN-ONE"],
      [path, "Bearer TOKEN-ONE"],
      ["/v1/oauth2/token", basic],
      [path, "Bearer TOKEN-TWO"],
    ]);

    // A token about to expire (within a minute) is not used again.
    const shortLived = openFakeProvider();
    await shortLived.script(tokenAnswer("SHORT-ONE", 30), query, tokenAnswer("SHORT-TWO", 30), query);
    const again = providerNamed(payPalLive(shortLived), "paypal");
    for (let i = 0; i < 2; i++) await again.queryPayment(checkout.payPalOrderId);
    expect((await shortLived.requests()).map((r) => r.headers["authorization"])).toEqual([basic, "Bearer SHORT-ONE", basic, "Bearer SHORT-TWO"]);
  });

  it("refuses to run live without its secrets, naming the missing one", () => {
    expect(() => providerNamed(envWith({ PAYMENT_PAYPAL: "live" }), "paypal")).toThrow("cloud-api misconfigured: PAYPAL_CLIENT_ID missing");
    expect(() => providerNamed(envWith({ PAYMENT_PAYPAL: "live", PAYPAL_CLIENT_ID: CLIENT_ID, PAYPAL_CLIENT_SECRET: CLIENT_SECRET }), "paypal")).toThrow(
      "cloud-api misconfigured: PAYPAL_WEBHOOK_ID missing",
    );
  });
});
