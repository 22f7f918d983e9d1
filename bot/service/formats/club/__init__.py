"""Club nights: sessions, check-in, pairing each round, session fees."""
