-- A payment that must go back to the buyer (a stray second payment, or money for an ended order) and
-- whose refund the provider has not confirmed yet: the cron asks again until it does.
ALTER TABLE payments ADD COLUMN refund_due_at INTEGER;
CREATE INDEX payments_refund_due ON payments(refund_due_at) WHERE refund_due_at IS NOT NULL;
