"""Knockout events (SSSg): the bridge to the core's knockout engine."""
