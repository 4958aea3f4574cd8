-- Decision 047: a package's service type is checked by the cloud-api, whose range derives from the service
-- catalogue (domain/services.ts), not by a CHECK that a new service code would have to rebuild this table for.
-- SQLite cannot drop a CHECK, so the table is rebuilt once without it; every other column, check and index is
-- as 0001 made it. Orders, periods and cards refer to packages by id: their keys are checked at the end.
PRAGMA defer_foreign_keys = on;

CREATE TABLE packages_rebuilt (
  id INTEGER PRIMARY KEY,
  service_type INTEGER NOT NULL,
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
INSERT INTO packages_rebuilt (id, service_type, service_id, product_id, service_name, service_desc, top_tag, origin_price_cents,
                              sale_price_cents, currency_code, period_days, data_quota_mb, is_unlimited, is_give, is_sale, display_sort)
  SELECT id, service_type, service_id, product_id, service_name, service_desc, top_tag, origin_price_cents,
         sale_price_cents, currency_code, period_days, data_quota_mb, is_unlimited, is_give, is_sale, display_sort
  FROM packages;
DROP TABLE packages;
ALTER TABLE packages_rebuilt RENAME TO packages;
CREATE INDEX packages_by_type ON packages(service_type, currency_code, display_sort);

PRAGMA defer_foreign_keys = off;
