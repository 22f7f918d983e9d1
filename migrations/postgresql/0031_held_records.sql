-- 0031 (migrations/0031_held_records.sql says why): the record of a message held for a
-- person with no Telegram account yet, written in their language when they join.
ALTER TABLE outbox ADD COLUMN record_json TEXT;
