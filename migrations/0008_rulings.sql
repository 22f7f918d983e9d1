-- TD rulings on whole matches (SSSg 2016 Annex A para 27).
--
-- match_bye_side: a match bye a TD gave (para 27): that side advances and every game of
--   the match is void (the core's ``Match.match_bye``). A walkover of the draw needs none:
--   its state is 'bye'.
ALTER TABLE matches ADD COLUMN match_bye_side INTEGER CHECK (match_bye_side IN (0, 1));
