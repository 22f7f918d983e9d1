-- PostgreSQL's copy of ../0005_payments_before_draw.sql: a payment names its round by code
-- (SSSg Annex A para 26: fees are paid from registration on, before the draw makes the
-- round rows). SQLite rebuilds the table; PostgreSQL alters it in place, to the same
-- columns and constraints.
ALTER TABLE payments ADD COLUMN round_code TEXT;
UPDATE payments p SET round_code = r.code FROM rounds r WHERE r.id = p.round_id;
ALTER TABLE payments ALTER COLUMN round_code SET NOT NULL;
ALTER TABLE payments DROP CONSTRAINT payments_entry_id_round_id_key;
ALTER TABLE payments DROP COLUMN round_id;
ALTER TABLE payments ADD CONSTRAINT payments_entry_id_round_code_key UNIQUE (entry_id, round_code);
CREATE INDEX payments_event ON payments (event_id, round_code);
