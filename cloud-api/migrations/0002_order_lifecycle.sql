-- Order life cycle: each status change records why, and a trigger appends it to order_events in the
-- same statement, so that no code path can change a status without leaving history.
ALTER TABLE orders ADD COLUMN status_reason TEXT NOT NULL DEFAULT 'created';

CREATE TRIGGER order_status_history AFTER UPDATE OF status ON orders
WHEN OLD.status <> NEW.status
BEGIN
  INSERT INTO order_events (order_id, from_status, to_status, reason, created_at)
  VALUES (NEW.order_id, OLD.status, NEW.status, NEW.status_reason, NEW.updated_at);
END;

-- Rate limits on order creation count recent orders per device and per user.
CREATE INDEX orders_by_user ON orders(user_id, created_at);

-- One period per order or card: a retried fulfilment message or a second receive cannot grant twice.
CREATE UNIQUE INDEX entitlements_by_source ON entitlements(source, source_ref);
