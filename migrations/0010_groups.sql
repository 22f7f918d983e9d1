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

-- 3. Games held for a TD (SSSg para 20: no SSSg game during another rated event's
--    blackout). A game reported as played inside a blackout of the event's definition is
--    kept here, not counted, until a TD releases it (it is then written as any game) or
--    voids it. slip_id: the chat slip it came from (that slip stays a draft meanwhile);
--    none for a paper slip (`tdbot report --at`).
CREATE TABLE held_games (
    id INTEGER PRIMARY KEY,
    match_id INTEGER NOT NULL REFERENCES matches (id),
    slip_id INTEGER UNIQUE REFERENCES slips (id),
    starter_side INTEGER NOT NULL CHECK (starter_side IN (0, 1)),
    score_a INTEGER NOT NULL,
    score_b INTEGER NOT NULL,
    played_at TEXT NOT NULL,
    blackout TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'released', 'voided')),
    held_at TEXT NOT NULL,
    decided_at TEXT,
    why TEXT
);
CREATE INDEX held_games_open ON held_games (state, match_id);
