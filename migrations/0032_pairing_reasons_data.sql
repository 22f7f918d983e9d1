-- 0032: a pairing's reason is kept as what the pairing system decided (core.pairing.why,
-- as JSON), so that /why words it in its reader's language; the command line prints the
-- same words in English. A round paired by an earlier version keeps its English text in
-- reason (why NULL), shown as it was kept; a new row has why and an empty reason.
ALTER TABLE pairing_reasons ADD COLUMN why TEXT;
