-- Coupon campaigns and card batches, which operators create in the console (issue 32 items 4 and 5).
-- Only adds: the buyer's coupon and card paths read the old columns as before (docs/decisions/060).

-- A coupon campaign: the terms every coupon issued from it copies, and how many may be issued.
-- title is the operator's; name and descrip are what buyers read, JSON by language, worded from the amounts.
-- service_type 0 applies to every service, as a coupon's type does.
-- request_id is the console form's: a form posted twice makes one campaign (and one batch below).
CREATE TABLE coupon_campaigns (
  id INTEGER PRIMARY KEY,
  request_id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  name TEXT NOT NULL,
  descrip TEXT NOT NULL DEFAULT '{}',
  service_type INTEGER NOT NULL CHECK (service_type IN (0, 1, 2, 5, 6)),
  currency_code TEXT NOT NULL CHECK (currency_code IN ('CNY', 'USD')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  use_limit_amount_cents INTEGER NOT NULL DEFAULT 0 CHECK (use_limit_amount_cents >= 0),
  start_time INTEGER NOT NULL,
  expire_time INTEGER NOT NULL,
  issue_limit INTEGER NOT NULL CHECK (issue_limit > 0),
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  CHECK (expire_time > start_time)
);

-- A coupon issued from a campaign names it (seeded and older coupons name none); one per account and
-- campaign, so that issuing twice to an account issues once. A revoked coupon is status 1 with no order,
-- which every buyer path already treats as not usable, and revoked_at says when.
ALTER TABLE coupons ADD COLUMN campaign_id INTEGER REFERENCES coupon_campaigns(id);
ALTER TABLE coupons ADD COLUMN revoked_at INTEGER;
CREATE UNIQUE INDEX coupons_one_per_account_and_campaign ON coupons(campaign_id, user_id) WHERE campaign_id IS NOT NULL;

-- A batch of generated VIP or storage cards for a package, valid until expire_time.
CREATE TABLE card_batches (
  id INTEGER PRIMARY KEY,
  request_id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('vip', 'storage')),
  package_id INTEGER NOT NULL REFERENCES packages(id),
  size INTEGER NOT NULL CHECK (size BETWEEN 1 AND 10000),
  expire_time INTEGER NOT NULL,
  created_by TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- A generated card's code_id is the keyed hash of its code, and code_sealed the code encrypted with a key
-- the cloud-api holds (AES-GCM), for downloading the batch again: the table alone reveals no usable code.
-- Cards without a batch (seeded, or loaded before batches) keep their code as code_id.
ALTER TABLE service_cards ADD COLUMN batch_id INTEGER REFERENCES card_batches(id);
ALTER TABLE service_cards ADD COLUMN code_sealed TEXT;
ALTER TABLE service_cards ADD COLUMN revoked_at INTEGER;
CREATE INDEX service_cards_by_batch ON service_cards(batch_id);
