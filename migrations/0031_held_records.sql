-- 0031: a message written for a person who has no Telegram account yet keeps its record
-- (bot/words/said_json.py) next to its text, written in English for now: the person's
-- language is known only when they join (their app reports it), and the held message is
-- then written again in it (bot/service/platform/outbox.py, write_held). NULL once written
-- in the reader's language, and for every other row.
ALTER TABLE outbox ADD COLUMN record_json TEXT;
