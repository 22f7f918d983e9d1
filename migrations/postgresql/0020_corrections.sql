-- PostgreSQL's copy of ../0020_corrections.sql: two more kinds of td_prompts, 'correct'
-- and 'correct_apply' (a TD's correction of a game already on record, through the same
-- path as a ruling). SQLite rebuilds the table to change the CHECK constraint; PostgreSQL
-- changes it in place.
ALTER TABLE td_prompts DROP CONSTRAINT td_prompts_kind_check;
ALTER TABLE td_prompts ADD CONSTRAINT td_prompts_kind_check
    CHECK (kind IN ('amend', 'tie', 'confirm', 'why', 'correct', 'correct_apply'));
