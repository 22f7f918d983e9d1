-- 0016: a player's team (club, school or team) on their entry, for a round-based event's
-- [pairing] avoid_teams (team-mates are not paired while the field allows) and the team
-- a .t or TRF export writes. Empty: no team.
ALTER TABLE entries ADD COLUMN team TEXT NOT NULL DEFAULT '';
