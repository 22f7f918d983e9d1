-- 0036: a dispute the bot rules itself (voided by a TD's void of the whole match, or by a
-- correction of an earlier match) keeps the bot's reason as a record
-- (bot/words/said_json.py) next to the ruling's English text, so that a TD who rules too
-- late reads it in their language. NULL for a ruling a person gave and for the rows
-- written before, which read as they were written.
ALTER TABLE disputes ADD COLUMN why_json TEXT;
