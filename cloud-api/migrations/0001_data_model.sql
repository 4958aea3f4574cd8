-- CamCloud data model. Money is integer cents; times are Unix seconds; names shown to buyers are
-- JSON objects keyed by language ({"en": "...", "zh": "..."}), English being the fallback.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  account TEXT NOT NULL UNIQUE,
  nickname TEXT NOT NULL,
  country_code TEXT NOT NULL DEFAULT 'CN',
  created_at INTEGER NOT NULL
);

-- Cameras (device_type 1) and 4G SIM devices (device_type 2). attrs mentions "sim" for SIM devices.
CREATE TABLE devices (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  name TEXT NOT NULL,
  device_type INTEGER NOT NULL CHECK (device_type IN (1, 2)),
  attrs TEXT NOT NULL DEFAULT '',
  iccid TEXT UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX devices_by_user ON devices(user_id);

-- Only SHA-256 hashes of tokens are stored. A refresh rotates within a family; the replaced refresh
-- token keeps working until rotated_at + grace so that two tabs refreshing at once both succeed.
CREATE TABLE auth_tokens (
  token_hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('access', 'refresh', 'tg')),
  user_id INTEGER NOT NULL REFERENCES users(id),
  family_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  rotated_at INTEGER,
  revoked_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX auth_tokens_by_family ON auth_tokens(family_id);

-- Replay window of signed requests (docs/contract.md): one row per (appid, token, noticeStr, timestamp).
CREATE TABLE request_nonces (
  appid TEXT NOT NULL,
  token_key TEXT NOT NULL,
  notice_str TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  seen_at INTEGER NOT NULL,
  PRIMARY KEY (appid, token_key, notice_str, timestamp)
) WITHOUT ROWID;
CREATE INDEX request_nonces_by_age ON request_nonces(seen_at);

-- A sellable package. service_type: 1 cloud storage, 2 mobile data, 5 VIP, 6 AI (3 and 4 accepted).
-- service_id groups packages of one service line (e.g. all-day vs event recording).
CREATE TABLE packages (
  id INTEGER PRIMARY KEY,
  service_type INTEGER NOT NULL CHECK (service_type BETWEEN 1 AND 6),
  service_id INTEGER NOT NULL,
  product_id TEXT NOT NULL,
  service_name TEXT NOT NULL,
  service_desc TEXT NOT NULL DEFAULT '{}',
  top_tag TEXT,
  origin_price_cents INTEGER NOT NULL CHECK (origin_price_cents >= 0),
  sale_price_cents INTEGER NOT NULL CHECK (sale_price_cents >= 0),
  currency_code TEXT NOT NULL CHECK (currency_code IN ('CNY', 'USD')),
  period_days INTEGER NOT NULL CHECK (period_days > 0),
  data_quota_mb INTEGER,            -- mobile data only; NULL with is_unlimited 1 means no cap
  is_unlimited INTEGER NOT NULL DEFAULT 0 CHECK (is_unlimited IN (0, 1)),
  is_give INTEGER NOT NULL DEFAULT 0 CHECK (is_give IN (0, 1)),
  is_sale INTEGER NOT NULL DEFAULT 1 CHECK (is_sale IN (0, 1)),
  display_sort INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX packages_by_type ON packages(service_type, currency_code, display_sort);

-- A coupon held by a user. status: 0 unused, 1 used (consumed by used_order_id). Expiry is by time.
-- service_type 0 applies to every service.
CREATE TABLE coupons (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  coupon_code TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  descrip TEXT NOT NULL DEFAULT '{}',
  type INTEGER NOT NULL DEFAULT 0,
  currency_code TEXT NOT NULL CHECK (currency_code IN ('CNY', 'USD')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  use_limit_amount_cents INTEGER NOT NULL DEFAULT 0 CHECK (use_limit_amount_cents >= 0),
  start_time INTEGER NOT NULL,
  expire_time INTEGER NOT NULL,
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  used_order_id TEXT UNIQUE
);
CREATE INDEX coupons_by_user ON coupons(user_id, currency_code);

CREATE TABLE orders (
  order_id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id),
  device_id TEXT NOT NULL REFERENCES devices(id),
  service_type INTEGER NOT NULL,
  package_id INTEGER NOT NULL REFERENCES packages(id),
  service_name TEXT NOT NULL,
  period_days INTEGER NOT NULL,
  currency_code TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  coupon_id INTEGER REFERENCES coupons(id),
  discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  pay_cents INTEGER NOT NULL CHECK (pay_cents >= 0),
  payment_type INTEGER NOT NULL CHECK (payment_type BETWEEN 1 AND 4),
  status INTEGER NOT NULL CHECK (status BETWEEN 8001 AND 8015),
  language TEXT NOT NULL DEFAULT 'en',
  country_code TEXT NOT NULL DEFAULT 'CN',
  created_at INTEGER NOT NULL,
  paid_at INTEGER,
  updated_at INTEGER NOT NULL
);
CREATE INDEX orders_by_device ON orders(device_id, service_type, created_at DESC);
CREATE INDEX orders_by_status ON orders(status, updated_at);

-- Append-only history of every order state change.
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  from_status INTEGER,
  to_status INTEGER NOT NULL,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX order_events_by_order ON order_events(order_id, id);
CREATE TRIGGER order_events_no_update BEFORE UPDATE ON order_events
BEGIN SELECT RAISE(ABORT, 'order_events is append-only'); END;
CREATE TRIGGER order_events_no_delete BEFORE DELETE ON order_events
BEGIN SELECT RAISE(ABORT, 'order_events is append-only'); END;

-- One provider payment attempt of an order, and each provider notification seen (idempotency).
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  provider TEXT NOT NULL,
  payment_type INTEGER NOT NULL,
  provider_ref TEXT,
  amount_cents INTEGER NOT NULL,
  currency_code TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'succeeded', 'failed', 'cancelled', 'refunded')),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX payments_by_order ON payments(order_id);
CREATE UNIQUE INDEX payments_by_provider_ref ON payments(provider, provider_ref);

CREATE TABLE payment_notifications (
  provider TEXT NOT NULL,
  event_id TEXT NOT NULL,
  order_id TEXT,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (provider, event_id)
) WITHOUT ROWID;

-- What a device is entitled to: a period of one service. status 2 = unlimited (no data cap).
-- source: 'order', 'vip_card' or 'storage_card' (source_ref is the order id or card code).
CREATE TABLE entitlements (
  id INTEGER PRIMARY KEY,
  device_id TEXT NOT NULL REFERENCES devices(id),
  service_type INTEGER NOT NULL,
  package_id INTEGER NOT NULL REFERENCES packages(id),
  service_name TEXT NOT NULL,
  status INTEGER NOT NULL DEFAULT 1,
  start_time INTEGER NOT NULL,
  end_time INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('order', 'vip_card', 'storage_card')),
  source_ref TEXT NOT NULL,
  revoked_at INTEGER,
  CHECK (end_time > start_time)
);
CREATE INDEX entitlements_by_device ON entitlements(device_id, service_type, end_time);

-- The carrier's view of a SIM card. status is the carrier's word (NORMAL, EXHAUSTED, SUSPENDED...).
CREATE TABLE sim_cards (
  iccid TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  operator TEXT NOT NULL,
  total_mb INTEGER NOT NULL DEFAULT 0,
  used_mb_hundredths INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL
);

-- Prepaid cards whose code is scanned to receive a package for free: VIP cards and storage cards.
-- status: 0 not yet received, 1 received, 2 refunded (the received package was cancelled).
CREATE TABLE service_cards (
  code_id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('vip', 'storage')),
  package_id INTEGER NOT NULL REFERENCES packages(id),
  status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
  device_id TEXT REFERENCES devices(id),
  received_at INTEGER,
  refunded_at INTEGER
);
CREATE INDEX service_cards_by_device ON service_cards(device_id, kind);
