import type { z } from "zod";
import type { OperatorIdentity } from "#contract/operator.ts";
import { Status } from "#contract/codes.ts";
import * as endpoints from "#contract/endpoints.ts";
import { csvColumnsOf } from "#contract/fields.ts";
import { ApiError } from "#api/core/errors.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { localize } from "#api/core/localize.ts";
import { cardLookupKey, newCardCode, sealCardCode, unsealCardCode } from "#api/core/card-codes.ts";
import { findPackage } from "#api/repositories/packages.ts";
import { abortUnlessChangedStatement, isNothingChanged, writeUnderNextId } from "#api/repositories/batch-guard.ts";
import {
  batchCards,
  CARD_SERVICE_TYPES,
  cardBatchSummary,
  createCardBatchStatements,
  findBatchCard,
  findCardBatchByRequest,
  listCardBatches,
  packagesForCards,
  revokeCardStatement,
  type BatchCardRow,
  type CardBatchSummaryRow,
} from "#api/repositories/card-batches.ts";
import { auditStatement } from "#api/services/audit.ts";

const BATCHES_PER_PAGE = 20;
const CARDS_PER_PAGE = 50;
/** Cards per page of a CSV download: a stream of 10,000 reads 20 pages, one at a time as it is sent. */
const CSV_CARDS_PER_PAGE = 500;

type BatchInput = z.output<typeof endpoints.cardBatchCreate.input>;
type CardState = z.output<typeof endpoints.cardBatchDetail.output>["cards"][number]["state"];

function batchToWire(row: CardBatchSummaryRow, language: string) {
  return {
    id: row.id,
    kind: row.kind,
    packageId: row.package_id,
    packageName: localize(row.service_name, language),
    size: row.size,
    expireTime: row.expire_time,
    createdBy: row.created_by,
    createdAt: row.created_at,
    unused: row.unused,
    received: row.received,
    refunded: row.refunded,
    revoked: row.revoked,
  };
}

function cardState(card: Pick<BatchCardRow, "status" | "revoked_at">): CardState {
  if (card.revoked_at !== null) return "revoked";
  return card.status === 0 ? "unused" : card.status === 1 ? "received" : "refunded";
}

async function cardToWire(secret: string, card: BatchCardRow) {
  const code = await unsealCardCode(secret, card.code_sealed, card.code_id);
  return {
    cardKey: card.code_id,
    codeEnd: code.slice(-4),
    state: cardState(card),
    deviceId: card.device_id,
    receivedAt: card.received_at,
    refundedAt: card.refunded_at,
    revokedAt: card.revoked_at,
  };
}

async function requireBatch(db: D1Database, batchId: number): Promise<CardBatchSummaryRow> {
  const batch = await cardBatchSummary(db, batchId);
  if (!batch) throw new ApiError(Status.notFound, `no card batch ${batchId}`);
  return batch;
}

export async function batchPage(db: D1Database, before: number | undefined, language: string) {
  const [rows, packages] = await Promise.all([listCardBatches(db, { before: before ?? null, limit: BATCHES_PER_PAGE }), packagesForCards(db)]);
  return {
    batches: rows.map((row) => batchToWire(row, language)),
    nextBefore: rows.length === BATCHES_PER_PAGE ? (rows.at(-1)?.id ?? null) : null,
    packages: packages.map((pkg) => ({
      id: pkg.id,
      kind: pkg.service_type === CARD_SERVICE_TYPES.vip ? ("vip" as const) : ("storage" as const),
      name: localize(pkg.service_name, language),
      currency: pkg.currency_code,
      periodDays: pkg.period_days,
    })),
  };
}

export async function batchDetail(env: { DB: D1Database; CARD_CODE_SECRET: string }, batchId: number, after: number | undefined, language: string) {
  const [batch, cards] = await Promise.all([requireBatch(env.DB, batchId), batchCards(env.DB, batchId, { after: after ?? null, limit: CARDS_PER_PAGE })]);
  return {
    batch: batchToWire(batch, language),
    cards: await Promise.all(cards.map((card) => cardToWire(env.CARD_CODE_SECRET, card))),
    nextAfter: cards.length === CARDS_PER_PAGE ? (cards.at(-1)?.position ?? null) : null,
  };
}

/**
 * A batch of new codes for a VIP or cloud storage package, written with its audit row in one transaction;
 * a repeated request answers the batch the first one made.
 */
export async function createBatch(env: { DB: D1Database; CARD_CODE_SECRET: string }, operator: OperatorIdentity, input: BatchInput, language: string) {
  const db = env.DB;
  const made = await findCardBatchByRequest(db, input.requestId);
  if (made) return batchToWire(await requireBatch(db, made.id), language);
  const now = nowSeconds();
  if (input.expireTime <= now) throw new ApiError(Status.invalidParams, "invalid params: expireTime: must be in the future");
  const pkg = await findPackage(db, input.packageId);
  if (!pkg) throw new ApiError(Status.notFound, `no package ${input.packageId}`);
  if (pkg.service_type !== CARD_SERVICE_TYPES[input.kind]) {
    throw new ApiError(Status.invalidParams, `invalid params: packageId: package ${pkg.id} is not a ${input.kind === "vip" ? "VIP" : "cloud storage"} package`);
  }
  const cards = await Promise.all(
    Array.from({ length: input.size }, async () => {
      const code = newCardCode();
      const lookupKey = await cardLookupKey(env.CARD_CODE_SECRET, code);
      return { lookupKey, sealed: await sealCardCode(env.CARD_CODE_SECRET, code, lookupKey) };
    }),
  );
  const terms = { request_id: input.requestId, kind: input.kind, package_id: pkg.id, size: input.size, expire_time: input.expireTime, created_by: operator.email, created_at: now };
  const batchId = await writeUnderNextId("card_batches", db, async (id) => {
    const statements = createCardBatchStatements(db, { id, ...terms }, cards);
    try {
      await db.batch([
        statements.batch,
        abortUnlessChangedStatement(db),
        ...statements.cards,
        auditStatement(db, { operator, action: "card_batch.create", objectType: "card_batch", objectId: id, before: null, after: { id, ...terms, request_id: undefined } }),
      ]);
      return id;
    } catch (error) {
      if (!isNothingChanged(error)) throw error;
      // The same request made it meanwhile.
      const first = await findCardBatchByRequest(db, input.requestId);
      if (!first) throw error;
      return first.id;
    }
  });
  return batchToWire(await requireBatch(db, batchId), language);
}

/** A CSV field, quoted where it must be, and never read as a formula by a spreadsheet. */
function csvField(value: string | number | null): string {
  if (value === null) return "";
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const isoTime = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

/**
 * A batch's codes as CSV, read and sent a page at a time: the stream asks D1 for the next page only when the
 * reader wants more, so a batch of 10,000 is never one string in memory.
 */
export async function batchCsv(env: { DB: D1Database; CARD_CODE_SECRET: string }, batchId: number): Promise<ReadableStream<Uint8Array>> {
  const batch = await requireBatch(env.DB, batchId);
  const encoder = new TextEncoder();
  let after: number | null = null;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(`${csvColumnsOf(endpoints.cardBatchCodes.output)?.join(",")}\r\n`));
      },
      async pull(controller) {
        const cards = await batchCards(env.DB, batchId, { after, limit: CSV_CARDS_PER_PAGE });
        const lines = await Promise.all(
          cards.map(async (card) => {
            const code = await unsealCardCode(env.CARD_CODE_SECRET, card.code_sealed, card.code_id);
            const fields = [code, batch.kind, batch.package_id, isoTime(batch.expire_time), cardState(card), card.device_id, isoTime(card.received_at)];
            return `${fields.map(csvField).join(",")}\r\n`;
          }),
        );
        if (lines.length > 0) controller.enqueue(encoder.encode(lines.join("")));
        after = cards.at(-1)?.position ?? after;
        if (cards.length < CSV_CARDS_PER_PAGE) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Revokes a card nobody received; a received (or refunded) one is refused, a revoked one answered as it is. */
export async function revokeCard(env: { DB: D1Database; CARD_CODE_SECRET: string }, operator: OperatorIdentity, input: { batchId: number; cardKey: string }) {
  const db = env.DB;
  const card = await findBatchCard(db, input.batchId, input.cardKey);
  if (!card) throw new ApiError(Status.notFound, `no such card in batch ${input.batchId}`);
  if (card.status === 0 && card.revoked_at === null) {
    try {
      await db.batch([
        revokeCardStatement(db, input.batchId, input.cardKey, nowSeconds()),
        abortUnlessChangedStatement(db),
        auditStatement(db, { operator, action: "card.revoke", objectType: "card", objectId: input.cardKey, before: { state: "unused" }, after: { state: "revoked" } }),
      ]);
    } catch (error) {
      // A buyer received it (or another operator revoked it) a moment before: the state below says which.
      if (!isNothingChanged(error)) throw error;
    }
  }
  const now = await findBatchCard(db, input.batchId, input.cardKey);
  if (!now) throw new Error(`card ${input.cardKey} vanished`);
  const state = cardState(now);
  if (state === "received" || state === "refunded") {
    throw new ApiError(Status.conflict, `this card was received on device ${now.device_id ?? "?"}: only a card nobody received can be revoked`);
  }
  return cardToWire(env.CARD_CODE_SECRET, now);
}
