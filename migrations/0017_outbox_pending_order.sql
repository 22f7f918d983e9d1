-- 0019: the outbox's pending rows in delivery order, for the sender's pass.
--
-- Each pass wants the next rows to deliver, in the order a chat's messages were written
-- (bot/store/outbox_repo.py, _order: by id, a row `behind` a welcome right after it). With
-- only (state, due_at) indexed, a pass sorted every pending row and, for each, looked for
-- an earlier failed row to the same chat: 10,000 pending rows cost ~80 ms a pass, and the
-- handlers wait for the database meanwhile. This partial index holds the pending rows
-- only, keyed by that order, so a pass walks it from the front and stops when it has
-- enough (outbox_repo._deliverable).
CREATE INDEX outbox_pending_order ON outbox (COALESCE(behind, id), behind IS NOT NULL, id)
    WHERE state = 'pending';
