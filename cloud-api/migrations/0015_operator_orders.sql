-- The operator console's orders (issue 32 items 1 and 2, docs/decisions/058).

-- A refund an operator asked for: one per order (full refunds only). Its primary key is the claim that makes a
-- double click, or two operators at once, one refund: the second insert fails the batch that would refund again.
CREATE TABLE operator_refunds (
  order_id TEXT PRIMARY KEY REFERENCES orders(order_id),
  payment_id TEXT NOT NULL REFERENCES payments(id),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  currency_code TEXT NOT NULL,
  reason TEXT NOT NULL,
  operator_email TEXT NOT NULL,
  requested_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TRIGGER operator_refunds_no_update BEFORE UPDATE ON operator_refunds
BEGIN SELECT RAISE(ABORT, 'operator_refunds is append-only'); END;
CREATE TRIGGER operator_refunds_no_delete BEFORE DELETE ON operator_refunds
BEGIN SELECT RAISE(ABORT, 'operator_refunds is append-only'); END;

-- A note that resolves an order's needs-a-person cases: every case of the order that began before it leaves the
-- queue; one that begins after it (a new failure) comes back.
CREATE TABLE order_case_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES orders(order_id),
  note TEXT NOT NULL,
  operator_email TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX order_case_notes_by_order ON order_case_notes(order_id, created_at);
CREATE TRIGGER order_case_notes_no_update BEFORE UPDATE ON order_case_notes
BEGIN SELECT RAISE(ABORT, 'order_case_notes is append-only'); END;
CREATE TRIGGER order_case_notes_no_delete BEFORE DELETE ON order_case_notes
BEGIN SELECT RAISE(ABORT, 'order_case_notes is append-only'); END;

-- What the console's search and Today read: orders newest first, orders paid in a range, a provider's reference.
CREATE INDEX orders_by_created ON orders(created_at DESC, order_id DESC);
CREATE INDEX orders_by_paid ON orders(paid_at) WHERE paid_at IS NOT NULL;
CREATE INDEX payments_by_reference ON payments(provider_ref) WHERE provider_ref IS NOT NULL;
