import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { applyPaymentReport } from "#api/services/payment-events.ts";
import { cancelOrder } from "#api/services/orders.ts";
import type { PaymentRow } from "#api/repositories/payments.ts";
import { findOrder } from "#api/repositories/orders.ts";
import { envWith } from "./helpers/live-worker.ts";
import { call, freshBuyers, packageOf } from "./helpers/orders.ts";

/** The cloud-api with a dataset that keeps what it is given. */
function withFunnel() {
  const points: AnalyticsEngineDataPoint[] = [];
  return { points, env: envWith({ FUNNEL: { writeDataPoint: (point) => void points.push(point ?? {}) } }) };
}

async function unpaidOrder() {
  const { cn } = await freshBuyers();
  const pkg = await packageOf(cn, "SIM-DEMO-001", 2, "data-5g-cny");
  const { body } = await call(cn, "/v1/cloud/order/h5/confirm/v2", { deviceId: "SIM-DEMO-001", priceId: pkg.id, payAmount: pkg.salePrice, payMethod: 1, buyServiceType: 2 });
  const orderId = body?.data.orderId as string;
  const payment = (await env.DB.prepare("SELECT * FROM payments WHERE order_id = ?").bind(orderId).first<PaymentRow>())!;
  return { orderId, payment, order: (await findOrder(env.DB, orderId))! };
}

describe("the funnel's order steps", () => {
  it("writes paid once however often the provider says so, with the order's setting and none of its ids", async () => {
    const { orderId, payment } = await unpaidOrder();
    const funnel = withFunnel();
    const paid = { providerRef: payment.provider_ref!, outcome: "paid" as const, amountCents: payment.amount_cents, currency: payment.currency_code };
    await applyPaymentReport(funnel.env, payment, paid, `evt_paid_${orderId}`);
    await applyPaymentReport(funnel.env, payment, paid, `evt_paid_again_${orderId}`);
    expect(funnel.points).toEqual([{ indexes: ["paid"], blobs: ["paid", "", "2", "1", "CN", "en", expect.any(String)], doubles: [1] }]);
    expect(JSON.stringify(funnel.points)).not.toMatch(new RegExp(`${orderId}|SIM-DEMO|${payment.id}`));
  });

  it("writes cancelled when the buyer cancels, and nothing for a cancel that changed nothing", async () => {
    const { order } = await unpaidOrder();
    const funnel = withFunnel();
    await cancelOrder(funnel.env, order);
    // The same cancel again, from what was read before the first: it changes nothing.
    await expect(cancelOrder(funnel.env, order)).rejects.toThrow();
    expect(funnel.points.map((point) => point.blobs?.slice(0, 5))).toEqual([["cancelled", "", "2", "1", "CN"]]);
  });
});
