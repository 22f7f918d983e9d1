"""Who may be offered an expelled player's slot, in the order a TD should ask.

Source: SSSg 2016, Annex A para 29 and footnote 11.

Para 29 lets the organizers offer the slot to "his opponent from the previous round, or
the best-performing loser from the previous round", losers "ranked by wins then spread"
(footnote 11). The core lists the candidates in that order with a reason a TD can read;
whether to offer at all stays the organizers' choice ("at the organizers' discretion").

Who is left out: the expelled players themselves, and anyone the caller names as
``ineligible`` (in a double elimination an upper-bracket loser is still playing in the
lower bracket and cannot take a second slot; the bracket knows who that is, the core does
not). A loser whose match was given away as a match bye (para 27: its games are void)
played nothing to be ranked on: such players come after every loser who played.

Several expulsions at once (para 29 allows "any combination"): every slot first gets its
own expelled player's opponent. Slots left without one take the best remaining losers in
turn; then the rest of the losers are dealt to the slots one by one in ranking order, so
each slot's list is in ranking order and no player is offered two slots.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from core.knockout.match import Decision, Match


@dataclass(frozen=True)
class RoundMatch:
    """A finished match of the previous round and who played it (side 0, side 1)."""

    players: tuple[str, str]
    match: Match

    def __post_init__(self) -> None:
        if len(self.players) != 2 or self.players[0] == self.players[1]:
            raise ValueError(
                f"a previous-round match needs two different players, got {self.players!r} "
                "(use an empty name for a bracket bye)"
            )


@dataclass(frozen=True)
class Candidate:
    """One player who may be offered a freed slot; ``reason`` is for the TD to read."""

    name: str
    reason: str
    wins: float
    spread: int


@dataclass(frozen=True)
class SlotCandidates:
    """The freed slot of ``expelled`` and its candidates, best first; ``note`` says why
    the expelled player's opponent is not first, when they are not."""

    expelled: str
    candidates: tuple[Candidate, ...]
    note: str = ""


@dataclass(frozen=True)
class _Loser:
    name: str
    wins: float
    spread: int
    played: bool
    opponent: str


def _losers(previous_round: Sequence[RoundMatch]) -> list[_Loser]:
    losers = []
    for i, rm in enumerate(previous_round, start=1):
        state = rm.match.state()
        if not state.decided or state.winner is None:
            raise ValueError(
                f"previous-round match {i} ({rm.players[0]} v {rm.players[1]}) has no winner "
                f"yet ({state.score_line()}); finish or rule it before filling slots"
            )
        lose = 1 - state.winner
        if not rm.players[lose]:
            continue  # a bracket bye: nobody lost
        wins = rm.match.wins(lose)
        played = state.decision is not Decision.MATCH_BYE
        losers.append(
            _Loser(rm.players[lose], wins, state.spread[lose], played, rm.players[state.winner])
        )
    return losers


def _describe(loser: _Loser, rank: int, level_with: list[str]) -> str:
    if not loser.played:
        text = (
            f"lost to {loser.opponent} by match bye (games void, para 27): "
            "ranked after all losers who played"
        )
    else:
        text = (
            f"eligible loser #{rank} of the previous round by wins then spread "
            f"(para 29, footnote 11): {loser.wins:g} win(s), spread {loser.spread:+d}, lost to {loser.opponent}"
        )
    if level_with:
        text += f"; level on wins and spread with {', '.join(level_with)}: the organizers choose"
    return text


def candidates_for_slots(
    expelled: Sequence[str],
    previous_round: Sequence[RoundMatch],
    ineligible: Collection[str] = (),
) -> tuple[SlotCandidates, ...]:
    """The ordered candidates for each freed slot (para 29, footnote 11), one list per
    expelled player in the order given, no player in two lists."""
    if len(set(expelled)) != len(expelled):
        raise ValueError("the same player is listed as expelled twice")
    barred = set(expelled) | set(ineligible)
    opponents: dict[str, Candidate] = {}
    notes: dict[str, str] = {
        name: f"{name} did not play in the previous round: no opponent to offer"
        for name in expelled
    }
    for name in expelled:
        for rm in previous_round:
            if name not in rm.players:
                continue
            other = rm.players[1 - rm.players.index(name)]
            if not other:
                notes[name] = f"{name} had a bye in the previous round: no opponent to offer"
            elif other in expelled:
                notes[name] = f"{name}'s previous-round opponent {other} is expelled too"
            elif other in barred:
                notes[name] = f"{name}'s previous-round opponent {other} is not eligible"
            else:
                notes[name] = ""
                state = rm.match.state()
                side = rm.players.index(other)
                wins = rm.match.wins(side)
                opponents[name] = Candidate(
                    other,
                    f"{name}'s opponent in the previous round (para 29)",
                    wins,
                    state.spread[side],
                )
            break
    reserved = {c.name for c in opponents.values()}
    pool = [lo for lo in _losers(previous_round) if lo.name not in barred | reserved]
    pool.sort(key=lambda lo: (not lo.played, -lo.wins, -lo.spread, lo.name))
    ranked: list[Candidate] = []
    for rank, lo in enumerate(pool, start=1):
        level = [
            o.name
            for o in pool
            if o is not lo and (o.played, o.wins, o.spread) == (lo.played, lo.wins, lo.spread)
        ]
        ranked.append(Candidate(lo.name, _describe(lo, rank, level), lo.wins, lo.spread))
    lists: list[list[Candidate]] = [
        [opponents[name]] if name in opponents else [] for name in expelled
    ]
    queue = list(ranked)
    for slot in lists:  # slots without an opponent take the best losers first
        if not slot and queue:
            slot.append(queue.pop(0))
    turn = 0
    while queue and lists:
        lists[turn % len(lists)].append(queue.pop(0))
        turn += 1
    return tuple(
        SlotCandidates(name, tuple(slot), notes[name])
        for name, slot in zip(expelled, lists, strict=True)
    )


def expulsion_candidates(
    expelled: str,
    previous_round: Sequence[RoundMatch],
    ineligible: Collection[str] = (),
) -> tuple[Candidate, ...]:
    """Para 29: the expelled player's previous-round opponent, then the previous round's
    losers by wins then spread (footnote 11)."""
    return candidates_for_slots([expelled], previous_round, ineligible)[0].candidates
