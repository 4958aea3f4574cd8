import type { CloudApiEnv } from "#api/env.ts";
import { findOrder, type OrderRow } from "#api/repositories/orders.ts";
import { recordFunnel, type FunnelPoint, type FunnelStep } from "#platform/funnel.ts";
import { describeError, log } from "#platform/observability.ts";

/** An order's funnel point: its setting, never its ids. */
export const orderFunnelPoint = (order: OrderRow, step: FunnelStep): FunnelPoint => ({
  step,
  service: order.service_type,
  method: order.payment_type,
  region: order.country_code,
  language: order.language,
});

/**
 * A step an order reached (paid, failed, cancelled, refunded) in the purchase funnel, with its service, method,
 * region and language and never its ids (docs/decisions/055). Called once, by whoever moved the order; it reads the
 * order only when a dataset is bound, and a failure is logged, never thrown into the payment's own work.
 */
export async function recordOrderStep(env: CloudApiEnv, orderId: string, step: FunnelStep): Promise<void> {
  if (!env.FUNNEL) return;
  try {
    const order = await findOrder(env.DB, orderId);
    if (order) recordFunnel(env, orderFunnelPoint(order, step));
  } catch (error) {
    log("warn", "funnel.write-failed", { step, error: describeError(error) });
  }
}
