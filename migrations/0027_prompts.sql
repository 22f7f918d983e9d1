-- 0027: one record for every reply the bot waits for in a private chat, a player's as well
-- as a TD's (bot/store/prompts_repo.py). td_prompts becomes prompts and learns the kind
-- 'dispute_reason': a player who pressed Dispute owes what is wrong with the slip (SSSg
-- 2016 Annex A para 24; subject = the dispute id). That wait was read off the dispute
-- itself (an open dispute with no reason); now the question is a prompt like a TD's, so
-- that one read says what a person's next message answers, whoever they are.
--
-- expires_at: when the question lapses and the next message is an ordinary one again
-- (NULL: it waits until answered, dropped or closed). SQLite cannot change a CHECK
-- constraint in place, so the table is rebuilt with its rows and ids.
CREATE TABLE prompts (
    id INTEGER PRIMARY KEY,
    person_id INTEGER NOT NULL REFERENCES people (id),
    kind TEXT NOT NULL CHECK (kind IN ('dispute_reason', 'amend', 'why', 'tie', 'confirm',
                                       'correct', 'correct_apply')),
    subject_id INTEGER NOT NULL,
    side INTEGER CHECK (side IN (0, 1)),
    payload TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done', 'dropped')),
    created_at TEXT NOT NULL,
    expires_at TEXT
);
INSERT INTO prompts (id, person_id, kind, subject_id, side, payload, state, created_at)
    SELECT id, person_id, kind, subject_id, side, payload, state, created_at FROM td_prompts;
DROP TABLE td_prompts;
CREATE INDEX prompts_open ON prompts (person_id, state);

-- A dispute waiting for its reason at the upgrade keeps waiting: it gets its player's prompt
-- (with no expiry, as before; in the disputes' order, so the newest is answered first),
-- unless the player already has an open prompt (a TD's question, which their next message
-- answered before the upgrade and still does).
INSERT INTO prompts (person_id, kind, subject_id, created_at)
    SELECT d.raised_by, 'dispute_reason', d.id, d.raised_at FROM disputes d
    WHERE d.state = 'open' AND d.reason = ''
      AND NOT EXISTS (SELECT 1 FROM prompts p
                      WHERE p.person_id = d.raised_by AND p.state = 'open')
    ORDER BY d.id;
