-- A payment attempt the cloud-api closed itself (replaced by a repay or a new checkout, or its order cancelled or
-- closed) stays payable at its provider: when it is next asked whether the buyer paid it anyway. NULL: nothing to ask.
ALTER TABLE payments ADD COLUMN provider_check_at INTEGER;
CREATE INDEX payments_to_ask ON payments(provider_check_at) WHERE provider_check_at IS NOT NULL;
