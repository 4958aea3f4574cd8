-- Every payment owed back to a buyer is asked for again with backoff until the provider confirms it:
-- how often it was asked, and when next. An owed refund that lasts too long is logged as needing a person.
ALTER TABLE payments ADD COLUMN refund_attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN refund_next_at INTEGER;

-- The sandbox provider's answer to the next refund request of a payment: refunded at once (default),
-- still pending, or refused (the tests script a provider that fails, then recovers).
ALTER TABLE sandbox_payments ADD COLUMN refund_outcome TEXT NOT NULL DEFAULT 'refunded' CHECK (refund_outcome IN ('refunded', 'pending', 'fail'));
