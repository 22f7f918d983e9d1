"""Knockouts: best-of-N matches, brackets, seeding, the qualifying round, double and
single elimination, and the SSSg event built from them."""
