-- PostgreSQL's copy of ../0011_ruling_reasons.sql: one more kind of td_prompts, 'why' (a
-- TD's reason for a ruling, SSSg 2016 Annex A paras 19 and 24). SQLite rebuilds the table
-- to change the CHECK constraint; PostgreSQL changes it in place.
ALTER TABLE td_prompts DROP CONSTRAINT td_prompts_kind_check;
ALTER TABLE td_prompts ADD CONSTRAINT td_prompts_kind_check
    CHECK (kind IN ('amend', 'tie', 'confirm', 'why'));
