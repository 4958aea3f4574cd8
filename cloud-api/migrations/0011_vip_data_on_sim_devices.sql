-- The 4G data a VIP period brings a SIM device (docs/decisions/050-c): one row per month of the period that has
-- begun, written in the same batch as the SIM card's top-up by whichever run gets there first (fulfilment, a
-- card receive or the cron), and the top-up counts only for the run that wrote the row: each month's data once.
CREATE TABLE vip_data_months (
  entitlement_id INTEGER NOT NULL REFERENCES entitlements(id),
  month INTEGER NOT NULL CHECK (month >= 0),
  iccid TEXT NOT NULL,
  run_id TEXT NOT NULL,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (entitlement_id, month)
);
