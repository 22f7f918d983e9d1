-- 0020: a TD corrects a game already on record (a paper slip typed wrong, the wrong starter,
-- a game to void) through the same path as a ruling. In the chat that is two more kinds of
-- td_prompts: 'correct' (the TD's next message is the correction's reason; subject = the
-- match id, payload = the correction as JSON: {"game_id": ..., "scores": [a, b] or null,
-- "starter": side or null, "void": bool}) and 'correct_apply' (a correction that voids
-- games of later matches waits for Apply; the payload also holds the reason). SQLite cannot
-- change a CHECK constraint in place, so the table is rebuilt with its rows, ids and index.
CREATE TABLE td_prompts_new (
    id INTEGER PRIMARY KEY,
    person_id INTEGER NOT NULL REFERENCES people (id),
    kind TEXT NOT NULL CHECK (kind IN ('amend', 'tie', 'confirm', 'why', 'correct',
                                       'correct_apply')),
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
