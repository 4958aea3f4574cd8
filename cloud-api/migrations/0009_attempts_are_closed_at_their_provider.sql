-- An attempt that ends (cancel, repay, a new checkout that replaces its order, the unpaid order's close) is closed at
-- its provider too. close_due_at: when it ended and the close was first owed; NULL once the provider has closed it (or
-- its checkout can no longer be paid). close_next_at: when the close is tried next; close_attempts: tries that failed.
ALTER TABLE payments ADD COLUMN close_due_at INTEGER;
ALTER TABLE payments ADD COLUMN close_next_at INTEGER;
ALTER TABLE payments ADD COLUMN close_attempts INTEGER NOT NULL DEFAULT 0;
CREATE INDEX payments_to_close ON payments(close_next_at) WHERE close_due_at IS NOT NULL;
