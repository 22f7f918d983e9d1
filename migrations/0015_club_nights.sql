-- 0015: club nights (NASPA Director's Manual, the club chapters; seed 000).
--
-- A club event (format "club") runs for as long as the club meets; each meeting is a
-- session ("per club meeting", Player Fees at Club). Players check in for the session
-- (themselves, or a TD checks them in); each round of the night is a rounds row whose
-- matches are the pairs (best of 1), so games are reported through the slips as in any
-- event. club_rounds ties a round to its night and its number in that night.
CREATE TABLE club_sessions (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id),
    seq INTEGER NOT NULL,
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed')),
    opened_at TEXT NOT NULL,
    opened_by TEXT NOT NULL,
    closed_at TEXT,
    closed_by TEXT,
    UNIQUE (event_id, seq)
);
-- At most one open night per club.
CREATE UNIQUE INDEX club_sessions_open ON club_sessions (event_id) WHERE state = 'open';

-- Who came, when, who checked them in, from which round they play (a latecomer joins the
-- round after those already paired), and the session fee they owe (Player Fees at Club:
-- the newcomer's first sessions free, student and senior rates) and its payment.
CREATE TABLE club_checkins (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES club_sessions (id),
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    checked_in_at TEXT NOT NULL,
    checked_in_by TEXT NOT NULL,
    joins_round INTEGER NOT NULL,
    fee INTEGER NOT NULL,            -- minor units (cents)
    fee_reason TEXT NOT NULL,
    paid_at TEXT,
    paid_by TEXT,
    UNIQUE (session_id, entry_id)
);

-- The rounds of a night, numbered from 1 within it.
CREATE TABLE club_rounds (
    round_id INTEGER PRIMARY KEY REFERENCES rounds (id),
    session_id INTEGER NOT NULL REFERENCES club_sessions (id),
    number INTEGER NOT NULL,
    UNIQUE (session_id, number)
);

-- Expert-point levels announced (Expert Points: 50, 100, 250, 500 and 1000 club wins),
-- each once per player.
CREATE TABLE club_milestones (
    event_id INTEGER NOT NULL REFERENCES events (id),
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    level INTEGER NOT NULL,
    announced_at TEXT NOT NULL,
    PRIMARY KEY (event_id, entry_id, level)
);
