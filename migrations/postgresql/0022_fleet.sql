-- PostgreSQL's copy of ../0022_fleet.sql: leases on outbox rows and deadlines, the fleet's
-- pacing (chat_turns) and the updates received and not yet handled (arrivals).
ALTER TABLE outbox ADD COLUMN leased_by TEXT;
ALTER TABLE outbox ADD COLUMN leased_until TEXT;
ALTER TABLE deadlines ADD COLUMN leased_by TEXT;
ALTER TABLE deadlines ADD COLUMN leased_until TEXT;

CREATE TABLE chat_turns (
    chat_id BIGINT PRIMARY KEY,
    next_at DOUBLE PRECISION NOT NULL,
    recent_json TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE arrivals (
    update_id BIGINT PRIMARY KEY,
    chat_key TEXT NOT NULL,
    worker TEXT NOT NULL,
    received_at DOUBLE PRECISION NOT NULL,
    done INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX arrivals_chat ON arrivals (chat_key, update_id);
