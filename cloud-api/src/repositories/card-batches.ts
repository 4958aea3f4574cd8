import { ServiceType } from "#domain/services.ts";
import type { CardKind, CardStatus } from "#api/repositories/service-cards.ts";

export interface CardBatchRow {
  id: number;
  request_id: string;
  kind: CardKind;
  package_id: number;
  size: number;
  expire_time: number;
  created_by: string;
  created_at: number;
}

/** A batch with its package's name (JSON by language) and what became of its cards. */
export interface CardBatchSummaryRow extends CardBatchRow {
  service_name: string;
  unused: number;
  received: number;
  refunded: number;
  revoked: number;
}

/** A generated card of a batch: its lookup key (the code's keyed hash) and its sealed code. */
export interface GeneratedCard {
  lookupKey: string;
  sealed: string;
}

/** Cards per INSERT: D1 takes a statement of up to 100 KB; a card's JSON is about 160 bytes. */
const CARDS_PER_STATEMENT = 500;

/** A batch and its cards; the batch's insert changes nothing when the same request made it already. */
export function createCardBatchStatements(db: D1Database, batch: CardBatchRow, cards: readonly GeneratedCard[]): { batch: D1PreparedStatement; cards: D1PreparedStatement[] } {
  const statements: D1PreparedStatement[] = [];
  for (let at = 0; at < cards.length; at += CARDS_PER_STATEMENT) {
    const rows = cards.slice(at, at + CARDS_PER_STATEMENT).map((card) => [card.lookupKey, card.sealed]);
    statements.push(
      db
        .prepare(
          `INSERT INTO service_cards (code_id, kind, package_id, status, batch_id, code_sealed)
           SELECT card.value ->> 0, ?1, ?2, 0, ?3, card.value ->> 1 FROM json_each(?4) AS card`,
        )
        .bind(batch.kind, batch.package_id, batch.id, JSON.stringify(rows)),
    );
  }
  return {
    batch: db
      .prepare(
        `INSERT INTO card_batches (id, request_id, kind, package_id, size, expire_time, created_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (request_id) DO NOTHING`,
      )
      .bind(batch.id, batch.request_id, batch.kind, batch.package_id, batch.size, batch.expire_time, batch.created_by, batch.created_at),
    cards: statements,
  };
}

export function findCardBatchByRequest(db: D1Database, requestId: string): Promise<CardBatchRow | null> {
  return db.prepare("SELECT * FROM card_batches WHERE request_id = ?").bind(requestId).first<CardBatchRow>();
}

const SUMMARY = `SELECT b.*, p.service_name,
                        COUNT(CASE WHEN c.status = 0 AND c.revoked_at IS NULL THEN 1 END) AS unused,
                        COUNT(CASE WHEN c.status = 1 THEN 1 END) AS received,
                        COUNT(CASE WHEN c.status = 2 THEN 1 END) AS refunded,
                        COUNT(c.revoked_at) AS revoked
                 FROM card_batches b JOIN packages p ON p.id = b.package_id LEFT JOIN service_cards c ON c.batch_id = b.id`;

/** Batches newest first, a page at a time (ids below `before`). */
export async function listCardBatches(db: D1Database, page: { before: number | null; limit: number }): Promise<CardBatchSummaryRow[]> {
  const { results } = await db
    .prepare(`${SUMMARY} WHERE ?1 IS NULL OR b.id < ?1 GROUP BY b.id ORDER BY b.id DESC LIMIT ?2`)
    .bind(page.before, page.limit)
    .all<CardBatchSummaryRow>();
  return results;
}

export function cardBatchSummary(db: D1Database, batchId: number): Promise<CardBatchSummaryRow | null> {
  return db.prepare(`${SUMMARY} WHERE b.id = ? GROUP BY b.id`).bind(batchId).first<CardBatchSummaryRow>();
}

/** A card of a batch as the console lists it and the CSV holds it; `position` orders the batch's cards. */
export interface BatchCardRow {
  position: number;
  code_id: string;
  code_sealed: string;
  status: CardStatus;
  device_id: string | null;
  received_at: number | null;
  refunded_at: number | null;
  revoked_at: number | null;
}

const CARD_COLUMNS = "rowid AS position, code_id, code_sealed, status, device_id, received_at, refunded_at, revoked_at";

export function findBatchCard(db: D1Database, batchId: number, cardKey: string): Promise<BatchCardRow | null> {
  return db.prepare(`SELECT ${CARD_COLUMNS} FROM service_cards WHERE batch_id = ? AND code_id = ?`).bind(batchId, cardKey).first<BatchCardRow>();
}

/** The batch's cards after `after` (a position), in the order they were made. */
export async function batchCards(db: D1Database, batchId: number, page: { after: number | null; limit: number }): Promise<BatchCardRow[]> {
  const { results } = await db
    .prepare(
      `SELECT ${CARD_COLUMNS} FROM service_cards WHERE batch_id = ?1 AND (?2 IS NULL OR rowid > ?2) ORDER BY rowid LIMIT ?3`,
    )
    .bind(batchId, page.after, page.limit)
    .all<BatchCardRow>();
  return results;
}

/** Revokes a card of a batch that nobody received; meta.changes is 0 when it was received (or revoked) first. */
export function revokeCardStatement(db: D1Database, batchId: number, cardKey: string, now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE service_cards SET revoked_at = ? WHERE batch_id = ? AND code_id = ? AND status = 0 AND revoked_at IS NULL")
    .bind(now, batchId, cardKey);
}

/** The service a card of each kind gives. */
export const CARD_SERVICE_TYPES = { vip: ServiceType.vip, storage: ServiceType.cloudStorage } as const satisfies Record<CardKind, number>;

/** The packages a batch may give: VIP and cloud storage ones, names JSON by language. */
export async function packagesForCards(db: D1Database) {
  const { results } = await db
    .prepare("SELECT id, service_type, service_name, currency_code, period_days FROM packages WHERE service_type IN (?, ?) ORDER BY service_type DESC, display_sort, id")
    .bind(CARD_SERVICE_TYPES.vip, CARD_SERVICE_TYPES.storage)
    .all<{ id: number; service_type: number; service_name: string; currency_code: string; period_days: number }>();
  return results;
}
