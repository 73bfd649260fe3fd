-- The audit log cannot be emptied either (0010 refused UPDATE and DELETE row by row;
-- TRUNCATE fires no row trigger). A statement-level trigger refuses TRUNCATE of
-- audit_log, also when it comes by cascade from a table it references (TRUNCATE staff CASCADE).
-- Like the others it holds for the table's owner too; only someone who may drop or
-- alter the table (its owner, a superuser) can take it away: see docs/SECURITY.md
-- for a deployment whose app role owns no table.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
