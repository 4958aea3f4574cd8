import { OrderStatus } from "../../../domain/order-status.ts";
import { SIGNATURE_WINDOW_SECONDS } from "../../../domain/signature.ts";
import type { CloudApiEnv } from "../env.ts";
import { nowSeconds } from "../http/clock.ts";
import { forgetTokensExpiredBefore } from "../repositories/auth-tokens.ts";
import {
  findOrder,
  fulfilledOrdersEndedBefore,
  ordersOlderThan,
  releaseCouponStatement,
  transitionStatement,
} from "../repositories/orders.ts";
import { cancelOpenPaymentsStatement } from "../repositories/payments.ts";
import { forgetNoncesBefore } from "../repositories/request-nonces.ts";
import { settleFromProvider } from "../services/payment-events.ts";
import { orderSettings } from "../settings.ts";

/** Orders handled per sweep and per run; a backlog is worked off over the next runs. */
const BATCH = 100;
/** A paid order still unfulfilled after this long lost its queue message: it is sent again. */
const STALLED_SECONDS = 10 * 60;

/**
 * Unpaid orders close by themselves: 8001 -> 8014 closed, or 8015 payment closed once a payment was
 * attempted (8002 paying, 8004 failed). The provider is asked first, so that a payment whose
 * notification was lost is not closed; the coupon comes back.
 */
export async function closeUnpaidOrders(env: CloudApiEnv, now: number): Promise<number> {
  const due = await ordersOlderThan(
    env.DB,
    [OrderStatus.waitingToPay, OrderStatus.paying, OrderStatus.paymentFailed],
    "created_at",
    now - orderSettings(env).unpaidTtl,
    BATCH,
  );
  let closed = 0;
  for (const { order_id } of due) {
    const order = await findOrder(env.DB, order_id);
    if (!order) continue;
    await settleFromProvider(env, order);
    const to = order.status === OrderStatus.waitingToPay ? OrderStatus.closed : OrderStatus.paymentClosed;
    const ended = [OrderStatus.closed, OrderStatus.paymentClosed];
    const [moved] = await env.DB.batch([
      transitionStatement(env.DB, order_id, to, "not paid in time", now),
      releaseCouponStatement(env.DB, order_id, ended),
      cancelOpenPaymentsStatement(env.DB, order_id, now, ended),
    ]);
    if (moved?.meta.changes) closed += 1;
  }
  return closed;
}

export async function requeueStalledFulfilment(env: CloudApiEnv, now: number): Promise<number> {
  const stalled = await ordersOlderThan(env.DB, [OrderStatus.paid, OrderStatus.buying], "updated_at", now - STALLED_SECONDS, BATCH);
  if (stalled.length) await env.FULFILMENT.sendBatch(stalled.map(({ order_id }) => ({ body: { orderId: order_id } })));
  return stalled.length;
}

/** 8006 -> 8008 once the period the order granted has ended. */
export async function finishEndedOrders(env: CloudApiEnv, now: number): Promise<number> {
  const ended = await fulfilledOrdersEndedBefore(env.DB, now, BATCH);
  if (!ended.length) return 0;
  const results = await env.DB.batch(
    ended.map(({ order_id }) => transitionStatement(env.DB, order_id, OrderStatus.finished, "service period ended", now)),
  );
  return results.filter((r) => r.meta.changes > 0).length;
}

/** Every Cron Trigger run (cloud-api/wrangler.jsonc). */
export async function runSweeps(env: CloudApiEnv): Promise<Record<string, number>> {
  const now = nowSeconds();
  return {
    noncesForgotten: await forgetNoncesBefore(env.DB, now - 2 * SIGNATURE_WINDOW_SECONDS),
    tokensForgotten: await forgetTokensExpiredBefore(env.DB, now - 86400),
    ordersClosed: await closeUnpaidOrders(env, now),
    fulfilmentRequeued: await requeueStalledFulfilment(env, now),
    ordersFinished: await finishEndedOrders(env, now),
  };
}
