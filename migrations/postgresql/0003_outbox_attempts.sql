-- PostgreSQL's copy of ../0003_outbox_attempts.sql (the same statements).
--
-- 1. unexpected_failures: failures that were neither Telegram refusing the message nor the
--    network (bot/telegram/sender.py).
ALTER TABLE outbox ADD COLUMN unexpected_failures INTEGER NOT NULL DEFAULT 0;

-- 2. Delivery order: a message written while its person had no Telegram account yet goes
--    out right behind the message that tells them they are in (bot/store/outbox_repo.py).
ALTER TABLE outbox ADD COLUMN awaits_welcome INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN behind INTEGER REFERENCES outbox (id);
