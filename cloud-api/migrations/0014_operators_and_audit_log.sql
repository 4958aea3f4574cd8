-- The console's operators and the audit log of what they did (docs/decisions/057). Both are new tables: the
-- version running before this migration reads neither (expand only).

-- Who may use the console, and as what. The console's Access sign-in names an email; the cloud-api reads its
-- role here on every operator call, never from the caller. A disabled operator is kept (the audit log names
-- them), not deleted. `version` grows by one with each change, so that an edit made from a stale screen is refused.
CREATE TABLE operators (
  email TEXT PRIMARY KEY CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  role TEXT NOT NULL CHECK (role IN ('viewer', 'support', 'admin')),
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  updated_by TEXT,                         -- the operator who made the last change; NULL for one made outside the console
  version INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;

-- Every operator action that changes something, one row written in the same batch as the change. Append-only:
-- the triggers below refuse any UPDATE or DELETE, whatever code path or console asks.
CREATE TABLE operator_actions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  operator_email TEXT NOT NULL,
  role TEXT NOT NULL,                      -- the operator's role when they acted
  action TEXT NOT NULL,                    -- e.g. 'operator.create', 'order.refund'
  object_type TEXT NOT NULL,               -- e.g. 'operator', 'order', 'package'
  object_id TEXT NOT NULL,
  before_json TEXT,                        -- the object before the action, JSON; NULL when it did not exist
  after_json TEXT,                         -- and after it; NULL when it no longer exists
  note TEXT
);
CREATE INDEX operator_actions_by_operator ON operator_actions(operator_email, id);
CREATE INDEX operator_actions_by_action ON operator_actions(action, id);
CREATE INDEX operator_actions_by_object ON operator_actions(object_type, object_id, id);

CREATE TRIGGER operator_actions_refuse_update BEFORE UPDATE ON operator_actions
BEGIN
  SELECT RAISE(ABORT, 'operator_actions is append-only');
END;

CREATE TRIGGER operator_actions_refuse_delete BEFORE DELETE ON operator_actions
BEGIN
  SELECT RAISE(ABORT, 'operator_actions is append-only');
END;
