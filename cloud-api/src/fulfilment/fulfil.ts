import { OrderStatus } from "#domain/order-status.ts";
import { addsDataAtPayment } from "#domain/service-periods.ts";
import { ServiceType } from "#domain/services.ts";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { findDevice } from "#api/repositories/devices.ts";
import { grantStatement } from "#api/repositories/entitlements.ts";
import { findOrder, transitionStatement, type OrderRow } from "#api/repositories/orders.ts";
import { findPackageAsSold } from "#api/repositories/packages.ts";
import { findSimCard, topUpStatement } from "#api/repositories/sim-cards.ts";
import { addVipDataOfDevice } from "#api/services/vip-data.ts";

/** A purchase that cannot be delivered (the carrier has no such SIM, the package is gone...). */
export class FulfilmentFailed extends Error {
  override name = "FulfilmentFailed";
}

/**
 * Delivers a paid order: 8003 -> 8005 buying, then the period (and for mobile data the carrier top-up)
 * and 8006 in one batch. Safe to run again, also concurrently, for the same order: each effect is guarded
 * by the status it starts from (the grant also by its unique source), and batches do not interleave.
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
  // What the order was sold (its package version), not what the package says since (docs/decisions/059).
  const pkg = await findPackageAsSold(db, order.package_id, order.package_version);
  if (!pkg) throw new FulfilmentFailed(`package ${order.package_id} version ${order.package_version ?? "current"} does not exist`);

  const now = nowSeconds();
  const grant = await grantStatement(
    db,
    {
      deviceId: order.device_id,
      serviceType: order.service_type,
      packageId: order.package_id,
      serviceName: order.service_name,
      periodDays: order.period_days,
      status: pkg.is_unlimited ? 2 : 1,
      source: "order",
      sourceRef: order.order_id,
    },
    now,
  );
  const carrier = addsDataAtPayment(order.service_type) ? await carrierTopUp(db, order, pkg.data_quota_mb, now) : [];
  await db.batch([grant, ...carrier, transitionStatement(db, orderId, OrderStatus.purchaseSucceeded, "period granted", now)]);
  // A VIP period on a SIM device brings 4G data each month (decision 050-c); the first now if it has begun.
  if (order.service_type === ServiceType.vip) await addVipDataOfDevice(db, order.device_id, now);
}

async function carrierTopUp(db: D1Database, order: OrderRow, quotaMb: number | null, now: number): Promise<D1PreparedStatement[]> {
  const device = await findDevice(db, order.device_id);
  const card = device?.iccid ? await findSimCard(db, device.iccid) : null;
  if (!card) throw new FulfilmentFailed(`the carrier has no record of the SIM card of device ${order.device_id}`);
  return [topUpStatement(db, { iccid: card.iccid, quotaMb, orderId: order.order_id }, now)];
}
