-- Fees paid before the draw (SSSg Annex A para 26: a player must be paid up by the
-- commencement of each round; organisers take fees from registration on).
--
-- A round becomes a row only when the draw is made, so a payment can no longer point at a
-- round row. It names its round by code instead: the slug of the round's name, the same
-- code the draw gives the round it makes (a round of the definition's [[rounds]] before the
-- draw). A payment made before the draw is therefore found as soon as its round exists.
-- SQLite cannot drop a column or a NOT NULL, so the table is rebuilt (plain SQL that
-- PostgreSQL accepts too).
CREATE TABLE payments_new (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id),
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    round_code TEXT NOT NULL,
    amount INTEGER NOT NULL,
    currency TEXT NOT NULL,
    recorded_by TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    paid_at TEXT NOT NULL,
    UNIQUE (entry_id, round_code)
);
INSERT INTO payments_new
    (id, event_id, entry_id, round_code, amount, currency, recorded_by, note, paid_at)
    SELECT p.id, p.event_id, p.entry_id, r.code, p.amount, p.currency, p.recorded_by, p.note,
           p.paid_at
    FROM payments p JOIN rounds r ON r.id = p.round_id;
DROP TABLE payments;
ALTER TABLE payments_new RENAME TO payments;
CREATE INDEX payments_event ON payments (event_id, round_code);
