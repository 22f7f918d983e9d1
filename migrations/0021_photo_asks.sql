-- 0021: one question to a ruler about several missing board photos (SSSg 2016 Annex A
-- para 25: "failing which the game may be awarded as a bye to the loser").
--
-- When several photo windows close at once (the bot was down for a day, or a round's games
-- were counted together), each ruler gets one message listing the games instead of one per
-- game (bot/service/photos.py). The list is a row here with the windows it names, so that
-- its buttons ("Extend all 24 h", "Waive all": photo:all:<ask id>:<ruling>) act on exactly
-- the games that ruler was shown, and the message can be redrawn as each game is decided.
-- A list goes to one ruler (ruler_id): another person's press of its buttons is refused.
CREATE TABLE photo_asks (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id),
    ruler_id INTEGER NOT NULL REFERENCES people (id),
    asked_at TEXT NOT NULL
);

CREATE TABLE photo_ask_windows (
    ask_id INTEGER NOT NULL REFERENCES photo_asks (id),
    window_id INTEGER NOT NULL REFERENCES photo_windows (id),
    seq INTEGER NOT NULL,  -- the game's place in the list, as first shown
    PRIMARY KEY (ask_id, window_id)
);
CREATE INDEX photo_ask_windows_window ON photo_ask_windows (window_id);
