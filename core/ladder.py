"""A club challenge ladder: who may challenge whom, deadlines, and how results move rungs.

Source: the NASPA Director's Manual, "Starting & Directing a
SCRABBLE Club", *Pairing Players at Club*: some clubs "use a rigid ladder system", and
the director is told to "use a pairing method that you think will work best, and modify,
if necessary, to suit the needs of your players". The manual names the ladder and leaves
its working to the club, so almost everything here is a **club rule**: a field of
:class:`LadderRules` with a default a club may change. Where the manual does speak it is
cited: newcomers start at the bottom because it advises "for newcomers, try not to match
them against the top players in your club" and to match them against "your club's lower
rated players"; and the director is "the final arbiter in game decisions", which is why
nothing here rules on a disputed score (a result is recorded as the director enters it).

Shape. A :class:`Ladder` is the rules and the order of names, top first. A
:class:`LadderState` is everything else a ladder remembers: every :class:`Challenge`
(open and closed, a journal-friendly record of plain fields) and when each player was
last active. Every action is a pure function ``(ladder, state, ..., now) -> Step``; a
:class:`Step` holds the new ladder, the new state and the :class:`LadderEvent` lines to
announce. Time is always the ``now`` argument. A request the rules refuse raises
:class:`LadderRefused`, whose message says why and what to do; nothing is half-applied.

The order is a function of the ladder's start order and its log (joins, challenges
closed, idle drops, departures): :func:`replayed` works it out, and every action keeps
``ladder.names`` equal to it. That is what lets a director correct a result already
played (:func:`correct_result`, :func:`reopen`): the corrected challenge keeps its place
in the log and every rung after it is worked out again, while later challenges stand as
they were made.

A ladder challenge is won only by winning it (:func:`match_winner`): a challenge level
on game-points leaves the defender on their rung.

Invariants the tests hold: the ladder is always a permutation of its players; a player
has at most one open challenge (as challenger or challenged); a challenger is always
below the player challenged while the challenge is open (moves keep the relative order
of everyone not involved), and :func:`expire` applied twice at the same ``now`` changes
nothing the second time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from core.knockout.match import Decision, Match, MatchGame, MatchState
from core.names import tidy
from core.phrases import Phrase, PhraseValue, phrase


class LadderRefused(ValueError):
    """A request the ladder's rules refuse; ``said`` says why and what to do, in no
    language yet (``core.phrases``: the bot writes it in its reader's language, as it
    writes the ladder's lines); ``str()`` is its English."""

    def __init__(self, said: Phrase) -> None:
        self.said = said
        super().__init__(str(said))


def status_phrase(status: ChallengeStatus) -> Phrase:
    """A challenge's state as a refusal names it."""
    return {ChallengeStatus.ISSUED: phrase("waiting for an answer"),
            ChallengeStatus.ACCEPTED: phrase("accepted, not yet played"),
            ChallengeStatus.PLAYED: phrase("already played"),
            ChallengeStatus.FORFEITED: phrase("won by forfeit"),
            ChallengeStatus.VOID: phrase("void (no result)")}[status]


class LadderRulesError(ValueError):
    """Club rules that cannot work together; ``said`` names the field and a fix, in no
    language yet (``core.phrases``: an organiser reads it in their language); ``str()`` is
    its English."""

    def __init__(self, said: Phrase) -> None:
        self.said = said
        super().__init__(str(said))


def _either(options: list[str]) -> Phrase | str:
    """Choices one of which is wanted: "'a' or 'b'", "'a', 'b' or 'c'"."""
    out: Phrase | str = options[-1]
    if len(options) > 1:
        out = phrase("{some} or {last}", some=", ".join(options[:-1]), last=options[-1])
    return out


class OnWin(StrEnum):
    """Club rule: how a challenger who wins climbs."""

    LEAPFROG = "leapfrog"  # the winner takes the loser's rung; those between move down one
    SWAP = "swap"  # the two exchange rungs; nobody else moves


class Lapse(StrEnum):
    """Club rule: what an accepted challenge not played by its deadline becomes."""

    FORFEIT = "forfeit"  # the challenger wins by forfeit
    VOID = "void"  # nothing happens on the ladder


class Decline(StrEnum):
    """Club rule: what declining a challenge means."""

    FORFEIT = "forfeit"  # the challenger wins by forfeit (a ladder must be defended)
    VOID = "void"  # the challenge is dropped; nobody moves


class Idle(StrEnum):
    """Club rule: what happens to a player idle for ``idle_days``."""

    DROP = "drop"  # drops ``idle_drop`` rungs
    LEAVE = "leave"  # leaves the ladder


@dataclass(frozen=True)
class Reach:
    """How far up a player may challenge: ``places`` rungs, or ``percent`` of those above.

    A share is rounded up and never less than one rung, so the player just below can
    always be challenged: "25%" lets the 9th challenge ceil(8 * 0.25) = 2 rungs up.
    """

    places: int | None = None
    percent: int | None = None

    @classmethod
    def parse(cls, text: str | int) -> Reach:
        raw = str(text).strip()
        if raw.endswith("%"):
            number = raw[:-1].strip()
            if not number.isdigit() or not 1 <= int(number) <= 100:
                raise LadderRulesError(phrase(
                    "reach {typed}: a share must be a whole percent from 1% to 100%, e.g. "
                    "'25%'", typed=repr(raw)))
            return cls(percent=int(number))
        if not raw.isdigit() or int(raw) < 1:
            raise LadderRulesError(phrase(
                "reach {typed}: give a number of places, 1 or more (e.g. '3'), or a share of "
                "those above (e.g. '25%')", typed=repr(raw)))
        return cls(places=int(raw))

    def rungs(self, above: int) -> int:
        """How many of the ``above`` players above may be challenged."""
        if above <= 0:
            return 0
        if self.percent is not None:
            return min(above, max(1, math.ceil(above * self.percent / 100)))
        assert self.places is not None
        return min(above, self.places)

    def __str__(self) -> str:
        return f"{self.percent}%" if self.percent is not None else str(self.places)


#: A rule that is a whole number, by its unit (one message each, so that each language
#: words its unit).
_WHOLE: dict[str, Callable[..., Phrase]] = {
    "hours": lambda **v: phrase("{name} = {typed}: give a whole number of hours, {least} or "
                                "more", **v),
    "days": lambda **v: phrase("{name} = {typed}: give a whole number of days, {least} or "
                               "more", **v),
    "rungs": lambda **v: phrase("{name} = {typed}: give a whole number of rungs, {least} or "
                                "more", **v),
    "games": lambda **v: phrase("{name} = {typed}: give a whole number of games, {least} or "
                                "more", **v),
}


def _whole(name: str, value: object, least: int, unit: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise LadderRulesError(_WHOLE[unit](name=name, typed=repr(value), least=least))
    return value


def _choice(name: str, value: object, kind: type[StrEnum]) -> Any:
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return kind(value)
    except ValueError:
        raise LadderRulesError(phrase("{name} = {typed}: give {options}", name=name,
                                      typed=repr(value),
                                      options=_either([repr(k.value) for k in kind]))) from None


@dataclass(frozen=True)
class LadderRules:
    """A club's ladder rules. Every field is a club rule (the Director's Manual names the
    ladder but leaves its working to the club); the defaults are a common club ladder.

    - ``reach``: how far up a player may challenge: N places ("3") or a share of those
      above ("25%"), see :class:`Reach`.
    - ``accept_hours``: the challenged accepts within this, or the challenger wins by
      forfeit (an unanswered challenge must not freeze the ladder).
    - ``play_days``: an accepted challenge is played within this many days of its
      acceptance, or it lapses as ``lapse`` says (forfeit to the challenger, or void).
    - ``decline``: declining is a forfeit to the challenger, or voids the challenge.
    - ``on_win``: a challenger who wins leapfrogs (takes the loser's rung, those between
      move down one) or swaps rungs with the loser.
    - ``idle_days``/``idle``/``idle_drop``: a player with no ladder activity for
      ``idle_days`` drops ``idle_drop`` rungs, or leaves the ladder.
    - ``cooldown_days``: the same two may not meet again in a challenge for this long
      after a challenge between them was decided (played or forfeited).
    - ``best_of``: games in a challenge: 1 or an odd number, so one side always wins
      the majority unless games are tied.

    One open challenge per player (as challenger or challenged) is a fixed rule of this
    ladder: it is what keeps the rungs it plays for from moving under it.
    """

    reach: Reach = field(default_factory=lambda: Reach(places=3))
    accept_hours: int = 48
    play_days: int = 7
    lapse: Lapse = Lapse.FORFEIT
    decline: Decline = Decline.FORFEIT
    on_win: OnWin = OnWin.LEAPFROG
    idle_days: int = 30
    idle: Idle = Idle.DROP
    idle_drop: int = 1
    cooldown_days: int = 7
    best_of: int = 1

    def __post_init__(self) -> None:
        if isinstance(self.reach, (str, int)) and not isinstance(self.reach, bool):
            object.__setattr__(self, "reach", Reach.parse(self.reach))
        if not isinstance(self.reach, Reach):
            raise LadderRulesError(phrase("reach = {typed}: give e.g. '3' or '25%'",
                                          typed=repr(self.reach)))
        _whole("accept_hours", self.accept_hours, 1, "hours")
        _whole("play_days", self.play_days, 1, "days")
        _whole("idle_days", self.idle_days, 1, "days")
        _whole("idle_drop", self.idle_drop, 1, "rungs")
        _whole("cooldown_days", self.cooldown_days, 0, "days")
        best = _whole("best_of", self.best_of, 1, "games")
        if best % 2 == 0:
            raise LadderRulesError(phrase(
                "best_of = {best}: give 1 or an odd number (3, 5, ...) so that a challenge "
                "has a winner", best=best))
        for name, kind in (("lapse", Lapse), ("decline", Decline), ("on_win", OnWin),
                           ("idle", Idle)):
            object.__setattr__(self, name, _choice(name, getattr(self, name), kind))

    @property
    def accept_within(self) -> timedelta:
        return timedelta(hours=self.accept_hours)

    @property
    def play_within(self) -> timedelta:
        return timedelta(days=self.play_days)

    @property
    def cooldown(self) -> timedelta:
        return timedelta(days=self.cooldown_days)

    @property
    def idle_after(self) -> timedelta:
        return timedelta(days=self.idle_days)


RULE_FIELDS = ("reach", "accept_hours", "play_days", "lapse", "decline", "on_win",
               "idle_days", "idle", "idle_drop", "cooldown_days", "best_of")


def rules_from_mapping(values: Mapping[str, object]) -> LadderRules:
    """Club rules from a plain mapping (a TOML table, JSON): unknown keys are refused by
    name so that a misspelt rule is not silently the default."""
    unknown = sorted(set(values) - set(RULE_FIELDS))
    if unknown:
        raise LadderRulesError(phrase("unknown ladder rule(s) {unknown}: the rules are {rules}",
                                      unknown=", ".join(unknown), rules=", ".join(RULE_FIELDS)))
    return LadderRules(**values)  # type: ignore[arg-type]


def rules_to_mapping(rules: LadderRules) -> dict[str, object]:
    """The rules as plain values, the inverse of :func:`rules_from_mapping`."""
    out: dict[str, object] = {}
    for name in RULE_FIELDS:
        value = getattr(rules, name)
        out[name] = str(value) if isinstance(value, (Reach, StrEnum)) else value
    return out


class ChallengeStatus(StrEnum):
    ISSUED = "issued"  # waiting for the challenged to accept
    ACCEPTED = "accepted"  # to be played by ``play_by``
    PLAYED = "played"  # decided over the board
    FORFEITED = "forfeited"  # won by the challenger without play
    VOID = "void"  # ended with no result (withdrawn, declined where that is allowed, lapsed)


OPEN = (ChallengeStatus.ISSUED, ChallengeStatus.ACCEPTED)


@dataclass(frozen=True)
class LadderGame:
    """One game of a challenge: scores as (challenger, challenged), and who started if
    it was said (starts do not decide a ladder challenge: see :func:`record_result`).

    Not a ``core.knockout.match.MatchGame``: the ladder's journal keeps a challenge's games
    by the challenge's two names, with no sides, byes or forfeits of its own."""

    challenger_score: int
    challenged_score: int
    starter: str | None = None


@dataclass(frozen=True)
class Challenge:
    """One challenge, as the journal keeps it: plain fields, times in the caller's zone.

    ``rungs`` is (challenger's, challenged's) rung, 1 = top, when it was issued; ``why``
    says in words how it ended ("won 2-1", "not accepted within 48 h").
    """

    number: int
    challenger: str
    challenged: str
    issued_at: datetime
    accept_by: datetime
    rungs: tuple[int, int]
    status: ChallengeStatus = ChallengeStatus.ISSUED
    accepted_at: datetime | None = None
    play_by: datetime | None = None
    games: tuple[LadderGame, ...] = ()
    winner: str | None = None
    closed_at: datetime | None = None
    why: str = ""

    @property
    def is_open(self) -> bool:
        return self.status in OPEN

    @property
    def players(self) -> tuple[str, str]:
        return (self.challenger, self.challenged)

    @property
    def deadline(self) -> datetime:
        """The deadline now running: accepting, then playing."""
        if self.status is ChallengeStatus.ACCEPTED:
            assert self.play_by is not None
            return self.play_by
        return self.accept_by


@dataclass(frozen=True)
class Ladder:
    """The club's rules and the order of names, top first (rung 1 is ``names[0]``)."""

    names: tuple[str, ...]
    rules: LadderRules = field(default_factory=LadderRules)

    def __post_init__(self) -> None:
        names = tuple(self.names)
        object.__setattr__(self, "names", names)
        seen: set[str] = set()
        for name in names:
            if not isinstance(name, str) or not tidy(name):
                raise LadderRefused(phrase("a player's name is empty: give every player a "
                                           "name"))
            if tidy(name).casefold() in seen:
                raise LadderRefused(phrase(
                    "'{name}' is on the ladder twice: give each player once (add an initial "
                    "to tell two people of one name apart)", name=name))
            seen.add(tidy(name).casefold())

    def rung(self, name: str) -> int:
        """``name``'s rung, 1 = top."""
        try:
            return self.names.index(name) + 1
        except ValueError:
            if not self.names:
                raise LadderRefused(phrase("'{name}' is not on the ladder: join them first "
                                           "(nobody is on it yet)", name=name)) from None
            raise LadderRefused(phrase(
                "'{name}' is not on the ladder: join them first, or give one of {names}",
                name=name, names=", ".join(self.names))) from None


class LogKind(StrEnum):
    JOINED = "joined"  # ``names[0]`` joined at the bottom
    CLOSED = "closed"  # ``challenge`` was closed (its winner, if the challenger, climbed)
    IDLE = "idle"  # ``names`` dropped ``idle_drop`` rungs together
    LEFT = "left"  # ``names`` left the ladder together


@dataclass(frozen=True)
class Logged:
    """One line of a ladder's log: something that moved, or could have moved, rungs.

    The log holds only what the order depends on, in the order it happened: joins,
    challenges closed (played, forfeited or void: the challenge's own record says who
    won), idle drops and departures. Challenges being issued and accepted move nobody
    and are kept in ``LadderState.challenges`` with their times."""

    kind: LogKind
    at: datetime
    challenge: int | None = None
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class LadderState:
    """What a ladder remembers besides its order: every challenge, open and closed, when
    each player was last active (joined, challenged, accepted or played), the order the
    ladder ``start``-ed from and its ``log``. The order is always :func:`replayed` from
    ``start`` and ``log`` (the tests hold this), which is what lets a director's
    correction of a result re-derive every rung after it (:func:`correct_result`)."""

    challenges: tuple[Challenge, ...] = ()
    last_active: Mapping[str, datetime] = field(default_factory=dict)
    start: tuple[str, ...] = ()
    log: tuple[Logged, ...] = ()

    def open_of(self, name: str) -> Challenge | None:
        """``name``'s open challenge, as challenger or challenged."""
        for c in self.challenges:
            if c.is_open and name in c.players:
                return c
        return None

    def next_number(self) -> int:
        return max((c.number for c in self.challenges), default=0) + 1


class EventKind(StrEnum):
    JOINED = "joined"
    CHALLENGED = "challenged"
    ACCEPTED = "accepted"
    GAME = "game"
    WON = "won"
    MOVED = "moved"
    HELD = "held"
    FORFEITED = "forfeited"
    VOID = "void"
    IDLE_DROP = "idle drop"
    LEFT = "left"
    CORRECTED = "corrected"  # a director changed a played challenge's result
    REOPENED = "reopened"  # a director's ruling left a played challenge undecided


@dataclass(frozen=True)
class LadderEvent:
    """One thing to announce, as words in no language yet (``core.phrases``: each reader
    reads them in their own; a chat adapter escapes the names)."""

    kind: EventKind
    said: Phrase
    challenge: int | None = None
    player: str | None = None  # the one player an event without a challenge is about

    @property
    def text(self) -> str:
        """The line in English (the journal's record, a test)."""
        return str(self.said)


@dataclass(frozen=True)
class Step:
    """What an action made: the new ladder, the new state, and what to announce."""

    ladder: Ladder
    state: LadderState
    events: tuple[LadderEvent, ...] = ()


@dataclass(frozen=True)
class Targets:
    """Whom ``name`` may challenge now: ``allowed`` top first, ``excluded`` (name, why)
    for those within reach who may not be challenged now, and ``note`` when nobody is
    (or what the reach is), in words for the player (``core.phrases``)."""

    allowed: tuple[str, ...]
    excluded: tuple[tuple[str, Phrase], ...]
    note: Phrase


def _active(state: LadderState, names: tuple[str, ...], now: datetime) -> dict[str, datetime]:
    out = dict(state.last_active)
    for name in names:
        out[name] = now
    return out


def _replace_challenge(state: LadderState, new: Challenge) -> tuple[Challenge, ...]:
    return tuple(new if c.number == new.number else c for c in state.challenges)


def _cooldown_until(ladder: Ladder, state: LadderState, a: str, b: str) -> datetime | None:
    """When ``a`` and ``b`` may meet again (club rule ``cooldown_days``), from the last
    challenge between them that was decided; None if no cooldown runs."""
    ends = [c.closed_at for c in state.challenges
            if set(c.players) == {a, b} and c.status in (ChallengeStatus.PLAYED, ChallengeStatus.FORFEITED)
            and c.closed_at is not None]
    if not ends or ladder.rules.cooldown_days == 0:
        return None
    return max(ends) + ladder.rules.cooldown


def _busy(state: LadderState, name: str, me: str) -> Phrase | None:
    c = state.open_of(name)
    if c is None:
        return None
    other = c.challenged if c.challenger == name else c.challenger
    if name == me:
        return phrase("you have an open challenge (#{number} with {other}): one at a time; it "
                      "must be played, withdrawn or lapse first (deadline {deadline})",
                      number=c.number, other=other, deadline=c.deadline)
    return phrase("{name} has an open challenge (#{number} with {other}): one at a time; it "
                  "must be played, withdrawn or lapse first (deadline {deadline})", name=name,
                  number=c.number, other=other, deadline=c.deadline)


def who_may_challenge(ladder: Ladder, state: LadderState, name: str, now: datetime) -> Targets:
    """Whom ``name`` may challenge at ``now``: those within reach above (club rule
    ``reach``), less anyone with an open challenge (one at a time) or still in the
    cooldown with ``name`` (club rule ``cooldown_days``), each with the reason."""
    rung = ladder.rung(name)
    rules = ladder.rules
    if rung == 1:
        return Targets((), (), phrase("{name} is at the top: others challenge them",
                                     name=name))
    span = rules.reach.rungs(rung - 1)
    in_reach = ladder.names[rung - 1 - span:rung - 1]
    note = phrase("{name} (rung {rung}) may challenge up to {span} rung(s) up (reach {reach})",
                  name=name, rung=rung, span=span, reach=str(rules.reach))
    mine = _busy(state, name, name)
    if mine is not None:
        return Targets((), tuple((n, mine) for n in in_reach), note)
    allowed: list[str] = []
    excluded: list[tuple[str, Phrase]] = []
    for other in in_reach:
        busy = _busy(state, other, name)
        until = _cooldown_until(ladder, state, name, other)
        if busy is not None:
            excluded.append((other, busy))
        elif until is not None and now < until:
            excluded.append((other, phrase(
                "you met {other} recently: you may challenge them again from {until} "
                "(cooldown {days} days)", other=other, until=until, days=rules.cooldown_days)))
        else:
            allowed.append(other)
    return Targets(tuple(allowed), tuple(excluded), note)


def challenge(ladder: Ladder, state: LadderState, challenger: str, challenged: str,
              now: datetime) -> Step:
    """``challenger`` challenges ``challenged``, who has ``accept_hours`` to accept."""
    if challenger == challenged:
        raise LadderRefused(phrase("{challenger} cannot challenge themself: name a player "
                                   "above", challenger=challenger))
    mine, theirs = ladder.rung(challenger), ladder.rung(challenged)
    if theirs > mine:
        raise LadderRefused(phrase(
            "{challenged} (rung {theirs}) is below {challenger} (rung {mine}): a ladder "
            "challenge goes up; they may challenge you instead", challenged=challenged,
            theirs=theirs, challenger=challenger, mine=mine))
    targets = who_may_challenge(ladder, state, challenger, now)
    if challenged not in targets.allowed:
        why = dict(targets.excluded).get(challenged)
        if why is None:
            raise LadderRefused(phrase("{challenged} (rung {theirs}) is out of reach: {note}",
                                       challenged=challenged, theirs=theirs,
                                       note=targets.note))
        raise LadderRefused(why)
    number = state.next_number()
    made = Challenge(number=number, challenger=challenger, challenged=challenged,
                     issued_at=now, accept_by=now + ladder.rules.accept_within,
                     rungs=(mine, theirs))
    event = LadderEvent(EventKind.CHALLENGED, phrase(
        "{challenger} (rung {mine}) challenged {challenged} (rung {theirs}), challenge "
        "#{number}: accept it by {accept_by}, or it goes to {challenger} by forfeit.",
        challenger=challenger, mine=mine, challenged=challenged, theirs=theirs,
        number=number, accept_by=made.accept_by), number)
    new = replace(state, challenges=state.challenges + (made,),
                  last_active=_active(state, (challenger,), now))
    return Step(ladder, new, (event,))


def _open_as(state: LadderState, name: str, role: str) -> Challenge:
    c = state.open_of(name)
    if c is None:
        raise LadderRefused(phrase("{name} has no open challenge", name=name))
    if role == "challenged" and c.challenged != name:
        raise LadderRefused(phrase(
            "{name} is the challenger in #{number} ({name} v {challenged}): only "
            "{challenged} answers it; {name} may withdraw it", name=name, number=c.number,
            challenged=c.challenged))
    if role == "challenger" and c.challenger != name:
        raise LadderRefused(phrase(
            "{name} was challenged in #{number} by {challenger}: only the challenger "
            "withdraws; {name} accepts or declines", name=name, number=c.number,
            challenger=c.challenger))
    return c


def _check_deadline(c: Challenge, now: datetime) -> None:
    if now >= c.deadline:
        values: dict[str, PhraseValue] = dict(number=c.number, challenger=c.challenger,
                                              challenged=c.challenged, by=c.deadline)
        if c.status is ChallengeStatus.ISSUED:
            raise LadderRefused(phrase(
                "#{number} ({challenger} v {challenged}) was not accepted by {by}: it lapsed; "
                "apply the deadlines to settle it", **values))
        raise LadderRefused(phrase(
            "#{number} ({challenger} v {challenged}) was not played by {by}: it lapsed; "
            "apply the deadlines to settle it", **values))


def accept(ladder: Ladder, state: LadderState, name: str, now: datetime) -> Step:
    """``name`` accepts the challenge made to them; it is to be played within
    ``play_days`` (club rule)."""
    c = _open_as(state, name, "challenged")
    if c.status is not ChallengeStatus.ISSUED:
        raise LadderRefused(phrase("#{number} is already accepted: play it by {by}",
                                   number=c.number, by=c.deadline))
    _check_deadline(c, now)
    done = replace(c, status=ChallengeStatus.ACCEPTED, accepted_at=now,
                   play_by=now + ladder.rules.play_within)
    event = LadderEvent(EventKind.ACCEPTED, phrase(
        "{name} accepted {challenger}'s challenge #{number}: play it by {play_by}.",
        name=name, challenger=c.challenger, number=c.number, play_by=done.deadline),
        c.number)
    new = replace(state, challenges=_replace_challenge(state, done),
                  last_active=_active(state, (name,), now))
    return Step(ladder, new, (event,))


def _moved(names: tuple[str, ...], rule: OnWin, winner: str, loser: str) -> tuple[str, ...]:
    """A challenger's win (club rule ``on_win``). Leapfrog: the winner takes the loser's
    rung and those between move down one. Swap: the two exchange rungs. A winner already
    above the loser stays where they are: after a corrected result, a later challenge
    made on the old rungs may find its challenger above (it stands as made, and nobody
    moves); so does a result whose winner or loser is no longer on the ladder."""
    if winner not in names or loser not in names:
        return names
    order = list(names)
    w, lo = order.index(winner), order.index(loser)
    if w < lo:
        return names
    if rule is OnWin.SWAP:
        order[w], order[lo] = order[lo], order[w]
    else:
        order.pop(w)
        order.insert(lo, winner)
    return tuple(order)


def _dropped(names: tuple[str, ...], idle: set[str], drop: int) -> tuple[str, ...]:
    """Idle players drop ``drop`` rungs (club rule ``idle_drop``): each goes just below
    whoever is ``drop`` rungs under them now, so idle neighbours keep their order."""
    def key(item: tuple[int, str]) -> float:
        at, name = item
        return at + drop + 0.5 if name in idle else at

    return tuple(n for _, n in sorted(enumerate(names), key=key))


def replayed(rules: LadderRules, state: LadderState) -> tuple[str, ...]:
    """The order the ladder's ``start`` and ``log`` give: joins at the bottom, each
    closed challenge won by its challenger moved by ``on_win``, idle drops and departures,
    in the order they happened. A challenge's result is read from its record now, so a
    corrected result moves (or stops moving) its players at its place in the log."""
    names = tuple(state.start)
    by_number = {c.number: c for c in state.challenges}
    for line in state.log:
        if line.kind is LogKind.JOINED:
            names += line.names
        elif line.kind is LogKind.CLOSED:
            assert line.challenge is not None
            c = by_number[line.challenge]
            if c.winner == c.challenger:
                names = _moved(names, rules.on_win, c.challenger, c.challenged)
        elif line.kind is LogKind.IDLE:
            names = _dropped(names, set(line.names), rules.idle_drop)
        else:
            names = tuple(n for n in names if n not in line.names)
    return names


def _close(state: LadderState, done: Challenge) -> LadderState:
    """``done`` is closed: its record replaced and its line added to the log."""
    assert done.closed_at is not None
    line = Logged(LogKind.CLOSED, done.closed_at, done.number)
    return replace(state, challenges=_replace_challenge(state, done), log=state.log + (line,))


def _won(ladder: Ladder, state: LadderState, c: Challenge, now: datetime, status: ChallengeStatus,
         why: Phrase, kind: EventKind) -> Step:
    """The challenger won ``c`` (played or by forfeit): move, close, announce. A challenge
    won without a game is not said as one the challenged was beaten in ("beat")."""
    moved = replace(ladder, names=_moved(ladder.names, ladder.rules.on_win, c.challenger,
                                         c.challenged))
    done = replace(c, status=status, winner=c.challenger, closed_at=now, why=str(why))
    before = ladder.rung(c.challenger)
    after = moved.rung(c.challenger)
    who: dict[str, str | int | Phrase] = dict(challenger=c.challenger, challenged=c.challenged,
                                              number=c.number, why=why)
    won = (phrase("{challenger} wins challenge #{number} against {challenged} without a "
                  "game ({why}).", **who)
           if status is ChallengeStatus.FORFEITED else
           phrase("{challenger} beat {challenged} in challenge #{number} ({why}).", **who))
    events = [LadderEvent(kind, won, c.number)]
    if after != before:
        events.append(LadderEvent(EventKind.MOVED, phrase(
            "{challenger} climbs from rung {before} to {after}; {challenged} is now rung "
            "{rung}.", challenger=c.challenger, before=before, after=after,
            challenged=c.challenged, rung=moved.rung(c.challenged)), c.number))
    return Step(moved, _close(state, done), tuple(events))


def _void(state: LadderState, c: Challenge, now: datetime, why: Phrase) -> LadderState:
    return _close(state, replace(c, status=ChallengeStatus.VOID, closed_at=now, why=str(why)))


def decline(ladder: Ladder, state: LadderState, name: str, now: datetime) -> Step:
    """``name`` declines the challenge made to them: a forfeit to the challenger, or the
    challenge is void (club rule ``decline``)."""
    c = _open_as(state, name, "challenged")
    if c.status is not ChallengeStatus.ISSUED:
        raise LadderRefused(phrase(
            "#{number} is already accepted: it is played by {by}, or lapses ({lapse})",
            number=c.number, by=c.deadline,
            lapse=phrase("a forfeit to the challenger") if ladder.rules.lapse is Lapse.FORFEIT
            else phrase("void, nobody moves")))
    _check_deadline(c, now)
    if ladder.rules.decline is Decline.FORFEIT:
        return _won(ladder, state, c, now, ChallengeStatus.FORFEITED,
                    phrase("{name} declined: forfeit", name=name), EventKind.FORFEITED)
    event = LadderEvent(EventKind.VOID, phrase(
        "{name} declined {challenger}'s challenge #{number}: nobody moves.", name=name,
        challenger=c.challenger, number=c.number), c.number)
    return Step(ladder, _void(state, c, now, phrase("{name} declined", name=name)), (event,))


def withdraw(ladder: Ladder, state: LadderState, name: str, now: datetime) -> Step:
    """The challenger withdraws their open challenge: it is void and nobody moves (a
    challenger's loss would not move anyone either), and no cooldown follows."""
    c = _open_as(state, name, "challenger")
    event = LadderEvent(EventKind.VOID, phrase(
        "{name} withdrew challenge #{number} to {challenged}: nobody moves.", name=name,
        number=c.number, challenged=c.challenged), c.number)
    return Step(ladder, _void(state, c, now, phrase("{name} withdrew", name=name)), (event,))


def _as_match(ladder: Ladder, c: Challenge) -> Match:
    """The challenge as a ``core.knockout.match.Match`` (side 0 = challenger), whose rule decides
    a best-of-N: won by more than half the game-points, a tied game half each. Starts
    decide nothing on a ladder (see :func:`match_winner`), so a game whose starter was
    not said is given side 0 only because ``Match`` wants one."""
    games = tuple(MatchGame.played(1 if g.starter == c.challenged else 0,
                              g.challenger_score, g.challenged_score) for g in c.games)
    return Match(best_of=ladder.rules.best_of, games=games)


def match_winner(outcome: MatchState) -> int | None:
    """The side that wins a decided ladder challenge (side 0 = the challenger), or None
    when nobody did. A challenge is won by more than half its game-points
    (``Decision.GAMES``: ``core.knockout.match``'s best-of-N rule), or by a director's match bye
    or ruling (the Director's Manual: the director is "the final arbiter in game
    decisions"). A challenge level on game-points (a 400-400 game; 1.5-1.5 over three)
    has no winner, whatever its spread or starts: SSSg para 17 breaks such a tie because
    a knockout must send one player on, but a ladder need not. The manual names the
    "rigid ladder system" (*Pairing Players at Club*) and leaves its working to the club;
    the rule here is the one a club director expects: the challenger did not win, so the
    defender keeps the rung."""
    if outcome.decision in (Decision.GAMES, Decision.MATCH_BYE, Decision.RULING):
        return outcome.winner
    return None


def _points(outcome: MatchState, side: int) -> str:
    """'1-0, +32': game-points and spread from ``side``'s seat."""
    return (f"{outcome.points[side]:g}-{outcome.points[1 - side]:g}, "
            f"{outcome.spread[side]:+d}")


#: A one-game challenge's game (side 0 the challenger): its scores, or how it was won
#: unplayed ("by forfeit").
OneGame = tuple[int, int] | str
#: How a one-game challenge's game was won unplayed, in words for its reader.
UNPLAYED = {"by forfeit": phrase("by forfeit"), "by a game bye": phrase("by a game bye")}


def _why(outcome: MatchState, side: int | None, game: OneGame | None = None) -> Phrase:
    """How a decided challenge ended, in words for its record and its announcement. A
    challenge of one game (``game``) is said as that game ("won 412-380", "won by forfeit,
    +75"), as its players played it, not as a games score ("won 1-0, +32")."""
    seat = 0 if side is None else side
    points: Phrase | str
    if isinstance(game, tuple):
        points = f"{game[seat]}-{game[1 - seat]}"
    elif game is not None:
        spread = f"{outcome.spread[seat]:+d}"
        points = phrase("{how}, {spread}", how=UNPLAYED.get(game) or game, spread=spread)
    else:
        points = _points(outcome, seat)
    if side is None:
        return phrase("a tie, {points}: the defender keeps the rung", points=points)
    if outcome.decision is Decision.MATCH_BYE:
        how = (phrase("won {points}, a director's match bye", points=points) if side == 0
               else phrase("held {points}, a director's match bye", points=points))
    elif outcome.decision is Decision.RULING:
        how = (phrase("won {points}, a director's ruling", points=points) if side == 0
               else phrase("held {points}, a director's ruling", points=points))
    else:
        how = (phrase("won {points}", points=points) if side == 0
               else phrase("held {points}", points=points))
    return how


def record_result(ladder: Ladder, state: LadderState, scores: tuple[tuple[str, int], tuple[str, int]],
                  now: datetime, starter: str | None = None) -> Step:
    """One game of an accepted challenge: ``scores`` is two (name, score) pairs in any
    order. The challenge is decided once a side holds more than half of ``best_of``
    (club rule) game-points, the rule ``core.knockout.match`` applies to every best-of-N. If all
    the games are played and neither side holds a majority (tied games), the challenged
    keeps the rung (:func:`match_winner`). The director enters scores as final
    (Director's Manual: the director is "the final arbiter in game decisions").
    """
    (a, sa), (b, sb) = scores
    for score in (sa, sb):
        if not isinstance(score, int) or isinstance(score, bool) or score < 0:
            raise LadderRefused(phrase("score {score}: give a whole number, 0 or more",
                                       score=repr(score)))
    c = state.open_of(a)
    if c is None or set(c.players) != {a, b}:
        raise LadderRefused(phrase("{a} and {b} have no open challenge between them: "
                                   "challenge first", a=a, b=b))
    if c.status is not ChallengeStatus.ACCEPTED:
        raise LadderRefused(phrase("#{number} is not accepted yet: {challenged} accepts it "
                                   "first", number=c.number, challenged=c.challenged))
    _check_deadline(c, now)
    if starter is not None and starter not in c.players:
        raise LadderRefused(phrase("the starter '{starter}' is not in #{number}: give {a} or "
                                   "{b}", starter=starter, number=c.number, a=a, b=b))
    mine, theirs = (sa, sb) if a == c.challenger else (sb, sa)
    c = replace(c, games=c.games + (LadderGame(mine, theirs, starter),))
    game = LadderEvent(EventKind.GAME, phrase(
        "Challenge #{number}, game {game}: {challenger} {mine}, {challenged} {theirs}.",
        number=c.number, game=len(c.games), challenger=c.challenger, mine=mine,
        challenged=c.challenged, theirs=theirs), c.number)
    outcome = _as_match(ladder, c).state()
    state = replace(state, challenges=_replace_challenge(state, c),
                    last_active=_active(state, c.players, now))
    if not outcome.decided:
        return Step(ladder, state, (game,))
    step = _played(ladder, state, c, outcome, now)
    return Step(step.ladder, step.state, (game,) + step.events)


def _played(ladder: Ladder, state: LadderState, c: Challenge, outcome: MatchState,
            now: datetime, game: OneGame | None = None) -> Step:
    """Close ``c`` as played: a challenger's win moves rungs (club rule ``on_win``); the
    challenged's win, or no winner, leaves the ladder as it is (:func:`match_winner`)."""
    side = match_winner(outcome)
    why = _why(outcome, side, game)
    if side == 0:
        return _won(ladder, state, c, now, ChallengeStatus.PLAYED, why, EventKind.WON)
    winner = None if side is None else c.challenged
    done = replace(c, status=ChallengeStatus.PLAYED, winner=winner, closed_at=now, why=str(why))
    held = LadderEvent(EventKind.HELD, phrase(
        "{challenged} kept rung {rung} against {challenger} in challenge #{number} ({why}).",
        challenged=c.challenged, rung=ladder.rung(c.challenged), challenger=c.challenger,
        number=c.number, why=why), c.number)
    return Step(ladder, _close(state, done), (held,))


def _numbered(state: LadderState, number: int) -> Challenge:
    found = [c for c in state.challenges if c.number == number]
    if not found:
        raise LadderRefused(phrase("there is no challenge #{number} on this ladder",
                                   number=number))
    return found[0]


def record_decided(ladder: Ladder, state: LadderState, number: int, outcome: MatchState,
                   now: datetime, game: OneGame | None = None) -> Step:
    """An accepted challenge decided elsewhere: its games were reported, agreed and, where
    disputed, ruled on by a director (the Director's Manual: the director is "the final
    arbiter in game decisions"); ``outcome`` is the state of the match it was played as
    (side 0 = the challenger), whose winner :func:`match_winner` names. Moves rungs
    exactly as :func:`record_result` does; both players count as active. Unlike
    :func:`record_result` it is not refused after ``play_by``: the games were reported
    before the challenge lapsed, and a result's agreement window may end after it.
    ``game``: the one game a one-game challenge was (``_why``)."""
    c = _numbered(state, number)
    if c.status is not ChallengeStatus.ACCEPTED:
        raise LadderRefused(phrase("#{number} is {status}, not being played: its result "
                                   "cannot be recorded", number=number,
                                   status=status_phrase(c.status)))
    if not outcome.decided:
        raise LadderRefused(phrase("#{number} is not decided yet: its games go on",
                                   number=number))
    active = replace(state, last_active=_active(state, c.players, now))
    return _played(ladder, active, c, outcome, now, game)


def _logged_close(state: LadderState, c: Challenge, what: Phrase) -> None:
    if not any(x.kind is LogKind.CLOSED and x.challenge == c.number for x in state.log):
        raise LadderRefused(phrase(
            "#{number} was decided before this ladder kept a log of its moves, so its "
            "rungs cannot be worked out again: {what} is refused; leave the result as it "
            "is, or move the players by hand with a new ladder", number=c.number, what=what))


def correct_result(ladder: Ladder, state: LadderState, number: int, outcome: MatchState,
                   now: datetime, game: OneGame | None = None) -> Step:
    """A director changed the result of a challenge already played (a dispute ruled the
    other way, a game rescored or voided, a match bye; the Director's Manual: the
    director is "the final arbiter in game decisions"). ``outcome`` is the corrected
    match (side 0 = the challenger), still decided. The challenge takes its new result
    and the order is worked out again from the start and the log (:func:`replayed`),
    the result staying at its place in the log. Everything after it stands as made:
    challenges issued later were made on the rungs of the time and are not judged again
    (reach, one at a time); their results move their players from wherever the
    corrected order puts them (a challenger now above the challenged does not move), and
    idle drops drop the same players. The one line announced says what changed; whoever
    changed rung is told by the caller, which compares the orders. ``game``: the one
    game a one-game challenge was (``_why``)."""
    c = _numbered(state, number)
    if c.status is not ChallengeStatus.PLAYED:
        raise LadderRefused(phrase("#{number} is {status}: only a played challenge's result "
                                   "can be corrected", number=number,
                                   status=status_phrase(c.status)))
    if not outcome.decided:
        raise LadderRefused(phrase("the corrected #{number} is not decided: reopen it "
                                   "instead", number=number))
    side = match_winner(outcome)
    winner = None if side is None else c.players[side]
    why = _why(outcome, side, game)
    if (winner, str(why)) == (c.winner, c.why):
        return Step(ladder, state, ())
    _logged_close(state, c, phrase("the correction"))
    fixed = replace(state, challenges=_replace_challenge(state, replace(c, winner=winner,
                                                                        why=str(why))))
    now_ladder = replace(ladder, names=replayed(ladder.rules, fixed))
    if winner == c.winner:  # a new score, the same winner: nothing moves
        return Step(now_ladder, fixed, ())
    who: dict[str, str | int | Phrase] = dict(challenger=c.challenger, challenged=c.challenged,
                                              number=number, why=why)
    event = LadderEvent(EventKind.CORRECTED, phrase(
        "A director corrected challenge #{number}: {challenger} beat {challenged} ({why}). "
        "The rungs since are worked out again.", **who) if side == 0 else phrase(
        "A director corrected challenge #{number}: {challenged} kept the rung against "
        "{challenger} ({why}). The rungs since are worked out again.", **who), number)
    return Step(now_ladder, fixed, (event,))


def reopen(ladder: Ladder, state: LadderState, number: int, now: datetime) -> Step:
    """A director's ruling left a played challenge undecided (a game voided, so a game
    is to be played again): its result no longer stands. The challenge is accepted
    again, its line leaves the log and the order is worked out again without it
    (:func:`replayed`; later moves stand as made, as in :func:`correct_result`). Its
    players must play again, so they have ``play_days`` (club rule) from now if the old
    deadline is nearer. Refused while either player has another open challenge, which
    they made after this one was decided (one open challenge each, the rule that keeps
    rungs from moving under a challenge)."""
    c = _numbered(state, number)
    if c.status is not ChallengeStatus.PLAYED:
        raise LadderRefused(phrase("#{number} is {status}: only a played challenge can be "
                                   "reopened", number=number, status=status_phrase(c.status)))
    for name in c.players:
        other = state.open_of(name)
        if other is not None:
            raise LadderRefused(phrase(
                "{name} has challenge #{other} open, made after #{number} was decided, and a "
                "player has one open challenge at a time: rule so that #{number} stays "
                "decided (uphold it, correct the score, or give a match bye), or rule on it "
                "once #{other} is settled", name=name, other=other.number, number=number))
    _logged_close(state, c, phrase("reopening it"))
    assert c.play_by is not None
    play_by = max(c.play_by, now + ladder.rules.play_within)
    again = replace(c, status=ChallengeStatus.ACCEPTED, winner=None, closed_at=None, why="",
                    play_by=play_by)
    fixed = replace(state, challenges=_replace_challenge(state, again),
                    log=tuple(x for x in state.log
                              if not (x.kind is LogKind.CLOSED and x.challenge == number)),
                    last_active=_active(state, c.players, now))
    event = LadderEvent(EventKind.REOPENED, phrase(
        "A director reopened challenge #{number} ({challenger} v {challenged}): it is not "
        "decided now; play it by {play_by}. The rungs since are worked out again.",
        number=number, challenger=c.challenger, challenged=c.challenged,
        play_by=play_by), number)
    return Step(replace(ladder, names=replayed(ladder.rules, fixed)), fixed, (event,))


def _games_note(c: Challenge, outcome: MatchState | None) -> Phrase | str:
    """What became of the games of a challenge that lapsed part-played ("": none was)."""
    if outcome is None or not outcome.counted:
        return ""
    n = len(outcome.counted)
    points = f"{outcome.points[0]:g}-{outcome.points[1]:g}"
    score = phrase("{challenger} {points} {challenged}", challenger=c.challenger,
                   points=points, challenged=c.challenged)
    if n == 1:
        return phrase("; the game played ({score}) does not count", score=score)
    return phrase("; the {n} games played ({score}) do not count", n=n, score=score)


def expire(ladder: Ladder, state: LadderState, now: datetime,
           matches: Mapping[int, MatchState] | None = None) -> Step:
    """Apply every deadline passed at ``now``, earliest first (a forfeit moves rungs, and
    a later one must see that move). Not accepted within ``accept_hours``: forfeit to
    the challenger. Accepted but not decided within ``play_days``: ``lapse`` (club rule)
    says forfeit to the challenger or void; games played in it but not deciding it do
    not count, and the announcement says so. A challenge whose games decide it is never
    lapsed: its result stands (recorded here at its deadline if it was not yet). The
    games are the challenge's own (:func:`record_result`) or, for a challenge played as
    a match elsewhere, that match's state in ``matches`` by challenge number (side 0 =
    the challenger). Closed challenges are never touched again, so applying this twice
    at one ``now`` changes nothing the second time."""
    events: list[LadderEvent] = []
    due = sorted((c for c in state.challenges if c.is_open and c.deadline <= now),
                 key=lambda c: (c.deadline, c.number))
    for c in due:
        outcome = (matches or {}).get(c.number)
        if outcome is None and c.games:
            outcome = _as_match(ladder, c).state()
        if c.status is ChallengeStatus.ISSUED:
            why = phrase("not accepted within {hours} h: forfeit",
                         hours=ladder.rules.accept_hours)
            step = _won(ladder, state, c, c.deadline, ChallengeStatus.FORFEITED, why, EventKind.FORFEITED)
        elif outcome is not None and outcome.decided:
            step = _played(ladder, state, c, outcome, c.deadline)
        elif ladder.rules.lapse is Lapse.FORFEIT:
            why = phrase("not played within {days} days: forfeit{games}",
                         days=ladder.rules.play_days, games=_games_note(c, outcome))
            step = _won(ladder, state, c, c.deadline, ChallengeStatus.FORFEITED, why, EventKind.FORFEITED)
        else:
            why = phrase("not played within {days} days", days=ladder.rules.play_days)
            step = Step(ladder, _void(state, c, c.deadline, why), (LadderEvent(
                EventKind.VOID, phrase(
                    "Challenge #{number} ({challenger} v {challenged}) was not played "
                    "within {days} days: void, nobody moves{games}.", number=c.number,
                    challenger=c.challenger, challenged=c.challenged,
                    days=ladder.rules.play_days, games=_games_note(c, outcome)),
                c.number),))
        ladder, state = step.ladder, step.state
        events.extend(step.events)
    return Step(ladder, state, tuple(events))


def idle_drops(ladder: Ladder, state: LadderState, now: datetime) -> Step:
    """Players with no ladder activity for ``idle_days`` (club rule) drop ``idle_drop``
    rungs, or leave the ladder (club rule ``idle``). A player in an open challenge is not
    idle. A drop restarts the player's idle clock, so the next drop is ``idle_days``
    later and applying this twice at one ``now`` changes nothing. Idle players keep
    their order among themselves: two idle neighbours both drop, neither passes the other."""
    rules = ladder.rules
    idle = [n for n in ladder.names
            if state.open_of(n) is None
            and n in state.last_active and now - state.last_active[n] >= rules.idle_after]
    if not idle:
        return Step(ladder, state, ())
    active = dict(state.last_active)
    events: list[LadderEvent] = []
    if rules.idle is Idle.LEAVE:
        for name in idle:
            del active[name]
            events.append(LadderEvent(EventKind.LEFT, phrase(
                "{name} leaves the ladder: no ladder games in {days} days.", name=name,
                days=rules.idle_days), player=name))
        names = tuple(n for n in ladder.names if n not in idle)
        line = Logged(LogKind.LEFT, now, names=tuple(idle))
    else:
        names = _dropped(ladder.names, set(idle), rules.idle_drop)
        line = Logged(LogKind.IDLE, now, names=tuple(idle))
        for name in idle:
            active[name] = now
            at, to = ladder.names.index(name) + 1, names.index(name) + 1
            if to != at:
                events.append(LadderEvent(EventKind.IDLE_DROP, phrase(
                    "{name} drops from rung {at} to {to}: no ladder games in {days} days.",
                    name=name, at=at, to=to, days=rules.idle_days), player=name))
    return Step(replace(ladder, names=names),
                replace(state, last_active=active, log=state.log + (line,)), tuple(events))


def expel(ladder: Ladder, state: LadderState, name: str, now: datetime) -> Step:
    """A director expels ``name``: they leave the ladder (everyone under them moves up a
    rung, as when a player leaves it idle) and their open challenge, issued or accepted,
    ends void: nobody moves for it, since it was not played out and the ladder's rules
    give a forfeit only for a challenge declined or not played in time. The Director's
    Manual leaves a ladder's working to the club ("modify, if necessary, to suit the
    needs of your players") and makes the director its "final arbiter"."""
    ladder.rung(name)  # refused when they are not on it
    events: list[LadderEvent] = []
    c = state.open_of(name)
    if c is not None:
        state = _void(state, c, now, phrase("{name} was expelled", name=name))
        events.append(LadderEvent(EventKind.VOID, phrase(
            "Challenge #{number} ({challenger} v {challenged}) is void: {name} was expelled; "
            "nobody moves.", number=c.number, challenger=c.challenger,
            challenged=c.challenged, name=name), c.number))
    active = {n: at for n, at in state.last_active.items() if n != name}
    events.append(LadderEvent(EventKind.LEFT, phrase(
        "{name} leaves the ladder: expelled by a director.", name=name), player=name))
    line = Logged(LogKind.LEFT, now, names=(name,))
    return Step(replace(ladder, names=tuple(n for n in ladder.names if n != name)),
                replace(state, last_active=active, log=state.log + (line,)), tuple(events))


def join(ladder: Ladder, state: LadderState, name: str, now: datetime) -> Step:
    """A newcomer starts at the bottom (Director's Manual, *Pairing Players at Club*:
    "try not to match them against the top players in your club")."""
    clean = tidy(name) if isinstance(name, str) else ""
    if not clean or "," in clean:
        raise LadderRefused(phrase("name {name}: give a name, without commas",
                                   name=repr(name)))
    if clean.casefold() in (n.casefold() for n in ladder.names):
        rung = [n.casefold() for n in ladder.names].index(clean.casefold()) + 1
        raise LadderRefused(phrase("{name} is already on the ladder (rung {rung}): to add "
                                   "another player of that name, add an initial", name=clean,
                                   rung=rung))
    grown = Ladder(ladder.names + (clean,), ladder.rules)
    event = LadderEvent(EventKind.JOINED, phrase("{name} joins the ladder at rung {rung}.",
                                                 name=clean, rung=len(grown.names)),
                        player=clean)
    line = Logged(LogKind.JOINED, now, names=(clean,))
    return Step(grown, replace(state, last_active=_active(state, (clean,), now),
                               log=state.log + (line,)), (event,))


def new_ladder(names: tuple[str, ...], rules: LadderRules, now: datetime) -> Step:
    """A ladder started with ``names`` in this order (top first), all active from ``now``:
    they are its ``start``, and its log is empty."""
    step = Step(Ladder((), rules), LadderState())
    for name in names:
        step = join(step.ladder, step.state, name, now)
    return Step(step.ladder, replace(step.state, start=step.ladder.names, log=()), ())


#: The version of :func:`to_record`'s shape; :func:`from_record` reads it and version 1
#: (before the log: its order becomes the start, with an empty log), and refuses others.
RECORD_FORMAT = 2


def _stamp(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def to_record(ladder: Ladder, state: LadderState) -> dict[str, Any]:
    """The ladder and its state as plain JSON values (times as ISO 8601 with their offset):
    what a file or a database keeps, read back by :func:`from_record`."""
    challenges = []
    for c in state.challenges:
        challenges.append({
            "number": c.number, "challenger": c.challenger, "challenged": c.challenged,
            "issued_at": _stamp(c.issued_at), "accept_by": _stamp(c.accept_by),
            "rungs": list(c.rungs), "status": c.status.value,
            "accepted_at": _stamp(c.accepted_at), "play_by": _stamp(c.play_by),
            "games": [{"challenger_score": g.challenger_score,
                       "challenged_score": g.challenged_score, "starter": g.starter}
                      for g in c.games],
            "winner": c.winner, "closed_at": _stamp(c.closed_at), "why": c.why,
        })
    return {
        "format": RECORD_FORMAT,
        "rules": rules_to_mapping(ladder.rules),
        "names": list(ladder.names),
        "last_active": {n: t.isoformat() for n, t in state.last_active.items()},
        "challenges": challenges,
        "start": list(state.start),
        "log": [{"kind": x.kind.value, "at": x.at.isoformat(), "challenge": x.challenge,
                 "names": list(x.names)} for x in state.log],
    }


def from_record(data: Mapping[str, Any]) -> tuple[Ladder, LadderState]:
    """The inverse of :func:`to_record`; a record of another shape raises ``ValueError``
    (or ``KeyError``/``TypeError``) saying what did not fit."""
    version = data.get("format")
    if version not in (1, RECORD_FORMAT):
        raise ValueError(f"format {version!r}, expected {RECORD_FORMAT}")
    rules = rules_from_mapping(data["rules"])
    challenges = tuple(
        Challenge(
            number=row["number"], challenger=row["challenger"], challenged=row["challenged"],
            issued_at=datetime.fromisoformat(row["issued_at"]),
            accept_by=datetime.fromisoformat(row["accept_by"]),
            rungs=(row["rungs"][0], row["rungs"][1]), status=ChallengeStatus(row["status"]),
            accepted_at=_moment(row["accepted_at"]), play_by=_moment(row["play_by"]),
            games=tuple(LadderGame(**g) for g in row["games"]),
            winner=row["winner"], closed_at=_moment(row["closed_at"]), why=row["why"])
        for row in data["challenges"])
    active = {n: datetime.fromisoformat(t) for n, t in data["last_active"].items()}
    names = tuple(data["names"])
    if version == 1:
        return Ladder(names, rules), LadderState(challenges, active, start=names)
    log = tuple(Logged(LogKind(x["kind"]), datetime.fromisoformat(x["at"]), x["challenge"],
                       tuple(x["names"])) for x in data["log"])
    state = LadderState(challenges, active, tuple(data["start"]), log)
    if replayed(rules, state) != names:
        raise ValueError("its order is not the one its start and log give: the record was "
                         "edited by hand")
    return Ladder(names, rules), state


def next_deadline(ladder: Ladder, state: LadderState) -> datetime | None:
    """The earliest moment :func:`expire` or :func:`idle_drops` would change something if
    nothing else happened before it: an open challenge's deadline, or a player with no
    open challenge reaching ``idle_days`` (club rules). None when nothing is due."""
    due = [c.deadline for c in state.challenges if c.is_open]
    due += [state.last_active[n] + ladder.rules.idle_after for n in ladder.names
            if n in state.last_active and state.open_of(n) is None]
    return min(due, default=None)
