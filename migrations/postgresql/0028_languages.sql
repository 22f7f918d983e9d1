-- 0028 (migrations/0028_languages.sql says why): the language a person chose, the one
-- Telegram reports for them, and the language of an event's group.
ALTER TABLE people ADD COLUMN language TEXT;
ALTER TABLE people ADD COLUMN tg_language TEXT;
ALTER TABLE events ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE join_requests ADD COLUMN tg_language TEXT;
