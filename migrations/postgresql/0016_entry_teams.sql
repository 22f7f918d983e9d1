-- PostgreSQL's copy of ../0016_entry_teams.sql (the same statement): a player's team.
ALTER TABLE entries ADD COLUMN team TEXT NOT NULL DEFAULT '';
