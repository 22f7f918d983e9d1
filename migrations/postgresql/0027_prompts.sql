-- 0027 (migrations/0027_prompts.sql says why): td_prompts becomes prompts, with the kind
-- 'dispute_reason' and an expiry; a dispute waiting for its reason gets its prompt.
ALTER TABLE td_prompts RENAME TO prompts;
ALTER TABLE prompts DROP CONSTRAINT td_prompts_kind_check;
ALTER TABLE prompts ADD CONSTRAINT prompts_kind_check
    CHECK (kind IN ('dispute_reason', 'amend', 'why', 'tie', 'confirm', 'correct',
                    'correct_apply'));
ALTER TABLE prompts ADD COLUMN expires_at TEXT;
ALTER INDEX td_prompts_open RENAME TO prompts_open;

INSERT INTO prompts (person_id, kind, subject_id, created_at)
    SELECT d.raised_by, 'dispute_reason', d.id, d.raised_at FROM disputes d
    WHERE d.state = 'open' AND d.reason = ''
      AND NOT EXISTS (SELECT 1 FROM prompts p
                      WHERE p.person_id = d.raised_by AND p.state = 'open')
    ORDER BY d.id;
