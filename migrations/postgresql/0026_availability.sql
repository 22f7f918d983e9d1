-- PostgreSQL's copy of ../0026_availability.sql: a player unavailable for a round, and
-- pairs a TD forbids.
CREATE TABLE round_absences (
    event_id INTEGER NOT NULL REFERENCES events (id),
    round_seq INTEGER NOT NULL,
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    said_by TEXT NOT NULL,
    said_at TEXT NOT NULL,
    PRIMARY KEY (event_id, round_seq, entry_id)
);

CREATE TABLE forbidden_pairs (
    event_id INTEGER NOT NULL REFERENCES events (id),
    entry_a INTEGER NOT NULL REFERENCES entries (id),  -- the lower entry id
    entry_b INTEGER NOT NULL REFERENCES entries (id),
    why TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (event_id, entry_a, entry_b)
);
