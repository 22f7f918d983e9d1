-- 0013: round-based events (format = "rounds", paired round by round by the core).
--
-- 1. Why each pair of a round was made: the pairing system's reason (core.tournament
--    Pairings.reasons), kept when the round is paired so that a TD who asks /why NAME
--    later reads what the core decided then, not what it would decide now. A bye's
--    reason is kept on its bye match. gibson: the pair was fixed by the Gibson rule.
CREATE TABLE pairing_reasons (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id),
    reason TEXT NOT NULL,
    gibson INTEGER NOT NULL DEFAULT 0
);

-- 2. Files sent through the outbox as documents (/export: the event's .t, NASPA and TRF
--    files). A media row with a filename is a document: its bytes are in png (the column
--    that holds a media row's bytes), sent with sendDocument under that name.
ALTER TABLE media ADD COLUMN filename TEXT;
