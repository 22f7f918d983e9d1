"""Single elimination: the plate division and any plain knockout.

Source: SSSg 2016, Annex A para 2: the plate is "a single
elimination tournament with sufficient byes in the first round to bring the total number of
competitors up to the nearest power of 2", byes to the top players by rating
(``core.knockout.seeding`` draws them); footnote 4 gives its best-of per round.

Third place (footnote 8 on the plate final: "See paragraph 8 and footnote 4 for additional
information on a possible third-place match"). Para 8 gives the plate one placing prize per
four players, so a plate of 12 or more pays a third place, which the semi-final losers
would otherwise split by wins and spread. ``third_place=True`` adds a match between them,
played alongside the final and counted as the final's round (the same best-of).
"""

from __future__ import annotations

from core.knockout.bracket import Bracket, BracketMatch, Part, Source, next_power_of_two, round_name
from core.knockout.round_names import RoundOf, Stage, name_of
from core.schedule import BestOfSchedule


def single_elimination(
    players: int,
    schedule: BestOfSchedule,
    *,
    name: str = "single",
    prefix: str = "M",
    third_place: bool = False,
) -> Bracket:
    """The (unseated) bracket for ``players`` players: rounds of the next power of two.

    Match ids are ``prefix`` + a number in play order (round by round, top to bottom); a
    third-place match, if asked for and there are semi-finals, comes last.
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
    if third_place and levels >= 2:
        semis = [m for m in matches if m.round == levels - 1]
        matches.append(
            BracketMatch(
                id=f"{prefix}{len(matches) + 1}",
                part=Part.UPPER,
                round=levels,
                round_name=name_of(RoundOf(Stage.THIRD_PLACE)),
                level=levels,
                slots=(Source.loser(semis[0].id), Source.loser(semis[1].id)),
                best_of=schedule.best_of(levels, levels),
                third_place=True,
            )
        )
    return Bracket(name=name, kind="single", size=size, matches=tuple(matches))
