-- 0010: the event's group chat, and pictures sent through the outbox.
--
-- 1. An organiser or TD links a group to their event (/link EVENT-SLUG in the group):
--    round openings, decided matches and bracket pictures are posted there. One event per
--    group, so /bracket in a group knows which event it means. A group that became a
--    supergroup gets a new chat id; the bot follows it (bot/service/groups.py).
ALTER TABLE events ADD COLUMN group_chat_id INTEGER;
CREATE UNIQUE INDEX events_group_chat ON events (group_chat_id) WHERE group_chat_id IS NOT NULL;

-- 2. Pictures. An outbox row with a media_id is sent as a photo with its text as the
--    caption. A bracket picture is written as what to draw (event, picture name: 'top',
--    'plate', 'double-upper' ...) and drawn when it is first sent, outside any use-case's
--    transaction (drawing takes tenths of a second); the PNG is then kept, so a retry
--    sends the same picture.
CREATE TABLE media (
    id INTEGER PRIMARY KEY,
    event_id INTEGER REFERENCES events (id),
    picture TEXT,
    title TEXT NOT NULL DEFAULT '',
    png BLOB,
    created_at TEXT NOT NULL,
    drawn_at TEXT,
    CHECK (png IS NOT NULL OR (event_id IS NOT NULL AND picture IS NOT NULL))
);
ALTER TABLE outbox ADD COLUMN media_id INTEGER REFERENCES media (id);
