"""Pairing systems for round-based events.

Tables (round robin, snake, quads...) live in their own modules; the optimising systems
(King of the Hill, factored, modified and Portland Swiss) share :mod:`core.pairing.engine`.
:mod:`core.pairing.registry` maps the command-line names to the functions. Nothing is
imported here, so that one module's trouble cannot break the others.
"""
