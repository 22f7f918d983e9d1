-- TD rulings on whole matches (SSSg 2016 Annex A paras 27 and 30) and what a TD owes the
-- bot in the chat.
--
-- match_bye_side: a match bye a TD gave (para 27): that side advances and every game of
--   the match is void (the core's ``Match.match_bye``). A walkover of the draw needs none:
--   its state is 'bye'.
-- ruling_side / ruling_reason: the organisers' decision of a match para 17 leaves tied
--   (para 30, the core's ``Ruling``).
ALTER TABLE matches ADD COLUMN match_bye_side INTEGER CHECK (match_bye_side IN (0, 1));
ALTER TABLE matches ADD COLUMN ruling_side INTEGER CHECK (ruling_side IN (0, 1));
ALTER TABLE matches ADD COLUMN ruling_reason TEXT;

-- What a TD's next message is for, after a button: the scores of an Amend ('amend',
-- subject = dispute id), the reason of a tied match's ruling ('tie', subject = match id,
-- side = the winner), or a correction waiting for Apply / Cancel ('confirm', payload =
-- the ruling as JSON). One open prompt per TD: a new one closes the old.
CREATE TABLE td_prompts (
    id INTEGER PRIMARY KEY,
    person_id INTEGER NOT NULL REFERENCES people (id),
    kind TEXT NOT NULL CHECK (kind IN ('amend', 'tie', 'confirm')),
    subject_id INTEGER NOT NULL,
    side INTEGER CHECK (side IN (0, 1)),
    payload TEXT NOT NULL DEFAULT '{}',
    state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'done', 'dropped')),
    created_at TEXT NOT NULL
);
CREATE INDEX td_prompts_open ON td_prompts (person_id, state);
