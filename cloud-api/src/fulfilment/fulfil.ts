import { OrderStatus } from "../../../domain/order-status.ts";
import { ServiceType } from "../../../domain/services.ts";
import type { CloudApiEnv } from "../env.ts";
import { nowSeconds } from "../http/clock.ts";
import { providerNamed } from "../payments/index.ts";
import { ProviderUnavailable } from "../payments/provider.ts";
import { findDevice } from "../repositories/devices.ts";
import { grantStatement } from "../repositories/entitlements.ts";
import { findOrder, releaseCouponStatement, transitionStatement, type OrderRow } from "../repositories/orders.ts";
import { findPackage } from "../repositories/packages.ts";
import { paymentStatusStatement, settledPaymentOfOrder } from "../repositories/payments.ts";
import { findSimCard, topUpStatement } from "../repositories/sim-cards.ts";

/** A purchase that cannot be delivered (the carrier has no such SIM, the package is gone...). */
export class FulfilmentFailed extends Error {
  override name = "FulfilmentFailed";
}

/**
 * Delivers a paid order: 8003 -> 8005 buying, then the period (and for mobile data the carrier top-up)
 * and 8006 in one batch. Safe to run again for the same order: each step starts from a status.
 */
export async function fulfilOrder(env: CloudApiEnv, orderId: string): Promise<void> {
  const db = env.DB;
  const order = await findOrder(db, orderId);
  if (!order) throw new FulfilmentFailed(`order ${orderId} does not exist`);
  if (order.status === OrderStatus.paid) {
    await transitionStatement(db, orderId, OrderStatus.buying, "fulfilment started", nowSeconds()).run();
  } else if (order.status !== OrderStatus.buying) {
    return;
  }
  const pkg = await findPackage(db, order.package_id);
  if (!pkg) throw new FulfilmentFailed(`package ${order.package_id} no longer exists`);

  const now = nowSeconds();
  const grant = await grantStatement(
    db,
    {
      deviceId: order.device_id,
      serviceType: order.service_type,
      packageId: pkg.id,
      serviceName: order.service_name,
      periodDays: order.period_days,
      status: pkg.is_unlimited ? 2 : 1,
      source: "order",
      sourceRef: order.order_id,
    },
    now,
  );
  const carrier = order.service_type === ServiceType.mobileData ? await carrierTopUp(db, order, pkg.data_quota_mb, now) : [];
  await db.batch([grant, ...carrier, transitionStatement(db, orderId, OrderStatus.purchaseSucceeded, "period granted", now)]);
}

async function carrierTopUp(db: D1Database, order: OrderRow, quotaMb: number | null, now: number): Promise<D1PreparedStatement[]> {
  const device = await findDevice(db, order.device_id);
  const card = device?.iccid ? await findSimCard(db, device.iccid) : null;
  if (!card) throw new FulfilmentFailed(`the carrier has no record of the SIM card of device ${order.device_id}`);
  return [topUpStatement(db, card.iccid, quotaMb, now)];
}

/**
 * Fulfilment gave up: 8005 -> 8009 waiting for refund -> 8010 refunding, then the provider's refund:
 * 8011 refunded (the coupon comes back) or 8012 refund failed. A refund the provider confirms later
 * arrives as a notification.
 */
export async function refundUndeliverable(env: CloudApiEnv, orderId: string, reason: string): Promise<void> {
  const db = env.DB;
  await transitionStatement(db, orderId, OrderStatus.waitingForRefund, `fulfilment failed: ${reason}`.slice(0, 500), nowSeconds()).run();
  const moved = await transitionStatement(db, orderId, OrderStatus.refunding, "refund requested", nowSeconds()).run();
  if (moved.meta.changes === 0) return;
  const payment = await settledPaymentOfOrder(db, orderId);
  try {
    if (!payment?.provider_ref) throw new ProviderUnavailable("no settled payment to refund");
    const refund = await providerNamed(env, payment.provider).refund(payment.provider_ref, payment.amount_cents);
    if (refund.outcome === "pending") return;
    const now = nowSeconds();
    await db.batch([
      paymentStatusStatement(db, payment.id, ["succeeded"], "refunded", now),
      transitionStatement(db, orderId, OrderStatus.refunded, "refunded by the provider", now),
      releaseCouponStatement(db, orderId, [OrderStatus.refunded]),
    ]);
  } catch (error) {
    if (!(error instanceof ProviderUnavailable)) throw error;
    await transitionStatement(db, orderId, OrderStatus.refundFailed, `refund failed: ${error.message}`.slice(0, 500), nowSeconds()).run();
  }
}
