import { z } from "zod";
import type { CloudApiEnv } from "#api/env.ts";
import { nowSeconds } from "#api/core/clock.ts";
import { markDeadStatement, type DeliveryKey } from "#api/repositories/webhooks.ts";
import { deliverOnce } from "#api/services/webhooks.ts";
import { RETRY_DELAYS_SECONDS } from "#api/webhooks/schedule.ts";
import { log } from "#platform/observability.ts";

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
        log("error", "webhook.malformed", { messageId: message.id });
        message.ack();
        return;
      }
      const outcome = await deliverOnce(env, parsed.data);
      if (outcome !== "failed") {
        message.ack();
        return;
      }
      const delay = RETRY_DELAYS_SECONDS[Math.min(message.attempts, RETRY_DELAYS_SECONDS.length) - 1]!;
      log("warn", "webhook.retry", { eventId: parsed.data.eventId, endpoint: parsed.data.endpoint, attempt: message.attempts, againInSeconds: delay });
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
      log("error", "needs-a-person", {
        kind: "webhook-given-up",
        eventId: parsed.data.eventId,
        endpoint: parsed.data.endpoint,
        message: `NEEDS A PERSON: webhook ${parsed.data.eventId} to ${parsed.data.endpoint} was not accepted in three days of retries`,
      });
    }
    message.ack();
  }
}
