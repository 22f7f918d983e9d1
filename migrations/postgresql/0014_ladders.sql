-- PostgreSQL's copy of ../0014_ladders.sql (the same statements): challenge ladders
-- (core/ladder.py) and the match an accepted challenge is played as.
CREATE TABLE ladders (
    event_id INTEGER PRIMARY KEY REFERENCES events (id),
    round_id INTEGER NOT NULL REFERENCES rounds (id),
    record_json TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE ladder_matches (
    event_id INTEGER NOT NULL REFERENCES ladders (event_id),
    challenge INTEGER NOT NULL,
    match_id INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    PRIMARY KEY (event_id, challenge)
);
