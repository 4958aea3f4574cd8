import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { operatorFetch, operatorHeaders, signedHeaders } from "#test/signed-request.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { grantStatement } from "#api/repositories/entitlements.ts";
import { envWith, fetchWith } from "./helpers/live-worker.ts";
import { deliver, freshBuyers, orderEvents, orderRow, paidOrder, waitForStatus, type Buyer } from "./helpers/orders.ts";

/**
 * The console's Today and Orders (issue 32 items 1 and 2), through the real router with the operator credential the
 * console signs: figures computed from orders seeded for the test, the needs-a-person queue and its resolution, the
 * search and its pages, and the refund, the resend of fulfilment and their refusals.
 */
const VIEWER = "viewer@camcloud.example";
const SUPPORT = "support@camcloud.example";
const ADMIN = "admin@camcloud.example";

type Answer = { http: number; body: { status: number; msg: string; data: any } };

/** An operator call as the console signs it, through the real router (with `workerEnv`'s variables when given). */
async function operatorCall(email: string, path: string, body: unknown, workerEnv?: CloudApiEnv): Promise<Answer> {
  if (!workerEnv) {
    const { http, body: answer } = await operatorFetch(path, body, { email });
    return { http, body: answer! };
  }
  const raw = JSON.stringify(body);
  const response = await fetchWith(workerEnv, path, { method: "POST", headers: { ...(await signedHeaders()), ...(await operatorHeaders({ path, body: raw }, email)) }, body: raw });
  return { http: response.status, body: (await response.json()) as Answer["body"] };
}

const today = (from: number, to: number, email = VIEWER) => operatorCall(email, "/v1/operator/today", { from, to });
const search = (filters: Record<string, unknown>, email = VIEWER) => operatorCall(email, "/v1/operator/orders/search", filters);
const detail = (orderId: string, email = VIEWER) => operatorCall(email, "/v1/operator/orders/detail", { orderId });
const refund = (orderId: string, reason: string, email = SUPPORT, workerEnv?: CloudApiEnv) => operatorCall(email, "/v1/operator/orders/refund", { orderId, reason }, workerEnv);
const resend = (orderId: string, email = SUPPORT) => operatorCall(email, "/v1/operator/orders/resend-fulfilment", { orderId });
const resolve = (orderId: string, note: string, email = SUPPORT) => operatorCall(email, "/v1/operator/orders/resolve", { orderId, note });

const auditRows = async (orderId: string, action: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM operator_actions WHERE object_type = 'order' AND object_id = ? AND action = ?").bind(orderId, action).first<{ n: number }>())!.n;

const now = () => Math.floor(Date.now() / 1000);

let seq = 0;

/**
 * An order written as it would stand (no queue message): created at `created`, paid at `paid` with a succeeded
 * payment, delivered (8006) at `delivered`.
 */
async function insertOrder(o: { currency: "CNY" | "USD"; cents: number; method: number; country: string; created: number; paid?: number; delivered?: number; status: number }) {
  const orderId = `OPS${String(++seq).padStart(6, "0")}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO orders (order_id, user_id, device_id, service_type, package_id, service_name, period_days, currency_code, price_cents,
                           discount_cents, pay_cents, payment_type, status, language, country_code, created_at, paid_at, updated_at)
       VALUES (?, 1, 'SIM-DEMO-001', 2, 1, '{"en":"Seeded"}', 30, ?, ?, 0, ?, ?, ?, 'en', ?, ?, ?, ?)`,
    ).bind(orderId, o.currency, o.cents, o.cents, o.method, o.status, o.country, o.created, o.paid ?? null, o.paid ?? o.created),
    ...(o.paid === undefined
      ? []
      : [
          env.DB.prepare(
            `INSERT INTO payments (id, order_id, provider, payment_type, provider_ref, amount_cents, currency_code, status, instructions, created_at, updated_at)
             VALUES (?, ?, 'wechat', ?, ?, ?, ?, 'succeeded', '{}', ?, ?)`,
          ).bind(`pay_${orderId}`, orderId, o.method, `REF-${orderId}`, o.cents, o.currency, o.paid, o.paid),
        ]),
    ...(o.delivered === undefined
      ? []
      : [env.DB.prepare("INSERT INTO order_events (order_id, from_status, to_status, reason, created_at) VALUES (?, 8005, 8006, 'seeded', ?)").bind(orderId, o.delivered)]),
  ]);
  return orderId;
}

let cn: Buyer;
beforeEach(async () => {
  ({ cn } = await freshBuyers());
});

describe("Today's figures", () => {
  /** A day long before the demo data, so that only the orders seeded here fall in it. */
  const DAY_START = now() - 400 * 86400;
  const DAY_END = DAY_START + 86400;
  const seedOrder = (o: Parameters<typeof insertOrder>[0]) =>
    insertOrder({
      ...o,
      created: DAY_START + o.created,
      ...(o.paid === undefined ? {} : { paid: DAY_START + o.paid }),
      ...(o.delivered === undefined ? {} : { delivered: DAY_START + o.delivered }),
    });

  it("counts the orders created and paid in the span, the money per currency, conversion by method and region, and the median delivery", async () => {
    // Delivered 60, 300, 30 and 900 seconds after payment: the median of four is the mean of the middle two, 180.
    await seedOrder({ currency: "CNY", cents: 1000, method: 1, country: "CN", created: 100, paid: 200, delivered: 260, status: 8006 });
    await seedOrder({ currency: "CNY", cents: 2000, method: 2, country: "CN", created: 100, paid: 200, delivered: 500, status: 8006 });
    await seedOrder({ currency: "USD", cents: 500, method: 4, country: "US", created: 100, paid: 200, delivered: 230, status: 8006 });
    const fourth = await seedOrder({ currency: "USD", cents: 900, method: 4, country: "US", created: 100, paid: 200, delivered: 1100, status: 8006 });
    await seedOrder({ currency: "USD", cents: 700, method: 3, country: "DE", created: 100, status: 8001 });
    await seedOrder({ currency: "CNY", cents: 300, method: 1, country: "CN", created: 100, status: 8014 });
    // Created the day before, paid in the span: counted paid, not created; no delivery yet.
    await seedOrder({ currency: "USD", cents: 100, method: 4, country: "US", created: -1000, paid: 50, status: 8003 });
    // Created and paid the day after: in no figure.
    await seedOrder({ currency: "USD", cents: 9999, method: 4, country: "US", created: 86400 + 10, paid: 86400 + 20, delivered: 86400 + 30, status: 8006 });

    const { http, body } = await today(DAY_START, DAY_END);
    expect(http).toBe(200);
    const figures = body.data;
    expect(figures.ordersCreated).toBe(6);
    expect(figures.ordersPaid).toBe(5);
    expect(figures.revenue).toEqual([
      { currencyCode: "CNY", paidOrders: 2, cents: 3000 },
      { currencyCode: "USD", paidOrders: 3, cents: 1500 },
    ]);
    expect(figures.conversionByMethod).toEqual([
      { paymentType: 1, created: 2, paid: 1 },
      { paymentType: 2, created: 1, paid: 1 },
      { paymentType: 3, created: 1, paid: 0 },
      { paymentType: 4, created: 2, paid: 2 },
    ]);
    expect(figures.conversionByRegion).toEqual([
      { region: "cn", created: 3, paid: 2 },
      { region: "eu", created: 1, paid: 0 },
      { region: "us-east", created: 2, paid: 2 },
    ]);
    expect(figures.delivered).toBe(4);
    expect(figures.medianPaidToDeliveredSeconds).toBe(180);

    // An odd count: the middle one. Without the 900 s delivery (its day moved away), 30, 60, 300: 60.
    await env.DB.prepare("UPDATE orders SET paid_at = paid_at + 2 * 86400 WHERE order_id = ?").bind(fourth).run();
    expect((await today(DAY_START, DAY_END)).body.data.medianPaidToDeliveredSeconds).toBe(60);
  });

  it("refuses a span that ends before it starts or lasts more than a year, and an empty span has no median", async () => {
    expect((await today(DAY_END, DAY_START)).http).toBe(400);
    expect((await today(DAY_START, DAY_START + 400 * 86400)).http).toBe(400);
    const empty = (await today(DAY_START - 10 * 86400, DAY_START - 9 * 86400)).body.data;
    expect(empty).toMatchObject({ ordersCreated: 0, ordersPaid: 0, revenue: [], delivered: 0, medianPaidToDeliveredSeconds: null });
  });
});

describe("the needs-a-person queue", () => {
  it("lists every kind of case with its order, and a note from support resolves an order's cases, once, with an audit row", async () => {
    const t = now();
    // The demo's 8003 and 8005 orders were last moved days ago; its 8012 order's refund failed.
    await env.DB.prepare("UPDATE payments SET refund_due_at = ? WHERE order_id = 'DEMO2000010'").bind(t - 4 * 86400).run();
    await env.DB.prepare("UPDATE payments SET close_due_at = ?, close_next_at = ?, close_attempts = 3 WHERE order_id = 'DEMO2000006'").bind(t - 7200, t + 600).run();
    const queue = (await today(t - 86400, t)).body.data.needsAPerson as { kind: string; orderId: string }[];
    const cases = queue.map((c) => `${c.kind} ${c.orderId}`);
    expect(cases).toEqual(
      expect.arrayContaining([
        "fulfilment-stuck DEMO2000003",
        "fulfilment-stuck DEMO2000005",
        "refund-failed DEMO2000012",
        "refund-overdue DEMO2000010",
        "close-refused DEMO2000006",
      ]),
    );
    expect((await detail("DEMO2000003")).body.data.needsAPerson).toEqual([expect.objectContaining({ kind: "fulfilment-stuck", orderId: "DEMO2000003", status: 8003 })]);

    expect((await resolve("DEMO2000003", "Delivered by hand at the carrier", VIEWER)).http).toBe(403);
    const resolved = await resolve("DEMO2000003", "Delivered by hand at the carrier");
    expect(resolved.body).toMatchObject({ status: 200, data: { orderId: "DEMO2000003", resolved: 1 } });
    const after = (await today(t - 86400, t)).body.data.needsAPerson as { kind: string; orderId: string }[];
    expect(after.map((c) => c.orderId)).not.toContain("DEMO2000003");
    expect(after.map((c) => c.orderId)).toContain("DEMO2000005");
    const record = (await detail("DEMO2000003")).body.data;
    expect(record.needsAPerson).toEqual([]);
    expect(record.notes).toEqual([expect.objectContaining({ note: "Delivered by hand at the carrier", operatorEmail: SUPPORT })]);
    expect(await auditRows("DEMO2000003", "order.resolve")).toBe(1);

    const again = await resolve("DEMO2000003", "again");
    expect(again.http).toBe(409);
    expect(again.body.msg).toContain("has no case that needs a person");
    expect(await auditRows("DEMO2000003", "order.resolve")).toBe(1);
  });
});

describe("refunds owed for three days", () => {
  it("lists an order waiting for its refund (8009) or refunding (8010) since it first got there, its payment marked owed or not", async () => {
    const t = now();
    const firstOwed = async (orderId: string) =>
      Math.min(...((await detail(orderId)).body.data.events as { toStatus: number; at: number }[]).filter((e) => e.toStatus === 8009 || e.toStatus === 8010).map((e) => e.at));
    const queue = (await today(t - 86400, t)).body.data.needsAPerson as { kind: string; orderId: string; since: number; status: number }[];
    for (const [orderId, status] of [["DEMO2000009", 8009], ["DEMO2000010", 8010]] as const) {
      const since = await firstOwed(orderId);
      expect(since).toBeLessThan(t - 3 * 86400);
      expect(queue.filter((c) => c.orderId === orderId)).toEqual([expect.objectContaining({ kind: "refund-overdue", since, status })]);
      expect((await detail(orderId)).body.data.needsAPerson).toEqual([expect.objectContaining({ kind: "refund-overdue", orderId, since })]);
    }
    // Marked owed later by the cron, the refund is still owed since the order first waited for it.
    await env.DB.prepare("UPDATE payments SET refund_due_at = ? WHERE order_id = 'DEMO2000009'").bind(t - 60).run();
    expect((await detail("DEMO2000009")).body.data.needsAPerson).toEqual([expect.objectContaining({ kind: "refund-overdue", since: await firstOwed("DEMO2000009") })]);
  });
});

describe("the order search", () => {
  it("finds orders by device id, provider reference, account, status and creation date", async () => {
    const byDevice = (await search({ deviceId: "CAM-DEMO-002", pageSize: 100 })).body.data.orders as { orderId: string; deviceId: string }[];
    expect(byDevice.length).toBeGreaterThan(0);
    expect(byDevice.every((o) => o.deviceId === "CAM-DEMO-002")).toBe(true);

    const byRef = (await search({ providerRef: "DEMO-REF-DEMO2000006" })).body.data.orders;
    expect(byRef).toEqual([expect.objectContaining({ orderId: "DEMO2000006", account: "demo@camcloud.example", status: 8006, currencyCode: "CNY" })]);

    const byStatus = (await search({ status: 8012 })).body.data.orders as { orderId: string }[];
    expect(byStatus.map((o) => o.orderId)).toEqual(["DEMO2000012"]);

    const byAccount = (await search({ account: "nobody@camcloud.example" })).body.data;
    expect(byAccount).toEqual({ orders: [], nextCursor: null });

    // DEMO2000006 was created 6 days and an hour ago, DEMO2000007 7 days and an hour ago.
    const t = now();
    const window = (await search({ deviceId: "SIM-DEMO-001", from: t - 7 * 86400, to: t - 6 * 86400 + 600 })).body.data.orders as { orderId: string }[];
    expect(window.map((o) => o.orderId)).toEqual(["DEMO2000006"]);

    // A form sends numbers as text.
    expect((await search({ status: "8012", pageSize: "5" })).body.data.orders).toHaveLength(1);
  });

  it("pages newest first with a cursor, each order once, and bounds the page size", async () => {
    const all = (await search({ deviceId: "SIM-DEMO-001", pageSize: 100 })).body.data.orders as { orderId: string; createdAt: number }[];
    expect(all.length).toBeGreaterThan(5);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = (await search({ deviceId: "SIM-DEMO-001", pageSize: 2, ...(cursor ? { cursor } : {}) })).body.data;
      seen.push(...page.orders.map((o: { orderId: string }) => o.orderId));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 50);
    expect(seen).toEqual(all.map((o) => o.orderId));
    expect([...all].sort((a, b) => b.createdAt - a.createdAt || b.orderId.localeCompare(a.orderId))).toEqual(all);

    expect((await search({ pageSize: 101 })).http).toBe(400);
    expect((await search({ pageSize: 0 })).http).toBe(400);
    expect((await search({ cursor: "not a cursor" })).http).toBe(400);
  });
});

describe("an operator's refund", () => {
  const delivered = async () => {
    const orderId = await paidOrder(cn, "SIM-DEMO-001", 2, "data-10g-cny");
    await deliver(orderId);
    expect((await orderRow(orderId))?.status).toBe(8006);
    return orderId;
  };
  const periodOf = (orderId: string) =>
    env.DB.prepare("SELECT revoked_at FROM entitlements WHERE source = 'order' AND source_ref = ?").bind(orderId).first<{ revoked_at: number | null }>();

  it("refunds once under a double click and two operators at once: the period is revoked, the refund pending, then refunded", async () => {
    const orderId = await delivered();
    const answers = await Promise.all([refund(orderId, "Paid twice, says the buyer"), refund(orderId, "Paid twice, says the buyer"), refund(orderId, "Buyer called again", ADMIN)]);
    expect(answers.map((a) => a.http)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.data.refund).sort()).toEqual(["pending", "pending", "requested"]);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM operator_refunds WHERE order_id = ?").bind(orderId).first<{ n: number }>())!.n).toBe(1);
    expect(await auditRows(orderId, "order.refund")).toBe(1);
    expect((await periodOf(orderId))?.revoked_at).not.toBeNull();

    // The queue asks the sandbox, which refunds: the order is refunded once, through the buyer's refund path.
    expect(await waitForStatus(orderId, (s) => s === 8011)).toBe(8011);
    const moves = (await orderEvents(orderId)).map((e) => e.to_status);
    expect(moves.slice(-3)).toEqual([8009, 8010, 8011]);
    expect(moves.filter((s) => s === 8009)).toHaveLength(1);
    const record = (await detail(orderId)).body.data;
    expect(record.payments.filter((p: { status: string }) => p.status === "refunded")).toHaveLength(1);
    expect(record.operatorRefund).toMatchObject({ reason: "Paid twice, says the buyer", operatorEmail: SUPPORT });
    expect(record.events.find((e: { toStatus: number }) => e.toStatus === 8009).reason).toContain(SUPPORT);
    expect(record).toMatchObject({ refundable: false, refundPending: false, period: { revokedAt: expect.any(Number) } });
    expect(record.deliveries.map((d: { type: string }) => d.type)).toEqual(expect.arrayContaining(["order.paid", "order.refunded", "entitlement.revoked"]));

    const late = await refund(orderId, "Clicked once more");
    expect(late.http).toBe(409);
    expect(late.body.msg).toBe(`order ${orderId} was refunded already`);
  });

  it("says pending while the provider has not confirmed", async () => {
    const orderId = await delivered();
    await env.DB.prepare("UPDATE sandbox_payments SET refund_outcome = 'pending' WHERE merchant_order_id = ?").bind(orderId).run();
    expect((await refund(orderId, "Not what the buyer wanted")).body.data).toEqual({ orderId, refund: "requested", status: 8009 });
    expect(await waitForStatus(orderId, (s) => s === 8010)).toBe(8010);
    const record = (await detail(orderId)).body.data;
    expect(record).toMatchObject({ refundable: false, refundPending: true });
    expect((await refund(orderId, "Again")).body.data).toEqual({ orderId, refund: "pending", status: 8010 });
  });

  it("asks a refund the provider refused (8012) again, once under a double click, with an audit row: owed again, then refunded", async () => {
    const failed = (await detail("DEMO2000012")).body.data;
    expect(failed).toMatchObject({ order: { status: 8012 }, refundable: true, refundPending: false });
    expect((await refund("DEMO2000012", "Provider was down", VIEWER)).http).toBe(403);
    const answers = await Promise.all([refund("DEMO2000012", "Provider was down"), refund("DEMO2000012", "Provider was down")]);
    expect(answers.map((a) => a.http)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.data.refund).sort()).toEqual(["pending", "requested"]);
    expect(await auditRows("DEMO2000012", "order.refund-retry")).toBe(1);
    // The queue asks the sandbox again, which refunds: 8012 -> 8010 once, then 8011.
    expect(await waitForStatus("DEMO2000012", (s) => s === 8011)).toBe(8011);
    const moves = (await orderEvents("DEMO2000012")).map((e) => e.to_status);
    expect(moves.slice(-3)).toEqual([8012, 8010, 8011]);
    const record = (await detail("DEMO2000012")).body.data;
    expect(record.events.at(-2).reason).toBe(`refund asked for again by ${SUPPORT}: Provider was down`);
    expect(record.payments.filter((p: { status: string }) => p.status === "refunded")).toHaveLength(1);
    expect(await auditRows("DEMO2000012", "order.refund-retry")).toBe(1);
  });

  it("refuses above the support limit with the limit in the message, and lets an admin refund it", async () => {
    const orderId = await delivered();
    const limited = envWith({ SUPPORT_REFUND_LIMITS: JSON.stringify({ CNY: 500, USD: 1000 }) } as Partial<CloudApiEnv>);
    const refused = await refund(orderId, "Goodwill", SUPPORT, limited);
    expect(refused.http).toBe(403);
    expect(refused.body.msg).toContain("at most ¥5.00 (CNY)");
    expect((await orderRow(orderId))?.status).toBe(8006);
    expect(await auditRows(orderId, "order.refund")).toBe(0);
    expect((await refund(orderId, "Goodwill", ADMIN, limited)).body.data.refund).toBe("requested");
  });

  it("refuses an unpaid or refunded order clearly, and a viewer", async () => {
    const waiting = await insertOrder({ currency: "CNY", cents: 1000, method: 1, country: "CN", created: now() - 60, status: 8001 });
    const unpaid = await refund(waiting, "Buyer asked");
    expect(unpaid.http).toBe(409);
    expect(unpaid.body.msg).toBe(`order ${waiting} is waitingToPay (8001): only a paid order that is not refunded can be refunded`);
    const refunded = await refund("DEMO2000011", "Buyer asked");
    expect(refunded.http).toBe(409);
    expect(refunded.body.msg).toBe("order DEMO2000011 was refunded already");
    expect((await refund("NO-SUCH-ORDER", "Buyer asked")).http).toBe(404);
    expect((await refund("DEMO2000006", "")).http).toBe(400);
    expect((await refund("DEMO2000006", "Buyer asked", VIEWER)).http).toBe(403);
    expect((await orderRow("DEMO2000006"))?.status).toBe(8006);
  });
});

describe("sending fulfilment again", () => {
  it("delivers a paid, undelivered order once however often it is sent, with an audit row each time", async () => {
    // Paid two hours ago, its queue message lost.
    const orderId = await insertOrder({ currency: "CNY", cents: 1000, method: 1, country: "CN", created: now() - 7300, paid: now() - 7200, status: 8003 });
    expect((await resend(orderId)).body.data).toEqual({ orderId, queued: true });
    expect((await resend(orderId)).body.data).toEqual({ orderId, queued: true });
    // Every queued message delivered, twice more at once as a stalled queue would.
    await Promise.all([deliver(orderId, 1, "a"), deliver(orderId, 1, "b")]);
    expect(await waitForStatus(orderId, (s) => s === 8006)).toBe(8006);
    const periods = await env.DB.prepare("SELECT COUNT(*) AS n FROM entitlements WHERE source = 'order' AND source_ref = ?").bind(orderId).first<{ n: number }>();
    expect(periods!.n).toBe(1);
    expect((await orderEvents(orderId)).filter((e) => e.to_status === 8006)).toHaveLength(1);
    expect(await auditRows(orderId, "order.resend-fulfilment")).toBe(2);

    const done = await resend(orderId);
    expect(done.http).toBe(409);
    expect(done.body.msg).toBe(`order ${orderId} is purchaseSucceeded (8006): only a paid order not yet delivered can be sent again`);
    expect((await resend(orderId, VIEWER)).http).toBe(403);
  });

  it("grants no period to an order an operator refunded while its fulfilment ran", async () => {
    // Fulfilment read the order in 8005 and computed its grant; the refund's batch came first.
    const orderId = await insertOrder({ currency: "CNY", cents: 1000, method: 1, country: "CN", created: now() - 100, paid: now() - 60, status: 8005 });
    const grant = await grantStatement(
      env.DB,
      { deviceId: "SIM-DEMO-001", serviceType: 2, packageId: 1, serviceName: "{}", periodDays: 30, status: 1, source: "order", sourceRef: orderId },
      now(),
    );
    expect((await refund(orderId, "Buyer changed their mind")).body.data.refund).toBe("requested");
    expect((await grant.run()).meta.changes).toBe(0);
    const periods = await env.DB.prepare("SELECT COUNT(*) AS n FROM entitlements WHERE source = 'order' AND source_ref = ?").bind(orderId).first<{ n: number }>();
    expect(periods!.n).toBe(0);
  });
});
