import { z } from "zod";
import type { CloudApiEnv } from "#api/env.ts";
import { orderSettings } from "#api/settings.ts";
import { refundUndeliverable } from "#api/services/refunds.ts";
import { dispatchEvents } from "#api/services/webhooks.ts";
import { fulfilOrder } from "#api/fulfilment/fulfil.ts";
import type { FulfilmentMessage } from "#api/fulfilment/message.ts";

const fulfilmentMessage = z.strictObject({ orderId: z.string().min(1).max(64) });

/**
 * Queue consumer of paid orders. A failure is retried with a growing delay; after the last attempt
 * the order is refunded. A malformed message is dropped with a log line (retrying cannot fix it).
 */
export async function consumeFulfilment(batch: MessageBatch<FulfilmentMessage>, env: CloudApiEnv): Promise<void> {
  const maxAttempts = orderSettings(env).fulfilmentMaxAttempts;
  for (const message of batch.messages) {
    const parsed = fulfilmentMessage.safeParse(message.body);
    if (!parsed.success) {
      console.error("dropping a malformed fulfilment message", message.id);
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
  // The integration events of these orders (paid, granted, data added, refunded) go to their queue now; a
  // failure here leaves them for the cron and does not undo the fulfilment.
  await dispatchEvents(env).catch((error: unknown) => console.error("handing integration events to their queue failed", error));
}
