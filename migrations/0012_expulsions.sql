-- 0012: expulsions (SSSg Annex A paras 26 and 29).
--
-- A player not paid-up when a round opens is expelled (para 26); a TD may expel a player
-- for another breach (para 29). The entry's state becomes 'expelled' and, when the player
-- held a slot in a match still to be played, that slot waits here for the organisers'
-- choice (para 29: offered to the expelled player's previous opponent or the best loser of
-- the previous round, or to nobody, when the opponent goes through). While a slot is open
-- its match is shown as waiting and no one can report in it.
--   state: open (the TDs choose), replaced (replacement_entry_id took it), vacated (nobody
--   took it: the opponent goes through), none (no slot to fill: no match to play, or the
--   match had games and went to the opponent as a match bye, para 27).
CREATE TABLE expulsions (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id),
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    match_id INTEGER REFERENCES matches (id),
    side INTEGER CHECK (side IN (0, 1)),   -- the expelled player's side of match_id
    why TEXT NOT NULL,
    expelled_at TEXT NOT NULL,
    expelled_by INTEGER REFERENCES people (id),
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'replaced', 'vacated', 'none')),
    replacement_entry_id INTEGER REFERENCES entries (id),
    decided_by INTEGER REFERENCES people (id),
    decided_by_name TEXT,
    decided_at TEXT,
    UNIQUE (event_id, entry_id)
);
CREATE INDEX expulsions_open ON expulsions (event_id) WHERE state = 'open';
