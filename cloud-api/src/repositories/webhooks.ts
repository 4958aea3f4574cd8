/**
 * Integration events and their deliveries (migration 0011, docs/decisions/054). The events themselves are
 * written by triggers in the statement that makes each change; this module hands them to the delivery queue
 * and records what each endpoint answered.
 */

export interface WebhookEventRow {
  id: string;
  type: string;
  data: string;
  occurred_at: number;
}

export interface WebhookDeliveryRow {
  event_id: string;
  endpoint: string;
  queued_at: number;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  delivered_at: number | null;
  dead_at: number | null;
}

export interface DeliveryKey {
  eventId: string;
  endpoint: string;
}

/** At most this many events are handed to the queue by one relay (the queue takes 100 messages a send). */
const DISPATCH_LIMIT = 50;

/**
 * One batch, atomic: claims the oldest undispatched events under a token of this relay, creates their
 * delivery to every endpoint, and reads those deliveries back. Two relays at once claim different events.
 */
export async function claimEventsForDelivery(db: D1Database, endpoints: readonly string[], now: number): Promise<DeliveryKey[]> {
  const token = crypto.randomUUID();
  const results = await db.batch([
    db
      .prepare(
        `UPDATE webhook_events SET dispatched_at = ?1, dispatch_token = ?2
         WHERE seq IN (SELECT seq FROM webhook_events WHERE dispatched_at IS NULL ORDER BY seq LIMIT ${DISPATCH_LIMIT})`,
      )
      .bind(now, token),
    ...endpoints.map((endpoint) =>
      db
        .prepare(
          `INSERT INTO webhook_deliveries (event_id, endpoint, queued_at)
           SELECT id, ?1, ?2 FROM webhook_events WHERE dispatch_token = ?3 ORDER BY seq
           ON CONFLICT (event_id, endpoint) DO NOTHING`,
        )
        .bind(endpoint, now, token),
    ),
    db
      .prepare(
        `SELECT d.event_id AS eventId, d.endpoint AS endpoint FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
         WHERE e.dispatch_token = ?1 ORDER BY e.seq, d.endpoint`,
      )
      .bind(token),
  ]);
  return (results[results.length - 1]?.results ?? []) as DeliveryKey[];
}

/** Undoes a claim whose messages did not reach the queue: the events wait for the next relay. */
export function releaseClaimStatement(db: D1Database, eventIds: readonly string[]): D1PreparedStatement {
  return db
    .prepare(`UPDATE webhook_events SET dispatched_at = NULL, dispatch_token = NULL WHERE id IN (SELECT value FROM json_each(?1))`)
    .bind(JSON.stringify(eventIds));
}

/**
 * Deliveries queued longer ago than `before` and never tried (a relay that stopped between its claim and
 * the queue): queued again now, and returned to be sent. A duplicate message finds the delivery done.
 */
export async function requeueStalledDeliveries(db: D1Database, before: number, now: number): Promise<DeliveryKey[]> {
  const { results } = await db
    .prepare(
      `UPDATE webhook_deliveries SET queued_at = ?1
       WHERE attempts = 0 AND delivered_at IS NULL AND dead_at IS NULL AND queued_at < ?2
       RETURNING event_id AS eventId, endpoint`,
    )
    .bind(now, before)
    .all<DeliveryKey>();
  return results;
}

export function findWebhookEvent(db: D1Database, eventId: string): Promise<WebhookEventRow | null> {
  return db.prepare("SELECT id, type, data, occurred_at FROM webhook_events WHERE id = ?").bind(eventId).first<WebhookEventRow>();
}

export function findDelivery(db: D1Database, key: DeliveryKey): Promise<WebhookDeliveryRow | null> {
  return db.prepare("SELECT * FROM webhook_deliveries WHERE event_id = ? AND endpoint = ?").bind(key.eventId, key.endpoint).first<WebhookDeliveryRow>();
}

/** One attempt's outcome: `status` null when the endpoint did not answer; delivered on a 2xx. */
export function recordAttemptStatement(
  db: D1Database,
  key: DeliveryKey,
  attempt: { status: number | null; error: string | null; delivered: boolean },
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE webhook_deliveries SET attempts = attempts + 1, last_status = ?1, last_error = ?2, last_attempt_at = ?3,
         delivered_at = CASE WHEN ?4 THEN COALESCE(delivered_at, ?3) ELSE delivered_at END
       WHERE event_id = ?5 AND endpoint = ?6`,
    )
    .bind(attempt.status, attempt.error, now, attempt.delivered ? 1 : 0, key.eventId, key.endpoint);
}

/** The queue gave up on a delivery (three days of retries): marked dead unless it was delivered meanwhile. */
export function markDeadStatement(db: D1Database, key: DeliveryKey, now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE webhook_deliveries SET dead_at = ? WHERE event_id = ? AND endpoint = ? AND delivered_at IS NULL AND dead_at IS NULL")
    .bind(now, key.eventId, key.endpoint);
}

/** "Send again": the delivery is queued afresh, neither delivered nor dead, its attempts and last answer kept for the record. */
export function requeueDeliveryStatement(db: D1Database, key: DeliveryKey, now: number): D1PreparedStatement {
  return db
    .prepare("UPDATE webhook_deliveries SET queued_at = ?, delivered_at = NULL, dead_at = NULL WHERE event_id = ? AND endpoint = ?")
    .bind(now, key.eventId, key.endpoint);
}

/** A delivery as the console lists it, with its event's type, order and place in the list. */
export interface DeliveryListRow extends WebhookDeliveryRow {
  seq: number;
  type: string;
  occurred_at: number;
  order_id: string | null;
  state: "pending" | "retrying" | "delivered" | "given_up";
}

export interface DeliveryFilter {
  eventId?: string | undefined;
  endpoint?: string | undefined;
  state?: DeliveryListRow["state"] | undefined;
  orderId?: string | undefined;
  /** Deliveries after this one (the previous page's last): older events, or the same event's later endpoints. */
  after?: { seq: number; endpoint: string } | undefined;
}

/** Newest event first, then by endpoint; `limit` rows matching every filter given. */
export async function listDeliveries(db: D1Database, filter: DeliveryFilter, limit: number): Promise<DeliveryListRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM (
         SELECT d.*, e.seq, e.type, e.occurred_at, json_extract(e.data, '$.orderId') AS order_id,
                CASE WHEN d.delivered_at IS NOT NULL THEN 'delivered' WHEN d.dead_at IS NOT NULL THEN 'given_up'
                     WHEN d.attempts = 0 THEN 'pending' ELSE 'retrying' END AS state
         FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id)
       WHERE (?1 IS NULL OR endpoint = ?1) AND (?2 IS NULL OR state = ?2) AND (?3 IS NULL OR order_id = ?3)
         AND (?4 IS NULL OR seq < ?4 OR (seq = ?4 AND endpoint > ?5)) AND (?6 IS NULL OR event_id = ?6)
       ORDER BY seq DESC, endpoint LIMIT ?7`,
    )
    .bind(filter.endpoint ?? null, filter.state ?? null, filter.orderId ?? null, filter.after?.seq ?? null, filter.after?.endpoint ?? "", filter.eventId ?? null, limit)
    .all<DeliveryListRow>();
  return results;
}

/** One delivery as the console lists it, or null. */
export async function findListedDelivery(db: D1Database, key: DeliveryKey): Promise<DeliveryListRow | null> {
  const [row] = await listDeliveries(db, { eventId: key.eventId, endpoint: key.endpoint }, 1);
  return row ?? null;
}
