-- Several bot workers on one database (bot/telegram/fleet.py says how they share the work).
--
-- A lease: the worker sending an outbox row, or firing a batch of due deadlines, writes its
-- name and until when it holds the row (real UTC time, ISO text). Another worker leaves the
-- row (and, for the outbox, the rest of its chat) alone until the lease runs out, and takes
-- it over then: a worker killed mid-send loses nothing. The outcome clears the lease.
ALTER TABLE outbox ADD COLUMN leased_by TEXT;
ALTER TABLE outbox ADD COLUMN leased_until TEXT;
ALTER TABLE deadlines ADD COLUMN leased_by TEXT;
ALTER TABLE deadlines ADD COLUMN leased_until TEXT;

-- Telegram's limits for the whole fleet (bot/store/turns_repo.py): when each chat may be
-- sent its next message (epoch seconds), and a group's last 20 sends; the row of chat 0
-- holds the bot's last 30 sends in all (no chat has the id 0).
CREATE TABLE chat_turns (
    chat_id INTEGER PRIMARY KEY,
    next_at REAL NOT NULL,
    recent_json TEXT NOT NULL DEFAULT '[]'
);

-- Updates a worker has received, until handled (bot/store/arrivals_repo.py): a worker that
-- gets a chat's later update waits, a bounded time, for the earlier ones other workers hold.
CREATE TABLE arrivals (
    update_id INTEGER PRIMARY KEY,
    chat_key TEXT NOT NULL,
    worker TEXT NOT NULL,
    received_at REAL NOT NULL,
    done INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX arrivals_chat ON arrivals (chat_key, update_id);
