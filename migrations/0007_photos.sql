-- Board photos (SSSg 2016 Annex A para 25): "The winner of a game (or the starting player
-- in the case of a tie) is also responsible for sending a photo of the completed game to
-- SA Rating Officer ... within 24 hours of the conclusion of the game, failing which the
-- game may be awarded as a bye to the loser."
--
-- 1. photo_windows: one per counted game that needs a photo (bot/service/photos.py). It
--    opens when the game is counted and closes at closes_at (the event's
--    rules.photo_window_hours). States:
--      open     -> waiting for the responsible player's photo
--      received -> the responsible player sent it (the window is discharged)
--      overdue  -> it closed without one; the TDs not playing in the match are asked
--      bye | waived -> a TD (or photo_bye = "automatic") ruled; an extension puts the
--      window back to open with a later closes_at.
--    Every move is a compare-and-set (bot/store/photos_repo.py), so two TDs pressing at
--    once decide once.
CREATE TABLE photo_windows (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL UNIQUE REFERENCES games (id),
    match_id INTEGER NOT NULL REFERENCES matches (id),
    responsible_side INTEGER NOT NULL CHECK (responsible_side IN (0, 1)),
    opened_at TEXT NOT NULL,
    closes_at TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'open'
        CHECK (state IN ('open', 'received', 'overdue', 'bye', 'waived')),
    decided_by INTEGER REFERENCES people (id),
    decided_by_name TEXT,
    decided_at TEXT,
    why TEXT NOT NULL DEFAULT ''
);
CREATE INDEX photo_windows_match ON photo_windows (match_id, state);

-- 2. photos: the table of 0001 was never written to. A photo is kept by Telegram file id
--    (the largest size) as soon as it arrives; game_id stays NULL while the sender is
--    asked which of several games it shows.
DROP TABLE photos;
CREATE TABLE photos (
    id INTEGER PRIMARY KEY,
    game_id INTEGER REFERENCES games (id),
    sent_by INTEGER NOT NULL REFERENCES people (id),
    file_id TEXT NOT NULL,
    received_at TEXT NOT NULL
);
CREATE INDEX photos_game ON photos (game_id);

-- 3. An outbox row may carry a photo (Telegram file id): the sender sends it with
--    sendPhoto and the row's text as its caption (bot/telegram/sender.py).
ALTER TABLE outbox ADD COLUMN photo_file_id TEXT;
