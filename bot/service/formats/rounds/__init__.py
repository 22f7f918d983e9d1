"""Round-based events: a Swiss, a round robin, King of the Hill, paired by the core."""
