-- How many days of recordings a cloud storage package keeps (its loop), shown on the package before paying
-- (issue 31 item 11). NULL: not a storage package, or the operator did not say.
ALTER TABLE packages ADD COLUMN recording_days INTEGER CHECK (recording_days IS NULL OR recording_days > 0);
