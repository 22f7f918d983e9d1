"""Single elimination: the plate division and any plain knockout.

Seed: ``003_053a0fd902066061.txt`` (SSSg 2016), Annex A para 2: the plate is "a single
elimination tournament with sufficient byes in the first round to bring the total number of
competitors up to the nearest power of 2", byes to the top players by rating
(``core.seeding`` draws them); footnote 4 gives its best-of per round.
"""

from __future__ import annotations

from core.bracket import Bracket, BracketMatch, Part, Source, next_power_of_two, round_name
from core.schedule import BestOfSchedule


def single_elimination(
    players: int, schedule: BestOfSchedule, *, name: str = "single", prefix: str = "M"
) -> Bracket:
    """The (unseated) bracket for ``players`` players: rounds of the next power of two.

    Match ids are ``prefix`` + a number in play order (round by round, top to bottom).
    """
    if players < 2:
        raise ValueError(f"a knockout needs at least 2 players, got {players}")
    size = next_power_of_two(players)
    levels = size.bit_length() - 1
    matches: list[BracketMatch] = []
    previous: list[str] = []
    for r in range(1, levels + 1):
        count = size >> r
        current = []
        for i in range(count):
            mid = f"{prefix}{len(matches) + 1}"
            if r == 1:
                slots = (Source.of_seat(2 * i), Source.of_seat(2 * i + 1))
            else:
                slots = (Source.winner(previous[2 * i]), Source.winner(previous[2 * i + 1]))
            matches.append(
                BracketMatch(
                    id=mid,
                    part=Part.UPPER,
                    round=r,
                    round_name=round_name(count),
                    level=r,
                    slots=slots,
                    best_of=schedule.best_of(r, levels),
                )
            )
            current.append(mid)
        previous = current
    return Bracket(name=name, kind="single", size=size, matches=tuple(matches))
