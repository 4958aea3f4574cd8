import { Status } from "#contract/codes.ts";
import * as endpoints from "#contract/endpoints.ts";
import { ApiError } from "#api/core/errors.ts";
import { webhookEndpoints } from "#api/core/webhook-endpoints.ts";
import { operation } from "#api/http/operation.ts";
import { listDeliveries, type DeliveryListRow } from "#api/repositories/webhooks.ts";
import { sendDeliveryAgain } from "#api/services/webhooks.ts";

const deliveryView = (row: DeliveryListRow) => ({
  eventId: row.event_id,
  endpoint: row.endpoint,
  eventType: row.type,
  orderId: row.order_id,
  occurredAt: row.occurred_at,
  queuedAt: row.queued_at,
  state: row.state,
  attempts: row.attempts,
  lastStatus: row.last_status,
  lastError: row.last_error,
  lastAttemptAt: row.last_attempt_at,
  deliveredAt: row.delivered_at,
  givenUpAt: row.dead_at,
});

export const deliveryList = operation(endpoints.deliveryList, {
  readOnly: true,
  owner: "none",
  handle: async ({ env }, { pageSize, after, ...filter }) => {
    const [seq, endpoint] = after ? after.split(":") : [];
    // One row more than the page tells whether another page follows.
    const rows = await listDeliveries(env.DB, { ...filter, after: after ? { seq: Number(seq), endpoint: endpoint ?? "" } : undefined }, pageSize + 1);
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    return {
      endpoints: webhookEndpoints(env).map((configured) => configured.name),
      deliveries: page.map(deliveryView),
      next: rows.length > pageSize && last ? `${last.seq}:${last.endpoint}` : null,
    };
  },
});

export const deliveryResend = operation(endpoints.deliveryResend, {
  readOnly: false,
  owner: "none",
  handle: async ({ env, operator }, key) => {
    const delivery = await sendDeliveryAgain(env, key, operator);
    if (!delivery) throw new ApiError(Status.notFound, `no delivery of ${key.eventId} to ${key.endpoint}`);
    return deliveryView(delivery);
  },
});
