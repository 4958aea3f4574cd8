import { createExecutionContext, createScheduledController, env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import worker from "#api/index.ts";
import { followOwedRefunds, REFUND_ALARM_SECONDS } from "#api/services/refunds.ts";
import { applyPaymentReport } from "#api/services/payment-events.ts";
import type { PaymentRow } from "#api/repositories/payments.ts";
import { findOrder } from "#api/repositories/orders.ts";
import { startPayment } from "#api/services/orders.ts";
import { closeEndedAttempts } from "#api/cron/sweeps.ts";
import { CLOSE_ALARM_SECONDS } from "#api/services/provider-closes.ts";
import { deliverPaymentCalls, envWith, fetchWith } from "./helpers/live-worker.ts";
import { call, deliver, eventually, freshBuyers, orderEvents, orderRow, packageOf, paidOrder, sandboxPaymentOf, type Buyer } from "./helpers/orders.ts";
import { signedHeaders } from "#test/signed-request.ts";

/** The `needs-a-person` events (JSON log lines) written to a spied console.error. */
const needsAPersonEvents = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls
    .map(([line]) => String(line))
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.event === "needs-a-person");

/**
 * Every order state that holds a buyer's money has an exit with a deadline: whatever state a paid order
 * is left in, and whatever the provider does for a while (refuses refunds, keeps them pending), the
 * cron and the queue bring it to an end, and what was taken minus what was given back is what was
 * delivered.
 */
let cn: Buyer;
beforeEach(async () => {
  ({ cn } = await freshBuyers());
});
afterEach(() => {
  vi.restoreAllMocks();
});

const runCron = () => worker.scheduled(createScheduledController({ cron: "*/5 * * * *" }), env, createExecutionContext());
/** Waits until the queue has closed the attempt `ref` at its provider. */
const closeMade = (ref: string) =>
  eventually(() => env.DB.prepare("SELECT close_due_at FROM payments WHERE provider_ref = ?").bind(ref).first<{ close_due_at: number | null }>(), (row) => row?.close_due_at === null);
/** Attempts whose checkout is still to be closed at its provider. */
const closesOwed = async (orderId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE close_due_at IS NOT NULL AND order_id = ?").bind(orderId).first<{ n: number }>())!.n;
/** Time passes: every owed refund's next ask is due now. */
const timePasses = () => env.DB.prepare("UPDATE payments SET refund_next_at = refund_next_at - 86400 WHERE refund_next_at IS NOT NULL").run();
const providerRefunds = (orderId: string, outcome: "refunded" | "pending" | "fail") =>
  env.DB.prepare("UPDATE sandbox_payments SET refund_outcome = ? WHERE merchant_order_id = ?").bind(outcome, orderId).run();

/** Taken, given back and delivered, in cents, for one order. */
async function ledger(orderId: string) {
  const money = await env.DB.prepare(
    `SELECT COALESCE(SUM(CASE WHEN status IN ('succeeded', 'refunded') THEN amount_cents END), 0) AS captured,
            COALESCE(SUM(CASE WHEN status = 'refunded' THEN amount_cents END), 0) AS refunded,
            COUNT(refund_due_at) AS owed
     FROM payments WHERE order_id = ?`,
  )
    .bind(orderId)
    .first<{ captured: number; refunded: number; owed: number }>();
  const granted = await env.DB.prepare("SELECT COUNT(*) AS n FROM entitlements WHERE source = 'order' AND source_ref = ? AND revoked_at IS NULL").bind(orderId).first<{ n: number }>();
  const order = await orderRow(orderId);
  return { ...money!, delivered: granted!.n > 0 ? order!.pay_cents : 0 };
}

/** A paid order of a SIM with no carrier record: it can never be delivered, so its money must go back. */
const undeliverable = () => paidOrder(cn, "SIM-DEMO-003", 2, "data-5g-cny");

/** Puts an order in a state as if the process had stopped right after reaching it. */
const leaveIn = (orderId: string, status: number) => env.DB.prepare("UPDATE orders SET status = ?, updated_at = updated_at - 7200 WHERE order_id = ?").bind(status, orderId).run();

const STARTS: [string, (orderId: string) => Promise<unknown>][] = [
  ["8003 paid, its queue message lost", (orderId) => leaveIn(orderId, 8003)],
  ["8005 buying, its queue message lost", (orderId) => leaveIn(orderId, 8005)],
  ["8009 waiting for refund", (orderId) => leaveIn(orderId, 8009)],
  ["8010 refunding", (orderId) => leaveIn(orderId, 8010)],
  ["8012 refund failed", (orderId) => leaveIn(orderId, 8012)],
];

describe("every money state ends in a terminal state, and captured - refunded = delivered", () => {
  for (const [start, leave] of STARTS) {
    for (const trouble of ["fail", "pending"] as const) {
      it(`from ${start}, with a provider whose refunds ${trouble === "fail" ? "fail" : "stay pending"} for a while, then recovers`, async () => {
        const orderId = await undeliverable();
        await leave(orderId);
        await providerRefunds(orderId, trouble);
        // The world while the provider is in trouble: the cron runs, stalled fulfilment is tried to its last attempt.
        for (let round = 0; round < 3; round++) {
          await runCron();
          const status = (await orderRow(orderId))?.status;
          if (status === 8003 || status === 8005) await deliver(orderId, 3, `m-${orderId}-${round}`);
          await timePasses();
        }
        const during = await orderRow(orderId);
        expect([8010, 8012]).toContain(during?.status);
        expect((await ledger(orderId)).owed).toBe(1);

        await providerRefunds(orderId, "refunded");
        await timePasses();
        await runCron();
        expect((await orderRow(orderId))?.status).toBe(8011);
        const { captured, refunded, delivered, owed } = await ledger(orderId);
        expect(captured - refunded).toBe(delivered);
        expect(delivered).toBe(0);
        expect(owed).toBe(0);
        expect((await sandboxPaymentOf(orderId)).status).toBe("refunded");
        expect((await orderEvents(orderId)).at(-1)).toMatchObject({ to_status: 8011 });
      });
    }
  }

  it("delivers a paid order whose queue message was lost, and keeps its money", async () => {
    const orderId = await paidOrder(cn, "CAM-DEMO-002", 6, "ai-month-cny");
    await leaveIn(orderId, 8003);
    await runCron();
    await deliver(orderId, 1, `m-${orderId}-requeued`);
    expect((await orderRow(orderId))?.status).toBe(8006);
    const { captured, refunded, delivered } = await ledger(orderId);
    expect(captured - refunded).toBe(delivered);
    expect(delivered).toBeGreaterThan(0);
  });

  it("owes a refund again when the provider says it failed after it was made, and asks for it until it goes through: 8011 -> 8012 -> 8011", async () => {
    const orderId = await undeliverable();
    await deliver(orderId, 3);
    expect((await orderRow(orderId))?.status).toBe(8011);
    const payment = (await env.DB.prepare("SELECT * FROM payments WHERE order_id = ?").bind(orderId).first<PaymentRow>())!;
    // The bank sent the money back to the merchant (Stripe's refund.failed): at the provider it is paid again.
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(payment.provider_ref).run();
    const failed = { providerRef: payment.provider_ref!, outcome: "refundFailed" as const, amountCents: payment.amount_cents, currency: payment.currency_code };
    await applyPaymentReport(env as never, payment, failed, `evt_refund_failed_${orderId}`);
    expect((await orderRow(orderId))?.status).toBe(8012);
    expect(await ledger(orderId)).toMatchObject({ captured: payment.amount_cents, refunded: 0, owed: 1 });
    await timePasses();
    await runCron();
    expect((await orderRow(orderId))?.status).toBe(8011);
    const { captured, refunded, delivered, owed } = await ledger(orderId);
    expect({ captured, refunded, delivered, owed }).toEqual({ captured: payment.amount_cents, refunded: payment.amount_cents, delivered: 0, owed: 0 });
    expect((await orderEvents(orderId)).map((e) => e.to_status).slice(-3)).toEqual([8012, 8010, 8011]);
  });

  it("logs an owed refund that has lasted past the limit as needing a person, at every sweep", async () => {
    const orderId = await undeliverable();
    await providerRefunds(orderId, "fail");
    await deliver(orderId, 3);
    expect((await orderRow(orderId))?.status).toBe(8012);
    await env.DB.prepare("UPDATE payments SET refund_due_at = refund_due_at - ? WHERE order_id = ?").bind(REFUND_ALARM_SECONDS + 60, orderId).run();
    const alarm = vi.spyOn(console, "error").mockImplementation(() => {});
    const now = Math.floor(Date.now() / 1000);
    expect((await followOwedRefunds(env, now)).needPerson).toBeGreaterThanOrEqual(1);
    expect(needsAPersonEvents(alarm)).toContainEqual(expect.objectContaining({ kind: "refund-overdue", orderId, message: expect.stringMatching(/^NEEDS A PERSON: /) }));
  });
});

describe("fulfilment applies each effect once under concurrent duplicate delivery", () => {
  it("tops a SIM up by the package's quota once, however many copies of the message arrive at once", async () => {
    const card = () => env.DB.prepare("SELECT total_mb FROM sim_cards WHERE iccid = '89860012345678901234'").first<{ total_mb: number }>();
    const before = (await card())!.total_mb;
    const orderId = await paidOrder(cn, "SIM-DEMO-001", 2, "data-5g-cny");
    await Promise.all(Array.from({ length: 8 }, (_, i) => deliver(orderId, 1, `dup-${i}`)));
    await Promise.all(Array.from({ length: 4 }, (_, i) => deliver(orderId, 2, `dup-late-${i}`)));
    expect((await orderRow(orderId))?.status).toBe(8006);
    expect((await card())!.total_mb - before).toBe(5120);
    const grants = await env.DB.prepare("SELECT COUNT(*) AS n FROM entitlements WHERE source_ref = ?").bind(orderId).first<{ n: number }>();
    expect(grants?.n).toBe(1);
    expect((await orderEvents(orderId)).filter((e) => e.to_status === 8006)).toHaveLength(1);
  });
});

describe("a payment attempt opened while its order is cancelled", () => {
  it("does not stay open: the repay answers 409 and no attempt of the cancelled order can take money", async () => {
    const pkg = await packageOf(cn, "CAM-DEMO-002", 6, "ai-month-cny");
    const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-002", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 6 });
    const orderId = body?.data.orderId as string;
    const stale = (await findOrder(env.DB, orderId))!;
    // The cancel lands while the repay is at the provider: the repay then records its attempt.
    expect((await call(cn, "/v1/cloud/order/cancel", { orderId })).body?.status).toBe(200);
    await expect(startPayment(env as never, stale)).rejects.toMatchObject({ status: 409 });
    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND status = 'created'").bind(orderId).first<{ n: number }>();
    expect(open?.n).toBe(0);
    expect((await orderRow(orderId))?.status).toBe(8007);
  });
});

describe("an attempt the cloud-api closed itself, paid at the provider anyway, its notification lost", () => {
  /** Time passes: every closed attempt's next question is due now. */
  const questionsDue = () => env.DB.prepare("UPDATE payments SET provider_check_at = provider_check_at - 86400 WHERE provider_check_at IS NOT NULL").run();
  /** The buyer paid before the close reached the provider, and the notification was lost (the queue's close is awaited first). */
  const paidAtProvider = async (ref: string) => {
    await closeMade(ref);
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(ref).run();
  };

  it("pays the order it belongs to when the order can still be paid (replaced by a repay)", async () => {
    const pkg = await packageOf(cn, "CAM-DEMO-002", 6, "ai-month-cny");
    const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-002", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 6 });
    const orderId = body?.data.orderId as string;
    const first = await sandboxPaymentOf(orderId);
    expect((await call(cn, "/v1/cloud/order/h5/order/repay", { orderId })).body?.status).toBe(200);
    await paidAtProvider(first.ref);
    await runCron();
    expect((await orderRow(orderId))?.status).toBe(8001); // not due yet: asked 5 minutes after it was closed
    await questionsDue();
    await runCron();
    await deliver(orderId);
    expect((await orderRow(orderId))?.status).toBe(8006);
    const money = await ledger(orderId);
    expect(money.captured - money.refunded).toBe(money.delivered);
    expect(money.delivered).toBeGreaterThan(0);
  });

  it("gives the money back when its order has ended (cancelled by the buyer)", async () => {
    const pkg = await packageOf(cn, "CAM-DEMO-002", 6, "ai-month-cny");
    const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-002", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 6 });
    const orderId = body?.data.orderId as string;
    const attempt = await sandboxPaymentOf(orderId);
    expect((await call(cn, "/v1/cloud/order/cancel", { orderId })).body?.status).toBe(200);
    await paidAtProvider(attempt.ref);
    await questionsDue();
    await runCron();
    // The question finds it paid; the money is owed back and refunded from the queue.
    const money = await eventually(() => ledger(orderId), (m) => m.refunded > 0);
    expect(money).toMatchObject({ delivered: 0, owed: 0 });
    expect(money.refunded).toBe(money.captured);
    expect(money.captured).toBeGreaterThan(0);
    // Settled: it is not asked about again.
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE order_id = ? AND provider_check_at IS NOT NULL").bind(orderId).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("is asked again at twice its age while unpaid, and no more once its checkout has expired", async () => {
    const pkg = await packageOf(cn, "CAM-DEMO-002", 6, "ai-month-cny");
    const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "CAM-DEMO-002", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 6 });
    const orderId = body?.data.orderId as string;
    expect((await call(cn, "/v1/cloud/order/cancel", { orderId })).body?.status).toBe(200);
    // The close did not take (WeChat answers 204 even to a close of a number it does not know): still open there.
    const { ref } = await sandboxPaymentOf(orderId);
    await closeMade(ref);
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'created' WHERE ref = ?").bind(ref).run();
    const nextCheck = async () => (await env.DB.prepare("SELECT provider_check_at AS at, created_at FROM payments WHERE order_id = ?").bind(orderId).first<{ at: number | null; created_at: number }>())!;
    expect((await nextCheck()).at).not.toBeNull();
    await questionsDue();
    await runCron();
    expect((await nextCheck()).at).toBeGreaterThan(Math.floor(Date.now() / 1000));
    await env.DB.prepare("UPDATE payments SET created_at = created_at - 25 * 3600, provider_check_at = 0 WHERE order_id = ?").bind(orderId).run();
    await runCron();
    expect((await nextCheck()).at).toBeNull();
  });
});

describe("an attempt that ends is closed at its provider", () => {
  const confirm = async (deviceId = "CAM-DEMO-002") => {
    const pkg = await packageOf(cn, deviceId, 6, "ai-month-cny");
    const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId, priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 6 });
    return body?.data.orderId as string;
  };
  const attempts = async (orderId: string) =>
    (await env.DB.prepare("SELECT p.status, s.status AS at_provider FROM payments p JOIN sandbox_payments s ON s.ref = p.provider_ref WHERE p.order_id = ? ORDER BY p.created_at, p.rowid").bind(orderId).all<{ status: string; at_provider: string }>()).results;
  const closedEverywhere = async (orderId: string) => eventually(() => attempts(orderId), (rows) => rows.every((row) => row.status !== "cancelled" || row.at_provider === "cancelled"));

  it("closes the checkout a cancel, a repay, a replacing checkout and the unpaid order's close end", async () => {
    const cancelled = await confirm();
    expect((await call(cn, "/v1/cloud/order/cancel", { orderId: cancelled })).body?.status).toBe(200);
    expect(await closedEverywhere(cancelled)).toEqual([{ status: "cancelled", at_provider: "cancelled" }]);

    const repaid = await confirm();
    expect((await call(cn, "/v1/cloud/order/h5/order/repay", { orderId: repaid })).body?.status).toBe(200);
    expect(await closedEverywhere(repaid)).toEqual([
      { status: "cancelled", at_provider: "cancelled" },
      { status: "created", at_provider: "created" },
    ]);

    const replacing = await confirm();
    expect(replacing).not.toBe(repaid);
    expect((await orderRow(repaid))?.status).toBe(8007);
    expect((await closedEverywhere(repaid)).map((row) => row.at_provider)).toEqual(["cancelled", "cancelled"]);

    await env.DB.prepare("UPDATE orders SET created_at = created_at - 86400 WHERE order_id = ?").bind(replacing).run();
    await eventually(() => closesOwed(repaid), (n) => n === 0);
    await runCron();
    expect((await orderRow(replacing))?.status).toBe(8014);
    // The cron closes what it ended in the same run.
    expect(await attempts(replacing)).toEqual([{ status: "cancelled", at_provider: "cancelled" }]);
    expect(await closesOwed(replacing)).toBe(0);
  });

  it("settles a checkout paid before its close: the money of the cancelled order goes back", async () => {
    const orderId = await confirm();
    const attempt = await sandboxPaymentOf(orderId);
    // Paid while the cancel was on its way: the close finds it paid.
    const cancel = call(cn, "/v1/cloud/order/cancel", { orderId });
    await env.DB.prepare("UPDATE sandbox_payments SET status = 'paid' WHERE ref = ?").bind(attempt.ref).run();
    expect((await cancel).body?.status).toBe(200);
    const money = await eventually(() => ledger(orderId), (m) => m.refunded > 0);
    expect(money).toMatchObject({ delivered: 0, owed: 0 });
    expect(money.refunded).toBe(money.captured);
    expect((await sandboxPaymentOf(orderId)).status).toBe("refunded");
    expect((await orderRow(orderId))?.status).toBe(8007);
  });

  it("retries a close the provider cannot make from the cron, logs it for a person past its deadline, and ends once it goes through", async () => {
    const providersDown = envWith({ PAYMENT_SANDBOX: "off" });
    const orderId = await confirm();
    const { ref } = await sandboxPaymentOf(orderId);
    const cancel = await fetchWith(providersDown, "/v1/cloud/order/cancel", {
      method: "POST",
      headers: await signedHeaders(cn.accessToken, { countryCode: "CN" }),
      body: JSON.stringify({ orderId }),
    });
    expect(cancel.status).toBe(200);
    await deliverPaymentCalls(providersDown);
    const close = async () => (await env.DB.prepare("SELECT close_due_at, close_next_at, close_attempts FROM payments WHERE order_id = ?").bind(orderId).first<{ close_due_at: number | null; close_next_at: number; close_attempts: number }>())!;
    expect(await close()).toMatchObject({ close_due_at: expect.any(Number), close_attempts: 1 });
    expect((await sandboxPaymentOf(orderId)).status).toBe("created");

    await env.DB.prepare("UPDATE payments SET close_due_at = close_due_at - ?, close_next_at = 0 WHERE order_id = ?").bind(CLOSE_ALARM_SECONDS + 60, orderId).run();
    const alarm = vi.spyOn(console, "error").mockImplementation(() => {});
    const now = Math.floor(Date.now() / 1000);
    await closeEndedAttempts(providersDown, now);
    expect((await close()).close_attempts).toBe(2);
    expect(needsAPersonEvents(alarm)).toContainEqual(expect.objectContaining({ kind: "close-refused", orderId, message: expect.stringContaining(ref) }));

    await env.DB.prepare("UPDATE payments SET close_next_at = 0 WHERE order_id = ?").bind(orderId).run();
    alarm.mockClear();
    await runCron();
    expect((await close()).close_due_at).toBeNull();
    expect((await sandboxPaymentOf(orderId)).status).toBe("cancelled");
    expect(alarm.mock.calls.some(([line]) => String(line).includes(ref))).toBe(false);
  });
});
