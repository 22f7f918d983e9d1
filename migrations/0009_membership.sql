-- Membership, costs and proofs of payment.
--
-- SSSg Annex A para 11: entrants must be members of the association; an entry may carry the
-- date its membership ends (the players CSV's membership_until), so that the TDs are told
-- when it ends before a round closes.
ALTER TABLE entries ADD COLUMN membership_until TEXT;

-- Para 9: the costs of running the event are deducted from the fees, shared between the
-- divisions in proportion to their fees (core/prizes.py). Amounts in minor units (cents).
CREATE TABLE costs (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id),
    amount INTEGER NOT NULL CHECK (amount > 0),
    currency TEXT NOT NULL,
    note TEXT NOT NULL,
    recorded_by TEXT NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE INDEX costs_event ON costs (event_id);

-- Para 26: a player sends a photo of their payment; a TD approves it (which records the
-- payment) or rejects it. Each TD's copy of the request is an outbox row keyed
-- proof:<id>:td:<person>, edited when one of them decides.
CREATE TABLE payment_proofs (
    id INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES events (id),
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    round_code TEXT NOT NULL,
    file_id TEXT NOT NULL,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
    sent_at TEXT NOT NULL,
    decided_by TEXT,
    decided_at TEXT
);
