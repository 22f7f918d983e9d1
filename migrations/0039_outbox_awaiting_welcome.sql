-- 0039: the outbox's rows waiting for a welcome, for every message written.
--
-- Each message written to a person's chat moves the rows that wait for that person's
-- welcome behind it (bot/store/outbox_repo.py, _welcome_goes_first). With only (state,
-- due_at) indexed, that update read every pending row: a large event's group keeps
-- thousands waiting on Telegram's pace, and each message written cost milliseconds
-- (20,000 pending rows: 7 ms a message). Rows wait for a welcome only between a person's
-- link to Telegram and the next message to them, so this partial index holds almost
-- nothing, and the update reads only those rows.
CREATE INDEX outbox_awaiting_welcome ON outbox (id) WHERE awaits_welcome = 1;
