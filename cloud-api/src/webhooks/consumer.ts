import { z } from "zod";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { markDeadStatement, type DeliveryKey } from "#api/repositories/webhooks.ts";
import { deliverOnce } from "#api/services/webhooks.ts";

/** Three days of retries, then the dead-letter queue (docs/decisions/054). */
const RETRY_FOR_SECONDS = 3 * 86_400;
const FIRST_RETRY_SECONDS = 30;
const LONGEST_RETRY_SECONDS = 6 * 3600;

/**
 * The delay before each retry: 30 s, doubling, at most 6 h, until three days have passed. Its length is the
 * consumer's max_retries in cloud-api/wrangler.jsonc (a test compares them), after which the queue moves the
 * message to the dead-letter queue.
 */
export const RETRY_DELAYS_SECONDS: readonly number[] = (() => {
  const delays: number[] = [];
  for (let total = 0; total < RETRY_FOR_SECONDS; total += delays[delays.length - 1]!) {
    delays.push(Math.min(LONGEST_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** delays.length));
  }
  return delays;
})();

/** The queues of integration events are named camcloud-webhooks[-<env>] and camcloud-webhooks-dead[-<env>]. */
export function webhookQueueRole(queue: string): "deliveries" | "dead letters" | null {
  if (/^camcloud-webhooks-dead(-[a-z]+)?$/.test(queue)) return "dead letters";
  if (/^camcloud-webhooks(-[a-z]+)?$/.test(queue)) return "deliveries";
  return null;
}

const deliveryMessage = z.strictObject({ eventId: z.string().regex(/^msg_[0-9a-f]{32}$/), endpoint: z.string().min(1).max(40) });

/**
 * Consumer of the delivery queue: each message is one event for one endpoint. A failed attempt is retried
 * with the next delay of RETRY_DELAYS_SECONDS (the message, and so the webhook-id, stays the same); a
 * malformed message is dropped with a log line.
 */
export async function consumeWebhookDeliveries(batch: MessageBatch<DeliveryKey>, env: CloudApiEnv): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = deliveryMessage.safeParse(message.body);
      if (!parsed.success) {
        console.error("dropping a malformed webhook delivery message", message.id);
        message.ack();
        return;
      }
      const outcome = await deliverOnce(env, parsed.data);
      if (outcome !== "failed") {
        message.ack();
        return;
      }
      const delay = RETRY_DELAYS_SECONDS[Math.min(message.attempts, RETRY_DELAYS_SECONDS.length) - 1]!;
      console.warn(`webhook ${parsed.data.eventId} to ${parsed.data.endpoint} failed (attempt ${message.attempts}); again in ${delay} s`);
      message.retry({ delaySeconds: delay });
    }),
  );
}

/** Consumer of the dead-letter queue: the delivery is marked given up, for a person (or the console) to send again. */
export async function consumeDeadDeliveries(batch: MessageBatch<DeliveryKey>, env: CloudApiEnv): Promise<void> {
  for (const message of batch.messages) {
    const parsed = deliveryMessage.safeParse(message.body);
    if (parsed.success) {
      await markDeadStatement(env.DB, parsed.data, nowSeconds()).run();
      console.error(`NEEDS A PERSON: webhook ${parsed.data.eventId} to ${parsed.data.endpoint} was not accepted in three days of retries`);
    }
    message.ack();
  }
}
