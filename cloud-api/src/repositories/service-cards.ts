import { revokePeriodsStatements } from "#api/repositories/entitlements.ts";
import type { PackageRow } from "#api/repositories/packages.ts";

export type CardKind = "vip" | "storage";
/** 0 not yet received, 1 received, 2 refunded (the received package was cancelled). */
export type CardStatus = 0 | 1 | 2;

export interface ServiceCardRow {
  code_id: string;
  kind: CardKind;
  package_id: number;
  status: CardStatus;
  device_id: string | null;
  received_at: number | null;
  refunded_at: number | null;
}

export function findCard(db: D1Database, kind: CardKind, codeId: string): Promise<ServiceCardRow | null> {
  return db.prepare("SELECT * FROM service_cards WHERE kind = ? AND code_id = ?").bind(kind, codeId).first<ServiceCardRow>();
}

/** Cards received on a device (status 1 or 2) with their packages, newest first. */
export async function cardsReceivedOn(db: D1Database, deviceId: string, kind: CardKind | null) {
  const { results } = await db
    .prepare(
      `SELECT c.code_id, c.kind, c.status, p.* FROM service_cards c JOIN packages p ON p.id = c.package_id
       WHERE c.device_id = ?1 AND c.status > 0 AND (?2 IS NULL OR c.kind = ?2) ORDER BY c.received_at DESC, c.code_id`,
    )
    .bind(deviceId, kind)
    .all<PackageRow & { code_id: string; kind: CardKind; status: CardStatus }>();
  return results;
}

/** Marks an unreceived card received on a device; meta.changes is 0 when someone else received it first. */
export function receiveCardStatement(db: D1Database, codeId: string, deviceId: string, now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE service_cards SET status = 1, device_id = ?, received_at = ? WHERE code_id = ? AND status = 0")
    .bind(deviceId, now, codeId);
}

export type CardSelector = { codeId: string } | { deviceId: string; kind: CardKind; packageId?: number | undefined };

/**
 * Refunds the received cards a selector names: the periods queued behind theirs move up, their periods are
 * revoked and they become refunded, in this order so that each statement still finds them received. The
 * last statement's meta.changes is 0 when there was nothing left to refund (a second refund changes nothing).
 */
export function refundCardsStatements(db: D1Database, selector: CardSelector, now: number): [D1PreparedStatement, D1PreparedStatement, D1PreparedStatement] {
  const [where, binds]: [string, unknown[]] =
    "codeId" in selector
      ? ["code_id = ?", [selector.codeId]]
      : selector.packageId === undefined
        ? ["device_id = ? AND kind = ?", [selector.deviceId, selector.kind]]
        : ["device_id = ? AND kind = ? AND package_id = ?", [selector.deviceId, selector.kind, selector.packageId]];
  const refundedPeriod = (alias: string) =>
    `${alias}.source IN ('vip_card', 'storage_card') AND ${alias}.source_ref IN (SELECT code_id FROM service_cards WHERE status = 1 AND ${where})`;
  return [
    // While the cards are still received, so that a second refund frees and revokes nothing.
    ...revokePeriodsStatements(db, refundedPeriod, binds, now),
    db.prepare(`UPDATE service_cards SET status = 2, refunded_at = ? WHERE status = 1 AND ${where}`).bind(now, ...binds),
  ];
}
