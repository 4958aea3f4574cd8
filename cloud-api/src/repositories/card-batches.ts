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

export type NewCardBatch = Omit<CardBatchRow, "id">;

/** A generated card of a batch: its lookup key (the code's keyed hash) and its sealed code. */
export interface GeneratedCard {
  lookupKey: string;
  sealed: string;
}

/** Rows per INSERT: D1 takes a statement of up to 100 KB; a card's JSON is about 160 bytes. */
const CARDS_PER_STATEMENT = 500;

/**
 * A batch and its cards, for one D1 batch (one transaction): nothing when a batch was made already by the
 * same request (a form posted twice makes one). The cards find their batch by its request id.
 */
export function createCardBatchStatements(db: D1Database, batch: NewCardBatch, cards: readonly GeneratedCard[]): D1PreparedStatement[] {
  const statements = [
    db
      .prepare(
        `INSERT INTO card_batches (request_id, kind, package_id, size, expire_time, created_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (request_id) DO NOTHING`,
      )
      .bind(batch.request_id, batch.kind, batch.package_id, batch.size, batch.expire_time, batch.created_by, batch.created_at),
  ];
  for (let at = 0; at < cards.length; at += CARDS_PER_STATEMENT) {
    const rows = cards.slice(at, at + CARDS_PER_STATEMENT).map((card) => [card.lookupKey, card.sealed]);
    statements.push(
      db
        .prepare(
          `INSERT INTO service_cards (code_id, kind, package_id, status, batch_id, code_sealed)
           SELECT card.value ->> 0, b.kind, b.package_id, 0, b.id, card.value ->> 1
           FROM card_batches b, json_each(?2) AS card
           WHERE b.request_id = ?1 AND (SELECT COUNT(*) FROM service_cards WHERE batch_id = b.id) + ?3 <= b.size`,
        )
        // A batch never holds more cards than its size: a repeated request finds it full and adds none.
        .bind(batch.request_id, JSON.stringify(rows), rows.length),
    );
  }
  return statements;
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

/** The batch's cards after `after` (a position), in the order they were made. */
export async function batchCards(db: D1Database, batchId: number, page: { after: number | null; limit: number }): Promise<BatchCardRow[]> {
  const { results } = await db
    .prepare(
      `SELECT rowid AS position, code_id, code_sealed, status, device_id, received_at, refunded_at, revoked_at
       FROM service_cards WHERE batch_id = ?1 AND (?2 IS NULL OR rowid > ?2) ORDER BY rowid LIMIT ?3`,
    )
    .bind(batchId, page.after, page.limit)
    .all<BatchCardRow>();
  return results;
}

export function findBatchCard(db: D1Database, batchId: number, cardKey: string) {
  return db
    .prepare("SELECT code_id, status, device_id, revoked_at FROM service_cards WHERE batch_id = ? AND code_id = ?")
    .bind(batchId, cardKey)
    .first<{ code_id: string; status: CardStatus; device_id: string | null; revoked_at: number | null }>();
}

/** Revokes a card of a batch that nobody received; meta.changes is 0 when it was received (or revoked) first. */
export function revokeCardStatement(db: D1Database, batchId: number, cardKey: string, now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE service_cards SET revoked_at = ? WHERE batch_id = ? AND code_id = ? AND status = 0 AND revoked_at IS NULL")
    .bind(now, batchId, cardKey);
}
