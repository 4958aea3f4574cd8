import { OrderStatus } from "#domain/order-status.ts";

export interface SimCardRow {
  iccid: string;
  status: string;
  operator: string;
  total_mb: number;
  used_mb_hundredths: number;
  updated_at: number;
}

export function findSimCard(db: D1Database, iccid: string): Promise<SimCardRow | null> {
  return db.prepare("SELECT * FROM sim_cards WHERE iccid = ?").bind(iccid).first<SimCardRow>();
}

/**
 * A data top-up at the carrier for an order: the quota is added (none for an unlimited package) and the
 * card works again, only while the order is still being bought (8005). Fulfilment runs it in the batch
 * that ends with 8005 -> 8006, so a duplicate delivery, even a concurrent one, finds 8006 and adds nothing.
 */
export function topUpStatement(db: D1Database, top: { iccid: string; quotaMb: number | null; orderId: string }, now: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE sim_cards SET total_mb = total_mb + ?1, status = 'NORMAL', updated_at = ?2
       WHERE iccid = ?3 AND EXISTS (SELECT 1 FROM orders WHERE order_id = ?4 AND status = ${OrderStatus.buying})`,
    )
    .bind(top.quotaMb ?? 0, now, top.iccid, top.orderId);
}
