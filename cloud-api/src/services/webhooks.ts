import { Webhook } from "standardwebhooks";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { webhookEndpoints, type WebhookEndpoint } from "#api/core/webhook-endpoints.ts";
import {
  claimEventsForDelivery,
  findDelivery,
  findWebhookEvent,
  recordAttemptStatement,
  releaseClaimStatement,
  findListedDelivery,
  requeueDeliveryStatement,
  requeueStalledDeliveries,
  type DeliveryKey,
  type DeliveryListRow,
  type WebhookEventRow,
} from "#api/repositories/webhooks.ts";
import type { OperatorIdentity } from "#contract/operator.ts";
import { auditStatement } from "#api/services/audit.ts";
import { describeError, log } from "#platform/observability.ts";

/** An endpoint that has not answered within this is counted as not answering; the queue tries again. */
const DELIVERY_TIMEOUT_MS = 15_000;
/** A delivery queued this long ago and never tried lost its message (a relay stopped half-way): queued again. */
const STALLED_AFTER_SECONDS = 15 * 60;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.000Z$/, "Z");

/** The body every delivery of an event carries, byte for byte the same on every retry (docs/integration.md). */
function eventBody(event: WebhookEventRow): string {
  return JSON.stringify({ type: event.type, timestamp: iso(event.occurred_at), data: JSON.parse(event.data) as unknown });
}

/** Queue messages go 100 at a time at most. */
async function enqueue(env: CloudApiEnv, deliveries: readonly DeliveryKey[]): Promise<void> {
  for (let i = 0; i < deliveries.length; i += 100) {
    await env.WEBHOOKS.sendBatch(deliveries.slice(i, i + 100).map((body) => ({ body })));
  }
}

/**
 * The outbox's relay: hands events written since the last relay to the delivery queue, one message per
 * event and endpoint. Called where nobody waits for it (the fulfilment queue, the cron, after a provider
 * notification through waitUntil). Messages that fail to reach the queue leave their events for the next relay.
 */
export async function dispatchEvents(env: CloudApiEnv): Promise<number> {
  const endpoints = webhookEndpoints(env).map((endpoint) => endpoint.name);
  let sent = 0;
  for (;;) {
    const deliveries = await claimEventsForDelivery(env.DB, endpoints, nowSeconds());
    if (deliveries.length === 0) return sent;
    try {
      await enqueue(env, deliveries);
    } catch (error) {
      await releaseClaimStatement(env.DB, [...new Set(deliveries.map((d) => d.eventId))]).run();
      throw error;
    }
    sent += deliveries.length;
  }
}

/**
 * Hands the waiting events on after other work (a fulfilment batch, a notification's answer): a failure is logged and
 * leaves them for the cron, never undoing that work.
 */
export async function dispatchEventsLeavingFailuresToTheCron(env: CloudApiEnv): Promise<void> {
  await dispatchEvents(env).catch((error: unknown) => log("error", "webhook.dispatch-failed", { error: describeError(error) }));
}

/** Cron: deliveries whose message never reached the queue are sent now (the same event id). */
export async function requeueStalled(env: CloudApiEnv, now: number): Promise<number> {
  const stalled = await requeueStalledDeliveries(env.DB, now - STALLED_AFTER_SECONDS, now);
  await enqueue(env, stalled);
  return stalled.length;
}

type DeliveryOutcome = "delivered" | "failed" | "skipped";

/**
 * One attempt to deliver an event to an endpoint, signed with the endpoint's secret by the standardwebhooks
 * library (webhook-id = the event id on every attempt, a fresh webhook-timestamp), recorded in D1.
 * Skipped when already delivered (a duplicate message) or when the event or endpoint no longer exists.
 */
export async function deliverOnce(env: CloudApiEnv, key: DeliveryKey): Promise<DeliveryOutcome> {
  const [event, delivery] = await Promise.all([findWebhookEvent(env.DB, key.eventId), findDelivery(env.DB, key)]);
  if (!event || !delivery || delivery.delivered_at !== null) return "skipped";
  const endpoint = webhookEndpoints(env).find((candidate) => candidate.name === key.endpoint);
  if (!endpoint) {
    await recordAttemptStatement(env.DB, key, { status: null, error: "the endpoint is no longer configured", delivered: false }, nowSeconds()).run();
    return "skipped";
  }
  const answer = await post(endpoint, event);
  await recordAttemptStatement(env.DB, key, answer, nowSeconds()).run();
  return answer.delivered ? "delivered" : "failed";
}

async function post(endpoint: WebhookEndpoint, event: WebhookEventRow): Promise<{ status: number | null; error: string | null; delivered: boolean }> {
  const body = eventBody(event);
  const sentAt = new Date();
  const headers = {
    "content-type": "application/json",
    "webhook-id": event.id,
    "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
    "webhook-signature": new Webhook(endpoint.secret).sign(event.id, sentAt, body),
  };
  try {
    const response = await fetch(endpoint.url, { method: "POST", headers, body, signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS) });
    await response.body?.cancel();
    const delivered = response.status >= 200 && response.status < 300;
    return { status: response.status, error: delivered ? null : `HTTP ${response.status}`, delivered };
  } catch (error) {
    return { status: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 300), delivered: false };
  }
}

/**
 * "Send again" (the operator console's action): the delivery is queued afresh with the same event id, whether
 * it was delivered, is still being retried or was given up, and the audit log says who did it, in the same
 * batch. The delivery as it is now; null when there is no such delivery.
 */
export async function sendDeliveryAgain(env: CloudApiEnv, key: DeliveryKey, operator: OperatorIdentity): Promise<DeliveryListRow | null> {
  const before = await findListedDelivery(env.DB, key);
  if (!before) return null;
  await env.DB.batch([
    requeueDeliveryStatement(env.DB, key, nowSeconds()),
    auditStatement(env.DB, {
      operator,
      action: "delivery.resend",
      objectType: "delivery",
      objectId: `${key.eventId}/${key.endpoint}`,
      before: auditedDelivery(before),
      after: { ...auditedDelivery(before), state: "retrying" },
    }),
  ]);
  await env.WEBHOOKS.send(key);
  return findListedDelivery(env.DB, key);
}

/** What the audit log keeps of a delivery: enough to tell which event went where, and how it stood. */
const auditedDelivery = (row: DeliveryListRow) => ({ eventType: row.type, orderId: row.order_id, state: row.state, attempts: row.attempts, lastError: row.last_error });
