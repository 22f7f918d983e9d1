"""The competition formats, one package each (knockout, rounds, club, ladder), behind one
seam: what a format answers (``seam.Format``), the registry that finds an event's format
(``registry``, which names the packages and loads each on first use)."""
