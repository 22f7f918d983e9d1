-- 0037: a player's matches found through indexes: by entry (matches_repo.of_entry) and by
-- person (matches_repo.of_person, through their entries), where every match of every event
-- was read to find a result's two players' few (python -m bench.site).
CREATE INDEX matches_entry_a ON matches (entry_a);
CREATE INDEX matches_entry_b ON matches (entry_b);
CREATE INDEX entries_person ON entries (person_id);
