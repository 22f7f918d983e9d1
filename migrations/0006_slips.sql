-- Result slips (SSSg 2016 Annex A paras 23-24), first used by the reporting workflow.
--
-- The table of 0001 was never written to, so it is made again with what a slip needs:
-- a draft state (the player confirms the parsed result, and for game 1 says who started,
-- para 15, before it counts; a draft survives a restart), the game number it is for, the
-- reporter's side, the scores and starter, and the discrepancy window (para 24:
-- closes_at = submitted_at + the event's slip window).
--
-- States: draft -> pending (the game is written and counts; the window is open) ->
--   agreed (the opponent agreed, or reported the same result) | final (the window
--   passed) | disputed (frozen for a TD). A draft may be cancelled; a second report that
--   differs from a pending slip is void (not counted) and opens a dispute.
DROP TABLE slips;
CREATE TABLE slips (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    game_no INTEGER NOT NULL,
    game_id INTEGER REFERENCES games (id),
    reported_by INTEGER NOT NULL REFERENCES people (id),
    reporter_side INTEGER NOT NULL CHECK (reporter_side IN (0, 1)),
    starter_side INTEGER CHECK (starter_side IN (0, 1)),
    score_a INTEGER NOT NULL,
    score_b INTEGER NOT NULL,
    text TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'draft' CHECK (state IN
        ('draft', 'cancelled', 'pending', 'agreed', 'final', 'disputed', 'void')),
    created_at TEXT NOT NULL,
    submitted_at TEXT,
    closes_at TEXT,
    closed_at TEXT
);
CREATE INDEX slips_match ON slips (match_id, state);
CREATE INDEX slips_reporter ON slips (reported_by, state);
