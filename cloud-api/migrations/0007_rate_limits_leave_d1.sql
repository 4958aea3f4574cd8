-- Coupon lookups are counted by the Workers Rate Limiting binding (docs/decisions/031), not in D1.
DROP TABLE rate_limits;
