"""A best-of-N match as a pure value, and what the SSSg match rules make of it.

Source: SSSg 2016, Annex A, "Match and Game Rules"
(paragraphs 13-17) and "Treatment of Game and Match Byes" (paragraphs 27-28).

Sides. A match is between side 0 and side 1. The core never names players: a bracket
fills its two slots (top slot -> side 0, bottom slot -> side 1) and maps the winning side
back to whoever sat in that slot, so the same ``Match`` serves brackets, ladders and the
bot without knowing who plays.

Counting. Every game is worth one game-point, split half and half when tied; a head
start credits whole game-points to a side before play. With ``best_of = N`` games that
may be played and head starts ``h0 + h1``, the match holds ``T = N + h0 + h1``
game-points, and a side has *decided* the match once it holds more than half of them
(nothing the other side can still win would catch up). So best-of-9 is won at 5, and the
SSSg grand final (best-of-18, one-game head start) holds 19 points and is won at 10: the
upper-bracket winner needs 9 game wins, the other player 10 (SSSg para 2:
the head start counts as a game won). Half points change nothing in this rule: 4.5 of 9
does not decide (the opponent may still level), 9.5 of 18 does.

The deciding game. Paragraph 15 calls the last game of the match the deciding game, and
paragraph 16 only matters "if the match extends to" it: it is game number N, the last
game that may be played, after which the match must be settled (paragraph 17 settles a
level match). It is game N whether N is odd or even and whatever the head start: the head
start is not a game played, so it takes no game number and no start.

Game numbers. Games are numbered 1, 2, ... in the order they were reported, skipping the
ones that do not count (void markers). A game reported after the match was decided gets
no number: paragraph 14 says it is not counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import NoReturn

SIDES = (0, 1)


class MatchRuleError(ValueError):
    """A request the match rules refuse; the message cites the paragraph."""


class ConcessionRefused(MatchRuleError):
    """SSSg Annex A para 13: players are not allowed to concede any games in a match."""


@dataclass(frozen=True)
class MatchRules:
    """The spreads an event gives to awarded games.

    Defaults are SSSg's: a game bye is a win with +100 spread (Annex A para 28); SSSg has
    no forfeit spread of its own, and para 22 applies WESPA rules, whose forfeit is a win by
    75 points (ABG rules, "ABSENT FROM THE TABLE"). A NASPA bye is +50 (Director's Manual, "Byes are
    scored as a win with a +50pt spread").

    ``breaks_ties``: whether a match level on game-points after its last game is settled
    by SSSg para 17 (spread, then fewer starts; then the organizers, para 30), as a
    knockout must be, so that one player goes on. An event whose records have ties (a
    Swiss, a club night, a ladder: the Director's Manual keeps a W/L/T record) breaks
    none: such a match is a tie, decided with no winner (``Decision.TIE``).
    """

    game_bye_spread: int = 100
    forfeit_spread: int = 75
    breaks_ties: bool = True

    def __post_init__(self) -> None:
        if self.game_bye_spread < 0 or self.forfeit_spread < 0:
            raise ValueError(
                "bye and forfeit spreads must be 0 or more "
                f"(got bye {self.game_bye_spread}, forfeit {self.forfeit_spread})"
            )


SSSG_RULES = MatchRules()
# Director's Manual, "tsh Format": a bye or forfeit scores "typically +50 or -50".
NASPA_RULES = MatchRules(game_bye_spread=50, forfeit_spread=50)


class MatchStage(StrEnum):
    """Where a stored match stands: waiting for a player (its feeder is not decided),
    ready, being played, decided, a bye (one player, SSSg para 27), or not needed (a
    bracket's second grand final that the first made moot)."""

    WAITING = "waiting"
    READY = "ready"
    PLAYING = "playing"
    DECIDED = "decided"
    BYE = "bye"
    NOT_NEEDED = "not_needed"


class MatchGameKind(StrEnum):
    PLAYED = "played"
    BYE = "bye"  # a game bye awarded to ``awarded_to`` (para 25, 28)
    FORFEIT = "forfeit"  # a game forfeited to ``awarded_to``
    VOID = "void"  # reported but considered unplayed (para 27, 28): takes no number


def _check_side(value: int | None, what: str) -> None:
    if value is not None and value not in SIDES:
        raise ValueError(f"{what} must be side 0 or side 1, got {value!r}")


@dataclass(frozen=True)
class MatchGame:
    """One reported game of a match.

    ``starter`` is the side that went first; for a played game it is required (para 15 and
    16 need it, and para 23 makes the starter responsible for reporting a tied game). A bye
    or forfeit may keep the starter of the game it replaced, or have none.
    """

    kind: MatchGameKind = MatchGameKind.PLAYED
    starter: int | None = None
    scores: tuple[int, int] | None = None
    awarded_to: int | None = None

    def __post_init__(self) -> None:
        _check_side(self.starter, "the starter")
        _check_side(self.awarded_to, "the side awarded the game")
        if self.kind is MatchGameKind.PLAYED:
            if self.starter is None:
                raise ValueError("a played game needs its starter (side 0 or 1)")
            if self.scores is None or len(self.scores) != 2:
                raise ValueError("a played game needs both scores, e.g. (412, 380)")
            if any(not isinstance(s, int) or isinstance(s, bool) for s in self.scores):
                raise ValueError(f"scores must be whole numbers, got {self.scores!r}")
            if self.awarded_to is not None:
                raise ValueError("a played game is won on the board; use a bye or forfeit")
        elif self.kind in (MatchGameKind.BYE, MatchGameKind.FORFEIT):
            if self.awarded_to is None:
                raise ValueError(f"a game {self.kind.value} needs the side it is awarded to")

    @classmethod
    def played(cls, starter: int, score0: int, score1: int) -> MatchGame:
        return cls(MatchGameKind.PLAYED, starter=starter, scores=(score0, score1))

    @classmethod
    def bye(cls, awarded_to: int, starter: int | None = None) -> MatchGame:
        return cls(MatchGameKind.BYE, starter=starter, awarded_to=awarded_to)

    @classmethod
    def forfeit(cls, awarded_to: int, starter: int | None = None) -> MatchGame:
        return cls(MatchGameKind.FORFEIT, starter=starter, awarded_to=awarded_to)

    def voided(self) -> MatchGame:
        """This game turned into a void marker, keeping what was reported for the record."""
        return replace(self, kind=MatchGameKind.VOID)

    def half_points(self) -> tuple[int, int]:
        """Game-points in halves: (2, 0), (0, 2) or (1, 1) for a tie; (0, 0) if void."""
        if self.kind is MatchGameKind.VOID:
            return (0, 0)
        if self.kind is MatchGameKind.PLAYED:
            assert self.scores is not None
            a, b = self.scores
            return (2, 0) if a > b else (0, 2) if b > a else (1, 1)
        return (2, 0) if self.awarded_to == 0 else (0, 2)

    def spread(self, rules: MatchRules) -> int:
        """Side 0's spread from this game (side 1's is the negative)."""
        if self.kind is MatchGameKind.VOID:
            return 0
        if self.kind is MatchGameKind.PLAYED:
            assert self.scores is not None
            return self.scores[0] - self.scores[1]
        amount = rules.game_bye_spread if self.kind is MatchGameKind.BYE else rules.forfeit_spread
        return amount if self.awarded_to == 0 else -amount

    def winner(self) -> int | None:
        """The side that won the game, None for a tie or a void marker."""
        h0, h1 = self.half_points()
        return 0 if h0 > h1 else 1 if h1 > h0 else None

    def responsible(self) -> int | None:
        """Who keys in the result slip and sends the board photo.

        SSSg Annex A para 23 and 25: the winner of the game, or the starting player when it
        is tied. None for a game not won on the board (nothing to photograph).
        """
        if self.kind is not MatchGameKind.PLAYED:
            return None
        won = self.winner()
        return won if won is not None else self.starter


class Decision(StrEnum):
    """How a match stands, and if settled, on what ground."""

    UNDECIDED = "undecided"
    GAMES = "games"  # more than half the game-points (para 14)
    SPREAD = "spread"  # level on games after the deciding game (para 17)
    FEWER_STARTS = "fewer starts"  # level on games and spread (para 17)
    MATCH_BYE = "match bye"  # para 27
    TIED = "tied"  # level on games, spread and starts: the organizers rule (para 30)
    TIE = "tie"  # level on games where the rules break no tie (``MatchRules.breaks_ties``)
    RULING = "TD ruling"  # a tied match the organizers decided (para 30, ``Ruling``)


class StartReason(StrEnum):
    TILE_DRAW = "tile draw"  # para 15: game 1 (side None until the draw is recorded)
    ALTERNATE = "alternate"  # para 15
    AHEAD_ON_WINS = "ahead on wins"  # para 16a
    AHEAD_ON_SPREAD = "ahead on spread"  # para 16b
    DRAW_TO_START = "level: draw to start"  # para 16c


@dataclass(frozen=True)
class Start:
    """Who starts a game and why. ``side`` is None when players draw tiles for it."""

    side: int | None
    reason: StartReason


@dataclass(frozen=True)
class Ruling:
    """The organizers' decision of a match the rules leave tied (SSSg Annex A para 30).

    Para 17 settles a match level on games after the deciding game by spread, then by
    fewer starts; a match level on all three is "a circumstance not covered in this
    Annex", which para 30 leaves to the organizers. The ruling names the winning side and
    says why, in words fit for the journal and for the players ("lots drawn by the TD").
    It decides only a tied match: if a later correction of a game breaks the tie or
    reopens the match, the games decide again and the ruling is kept on record but does
    not apply (the decision is no longer ``Decision.RULING``; ``Correction`` shows both
    states, and a service that wants a fresh ruling should then clear it).
    """

    winner: int
    reason: str

    def __post_init__(self) -> None:
        _check_side(self.winner, "the side the ruling gives the match to")
        if not isinstance(self.reason, str) or not self.reason.strip():
            raise ValueError(
                "a ruling needs its reason, e.g. 'lots drawn by the TD (para 30)': the "
                "journal and the players are told why the match went this way"
            )


@dataclass(frozen=True)
class Match:
    """A best-of-``best_of`` match: its head start, its games and the event's spreads.

    ``head_start`` is whole game-points credited to each side before play (the SSSg grand
    final: ``(1, 0)`` for the upper-bracket winner in side 0). ``match_bye`` is the side
    awarded the whole match (para 27): it wins, and every game is void. ``ruling`` is the
    organizers' decision of a match left tied by para 17 (para 30): it keeps every game.
    ``first_starter`` is the tile draw for game 1 (para 15) when it is recorded before
    game 1 is reported; otherwise game 1's own starter is the record of that draw.
    Games are kept in reported order, including those that no longer count, so that a TD
    can see what was reported; ``state()`` says which count.
    """

    best_of: int
    games: tuple[MatchGame, ...] = ()
    head_start: tuple[int, int] = (0, 0)
    rules: MatchRules = field(default=SSSG_RULES)
    match_bye: int | None = None
    first_starter: int | None = None
    ruling: Ruling | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.best_of, int) or self.best_of < 1:
            raise ValueError(
                f"best_of must be a whole number of games, 1 or more; got {self.best_of!r}"
            )
        if len(self.head_start) != 2 or any(h < 0 for h in self.head_start):
            raise ValueError(
                f"head_start must be two game counts, 0 or more; got {self.head_start!r}"
            )
        if 2 * max(self.head_start) > self.best_of + sum(self.head_start):
            raise ValueError(
                f"a head start of {max(self.head_start)} would decide a best-of-{self.best_of} "
                "match before it is played"
            )
        _check_side(self.match_bye, "the side given the match bye")
        _check_side(self.first_starter, "the first starter")
        if self.ruling is not None and not isinstance(self.ruling, Ruling):
            raise ValueError(
                f"ruling must be a Ruling (winner side and reason), got {self.ruling!r}"
            )
        if not isinstance(self.games, tuple):
            object.__setattr__(self, "games", tuple(self.games))

    @property
    def total_half_points(self) -> int:
        return 2 * (self.best_of + sum(self.head_start))

    def with_game(self, game: MatchGame) -> Match:
        """The match with one more reported game (it may not count: see ``state``)."""
        return replace(self, games=self.games + (game,))

    def state(self) -> MatchState:
        return match_state(self)

    def wins(self, side: int) -> float:
        """Games ``side`` won in play (a tied game half, a game bye or forfeit whole), the
        head start not counted: the "wins" losers are ranked by (SSSg footnote 11)."""
        return self.state().points[side] - self.head_start[side]


@dataclass(frozen=True)
class MatchState:
    """What the rules make of a match at this point.

    ``points`` are game-points including head starts and half points for ties; ``spread``
    is per side (zero-sum); ``starts`` counts counted games each side started.
    ``counted`` and ``void`` are indices into ``Match.games``; ``number_of`` gives a
    counted game's 1-based game number. When undecided, ``next_game`` is the number of the
    next game, ``next_start`` who starts it and ``next_is_deciding`` whether it is game N.
    """

    decision: Decision
    winner: int | None
    points: tuple[float, float]
    spread: tuple[int, int]
    starts: tuple[int, int]
    counted: tuple[int, ...]
    void: tuple[int, ...]
    next_game: int | None
    next_start: Start | None
    next_is_deciding: bool

    @property
    def decided(self) -> bool:
        return self.decision is not Decision.UNDECIDED

    def number_of(self, index: int) -> int | None:
        """The game number of the reported game at ``index``, None if it does not count."""
        try:
            return self.counted.index(index) + 1
        except ValueError:
            return None

    def score_line(self) -> str:
        """'5-3 (+212)': game-points, then side 0's spread."""
        return f"{_fmt(self.points[0])}-{_fmt(self.points[1])} ({self.spread[0]:+d})"


def _fmt(points: float) -> str:
    return str(int(points)) if points == int(points) else str(points)


def _alternating_start(match: Match, counted: list[int], number: int) -> int | None:
    """Para 15: starts alternate from the tile-drawn first game.

    Game ``k`` (not the deciding game) goes to ``first`` when ``k`` is odd. The first
    starter is read from the earliest counted non-deciding game whose starter is known, so
    a forfeit without a starter in game 1 does not lose the thread. A tile draw recorded
    on the match (``first_starter``) comes first.
    """
    if match.first_starter is not None:
        return match.first_starter if number % 2 == 1 else 1 - match.first_starter
    for pos, index in enumerate(counted, start=1):
        starter = match.games[index].starter
        if pos < match.best_of and starter is not None:
            first = starter if pos % 2 == 1 else 1 - starter
            return first if number % 2 == 1 else 1 - first
    return None


def _deciding_start(points: tuple[int, int], spread0: int) -> Start:
    """Para 16: in the deciding game the side ahead on wins starts, else ahead on spread,
    else the players draw to start.

    "Wins" are game-points, so a head start counts: it is a game already won (para 2
    calls it "a one-game advantage"). It carries no spread, no game having been played.
    """
    if points[0] != points[1]:
        return Start(0 if points[0] > points[1] else 1, StartReason.AHEAD_ON_WINS)
    if spread0 != 0:
        return Start(0 if spread0 > 0 else 1, StartReason.AHEAD_ON_SPREAD)
    return Start(None, StartReason.DRAW_TO_START)


def match_state(match: Match) -> MatchState:
    """Count the games in order and stop counting as soon as the match is decided.

    Para 14: once decided, further games are not counted (they are listed as void).
    Para 17: a match level on games after the deciding game goes to spread, then to the
    side with fewer starts; level on those too, it is tied, and a recorded ``Ruling``
    (para 30) decides it. Under rules that break no tie it is a tie with no winner.
    Para 27: a match bye wins and voids every game.
    """
    if match.match_bye is not None:
        hs = (float(match.head_start[0]), float(match.head_start[1]))
        return MatchState(
            decision=Decision.MATCH_BYE,
            winner=match.match_bye,
            points=hs,
            spread=(0, 0),
            starts=(0, 0),
            counted=(),
            void=tuple(range(len(match.games))),
            next_game=None,
            next_start=None,
            next_is_deciding=False,
        )
    half = [2 * match.head_start[0], 2 * match.head_start[1]]
    spread0 = 0
    starts = [0, 0]
    counted: list[int] = []
    void: list[int] = []
    total = match.total_half_points
    decision = Decision.UNDECIDED
    winner: int | None = None
    for index, game in enumerate(match.games):
        if decision is not Decision.UNDECIDED or game.kind is MatchGameKind.VOID:
            void.append(index)
            continue
        counted.append(index)
        g0, g1 = game.half_points()
        half[0] += g0
        half[1] += g1
        spread0 += game.spread(match.rules)
        if game.starter is not None:
            starts[game.starter] += 1
        if 2 * half[0] > total or 2 * half[1] > total:
            decision, winner = Decision.GAMES, (0 if half[0] > half[1] else 1)
        elif len(counted) == match.best_of and not match.rules.breaks_ties:
            decision = Decision.TIE  # level on games, and nothing breaks the tie
        elif len(counted) == match.best_of:
            decision, winner = _settle_level(spread0, starts)
            if decision is Decision.TIED and match.ruling is not None:
                decision, winner = Decision.RULING, match.ruling.winner
    settled = decision is not Decision.UNDECIDED
    number = None if settled else len(counted) + 1
    deciding = number == match.best_of
    start: Start | None = None
    if number == 1 and match.first_starter is not None:
        # game 1's start recorded before play (the tile draw, para 15, or a round-based
        # event's pairing) stands even when game 1 is the only game: the players are level
        # then, and para 16c's draw is the one already recorded
        start = Start(match.first_starter, StartReason.TILE_DRAW)
    elif number is not None and deciding:
        start = _deciding_start((half[0], half[1]), spread0)
    elif number is not None:
        side = _alternating_start(match, counted, number)
        drawn = side is None or number == 1  # game 1 is always the tile draw's (para 15)
        start = Start(side, StartReason.TILE_DRAW if drawn else StartReason.ALTERNATE)
    return MatchState(
        decision=decision,
        winner=winner,
        points=(half[0] / 2, half[1] / 2),
        spread=(spread0, -spread0),
        starts=(starts[0], starts[1]),
        counted=tuple(counted),
        void=tuple(void),
        next_game=number,
        next_start=start,
        next_is_deciding=deciding,
    )


def _settle_level(spread0: int, starts: list[int]) -> tuple[Decision, int | None]:
    """Para 17: level on games after the deciding game: spread, then fewer starts."""
    if spread0 != 0:
        return Decision.SPREAD, 0 if spread0 > 0 else 1
    if starts[0] != starts[1]:
        return Decision.FEWER_STARTS, 0 if starts[0] < starts[1] else 1
    return Decision.TIED, None


@dataclass(frozen=True)
class Report:
    """What a newly reported game means, for the service to check and announce.

    ``number`` is None when the game does not count (the match was already decided,
    para 14, or it is a void marker). ``expected_start`` is who should have started it
    (None side: players draw). ``is_deciding`` is True when this game is the deciding game
    (para 15: game number N); a game that does not count is no game of the match, so it
    is never the deciding game: after a void marker, ``state.next_is_deciding`` says
    whether the game that replaces it is. ``decides`` is True when this game settles the
    match.
    """

    match: Match
    number: int | None
    expected_start: Start | None
    is_deciding: bool
    decides: bool
    starter_ok: bool
    state: MatchState


def report_game(match: Match, game: MatchGame) -> Report:
    """Add a reported game and say which game it is and what it does to the match."""
    before = match.state()
    after_match = match.with_game(game)
    after = after_match.state()
    index = len(after_match.games) - 1
    number = after.number_of(index)
    expected = before.next_start if number is not None else None
    starter_ok = (
        expected is None
        or expected.side is None
        or game.starter is None
        or game.starter == expected.side
    )
    return Report(
        match=after_match,
        number=number,
        expected_start=expected,
        is_deciding=number is not None and before.next_is_deciding,
        decides=number is not None and after.decided,
        starter_ok=starter_ok,
        state=after,
    )


@dataclass(frozen=True)
class Correction:
    """A corrected match and the effect a TD must see before confirming it.

    ``voided``: indices of games that counted before and no longer do (para 28: the games
    after the new decision point, up to where the match was thought decided).
    ``restored``: games that did not count and now do (undoing an earlier correction).
    """

    match: Match
    voided: tuple[int, ...]
    restored: tuple[int, ...]
    before: MatchState
    after: MatchState


def _correction(old: Match, new: Match) -> Correction:
    before, after = old.state(), new.state()
    was, now = set(before.counted), set(after.counted)
    voided = tuple(sorted(was - now))
    restored = tuple(sorted(now - was))
    return Correction(new, voided, restored, before, after)


def _check_index(match: Match, index: int) -> None:
    if not 0 <= index < len(match.games):
        raise IndexError(
            f"no reported game at index {index}: the match has {len(match.games)} game(s), "
            f"indexed 0 to {len(match.games) - 1}"
        )


def correct_game(match: Match, index: int, game: MatchGame) -> Correction:
    """Replace the reported game at ``index`` (0-based) and recompute the match.

    Para 28: turning a game into a game bye may decide the match earlier; the games after
    the new decision point that used to count are then void, and are listed in ``voided``.
    """
    _check_index(match, index)
    games = match.games[:index] + (game,) + match.games[index + 1 :]
    return _correction(match, replace(match, games=games))


def award_game_bye(match: Match, index: int, to: int) -> Correction:
    """Para 25/28: the game at ``index`` is awarded as a game bye (a win with the event's
    bye spread) to side ``to``, keeping the game's starter."""
    _check_index(match, index)
    return correct_game(match, index, MatchGame.bye(to, starter=match.games[index].starter))


def void_game(match: Match, index: int) -> Correction:
    """The game at ``index`` is considered unplayed: it keeps its place in the record but
    takes no number, and the next game reported replaces it."""
    _check_index(match, index)
    return correct_game(match, index, match.games[index].voided())


def award_match_bye(match: Match, to: int) -> Correction:
    """Para 27: a match bye advances side ``to``; games already played are void."""
    _check_side(to, "the side given the match bye")
    return _correction(match, replace(match, match_bye=to))


def forfeit_rest(match: Match, to: int) -> Match:
    """Every game of the match not yet played forfeited to side ``to`` until the match is
    decided; the games that count stand. A forfeit is a win for the player who was there
    to play, by the event's forfeit spread (WESPA rules, "Absent from the table": "your
    opponent wins, with 75 points spread"; the Director's Manual records a forfeit as a
    game won or lost by a spread, "typically +50 or -50"). Each keeps the start the match
    was due to have (para 15's alternation, or none when the players would draw)."""
    _check_side(to, "the side the games are forfeited to")
    new = match
    while not (state := new.state()).decided:
        start = state.next_start.side if state.next_start is not None else None
        new = new.with_game(MatchGame.forfeit(to, starter=start))
    return new


def forfeit_match(match: Match, to: int) -> Match:
    """A whole match given to side ``to`` where the event has no match bye of its own (a
    round-based event, a club night, a ladder: only the SSSg knockouts have para 27): the
    games played are void, as a match bye voids them, and side ``to`` wins every game it
    needs by forfeit (``forfeit_rest``), so the match is theirs with the forfeit spread,
    never level."""
    voided = match
    for index in match.state().counted:
        voided = void_game(voided, index).match
    return forfeit_rest(voided, to)


def rule_tied_match(match: Match, winner: int, reason: str) -> Match:
    """Para 30: the organizers decide a match that para 17 leaves tied (level on games,
    spread and starts after the deciding game), so that the bracket can go on.

    Refused for any other match: one still being played is finished by its games (or, if
    it cannot be, by a match bye, para 27); one decided by its games needs no ruling."""
    ruling = Ruling(winner, reason)
    state = replace(match, ruling=None).state()
    if state.decision is not Decision.TIED:
        raise MatchRuleError(
            f"a ruling decides only a tied match (level on games, spread and starts after "
            f"the deciding game, SSSg para 17 and 30); this one is {_standing(state)}"
        )
    return replace(match, ruling=ruling)


def _standing(state: MatchState) -> str:
    if state.decision is Decision.UNDECIDED:
        return (
            f"still being played ({state.score_line()}, game {state.next_game} next): "
            "finish it, or award a match bye (para 27)"
        )
    return f"decided on {state.decision.value} ({state.score_line()})"


def concede(match: Match, side: int) -> NoReturn:
    """Para 13: players are not allowed to concede any games in a match. Always refused;
    the service calls this so the refusal and its reason live in one place."""
    raise ConcessionRefused(
        f"side {side} may not concede: SSSg rules para 13 do not allow conceding any game "
        "in a match; play the games, or ask a TD (a match bye or expulsion is theirs to give)"
    )
