import { z } from "zod";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { findPayment } from "#api/repositories/payments.ts";
import { orderSettings } from "#api/settings.ts";
import { closeAtProvider } from "#api/services/provider-closes.ts";
import { refundFromQueue, refundUndeliverable } from "#api/services/refunds.ts";
import { dispatchEventsLeavingFailuresToTheCron } from "#api/services/webhooks.ts";
import { fulfilOrder } from "#api/fulfilment/fulfil.ts";
import type { QueueMessage } from "#api/fulfilment/message.ts";
import { describeError, log, traceOf, withTrace } from "#platform/observability.ts";

const queueMessage = z.union([z.strictObject({ orderId: z.string().min(1).max(64) }), z.strictObject({ paymentId: z.string().min(1).max(64) })]);

/**
 * The calls a payment owes its provider, as D1 records them: the close of its ended checkout, the first ask for
 * the refund of money it cannot keep. A failure is left to the cron, which retries both from D1.
 */
async function makePaymentCalls(env: CloudApiEnv, paymentId: string): Promise<void> {
  const payment = await findPayment(env.DB, paymentId);
  if (!payment) return;
  const now = nowSeconds();
  if (payment.close_due_at !== null && (payment.close_next_at ?? 0) <= now) await closeAtProvider(env, payment, now);
  await refundFromQueue(env, payment);
}

/**
 * Queue consumer: paid orders to fulfil, and payments that owe their provider a call. A fulfilment failure is
 * retried with a growing delay; after the last attempt the order is refunded. Each message is its own trace and
 * log line (queue.message: its ids, attempts, outcome, milliseconds).
 */
export async function consumeQueue(batch: MessageBatch<QueueMessage>, env: CloudApiEnv): Promise<void> {
  const maxAttempts = orderSettings(env).fulfilmentMaxAttempts;
  for (const message of batch.messages) {
    await withTrace(traceOf("cloud-api", null), async () => {
      const started = Date.now();
      const parsed = queueMessage.safeParse(message.body);
      const outcome = await consumeMessage(message, parsed.success ? parsed.data : null, env, maxAttempts);
      log(outcome === "dropped" || outcome === "failed" ? "error" : "info", "queue.message", {
        queue: batch.queue,
        attempts: message.attempts,
        ...parsed.data,
        outcome,
        ms: Date.now() - started,
      });
    });
  }
  // The integration events of these orders and payments (paid, granted, data added, refunded) go to their queue now; a
  // failure here leaves them for the cron and does not undo the fulfilment.
  await dispatchEventsLeavingFailuresToTheCron(env);
}

/** One message, acknowledged or retried; a malformed one is dropped (retrying cannot fix it). */
async function consumeMessage(
  message: Message<QueueMessage>,
  body: z.infer<typeof queueMessage> | null,
  env: CloudApiEnv,
  maxAttempts: number,
): Promise<"done" | "retried" | "failed" | "dropped"> {
  if (!body) {
    message.ack();
    return "dropped";
  }
  if ("paymentId" in body) {
    try {
      await makePaymentCalls(env, body.paymentId);
    } catch (error) {
      log("error", "payment-calls.failed", { paymentId: body.paymentId, error: describeError(error), next: "the cron makes them again" });
    }
    message.ack();
    return "done";
  }
  const { orderId } = body;
  try {
    await fulfilOrder(env, orderId);
    message.ack();
    return "done";
  } catch (error) {
    const reason = describeError(error);
    if (message.attempts < maxAttempts) {
      log("warn", "fulfilment.failed", { orderId, attempt: message.attempts, maxAttempts, error: reason });
      message.retry({ delaySeconds: 10 * 2 ** (message.attempts - 1) });
      return "retried";
    }
    log("error", "fulfilment.failed", { orderId, attempt: message.attempts, maxAttempts, error: reason, next: "refunded" });
    await refundUndeliverable(env, orderId, error instanceof Error ? error.message : String(error));
    message.ack();
    return "failed";
  }
}
