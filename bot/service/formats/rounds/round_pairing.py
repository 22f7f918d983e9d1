"""A round of a round-based event paired by its system: the one pairing behind the real
rounds (``round_events.pair_division``) and the rounds ``/chances`` simulates
(``bot.service.formats.rounds.chances``), so a simulated round is paired exactly as a real one would be.
"""

from __future__ import annotations

from dataclasses import replace

from bot.service.events.definitions import PairingDef
from bot.service.events.pairing_options import system_options
from bot.service.platform.errors import Invalid
from bot.words.said import said
from core.pairing.engine import Reasoned, same_team_pairs
from core.pairing.options import gibson_decision, params_of
from core.tournament import Division, Pairings


def pair_on(pairing: PairingDef, division: Division, number: int, scored: int, *,
            absent: frozenset[int] = frozenset(),
            apart: Reasoned = ()) -> tuple[Pairings, frozenset[frozenset[int]]]:
    """Round ``number`` of ``division`` paired by ``pairing``'s system, with the Gibson rule
    on the standings after ``scored`` complete rounds when the event uses it; and the pairs
    the Gibson rule fixed. The one pairing of a round-based event: the real rounds and the
    rounds ``/chances`` simulates are paired here.

    The players ``absent`` (numbers: unavailable for the round, ``availability.py``) are left
    out, and the pairs ``apart`` (forbidden by a TD or the definition) are kept apart, with
    the team-mates of ``avoid_teams``, by every system that takes forbidden pairs (the
    engine's ``forbidden``: Swiss, Portland, King of the Hill, factored); a fixed table
    cannot."""
    system, options = system_options(pairing)
    fn = system.load()
    division = replace(division, games=tuple(g for g in division.games if g.round < number))
    if absent:
        division = replace(division, players=tuple(
            replace(p, active=False) if p.number in absent else p for p in division.players))
    options = dict(options)
    kept_apart = list(apart) if "forbidden" in params_of(system) else []
    if pairing.avoid_teams and "avoid_same_team" not in options:
        kept_apart += same_team_pairs(division)
    if kept_apart:
        options["forbidden"] = tuple(kept_apart)
    gibson: frozenset[frozenset[int]] = frozenset()
    if pairing.gibson:
        assert pairing.prize_places is not None  # the definition requires it
        known = min(scored, number - 1)
        decision = gibson_decision(division, number, scored,
                                   prize_places=pairing.prize_places,
                                   rounds_left=pairing.rounds - known,
                                   top_places=pairing.top_places, spread=pairing.gibson_spread)
        options["fixed"] = decision.pairs
        gibson = frozenset(frozenset(p) for p in decision.fixed)
    try:
        pairings = fn(division, number, **options)
    except (ValueError, TypeError) as exc:
        raise Invalid(said("Round {number} cannot be paired by {system}: {why}", number=number,
                           system=pairing.system, why=str(exc))) from None
    return pairings, gibson
