-- Fixed-window counters for limits that have no table of their own to count (coupon lookups).
CREATE TABLE rate_limits (
  key TEXT NOT NULL,
  window_start INTEGER NOT NULL,
  hits INTEGER NOT NULL,
  PRIMARY KEY (key, window_start)
);
