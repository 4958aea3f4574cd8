import { createExecutionContext, createMessageBatch, env, waitOnExecutionContext } from "cloudflare:test";
import { signedHeaders } from "#test/signed-request.ts";
import type { CloudApiEnv } from "#api/env.ts";
import type { PaymentCallMessage, QueueMessage } from "#api/fulfilment/message.ts";
import worker from "#api/index.ts";
import type { Buyer } from "./orders.ts";

/**
 * The provider calls (closes, stray refunds) a live env queued. The test Worker's own queue consumer runs with the
 * sandbox env, which does not know a live adapter's payments, so these wait here for deliverPaymentCalls.
 */
let paymentCalls: PaymentCallMessage[] = [];

/** Forgets the provider calls earlier tests queued (for a beforeEach). */
export function forgetPaymentCalls(): void {
  paymentCalls = [];
}

/** The queue as a live env sees it: fulfilment goes to the test Worker's queue, provider calls wait for the test. */
const liveQueue = (queue: Queue<QueueMessage>): Queue<QueueMessage> => {
  const kept = (body: QueueMessage) => "paymentId" in body && paymentCalls.push(body) > 0;
  const nothingSent = { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
  const live: Pick<Queue<QueueMessage>, "send" | "sendBatch"> = {
    send: async (body, options) => (kept(body) ? nothingSent : queue.send(body, options)),
    sendBatch: async (messages, options) => {
      const rest = [...messages].filter(({ body }) => !kept(body));
      return rest.length ? queue.sendBatch(rest, options) : nothingSent;
    },
  };
  return { ...queue, ...live };
};

/** The test Worker's env with some variables changed: a provider switched to "live", its keys, its API base. */
export function envWith(vars: Partial<CloudApiEnv>): CloudApiEnv {
  const base = env as unknown as CloudApiEnv;
  return { ...base, FULFILMENT: liveQueue(base.FULFILMENT), ...vars };
}

/**
 * Hands the provider calls queued so far to the queue consumer with `workerEnv`, as the queue would; with
 * `paymentIds`, only those payments' (a checkout may also have replaced an earlier test's order). Returns how many.
 */
export async function deliverPaymentCalls(workerEnv: CloudApiEnv, paymentIds?: readonly string[]): Promise<number> {
  const bodies = paymentCalls.filter((body) => !paymentIds || paymentIds.includes(body.paymentId));
  paymentCalls = [];
  if (bodies.length === 0) return 0;
  const batch = createMessageBatch<QueueMessage>(
    "camcloud-fulfilment-local",
    bodies.map((body, index) => ({ id: `call-${index}-${body.paymentId}`, timestamp: new Date(), attempts: 1, body })),
  );
  await worker.queue(batch, workerEnv, createExecutionContext());
  return bodies.length;
}

/** A request handled by the cloud-api Worker with `workerEnv` (the same D1 and queue as SELF). */
export async function fetchWith(workerEnv: CloudApiEnv, path: string, init?: RequestInit): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`https://cloud-api.test${path}`, init) as Parameters<typeof worker.fetch>[0];
  const response = await worker.fetch(request, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * A signed /v1 call the way the storefront makes it (test/signed-request.ts), handled with `workerEnv`;
 * `headers` adds to the signed ones (X-Forwarded-For, as the storefront names the buyer's IP).
 */
export async function callWith(workerEnv: CloudApiEnv, buyer: Buyer, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetchWith(workerEnv, path, {
    method: "POST",
    headers: await signedHeaders(buyer.accessToken, { countryCode: buyer.country ?? "CN", ...headers }),
    body: JSON.stringify(body),
  });
  return { http: response.status, body: (await response.json()) as { status: number; msg: string; data: any; reason?: string } };
}

/** Everything a notification could change about an order, to compare before and after a refused one. */
export async function orderState(orderId: string) {
  const [order, events, payments, notifications] = await Promise.all([
    env.DB.prepare("SELECT status, updated_at, paid_at, coupon_id FROM orders WHERE order_id = ?").bind(orderId).first(),
    env.DB.prepare("SELECT from_status, to_status, reason FROM order_events WHERE order_id = ? ORDER BY id").bind(orderId).all(),
    env.DB.prepare("SELECT id, provider_ref, status, updated_at FROM payments WHERE order_id = ? ORDER BY created_at, rowid").bind(orderId).all(),
    env.DB.prepare("SELECT provider, event_id FROM payment_notifications WHERE order_id = ? ORDER BY event_id").bind(orderId).all(),
  ]);
  return { order, events: events.results, payments: payments.results, notifications: notifications.results };
}

/** The order's payment attempts, oldest first. */
export async function paymentsOf(orderId: string) {
  const { results } = await env.DB.prepare("SELECT * FROM payments WHERE order_id = ? ORDER BY created_at, rowid").bind(orderId).all<{
    id: string;
    provider: string;
    provider_ref: string;
    amount_cents: number;
    currency_code: string;
    status: string;
    instructions: string;
  }>();
  return results;
}

/** Polls until the order's status satisfies `done` (fulfilment runs from the queue, in the background). */
export async function waitForOrderStatus(orderId: string, done: (status: number) => boolean): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const row = await env.DB.prepare("SELECT status FROM orders WHERE order_id = ?").bind(orderId).first<{ status: number }>();
    if (row && done(row.status)) return row.status;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  return (await env.DB.prepare("SELECT status FROM orders WHERE order_id = ?").bind(orderId).first<{ status: number }>())?.status ?? 0;
}
