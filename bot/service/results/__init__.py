"""The result flow shared by every format: reporting games on slips, finality, disputes,
rulings and corrections, board photos, blackouts and held games, who may rule."""
