-- PostgreSQL's copy of ../0039_outbox_awaiting_welcome.sql (the same statement): the
-- outbox's rows waiting for a welcome, read for every message written
-- (bot/store/outbox_repo.py, _welcome_goes_first).
CREATE INDEX outbox_awaiting_welcome ON outbox (id) WHERE awaits_welcome = 1;
