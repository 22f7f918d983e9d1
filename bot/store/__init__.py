"""Storage: the SQLite database, its migrations and the repositories that own SQL."""
