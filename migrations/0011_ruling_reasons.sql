-- 0011: a TD who rules a dispute with a button owes the players a reason (SSSg 2016
-- Annex A paras 19 and 24): after the button (and, for Amend, the scores) the bot asks
-- why, and the TD's next message (or Skip) is it. That is one more kind of td_prompts:
-- 'why' (subject = dispute id, side = a bye's side, payload = the ruling chosen as JSON:
-- {"action": ..., "scores": [a, b] or null}). SQLite cannot change a CHECK constraint in
-- place, so the table is rebuilt with its rows, ids and index as they were.
CREATE TABLE td_prompts_new (
    id INTEGER PRIMARY KEY,
    person_id INTEGER NOT NULL REFERENCES people (id),
    kind TEXT NOT NULL CHECK (kind IN ('amend', 'tie', 'confirm', 'why')),
    subject_id INTEGER NOT NULL,
    side INTEGER CHECK (side IN (0, 1)),
    payload TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done', 'dropped')),
    created_at TEXT NOT NULL
);
INSERT INTO td_prompts_new (id, person_id, kind, subject_id, side, payload, state, created_at)
    SELECT id, person_id, kind, subject_id, side, payload, state, created_at FROM td_prompts;
DROP TABLE td_prompts;
ALTER TABLE td_prompts_new RENAME TO td_prompts;
CREATE INDEX td_prompts_open ON td_prompts (person_id, state);
