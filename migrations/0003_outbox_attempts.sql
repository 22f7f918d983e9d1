-- 0003: the outbox counts unexpected failures, and orders what waited for a person's link.
--
-- 1. unexpected_failures: failures that were neither Telegram refusing the message (403,
--    400) nor the network (time-outs, 5xx, 429). `attempts` counts every try, network
--    failures included, which are retried for as long as it takes; these are tried a few
--    times and then marked undeliverable for a TD to see (bot/telegram/sender.py), so a
--    message is never sent again and again.
ALTER TABLE outbox ADD COLUMN unexpected_failures INTEGER NOT NULL DEFAULT 0;

-- 2. Delivery order. Rows go out in id order, except that a message written while its person
--    had no Telegram account yet goes out right behind the message that tells them they are
--    in: linking the person sets awaits_welcome, and the next message written to their chat
--    becomes the row these go `behind` (bot/store/outbox_repo.py, due).
ALTER TABLE outbox ADD COLUMN awaits_welcome INTEGER NOT NULL DEFAULT 0;
ALTER TABLE outbox ADD COLUMN behind INTEGER REFERENCES outbox (id);
