-- PostgreSQL's copy of ../0013_round_events.sql (the same statements): why each pair of a
-- round was made, and files sent through the outbox as documents.
CREATE TABLE pairing_reasons (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),
    reason TEXT NOT NULL,
    gibson INTEGER NOT NULL DEFAULT 0
);

ALTER TABLE media ADD COLUMN filename TEXT;
