-- 0033: a reason the bot gives for a change (not one a person typed) is kept as a record
-- (bot/words/said_json.py) next to its English text, so each reader reads it in their
-- language: the journal's lines, the site's public log. NULL for a reason typed by a
-- person and for the lines written before, which read as they were written.
ALTER TABLE journal ADD COLUMN why_json TEXT;
