"""The competition formats, one package each: knockout, rounds, club, ladder."""
