-- Integration events for the brand's other systems (docs/integration.md, docs/decisions/054): an outbox that
-- triggers fill in the statement that makes the change, so that whatever code path makes it (fulfilment, a
-- card, a notification, the cron), an event exists exactly when its change does, and once: a guarded change
-- that finds nothing to do fires no trigger, and the dedupe key refuses a second event for the same change.

CREATE TABLE webhook_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,  -- the order in which changes happened
  id TEXT NOT NULL UNIQUE,                -- 'msg_' + 32 hex digits: the webhook-id of every delivery and retry
  type TEXT NOT NULL,
  dedupe_key TEXT NOT NULL UNIQUE,        -- '<type>:<what changed>'
  data TEXT NOT NULL,                     -- the payload's data, JSON, as it was when the change happened
  occurred_at INTEGER NOT NULL,
  dispatched_at INTEGER,                  -- handed to the delivery queue; NULL: waiting for the next relay
  dispatch_token TEXT
);
CREATE INDEX webhook_events_to_dispatch ON webhook_events(seq) WHERE dispatched_at IS NULL;

-- One row per event and endpoint: what a later console lists and sends again.
CREATE TABLE webhook_deliveries (
  event_id TEXT NOT NULL REFERENCES webhook_events(id),
  endpoint TEXT NOT NULL,
  queued_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_status INTEGER,                    -- the endpoint's HTTP status; NULL after no answer (network, timeout)
  last_error TEXT,
  last_attempt_at INTEGER,
  delivered_at INTEGER,
  dead_at INTEGER,                        -- given up after three days of retries (the dead-letter queue)
  PRIMARY KEY (event_id, endpoint)
) WITHOUT ROWID;
CREATE INDEX webhook_deliveries_waiting ON webhook_deliveries(queued_at) WHERE attempts = 0 AND delivered_at IS NULL AND dead_at IS NULL;

-- ISO 8601 in UTC, as the payload's times are written.
-- order.paid: 8003 reached (once per order: the transition is guarded, and the key refuses a second).
CREATE TRIGGER webhook_order_paid AFTER UPDATE OF status ON orders
WHEN NEW.status = 8003 AND OLD.status <> 8003
BEGIN
  INSERT INTO webhook_events (id, type, dedupe_key, data, occurred_at)
  SELECT 'msg_' || lower(hex(randomblob(16))), 'order.paid', 'order.paid:' || NEW.order_id,
         json_object('orderId', NEW.order_id, 'deviceId', NEW.device_id, 'serviceType', NEW.service_type,
                     'packageId', NEW.package_id, 'periodDays', NEW.period_days, 'amountCents', NEW.pay_cents,
                     'currency', NEW.currency_code, 'paymentType', NEW.payment_type,
                     'paidAt', strftime('%Y-%m-%dT%H:%M:%SZ', COALESCE(NEW.paid_at, NEW.updated_at), 'unixepoch')),
         NEW.updated_at
  WHERE NOT EXISTS (SELECT 1 FROM webhook_events WHERE dedupe_key = 'order.paid:' || NEW.order_id);
END;

-- order.refunded: 8011 reached.
CREATE TRIGGER webhook_order_refunded AFTER UPDATE OF status ON orders
WHEN NEW.status = 8011 AND OLD.status <> 8011
BEGIN
  INSERT INTO webhook_events (id, type, dedupe_key, data, occurred_at)
  SELECT 'msg_' || lower(hex(randomblob(16))), 'order.refunded', 'order.refunded:' || NEW.order_id,
         json_object('orderId', NEW.order_id, 'deviceId', NEW.device_id, 'serviceType', NEW.service_type,
                     'amountCents', NEW.pay_cents, 'currency', NEW.currency_code,
                     'refundedAt', strftime('%Y-%m-%dT%H:%M:%SZ', NEW.updated_at, 'unixepoch')),
         NEW.updated_at
  WHERE NOT EXISTS (SELECT 1 FROM webhook_events WHERE dedupe_key = 'order.refunded:' || NEW.order_id);
END;

-- sim.data_added: a mobile-data order delivered (8006), in the batch that tops the SIM card up.
CREATE TRIGGER webhook_sim_data_added AFTER UPDATE OF status ON orders
WHEN NEW.status = 8006 AND OLD.status <> 8006 AND NEW.service_type = 2
BEGIN
  INSERT INTO webhook_events (id, type, dedupe_key, data, occurred_at)
  SELECT 'msg_' || lower(hex(randomblob(16))), 'sim.data_added', 'sim.data_added:' || NEW.order_id,
         json_object('orderId', NEW.order_id, 'deviceId', NEW.device_id, 'iccid', d.iccid,
                     'addedMb', CASE WHEN p.is_unlimited = 1 THEN NULL ELSE COALESCE(p.data_quota_mb, 0) END,
                     'unlimited', json(CASE WHEN p.is_unlimited = 1 THEN 'true' ELSE 'false' END),
                     'addedAt', strftime('%Y-%m-%dT%H:%M:%SZ', NEW.updated_at, 'unixepoch')),
         NEW.updated_at
  FROM devices d, packages p
  WHERE d.id = NEW.device_id AND p.id = NEW.package_id
    AND NOT EXISTS (SELECT 1 FROM webhook_events WHERE dedupe_key = 'sim.data_added:' || NEW.order_id);
END;

-- entitlement.granted or .extended: a period inserted (an order, a VIP or storage card). Extended when it
-- starts where a period the device still holds of the service ends (domain/service-periods.ts periodBought).
-- serviceEndsAt: when the device's service ends with it, what a receiver keeps.
CREATE TRIGGER webhook_entitlement_granted AFTER INSERT ON entitlements
BEGIN
  INSERT INTO webhook_events (id, type, dedupe_key, data, occurred_at)
  SELECT 'msg_' || lower(hex(randomblob(16))), kind, 'entitlement.granted:' || NEW.id,
         json_object('entitlementId', NEW.id, 'deviceId', NEW.device_id, 'serviceType', NEW.service_type,
                     'packageId', NEW.package_id, 'unlimited', json(CASE WHEN NEW.status = 2 THEN 'true' ELSE 'false' END),
                     'source', NEW.source, 'orderId', CASE WHEN NEW.source = 'order' THEN NEW.source_ref END,
                     'startsAt', strftime('%Y-%m-%dT%H:%M:%SZ', NEW.start_time, 'unixepoch'),
                     'endsAt', strftime('%Y-%m-%dT%H:%M:%SZ', NEW.end_time, 'unixepoch'),
                     'serviceEndsAt', strftime('%Y-%m-%dT%H:%M:%SZ',
                       (SELECT MAX(end_time) FROM entitlements WHERE device_id = NEW.device_id AND service_type = NEW.service_type AND revoked_at IS NULL),
                       'unixepoch')),
         unixepoch()
  FROM (SELECT CASE WHEN EXISTS (SELECT 1 FROM entitlements WHERE device_id = NEW.device_id AND service_type = NEW.service_type
                                   AND revoked_at IS NULL AND id <> NEW.id AND end_time >= NEW.start_time)
               THEN 'entitlement.extended' ELSE 'entitlement.granted' END AS kind)
  WHERE NOT EXISTS (SELECT 1 FROM webhook_events WHERE dedupe_key = 'entitlement.granted:' || NEW.id);
END;

-- entitlement.revoked: a period taken back (a received card refunded). Periods queued behind it have moved
-- up already in the same batch, so serviceEndsAt is the device's end of the service after the refund.
CREATE TRIGGER webhook_entitlement_revoked AFTER UPDATE OF revoked_at ON entitlements
WHEN OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL
BEGIN
  INSERT INTO webhook_events (id, type, dedupe_key, data, occurred_at)
  SELECT 'msg_' || lower(hex(randomblob(16))), 'entitlement.revoked', 'entitlement.revoked:' || NEW.id,
         json_object('entitlementId', NEW.id, 'deviceId', NEW.device_id, 'serviceType', NEW.service_type,
                     'packageId', NEW.package_id, 'source', NEW.source,
                     'orderId', CASE WHEN NEW.source = 'order' THEN NEW.source_ref END,
                     'startsAt', strftime('%Y-%m-%dT%H:%M:%SZ', NEW.start_time, 'unixepoch'),
                     'endsAt', strftime('%Y-%m-%dT%H:%M:%SZ', NEW.end_time, 'unixepoch'),
                     'revokedAt', strftime('%Y-%m-%dT%H:%M:%SZ', NEW.revoked_at, 'unixepoch'),
                     'serviceEndsAt', strftime('%Y-%m-%dT%H:%M:%SZ',
                       (SELECT MAX(end_time) FROM entitlements WHERE device_id = NEW.device_id AND service_type = NEW.service_type AND revoked_at IS NULL),
                       'unixepoch')),
         NEW.revoked_at
  WHERE NOT EXISTS (SELECT 1 FROM webhook_events WHERE dedupe_key = 'entitlement.revoked:' || NEW.id);
END;
