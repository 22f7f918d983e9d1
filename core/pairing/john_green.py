"""The John Green system: seven players, five round robin rounds and a KOTH round.

Director's Manual, appendix "John Green System (RR/KOH)": in a seven-player division playing five
round robin rounds and one King of the Hill, six of the seven get a bye. Giving the first
five to the bottom seeds would leave the sixth to one of the top two, "likely to affect
who wins prizes". So "the first five BYEs were assigned to the top five seeds. The sixth
BYE was assigned to whichever of the bottom two seeds had the poorer record through the
first five rounds." The five rounds are rounds 1, 2, 3, 5 and 6 of the seed's seven-round
Berger table (leaving out the rounds that give the byes to seeds 7 and 6), transcribed
below; round 6 gives the bye as above and pairs the other six King of the Hill
(:mod:`core.pairing.koth`; a last round, so repeats stand).

Seeds are the rating order before round 1 (#1 the highest rated). Poorer record: lower
in the Scrabble standings (wins, then spread; :func:`core.standings.scrabble_standings`).
"""

from __future__ import annotations

from dataclasses import replace

from core.pairing.koth import pair_koth
from core.pairing.round_robin import Pair, table_pairings
from core.pairing.snake import ranking_before
from core.pairing.tables import NotATable, TableBlock
from core.pairing.why import why
from core.standings import scrabble_standings
from core.tournament import Division, Pairings

#: Director's Manual's "full seven round Round Robin schedule by Berger Table pairings", by seed
#: number; the player left out of a round has the bye.
BERGER_7: tuple[tuple[Pair, ...], ...] = (
    ((2, 7), (3, 6), (4, 5)),  # Rd 1: 1-BYE
    ((1, 2), (4, 7), (5, 6)),  # Rd 2: 3-BYE
    ((1, 3), (2, 4), (6, 7)),  # Rd 3: 5-BYE
    ((1, 4), (2, 6), (3, 5)),  # Rd 4: 7-BYE
    ((1, 5), (3, 7), (4, 6)),  # Rd 5: 2-BYE
    ((1, 6), (2, 3), (5, 7)),  # Rd 6: 4-BYE
    ((1, 7), (2, 5), (3, 4)),  # Rd 7: 6-BYE
)

#: The Berger rounds the John Green system plays, in order (Director's Manual).
JOHN_GREEN_ROUNDS = (1, 2, 3, 5, 6)


def john_green_table() -> tuple[tuple[tuple[Pair, ...], int], ...]:
    """Rounds 1-5 by seed: (pairs, the seed with the bye)."""
    out = []
    for berger in JOHN_GREEN_ROUNDS:
        pairs = BERGER_7[berger - 1]
        seated = {p for pair in pairs for p in pair}
        (bye,) = set(range(1, 8)) - seated
        out.append((pairs, bye))
    return tuple(out)


def pair_john_green(division: Division, round_number: int) -> Pairings:
    """Pair round 1-6 of a seven-player John Green event."""
    seeds = ranking_before(division, 1)
    if len(seeds) != 7:
        raise ValueError(
            f"the John Green system is for exactly 7 players; division {division.name!r} "
            f"has {len(seeds)}"
        )
    if 1 <= round_number <= 5:
        pairs, bye = john_green_table()[round_number - 1]
        player = {k: seeds[k - 1] for k in range(1, 8)}
        where = why("john_green", round=round_number, berger=JOHN_GREEN_ROUNDS[round_number - 1])
        table = tuple((player[a], player[b]) for a, b in pairs)
        return table_pairings(division, round_number, [(where, table, player[bye])])
    if round_number == 6:
        return _koth_round(division, seeds)
    raise ValueError(f"the John Green system has rounds 1 to 6, not {round_number}")


def john_green_block(division: Division, round_number: int) -> TableBlock:
    """Rounds 1-5 are a table of the seeds; round 6 is King of the Hill on the
    standings after round 5, its bye to the poorer record of seeds 6 and 7 (Director's Manual),
    so it waits for round 5's results."""
    if round_number == 6:
        raise NotATable(
            "John Green round 6 is King of the Hill on the standings after round 5, with "
            "the last bye to the poorer record of seeds 6 and 7 (Director's Manual); pair it once "
            "round 5 has results"
        )
    if not 1 <= round_number <= 5:
        raise ValueError(f"the John Green system has rounds 1 to 6, not {round_number}")
    return TableBlock(1, 5, then="round 6 is King of the Hill on the standings after round 5")


def _koth_round(division: Division, seeds: list[int]) -> Pairings:
    sixth, seventh = seeds[5], seeds[6]
    order = [s.number for s in scrabble_standings(division.up_to_round(5))]
    bye = sixth if order.index(sixth) > order.index(seventh) else seventh
    other = seventh if bye == sixth else sixth
    rest = replace(
        division,
        players=tuple(replace(p, active=p.active and p.number != bye) for p in division.players),
    )
    koth = pair_koth(rest, 6, repeats=True)
    reason = why("bye", player=bye, rule=why("john_green_bye", player=bye, other=other))
    byes = tuple(sorted({*koth.byes, bye})) if division.player(bye).active else koth.byes
    return Pairings(round=6, pairs=koth.pairs, byes=byes, reasons=(*koth.reasons, ((bye, 0), reason)))
