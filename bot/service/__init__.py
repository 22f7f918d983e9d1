"""Use-cases of TDBot. Each takes a transaction ``tx`` first and ``now`` (aware UTC) as an
argument, never imports ``telegram``, and writes what people must be told to the outbox."""
