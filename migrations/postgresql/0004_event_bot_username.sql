-- PostgreSQL's copy of ../0004_event_bot_username.sql (the same statement): the bot
-- username an event's invite links were made for; NULL: not known.
ALTER TABLE events ADD COLUMN bot_username TEXT;
