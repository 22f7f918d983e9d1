-- 0028: the language each person reads the bot in, and the language an event's group reads.
-- people.language: the language the person chose with /language (NULL: not chosen);
-- people.tg_language: the language_code Telegram last reported for them in a private chat,
-- as reported ("fr", "fr-CA"); used while they have chosen none. English when neither is a
-- language the bot ships (bot/service/people/languages.py).
-- events.language: the definition's [event] language, what the event's group reads.
ALTER TABLE people ADD COLUMN language TEXT;
ALTER TABLE people ADD COLUMN tg_language TEXT;
ALTER TABLE events ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
-- join_requests.tg_language: the language_code of the Telegram user who asked to join by
-- the event's player link, kept for their person when a TD approves (they have none yet).
ALTER TABLE join_requests ADD COLUMN tg_language TEXT;
