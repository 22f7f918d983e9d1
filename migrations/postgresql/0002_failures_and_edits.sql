-- PostgreSQL's copy of ../0002_failures_and_edits.sql.
--
-- 1. A deadline whose handler cannot run is marked 'failed' with the reason. SQLite
--    rebuilds the table to change the CHECK constraint; PostgreSQL changes it in place.
ALTER TABLE deadlines DROP CONSTRAINT deadlines_state_check;
ALTER TABLE deadlines ADD CONSTRAINT deadlines_state_check
    CHECK (state IN ('open', 'fired', 'cancelled', 'failed'));
ALTER TABLE deadlines ADD COLUMN last_error TEXT;

-- 2. An outbox row may be an edit of the message another row delivered (edit_of).
ALTER TABLE outbox ADD COLUMN edit_of INTEGER REFERENCES outbox (id);
