-- 0014: challenge ladders (core/ladder.py).
--
-- One ladder per event of format 'ladder'. record_json is the core's own record of the
-- ladder (core.ladder.to_record: the rules, the rung order, every challenge with its state
-- and times, when each player was last active), so the rules live only in the core.
-- round_id is the ladder's one round, open for as long as the ladder runs: an accepted
-- challenge becomes a match in it and is reported through the slips like any match.
CREATE TABLE ladders (
    event_id INTEGER PRIMARY KEY REFERENCES events (id),
    round_id INTEGER NOT NULL REFERENCES rounds (id),
    record_json TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- The match an accepted challenge is played as (challenge = the core's challenge number).
CREATE TABLE ladder_matches (
    event_id INTEGER NOT NULL REFERENCES ladders (event_id),
    challenge INTEGER NOT NULL,
    match_id INTEGER NOT NULL UNIQUE REFERENCES matches (id),
    PRIMARY KEY (event_id, challenge)
);
