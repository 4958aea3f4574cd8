-- The catalogue's version: one row that every change to a table the package list reads moves on, in the
-- statement that makes the change (triggers), so that a cloud-api isolate may keep the list as of a version
-- and still show a package published a moment ago on the next view (docs/decisions/062). A table the list
-- comes to read gets the same three triggers.
CREATE TABLE catalogue_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO catalogue_version (id, version) VALUES (1, 1);

CREATE TRIGGER catalogue_version_on_package_insert AFTER INSERT ON packages
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER catalogue_version_on_package_update AFTER UPDATE ON packages
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER catalogue_version_on_package_delete AFTER DELETE ON packages
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
END;
