"""A round-based event's stored rounds, matches and games as the core's ``Division``: the
one place they are converted, for pairing, standings, ``/why`` and the exports.

Players are numbered as tsh numbers them, by rating (highest first; equal ratings in the
order they were entered), so that round robins and first byes follow the seeding. Each
match is one game of the division in its round (a tsh ``.t`` file has one result a round):

- a decided match: a win (1), loss (0) or, level on games, a tie (half each);
  the scores are those of its one game, or for a longer match the totals of its played
  games, the winner's raised by any spread the games alone do not show (game byes and
  forfeits, SSSg para 28), so that the game's spread is the match's; a match decided with
  no game played (a match bye, para 27) is a forfeit;
- a requested bye (the player was unavailable, ``availability.py``): the event's
  ``requested_bye_points`` (half a point or none), with no spread;
- a bye: a win worth the event's ``bye_spread`` (Director's Manual, "Odd Number of Players"), or
  at chess ``bye_points`` (USCF guide: a 1-point bye; or half a point);
- a match still being played: a meeting (the pair has met, for the repeat rules) that is
  not in the standings (``GameKind.UNPLAYED``), as ``tdbot files pair`` counts a round paired
  ahead of its results;
- who went first: the starter of its first game (or the pairing's choice, p12).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from bot.service.events.definitions import Definition, PairingDef, definition_of
from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import Round, rounds_of
from bot.service.people.entries import entries_of, entry_of_person, get_entry
from bot.service.platform.errors import Invalid
from bot.service.results.matches import core_matches
from bot.store import games_repo, matches_repo
from bot.store.db import Tx
from bot.store.entries_repo import Entry, EntryState
from bot.store.games_repo import GameRow
from bot.store.matches_repo import MatchView
from bot.words.said import said
from core.knockout.match import MatchGameKind, MatchStage, MatchState
from core.pairing.why import Why
from core.tournament import Division, Game, GameKind, Player

#: The source of a requested bye's empty side: the player said they were unavailable for
#: the round (``availability.py``); worth ``requested_bye_points``, with no spread.
ABSENT = "absent"
#: Match states whose match is over and counts in the standings.
DONE = (MatchStage.DECIDED, MatchStage.BYE)
#: Match states of a pair that has met but has no result yet.
MEETING = (MatchStage.READY, MatchStage.PLAYING)


def _all_done(states: Collection[str]) -> bool:
    """A round is complete: it is paired and every match in it is over."""
    return bool(states) and all(s in DONE for s in states)


async def round_complete(tx: Tx, round_id: int) -> bool:
    """``RoundsEvent.complete`` of one round, read from its matches' states alone: a result
    asks whether it completed its round, which loading the event would answer at the cost
    of every match and game of the event."""
    return _all_done(await matches_repo.states_of_round(tx, round_id))


@dataclass(frozen=True)
class RoundsEvent:
    """A round-based event as the core sees it, with the stored rows it came from."""

    event: Event
    pairing: PairingDef
    definition: Definition
    division: Division
    entries: dict[int, Entry]  # player number -> entry
    numbers: dict[int, int]  # entry id -> player number
    rounds: list[Round]  # Round 1 .. Round N, in order
    matches: list[MatchView]

    def matches_of(self, number: int) -> list[MatchView]:
        """The matches of round ``number``."""
        ids = {r.id for r in self.rounds if r.seq == number}
        return [m for m in self.matches if m.round_id in ids]

    def complete(self, number: int) -> bool:
        """Round ``number`` is paired and every match in it is over."""
        return _all_done([m.state for m in self.matches_of(number)])

    def unfinished(self, number: int) -> list[MatchView]:
        return [m for m in self.matches_of(number) if m.state not in DONE]

    def last_complete(self) -> int:
        """The last round up to which every round is complete (0: none yet)."""
        done = 0
        for rnd in self.rounds:
            if not self.complete(rnd.seq):
                break
            done = rnd.seq
        return done


@dataclass(frozen=True)
class Reason:
    """Why a player was paired as they were in round ``round`` (``/why``): the pairing's
    reason as the core gave it when the round was paired ("" when they were not paired:
    withdrawn or expelled; the English text an earlier version kept, where it kept text),
    kept with the match."""

    round: int
    name: str
    opponent: str | None  # None: a bye, or not paired
    reason: Why | str
    gibson: bool


def pairing_of(event: Event) -> tuple[Definition, PairingDef]:
    """The event's definition and its [pairing] table; ``Invalid`` for another format."""
    defn = definition_of(event)
    if event.format != "rounds" or defn.pairing is None:
        raise Invalid(said("{event} is not a round-based event: standings, pairings and /why "
                           "are for round-based events; /bracket shows a knockout",
                           event=event.name))
    return defn, defn.pairing


def _number_order(entries: list[Entry]) -> list[Entry]:
    return sorted(entries, key=lambda e: (-e.rating, e.id))


def _scores(games: list[GameRow], state: MatchState) -> tuple[int, int]:
    """The match's two scores (see the module's docstring): its played games' totals, the
    spread the games alone do not show added to the side it favours."""
    played = [games[i] for i in state.counted if games[i].kind == MatchGameKind.PLAYED]
    a = sum(g.score_a or 0 for g in played)
    b = sum(g.score_b or 0 for g in played)
    missing = state.spread[0] - (a - b)
    return (a + missing, b) if missing > 0 else (a, b - missing)


def _game(number: int, m: MatchView, nums: tuple[int, int | None], state: MatchState | None,
          games: list[GameRow], bye_spread: int, bye_points: float = 1.0,
          requested_points: float = 0.5) -> Game | None:
    a, b = nums
    if m.sources[1] == ABSENT:  # a round the player said they could not play: no spread
        return Game(number, a, None, requested_points, score_a=0, kind=GameKind.BYE)
    if m.state == MatchStage.BYE or b is None:
        return Game(number, a, None, bye_points, score_a=bye_spread, kind=GameKind.BYE)
    first_side = m.first_starter
    if first_side is None and games and games[0].starter_side is not None:
        first_side = games[0].starter_side
    first = None if first_side is None else nums[first_side]
    if m.state in MEETING:
        return Game(number, a, b, 0.0, 0.0, first=first, kind=GameKind.UNPLAYED)
    if m.state != MatchStage.DECIDED or state is None:
        return None
    # a level match is a tie whatever a knockout's tiebreak (SSSg para 17) would say
    level = state.points[0] == state.points[1]
    points = (0.5, 0.5) if level else ((1.0, 0.0) if state.winner == 0 else (0.0, 1.0))
    score_a, score_b = _scores(games, state)
    played = any(games[i].kind == MatchGameKind.PLAYED for i in state.counted)
    return Game(number, a, b, points[0], points[1], score_a, score_b, first=first,
                kind=GameKind.PLAYED if played else GameKind.FORFEIT)


#: The tables a ``RoundsEvent`` is read from: a write to any of them in the transaction
#: makes the one loaded before it stale (``Tx.remembered``).
READS = ("events", "entries", "people", "rounds", "matches", "games")


async def load_rounds_event(tx: Tx, event_id: int) -> RoundsEvent:
    """The event's players and every result so far as a ``Division`` (module docstring).

    Loaded once per transaction while nothing it is read from changes: a decided match
    asks for it to open the next round (``auto_pair``) and again for the group's standings,
    and in a large event each load is most of a report's time (``bench.round_event``)."""
    kept = tx.remembered(("rounds-event", event_id), READS)
    if kept is not None:
        assert isinstance(kept, RoundsEvent)
        return kept
    state = await _load(tx, event_id)
    tx.remember(("rounds-event", event_id), READS, state)
    return state


async def _load(tx: Tx, event_id: int) -> RoundsEvent:
    event = await get_event(tx, event_id)
    defn, pairing = pairing_of(event)
    entries = _number_order(await entries_of(tx, event_id))
    numbers = {e.id: n for n, e in enumerate(entries, start=1)}
    players = tuple(Player(n, e.name, e.rating, team=e.team, active=e.state == EntryState.ACTIVE)
                    for n, e in enumerate(entries, start=1))
    rounds = sorted(await rounds_of(tx, event_id), key=lambda r: r.seq)
    seq_of = {r.id: r.seq for r in rounds}
    matches = await matches_repo.of_event(tx, event_id)
    decided = [m for m in matches if m.state == MatchStage.DECIDED]
    stored = await games_repo.games_of_event(tx, event_id)  # once, for both uses
    states = {m.id: c.state() for m, c in zip(decided, await core_matches(tx, decided, stored),
                                               strict=True)}
    out = _games(matches, numbers, seq_of, states, stored, pairing)
    paired = max((g.round for g in out), default=0)
    division = Division(name=event.slug, players=players, games=tuple(out), rounds=paired)
    return RoundsEvent(event, pairing, defn, division, {n: e for e, n in
                       ((e, numbers[e.id]) for e in entries)}, numbers, rounds, matches)


def _games(matches: list[MatchView], numbers: dict[int, int], seq_of: dict[int, int],
           states: dict[int, MatchState], stored: dict[int, list[GameRow]],
           pairing: PairingDef) -> list[Game]:
    """The division's games of ``matches``, in their order (module docstring); a match
    of an entry not numbered is left out."""
    out: list[Game] = []
    for m in matches:
        a = numbers.get(m.entries[0]) if m.entries[0] is not None else None
        if a is None:
            continue
        b = numbers.get(m.entries[1]) if m.entries[1] is not None else None
        game = _game(seq_of[m.round_id], m, (a, b), states.get(m.id), stored.get(m.id, []),
                     pairing.bye_spread, pairing.bye_points, pairing.requested_bye_points)
        if game is not None:
            out.append(game)
    return out


async def own_results(tx: Tx, event: Event, pairing: PairingDef, person_id: int
                      ) -> tuple[Division, int] | None:
    """The person's results in the round-based event, as ``results_only`` of its load
    holds them, in a ``Division`` of them and their opponents numbered by entry id, with
    their own number; None when they have no entry. What their rating estimate is made
    from (``core.ratings.player_estimate``), read from their own matches' rows: a result
    in a 1,000-player event then reads two players' games, not the field's
    (``python -m bench.site``). ``pairing``: the event's (``pairing_of``)."""
    entry = await entry_of_person(tx, event.id, person_id)
    if entry is None:
        return None
    matches = await matches_repo.of_entry(tx, entry.id)
    seq_of = {r.id: r.seq for r in await rounds_of(tx, event.id)}
    decided = [m for m in matches if m.state == MatchStage.DECIDED]
    stored = {m.id: await games_repo.games_of(tx, m.id) for m in decided}
    states = {m.id: c.state() for m, c in zip(decided, await core_matches(tx, decided, stored),
                                               strict=True)}
    met = {n for m in matches for n in m.entries if n is not None}
    entries = [entry, *[await get_entry(tx, n) for n in sorted(met - {entry.id})]]
    numbers = {e.id: e.id for e in entries}
    games = tuple(g for g in _games(matches, numbers, seq_of, states, stored, pairing)
                  if g.kind != GameKind.UNPLAYED)
    players = tuple(Player(e.id, e.name, e.rating, team=e.team,
                           active=e.state == EntryState.ACTIVE) for e in entries)
    return Division(event.slug, players, games, max((g.round for g in games), default=0)), entry.id


def results_only(division: Division) -> Division:
    """The division without the meetings of matches still being played (the standings and
    the files a TD exports hold results)."""
    games: Any = tuple(g for g in division.games if g.kind != GameKind.UNPLAYED)
    last = max((g.round for g in games), default=0)
    return Division(division.name, division.players, games, last, division.meta)
