-- Issue 32 item 3 (decision 059): operators edit packages in the console. Every change to a package is a new
-- version: its row carries the version it is at, each version's whole state is kept in package_versions
-- (who saved it and when), and an order names the version it was priced from, so that fulfilment and the
-- order's detail keep what the buyer was sold after the package changes.

-- The version this row is at; a change must step it by exactly one (the trigger below), so a save that names
-- a version someone else has moved past fails as a whole, its audit row with it.
ALTER TABLE packages ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
-- The kind of device it is sold for (domain/services.ts DeviceType); NULL: every kind its service is sold to.
ALTER TABLE packages ADD COLUMN device_type INTEGER CHECK (device_type IS NULL OR device_type IN (1, 2));
-- Retired: no longer offered to a new checkout; kept for the orders, periods and cards that name it.
ALTER TABLE packages ADD COLUMN retired_at INTEGER;
-- The operator (email) who saved this version and when; NULL for what the seed or a migration wrote.
ALTER TABLE packages ADD COLUMN saved_by TEXT;
ALTER TABLE packages ADD COLUMN saved_at INTEGER;

CREATE TRIGGER packages_version_steps_by_one BEFORE UPDATE ON packages
WHEN NEW.version IS NOT OLD.version + 1
BEGIN SELECT RAISE(ABORT, 'package version is stale'); END;
-- A new package's product id names it alone (a create sent twice publishes once); rows from before may share one.
CREATE TRIGGER packages_product_id_is_new BEFORE INSERT ON packages
WHEN EXISTS (SELECT 1 FROM packages WHERE product_id = NEW.product_id)
BEGIN SELECT RAISE(ABORT, 'package product id is taken'); END;

-- Every state a package was published in, appended by the triggers below whatever code writes the package.
CREATE TABLE package_versions (
  package_id INTEGER NOT NULL REFERENCES packages(id),
  version INTEGER NOT NULL,
  service_type INTEGER NOT NULL,
  service_id INTEGER NOT NULL,
  product_id TEXT NOT NULL,
  service_name TEXT NOT NULL,
  service_desc TEXT NOT NULL,
  top_tag TEXT,
  origin_price_cents INTEGER NOT NULL,
  sale_price_cents INTEGER NOT NULL,
  currency_code TEXT NOT NULL,
  period_days INTEGER NOT NULL,
  data_quota_mb INTEGER,
  recording_days INTEGER,
  is_unlimited INTEGER NOT NULL,
  is_give INTEGER NOT NULL,
  is_sale INTEGER NOT NULL,
  display_sort INTEGER NOT NULL,
  device_type INTEGER,
  retired_at INTEGER,
  saved_by TEXT,
  saved_at INTEGER,
  PRIMARY KEY (package_id, version)
) WITHOUT ROWID;
CREATE TRIGGER package_versions_no_update BEFORE UPDATE ON package_versions
BEGIN SELECT RAISE(ABORT, 'package_versions is append-only'); END;
CREATE TRIGGER package_versions_no_delete BEFORE DELETE ON package_versions
BEGIN SELECT RAISE(ABORT, 'package_versions is append-only'); END;

INSERT INTO package_versions
  SELECT id, version, service_type, service_id, product_id, service_name, service_desc, top_tag, origin_price_cents, sale_price_cents,
         currency_code, period_days, data_quota_mb, recording_days, is_unlimited, is_give, is_sale, display_sort, device_type, retired_at,
         saved_by, saved_at
  FROM packages;

CREATE TRIGGER package_versions_on_insert AFTER INSERT ON packages
BEGIN
  INSERT INTO package_versions VALUES (NEW.id, NEW.version, NEW.service_type, NEW.service_id, NEW.product_id, NEW.service_name,
    NEW.service_desc, NEW.top_tag, NEW.origin_price_cents, NEW.sale_price_cents, NEW.currency_code, NEW.period_days, NEW.data_quota_mb,
    NEW.recording_days, NEW.is_unlimited, NEW.is_give, NEW.is_sale, NEW.display_sort, NEW.device_type, NEW.retired_at, NEW.saved_by, NEW.saved_at);
END;
CREATE TRIGGER package_versions_on_update AFTER UPDATE ON packages
BEGIN
  INSERT INTO package_versions VALUES (NEW.id, NEW.version, NEW.service_type, NEW.service_id, NEW.product_id, NEW.service_name,
    NEW.service_desc, NEW.top_tag, NEW.origin_price_cents, NEW.sale_price_cents, NEW.currency_code, NEW.period_days, NEW.data_quota_mb,
    NEW.recording_days, NEW.is_unlimited, NEW.is_give, NEW.is_sale, NEW.display_sort, NEW.device_type, NEW.retired_at, NEW.saved_by, NEW.saved_at);
END;

-- The package version an order was priced from (NULL: created before this migration or by a Worker that
-- predates it; those read the package as it is, as they always did).
ALTER TABLE orders ADD COLUMN package_version INTEGER;
UPDATE orders SET package_version = 1;

-- sim.data_added (0013) reports the data the order bought: its version's quota, not the package's today.
DROP TRIGGER webhook_sim_data_added;
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
  FROM devices d, package_versions p
  WHERE d.id = NEW.device_id AND p.package_id = NEW.package_id
    AND p.version = COALESCE(NEW.package_version, (SELECT version FROM packages WHERE id = NEW.package_id))
    AND NOT EXISTS (SELECT 1 FROM webhook_events WHERE dedupe_key = 'sim.data_added:' || NEW.order_id);
END;
