import { withD1Probe } from "#platform/d1-probe.ts";
import { withErrorReporting } from "#platform/error-reporting.ts";
import { log, traceOf, tracedRequest, withTrace } from "#platform/observability.ts";
import { buildApp } from "#api/app.ts";
import { runSweeps } from "#api/cron/sweeps.ts";
import { checkSecrets, type CloudApiEnv } from "#api/env.ts";
import { consumeQueue } from "#api/fulfilment/consumer.ts";
import type { QueueMessage } from "#api/fulfilment/message.ts";
import type { DeliveryKey } from "#api/repositories/webhooks.ts";
import { consumeDeadDeliveries, consumeWebhookDeliveries } from "#api/webhooks/consumer.ts";
import { webhookQueueRole } from "#api/webhooks/schedule.ts";

const app = buildApp();

// Every handler takes the execution context: withSentry sends its reports through ctx.waitUntil.
export default withErrorReporting("cloud-api", {
  fetch(request, env, ctx) {
    return tracedRequest("cloud-api", request, async () => {
      checkSecrets(env);
      return withD1Probe(env, { d1: ["DB"] }, async (probed) => app.fetch(request, probed, ctx));
    });
  },
  async scheduled(_controller, env, _ctx) {
    checkSecrets(env);
    await withTrace(traceOf("cloud-api", null), async () => {
      const started = Date.now();
      log("info", "cron.sweep", { ...(await runSweeps(env)), ms: Date.now() - started });
    });
  },
  async queue(batch, env, _ctx) {
    checkSecrets(env);
    const role = webhookQueueRole(batch.queue);
    if (role === "deliveries") await consumeWebhookDeliveries(batch as MessageBatch<DeliveryKey>, env);
    else if (role === "dead letters") await consumeDeadDeliveries(batch as MessageBatch<DeliveryKey>, env);
    else await consumeQueue(batch as MessageBatch<QueueMessage>, env);
  },
} satisfies ExportedHandler<CloudApiEnv, QueueMessage | DeliveryKey>);
