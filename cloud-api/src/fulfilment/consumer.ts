import { z } from "zod";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { findPayment } from "#api/repositories/payments.ts";
import { orderSettings } from "#api/settings.ts";
import { closeAtProvider } from "#api/services/provider-closes.ts";
import { refundFromQueue, refundUndeliverable } from "#api/services/refunds.ts";
import { dispatchEvents } from "#api/services/webhooks.ts";
import { fulfilOrder } from "#api/fulfilment/fulfil.ts";
import type { QueueMessage } from "#api/fulfilment/message.ts";

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
 * retried with a growing delay; after the last attempt the order is refunded. A malformed message is dropped with a
 * log line (retrying cannot fix it).
 */
export async function consumeQueue(batch: MessageBatch<QueueMessage>, env: CloudApiEnv): Promise<void> {
  const maxAttempts = orderSettings(env).fulfilmentMaxAttempts;
  for (const message of batch.messages) {
    const parsed = queueMessage.safeParse(message.body);
    if (!parsed.success) {
      console.error("dropping a malformed queue message", message.id);
      message.ack();
      continue;
    }
    if ("paymentId" in parsed.data) {
      try {
        await makePaymentCalls(env, parsed.data.paymentId);
      } catch (error) {
        console.error(`the provider calls of payment ${parsed.data.paymentId} failed; the cron makes them again`, error);
      }
      message.ack();
      continue;
    }
    const { orderId } = parsed.data;
    try {
      await fulfilOrder(env, orderId);
      message.ack();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (message.attempts < maxAttempts) {
        console.warn(`fulfilment of ${orderId} failed (attempt ${message.attempts} of ${maxAttempts}): ${reason}`);
        message.retry({ delaySeconds: 10 * 2 ** (message.attempts - 1) });
      } else {
        console.error(`fulfilment of ${orderId} failed for good: ${reason}`);
        await refundUndeliverable(env, orderId, reason);
        message.ack();
      }
    }
  }
  // The integration events of these orders and payments (paid, granted, data added, refunded) go to their queue now; a
  // failure here leaves them for the cron and does not undo the fulfilment.
  await dispatchEvents(env).catch((error: unknown) => console.error("handing integration events to their queue failed", error));
}
