-- PostgreSQL's copy of ../0017_outbox_pending_order.sql (the same statement): the outbox's
-- pending rows in delivery order, for the sender's pass (bot/store/outbox_repo.py).
CREATE INDEX outbox_pending_order ON outbox (COALESCE(behind, id), (behind IS NOT NULL), id)
    WHERE state = 'pending';
