"""A club night: pairing the players who came, what each owes, and the wins to celebrate.

All from the NASPA Director's Manual, the club chapters:

- "Pairing Players at Club": "Some clubs are run very casually ... Others use a rigid
  ladder system, and many others pair players using a modified King-of-the-Hill method
  adjusted to avoid repeats." So a club chooses ``koth`` (tonight's standings), ``ladder``
  (the club's standing record, fixed for the night) or ``random`` (a seeded draw); every
  method goes through the project's one matcher (:func:`core.pairing.engine.match`), which
  keeps to the method's table and moves away from it only to avoid a repeat or a pair the
  newcomer rules forbid.
- Same section: "For newcomers, try not to match them against the top players in your
  club"; "Suggestions from Club Directors": "Do not pair a newcomer with an expert" and
  "Try to avoid pairing two newcomers together". Both become forbidden pairs, the engine's
  highest tier: they are broken only when no pairing of the field avoids them, and then
  the pair's reason says so.
- "Player Fees at Club": "a modest fee ... per club meeting", "a Senior Citizen discount or
  ... a student discount", "Often fees are waived for the first session attended by a
  newcomer" ("Suggestions from Club Directors": "nonpayment of fees" for "the newcomer's
  first few visits", so the number of free sessions is the club's).
- "Expert Points": "one point for each club game win"; "Some typical levels of achievement
  are: 50, 100, 250, 500 and 1000 Club wins."

Pure: no clock, no I/O; a random draw takes its seed as an argument.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from core.pairing.byes import bye_game, choose_bye
from core.pairing.engine import Rules, match
from core.pairing.factored import factored_table
from core.pairing.history import History, Pair, history_before, pair_key
from core.pairing.why import Why, why
from core.standings import scrabble_standings
from core.tournament import Division, Game, GameKind, Pairings, Player

#: "Some typical levels of achievement are: 50, 100, 250, 500 and 1000 Club wins"
#: (Director's Manual, Expert Points).
MILESTONES = (50, 100, 250, 500, 1000)


class Method(StrEnum):
    """How a club pairs (Director's Manual, Pairing Players at Club)."""

    KOTH = "koth"  # modified King of the Hill on tonight's standings, avoiding repeats
    LADDER = "ladder"  # neighbours on the club's ladder (its record before tonight)
    RANDOM = "random"  # a seeded draw, still avoiding repeats and the newcomer rules


class ByeRule(StrEnum):
    """What the odd player out gets: a bye worth ``bye_spread``, or simply sitting out."""

    SPREAD = "spread"
    SIT_OUT = "sit-out"


@dataclass(frozen=True)
class ClubRules:
    """One club's choices. ``newcomer_sessions``: a player who attended fewer sessions
    than this before tonight is a newcomer; ``protect_top``: how many of tonight's
    highest-rated regulars a newcomer should not meet; ``free_sessions``: how many of a
    newcomer's first sessions cost nothing. Amounts are exact Decimals."""

    method: Method = Method.KOTH
    newcomer_sessions: int = 3
    protect_top: int = 4
    bye: ByeRule = ByeRule.SPREAD
    bye_spread: int = 50
    fee: Decimal = Decimal(0)
    student_fee: Decimal | None = None
    senior_fee: Decimal | None = None
    free_sessions: int = 1

    def __post_init__(self) -> None:
        for name in ("newcomer_sessions", "protect_top", "bye_spread", "free_sessions"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number, 0 or more, got {value!r}")
        for name in ("fee", "student_fee", "senior_fee"):
            amount = getattr(self, name)
            if amount is not None and (not isinstance(amount, Decimal)
                                       or not amount.is_finite() or amount < 0):
                raise ValueError(f"{name} must be an amount of 0 or more, got {amount!r}")

    def is_newcomer(self, member: Member) -> bool:
        return member.sessions < self.newcomer_sessions


@dataclass(frozen=True)
class Member:
    """A checked-in player and the club's record of them before tonight.

    ``wins``/``spread``: club games won and total spread on record (the ladder, and the
    expert points: one per club win); ``sessions``: sessions attended before tonight;
    ``joined``: the first round they play tonight (a latecomer joins from the next round
    after checking in)."""

    number: int
    name: str
    rating: int = 0
    sessions: int = 0
    wins: int = 0
    spread: int = 0
    student: bool = False
    senior: bool = False
    joined: int = 1


def _check_members(members: Sequence[Member]) -> dict[int, Member]:
    by_number: dict[int, Member] = {}
    for m in members:
        if m.number < 1:
            raise ValueError(f"player {m.name!r}: numbers start at 1, got {m.number}")
        if m.number in by_number:
            raise ValueError(f"player number {m.number} is given twice "
                             f"({by_number[m.number].name!r} and {m.name!r})")
        if m.sessions < 0 or m.wins < 0 or m.joined < 1:
            raise ValueError(f"player {m.number} ({m.name}): sessions and wins must be 0 or "
                             f"more and the round joined 1 or more")
        by_number[m.number] = m
    return by_number


def _check_games(games: Sequence[Game], known: Mapping[int, Member]) -> None:
    seen: set[tuple[int, int]] = set()
    for g in games:
        for p in (g.a, g.b):
            if p is None:
                continue
            if p not in known:
                raise ValueError(f"round {g.round}: there is no checked-in player {p}")
            if (g.round, p) in seen:
                raise ValueError(f"round {g.round}: player {p} has two games")
            seen.add((g.round, p))
        if g.b == g.a:
            raise ValueError(f"round {g.round}: player {g.a} cannot play themself")


def _division(members: Sequence[Member], games: Sequence[Game]) -> Division:
    return Division("club", tuple(Player(m.number, m.name, m.rating) for m in members),
                    tuple(games))


def _history(division: Division, round_number: int) -> History:
    """Meetings and byes tonight; sitting out counts as a bye so that it goes round."""
    base = history_before(division, round_number)
    byes = dict(base.byes)
    for g in division.games:
        if g.round < round_number and g.b is None and g.kind == GameKind.UNPLAYED:
            byes[g.a] = byes.get(g.a, 0) + 1
    return History(base.met, base.balance, byes)


def bye_result(rules: ClubRules, round_number: int, player: int) -> Game:
    """The result the odd player out records, by the club's rule: a win with
    ``bye_spread`` (Director's Manual, "Odd Number of Players": +50), or sitting out, which is
    neither a win nor a loss and scores nothing."""
    if rules.bye == ByeRule.SPREAD:
        return bye_game(round_number, player, rules.bye_spread)
    return Game(round_number, player, None, 0.0, kind=GameKind.UNPLAYED)


def _order(rules: ClubRules, present: Sequence[Member], division: Division,
           round_number: int, seed: int | None) -> tuple[list[int], str]:
    """The order the method pairs from (1v2, 3v4 ...), and its name for the reasons."""
    numbers = {m.number for m in present}
    if rules.method == Method.KOTH:
        standings = scrabble_standings(division.up_to_round(round_number - 1))
        return [s.number for s in standings if s.number in numbers], "koth"
    if rules.method == Method.LADDER:
        ladder = sorted(present, key=lambda m: (-m.wins, -m.spread, -m.rating, m.number))
        return [m.number for m in ladder], "ladder"
    if seed is None:
        raise ValueError("a random draw needs a seed (say which, so it can be drawn again)")
    drawn = sorted(numbers)
    random.Random(f"club-night:{seed}:{round_number}").shuffle(drawn)
    return drawn, "random"


def newcomer_pairs(rules: ClubRules, present: Sequence[Member]) -> dict[Pair, Why]:
    """The pairs the newcomer rules forbid among ``present``, keyed by
    :func:`pair_key`, each with its reason: a newcomer against one of the
    ``protect_top`` highest-rated regulars ("Do not pair a newcomer with an expert"), or
    two newcomers ("avoid pairing two newcomers together"; Director's Manual, Pairing
    Players at Club and Suggestions from Club Directors)."""
    new = [m for m in present if rules.is_newcomer(m)]
    regulars = sorted((m for m in present if not rules.is_newcomer(m)),
                      key=lambda m: (-m.rating, m.number))
    top = regulars[:rules.protect_top]
    out: dict[Pair, Why] = {}
    for i, a in enumerate(new):
        for b in new[i + 1:]:
            out[pair_key(a.number, b.number)] = why("two_newcomers", a=a.number, b=b.number)
        for t in top:
            out[pair_key(a.number, t.number)] = why("newcomer_v_top", player=a.number,
                                                    top=t.number, places=rules.protect_top)
    return out


def _note(a: int, b: int, rules: ClubRules, by_number: Mapping[int, Member],
          forbidden: Mapping[Pair, Why]) -> tuple[Why, ...]:
    """Why a pair with a newcomer in it is fine by the newcomer rules."""
    if pair_key(a, b) in forbidden:
        return ()
    new = [x for x in (a, b) if rules.is_newcomer(by_number[x])]
    if len(new) != 1:
        return ()
    other = b if new[0] == a else a
    return (why("newcomer_ok", player=new[0], other=other, places=rules.protect_top),)


def _noted(reason: Why, notes: tuple[Why, ...]) -> Why:
    """``reason`` with ``notes`` added to the engine's own notes."""
    if not notes:
        return reason
    values = reason.named()
    kept = values.get("notes", ())
    return replace(reason, values=(*((k, v) for k, v in reason.values if k != "notes"),
                                   ("notes", (*(kept if isinstance(kept, tuple) else ()),
                                              *notes))))


def pair_club_round(members: Sequence[Member], games: Sequence[Game], round_number: int,
                    rules: ClubRules, *, seed: int | None = None) -> Pairings:
    """Pair round ``round_number`` of a club night.

    ``members`` are everyone checked in tonight; those whose ``joined`` round is later
    are not in this round. ``games`` are tonight's results so far (rounds after the one
    being paired are ignored). The method's table (1v2, 3v4 ... on its order) goes to the
    engine with the newcomer rules as forbidden pairs, so a newcomer meets a top player
    or another newcomer only when the field leaves no other way, and a repeat of tonight
    is made only when no other pairing keeps those rules (Director's Manual, Pairing
    Players at Club: "a modified King-of-the-Hill method adjusted to avoid repeats").

    With an odd number present one player has the bye, chosen as in a tournament (seed
    000, "Odd Number of Players": the first bye to the lowest-rated rated player, then
    the lowest placed who has had fewest); if that player's absence would force a pair
    the newcomer rules forbid, or a repeat of tonight, the next in that order takes it
    instead, when that avoids it (the newcomer rules first: "adjusted to avoid repeats").
    The bye's reason says what it is worth by the club's rule (:func:`bye_result`).
    """
    if round_number < 1:
        raise ValueError(f"round must be 1 or more, got {round_number}")
    by_number = _check_members(members)
    _check_games(games, by_number)
    present = [m for m in members if m.joined <= round_number]
    if len(present) < 2:
        raise ValueError(f"round {round_number}: {len(present)} player(s) present; "
                         "a round needs at least 2")
    division = _division(members, games)
    history = _history(division, round_number)
    order, label = _order(rules, present, division, round_number, seed)
    forbidden = newcomer_pairs(rules, present)
    engine_rules = Rules(avoid_repeats=True, forbidden=forbidden)

    def pair(players: list[int]) -> tuple[tuple[Pair, Why], ...]:
        table = [(pq, why("club_table", order=label, a=r.named()["a"], b=r.named()["b"]))
                 for pq, r in factored_table(players, 2)]
        return match(players, table, history, engine_rules)

    def broken(paired: tuple[tuple[Pair, Why], ...]) -> tuple[int, int]:
        """The newcomer rules broken, then the repeats of tonight, by a pairing."""
        return (sum(1 for (p, q), _ in paired if pair_key(p, q) in forbidden),
                sum(1 for (p, q), _ in paired if history.times_met(p, q)))

    byes: tuple[int, ...] = ()
    bye_reason: Why | None = None
    passed: tuple[Why, ...] = ()
    if len(order) % 2:
        pool = list(order)
        best: tuple[int, Why, tuple[tuple[Pair, Why], ...]] | None = None
        while pool:
            candidate, because = choose_bye(division, pool, history)
            paired = pair([p for p in order if p != candidate])
            if best is None or broken(paired) < broken(best[2]):
                best = (candidate, because, paired)
            if broken(paired) == (0, 0):
                break
            pool.remove(candidate)
        assert best is not None  # the pool held at least one player
        bye, bye_reason, paired = best
        first, _ = choose_bye(division, order, history)
        if bye != first:
            without_first = broken(pair([p for p in order if p != first]))
            passed = (why("bye_passed", player=first, newcomers=int(without_first[0] > 0)),)
        byes = (bye,)
    else:
        paired = pair(list(order))
    reasons: list[tuple[Pair, Why]] = [
        ((p, q), _noted(text, _note(p, q, rules, by_number, forbidden))) for (p, q), text in paired
    ]
    if byes and bye_reason is not None:
        worth = (why("bye_spread", spread=rules.bye_spread) if rules.bye == ByeRule.SPREAD
                 else why("bye_sits_out"))
        reasons.append(((byes[0], 0), why("club_bye", player=byes[0], rule=bye_reason,
                                          passed=passed, worth=worth)))
    return Pairings(round_number, tuple(p for p, _ in paired), byes, tuple(reasons))


#: Why a player owes what they owe tonight (``Fee.reason``, stored with the check-in, in
#: English; the bot says it in its reader's language by these).
CLUB_FEE, STUDENT_RATE, SENIOR_RATE = "club fee", "student rate", "senior rate"
FREE_VISIT = "newcomer's session {visit} of {free} free"
FREE_VISIT_SEEN = re.compile(r"newcomer's session (\d+) of (\d+) free")


@dataclass(frozen=True)
class Fee:
    """What one checked-in player owes tonight, and why."""

    number: int
    amount: Decimal
    reason: str


def session_fee(member: Member, rules: ClubRules) -> Fee:
    """The fee for tonight (Director's Manual, Player Fees at Club): nothing for a
    newcomer's first ``free_sessions`` sessions ("fees are waived for the first session
    attended by a newcomer"), else the student or senior rate where the club has one
    (the lower if both apply), else the club's fee."""
    if member.sessions < rules.free_sessions:
        visit = member.sessions + 1
        return Fee(member.number, Decimal(0),
                   FREE_VISIT.format(visit=visit, free=rules.free_sessions))
    options = [(rules.fee, CLUB_FEE)]
    if member.student and rules.student_fee is not None:
        options.append((rules.student_fee, STUDENT_RATE))
    if member.senior and rules.senior_fee is not None:
        options.append((rules.senior_fee, SENIOR_RATE))
    amount, why = min(options, key=lambda o: o[0])
    return Fee(member.number, amount, why)


def session_fees(members: Sequence[Member], rules: ClubRules) -> tuple[Fee, ...]:
    """Every checked-in player's fee for tonight, in the order given."""
    _check_members(members)
    return tuple(session_fee(m, rules) for m in members)


def club_wins(games: Sequence[Game], number: int) -> int:
    """Club games ``number`` won: a point each (Director's Manual, Expert Points: "one point
    for each club game win"). A bye or a forfeit is no game played and wins no point."""
    return sum(1 for g in games if g.kind == GameKind.PLAYED and g.b is not None
               and g.involves(number) and g.points_of(number) == 1.0)


def milestones_crossed(before: int, after: int) -> tuple[int, ...]:
    """The expert-point levels reached going from ``before`` to ``after`` points: each
    level is crossed exactly once, by the night that takes a player to it or past it."""
    if before < 0 or after < before:
        raise ValueError(f"points go from {before} up to {after}: they never go down")
    return tuple(level for level in MILESTONES if before < level <= after)


@dataclass(frozen=True)
class Milestone:
    """A level to announce: ``number`` reached ``level`` club wins tonight."""

    number: int
    name: str
    level: int


def night_milestones(members: Sequence[Member], games: Sequence[Game]) -> tuple[Milestone, ...]:
    """The expert-point levels tonight's wins take players to, to announce (Director's
    Manual, Expert Points): ``Member.wins`` is their points before tonight."""
    by_number = _check_members(members)
    _check_games(games, by_number)
    return tuple(Milestone(m.number, m.name, level) for m in members
                 for level in milestones_crossed(m.wins, m.wins + club_wins(games, m.number)))


@dataclass(frozen=True)
class PlayerRecord:
    """A player's club record across nights ("keep a record of each player's statistics
    at the club", Director's Manual, Administrative Functions)."""

    games: int
    wins: int
    total_score: int
    scored_games: int
    high_game: int | None

    @property
    def average_score(self) -> Fraction | None:
        """Exact; ``None`` before any game with a score."""
        return Fraction(self.total_score, self.scored_games) if self.scored_games else None


def player_record(nights: Sequence[Sequence[Game]], number: int) -> PlayerRecord:
    """``number``'s games, wins (expert points), average and high score over ``nights``.
    Only games played against an opponent count; byes and sitting out do not."""
    games = wins = total = scored = 0
    high: int | None = None
    for night in nights:
        for g in night:
            if g.kind != GameKind.PLAYED or g.b is None or not g.involves(number):
                continue
            games += 1
            wins += g.points_of(number) == 1.0
            own = g.score_a if number == g.a else g.score_b
            if own is not None:
                total += own
                scored += 1
                high = own if high is None else max(high, own)
    return PlayerRecord(games, wins, total, scored, high)
