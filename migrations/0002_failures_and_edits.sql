-- Second pass on the platform (issue 3).
--
-- 1. A deadline whose handler cannot run (a kind this code does not know, or a handler
--    that raises every time) is marked 'failed' with the reason, instead of being retried
--    by every sweep for ever; TDs see failed deadlines in their inbox. SQLite cannot alter
--    a CHECK constraint, so the table is rebuilt (plain SQL that PostgreSQL accepts too).
CREATE TABLE deadlines_new (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    due_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'open'
        CHECK (state IN ('open', 'fired', 'cancelled', 'failed')),
    payload_json TEXT NOT NULL DEFAULT '{}',
    opened_at TEXT NOT NULL,
    closed_at TEXT,
    last_error TEXT
);
INSERT INTO deadlines_new (id, kind, subject, due_at, state, payload_json, opened_at, closed_at)
    SELECT id, kind, subject, due_at, state, payload_json, opened_at, closed_at FROM deadlines;
DROP TABLE deadlines;
ALTER TABLE deadlines_new RENAME TO deadlines;
CREATE INDEX deadlines_open ON deadlines (state, due_at);

-- 2. An outbox row may be an edit of the message another row delivered (edit_of): when a
--    TD decides a join request, every other TD's copy of it is edited to say who decided,
--    through the outbox so that a crash cannot lose the edit.
ALTER TABLE outbox ADD COLUMN edit_of INTEGER REFERENCES outbox (id);
