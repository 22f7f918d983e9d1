"""The event definition file (TOML) and its validation.

An organiser describes an event in a small TOML file (see ``examples/sssg2016.toml``) and
sends it to the bot or runs ``tdbot event create FILE``. Validation is strict and every
error names the key it is about in the file's own terms, e.g.
``rounds[2].best_of: must be odd``, so the organiser can fix the file without reading code.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from difflib import get_close_matches
from functools import lru_cache
from typing import Any, Literal, get_args, get_origin
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from bot.service.events.pairing_options import system_options
from bot.service.events.schedule import numbered
from bot.service.formats import registry
from bot.service.people.languages import check_language
from bot.service.platform.errors import Invalid
from bot.service.platform.limits import amount_of_money
from bot.store.events_repo import Event
from bot.words.said import Said, english_text, from_core, said
from core.durations import LIMIT
from core.formats.players_csv import MAX_RATING, MAX_TEAM, TELEGRAM_ID_LIMIT
from core.ladder import LadderRules, LadderRulesError, rules_from_mapping
from core.pairing.registry import UnknownSystem, find_system, listed_names
from core.slip import MAX_SCORE

#: The longest window or reminder a definition may set: the duration limit the TD's chat
#: commands have (``core.durations.LIMIT``), so that every deadline stays a real date.
MAX_DAYS = LIMIT.days
MAX_HOURS = MAX_DAYS * 24
_SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{1,39}$")


class _Strict(BaseModel):
    """Unknown keys are refused; a definition read is never changed. Each model's validator
    is built when the first definition is read (``defer_build``), not when this module is
    imported: most commands import it with a format's package and read no definition."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


class PersonDef(_Strict):
    name: str = Field(min_length=1, max_length=100)
    phone: str = ""
    telegram_id: int | None = Field(default=None, ge=1, le=TELEGRAM_ID_LIMIT - 1)


class PlayerDef(PersonDef):
    rating: int = Field(default=0, ge=0, le=MAX_RATING)
    # club, school or team: a round-based event's [pairing] avoid_teams keeps team-mates
    # apart; at most 32 characters, the team name a TRF file holds (FIDE TRF16, line 013);
    # the players CSV's team column is the same field (``core.formats.players_csv``)
    team: str = Field(default="", max_length=MAX_TEAM)

    @field_validator("team")
    @classmethod
    def _team(cls, value: str) -> str:
        return " ".join(value.split())


class RoundDef(_Strict):
    """One round of the schedule (SSSg "Schedule and Details" table and para 6).

    ``name`` is the round's name in the draw (e.g. "Qualifying Round", "Ro16",
    "Minor QF"); ``best_of`` overrides the format's default for that round.
    """

    name: str = Field(min_length=1)
    best_of: int | None = Field(default=None, ge=1, le=99)
    head_start: int = Field(default=0, ge=0, le=99)
    opens: date | datetime | None = None
    closes: date | datetime | None = None

    @model_validator(mode="after")
    def _check(self) -> RoundDef:
        if self.best_of is not None and (self.best_of + self.head_start) % 2 == 0:
            if self.head_start:
                raise _Problem(said("best_of plus head_start must be odd, so that the match "
                                    "cannot end level on games (SSSg grand final: best_of = "
                                    "18, head_start = 1)"))
            raise _KeyError("best_of", said(
                "must be odd (an even best_of needs an odd head_start, like SSSg's best-of-18 "
                "grand final with head_start = 1)"))
        if self.opens is not None and self.closes is not None:
            if _as_datetime(self.closes, end=True) <= _as_datetime(self.opens, end=False):
                raise _KeyError("closes", said("must be after opens"))
        return self


class BlackoutDef(_Strict):
    """A period in which the event's games may not be played (SSSg para 20: another rated
    event; ``name`` says which). Dates in the event's time zone; a bare ``end`` date is
    the whole of that day. A game reported inside one is held for a TD."""

    name: str = Field(min_length=1)
    start: date | datetime
    end: date | datetime

    @model_validator(mode="after")
    def _check(self) -> BlackoutDef:
        if _as_datetime(self.end, end=True) <= _as_datetime(self.start, end=False):
            raise _KeyError("end", said("must be after start"))
        return self


class RulesDef(_Strict):
    """Per-event numbers. Defaults are SSSg 2016's (Annex A paras 24, 25, 28), except a
    game bye's spread in an event with a bye of its own (``Definition._game_bye``)."""

    game_bye_spread: int = Field(default=100, ge=0, le=MAX_SCORE)
    forfeit_spread: int = Field(default=75, ge=0, le=MAX_SCORE)
    slip_window_hours: int = Field(default=24, ge=1, le=MAX_HOURS)
    photo_window_hours: int = Field(default=24, ge=1, le=MAX_HOURS)
    # Board photos (para 25): the responsible player is reminded this many hours before the
    # photo window closes (0: no reminder); when it closes without a photo the TDs are asked
    # ("ask") or the game goes to the loser as a bye at once ("automatic"); photos are
    # forwarded to the ratings officer's chat (a Telegram chat id) when one is given.
    photo_reminder_hours: int = Field(default=2, ge=0, le=MAX_HOURS)
    # Whether each game owes a board photo at all. Unset: yes for games played remotely
    # (knockouts, ladders, round-based events), no at a club night, played in the club's
    # room where the director sees the boards (``formats.board_photos``).
    board_photos: bool | None = None
    photo_bye: Literal["ask", "automatic"] = "ask"
    ratings_officer_chat: int | None = Field(default=None, ge=-(2**63), le=2**63 - 1)
    reminder_hours: list[int] = Field(default_factory=lambda: [72, 24])
    # Before a round (both off unless set): remind unpaid players this many hours before
    # the round's opening date (para 26), and tell the TDs when a round is due to open.
    fee_reminder_hours: int | None = Field(default=None, ge=1, le=MAX_HOURS)
    open_notice: bool = False
    # Fee reminders this many days before each round opens (para 26); unset: [7, 2, 1],
    # or only fee_reminder_hours when that older key is given. [] turns them off.
    fee_reminder_days: list[int] | None = None
    # A player not paid-up when a TD opens a round: "expel" (para 26: "will immediately be
    # expelled"; the TDs then choose who takes the slot, para 29), or "hold" (the round does
    # not open until they pay or a TD opens it anyway).
    unpaid: Literal["expel", "hold"] = "expel"

    @field_validator("reminder_hours")
    @classmethod
    def _positive(cls, value: list[int]) -> list[int]:
        if any(not 0 < h <= MAX_HOURS for h in value):
            raise _Problem(said("every reminder must be a positive number of hours before the "
                                "close, at most {most}", most=MAX_HOURS))
        return sorted(set(value), reverse=True)

    @field_validator("fee_reminder_days")
    @classmethod
    def _positive_days(cls, value: list[int] | None) -> list[int] | None:
        if value is not None and any(not 0 < d <= MAX_DAYS for d in value):
            raise _Problem(said("every fee reminder must be a positive number of days before "
                                "the round opens, at most {most}, e.g. [7, 2, 1]",
                                most=MAX_DAYS))
        return None if value is None else sorted(set(value), reverse=True)


class ClubMemberDef(_Strict):
    """A member's club record from before the bot kept it (Director's Manual,
    Administrative Functions: "keep a record of each player's statistics at the club"):
    sessions attended (a newcomer has attended fewer than ``club.newcomer_sessions``),
    club wins (the expert points, one per club win: Expert Points) and spread, and whether
    the student or senior rate applies (Player Fees at Club)."""

    sessions: int = Field(default=0, ge=0, le=100_000)
    wins: int = Field(default=0, ge=0, le=100_000)
    spread: int = Field(default=0, ge=-10_000_000, le=10_000_000)
    student: bool = False
    senior: bool = False


class ClubDef(_Strict):
    """A club's choices for its nights (NASPA Director's Manual, the club chapters, seed
    000; ``core.club.ClubRules``). ``method``: "a modified King-of-the-Hill method adjusted
    to avoid repeats" (koth), a "ladder", or a random draw (Pairing Players at Club);
    ``rounds``: rounds a night; ``newcomer_sessions``/``protect_top``: "try not to match
    [newcomers] against the top players" nor each other (Suggestions from Club Directors);
    ``bye``: the odd player's bye worth ``bye_spread``, or sitting out; fees "per club
    meeting" with student and senior rates, the newcomer's first ``free_sessions`` free
    (Player Fees at Club). ``members``: records from before the bot, by player name."""

    method: Literal["koth", "ladder", "random"] = "koth"
    rounds: int = Field(default=3, ge=1, le=20)
    newcomer_sessions: int = Field(default=3, ge=0, le=100)
    protect_top: int = Field(default=4, ge=0, le=1000)
    bye: Literal["spread", "sit-out"] = "spread"
    bye_spread: int = Field(default=50, ge=0, le=MAX_SCORE)
    fee: Decimal = Decimal(0)
    student_fee: Decimal | None = None
    senior_fee: Decimal | None = None
    free_sessions: int = Field(default=1, ge=0, le=100)
    members: dict[str, ClubMemberDef] = Field(default_factory=dict)

    @field_validator("fee", "student_fee", "senior_fee", mode="before")
    @classmethod
    def _money(cls, value: Any) -> Any:
        if value is None:
            return None
        try:
            return amount_of_money(value, positive=False)
        except Invalid as exc:
            raise _refused(exc) from None

    @model_validator(mode="after")
    def _rates(self) -> ClubDef:
        for key in ("student_fee", "senior_fee"):
            rate = getattr(self, key)
            if rate is not None and rate > self.fee:
                raise _KeyError(key, said("is a discount, so at most the club's fee ({fee})",
                                          fee=str(self.fee)))
        return self


class EventDef(_Strict):
    slug: str
    name: str = Field(min_length=1, max_length=200)
    # One of the registered formats' keys (``formats.registry``): checked by ``_format``.
    format: str
    time_zone: str = "UTC"
    currency: str = Field(default="SGD", pattern=r"^[A-Z]{3}$")
    fee_per_round: Decimal = Field(default=Decimal(0), ge=0)
    grand_final: Literal["head_start", "reset", "single"] = "head_start"
    # For the plain knockouts (single, double): games per match in the first round and the
    # increase per round (the SSSg plate's 9 and +2, footnote 4, by default). The sssg
    # format takes its schedule from the rules (para 4) instead.
    best_of: int = Field(default=9, ge=1, le=99)
    best_of_step: int = Field(default=2, ge=0, le=10)
    # The event's live pages (bot/web): brackets, standings, pairings, matches, players and
    # the public log, open to anyone with the link. Off unless the organiser says so: a
    # private event's pages do not exist (404) and its slug reveals nothing.
    public: bool = False
    # The language the event's group reads (each player reads their own in private):
    # one the bot speaks (``people.languages``), English unless set.
    language: str = "en"

    @field_validator("language")
    @classmethod
    def _language(cls, value: str) -> str:
        try:
            return check_language(value)
        except Invalid as exc:
            raise _refused(exc) from None

    @field_validator("format")
    @classmethod
    def _format(cls, value: str) -> str:
        """One of the registered formats (their keys, in ``registry.names`` order)."""
        listed = [repr(n) for n in registry.names()]
        if value not in registry.names():
            raise _Problem(said("must be one of {choices} or {last}",
                                choices=", ".join(listed[:-1]), last=listed[-1])
                           if len(listed) > 1 else said("must be {choice}", choice=listed[0]))
        return value

    @field_validator("best_of")
    @classmethod
    def _odd(cls, value: int) -> int:
        if value % 2 == 0:
            raise _Problem(said("must be odd, so that a match cannot end level on games"))
        return value

    @field_validator("best_of_step")
    @classmethod
    def _even_step(cls, value: int) -> int:
        if value % 2:
            raise _Problem(said("must be even, so that every round stays odd"))
        return value

    @field_validator("slug")
    @classmethod
    def _slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise _Problem(said("must be 2-40 characters of lower-case letters, digits and "
                                "'-', e.g. 'sssg-2016'"))
        return value

    @field_validator("time_zone")
    @classmethod
    def _zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError):
            raise _Problem(said("unknown time zone '{zone}' (use an IANA name such as "
                                "'Asia/Singapore')", zone=value)) from None
        return value

    @field_validator("fee_per_round", mode="before")
    @classmethod
    def _money(cls, value: Any) -> Any:
        try:
            return amount_of_money(value, positive=False)
        except Invalid as exc:
            raise _refused(exc) from None

    @property
    def fee_minor(self) -> int:
        """The fee in minor units (cents), as stored."""
        return int(self.fee_per_round * 100)


#: Systems played at chess: points and tiebreaks, and the first of a pair has White.
CHESS_SYSTEMS = ("uscf",)


def chess_pairing(pairing: PairingDef) -> bool:
    """A round-based event played at chess: a chess system, or one the definition marks
    ``chess = true``."""
    return pairing.chess or find_system(pairing.system).name in CHESS_SYSTEMS


class PairingDef(_Strict):
    """How a round-based event (``format = "rounds"``) is paired: a system of
    ``core.pairing.registry`` and the options its function takes (``tdbot files pair`` maps the
    same options from flags; ``core.pairing.options`` checks both).

    Byes: a bye is a win worth ``bye_spread`` (Director's Manual, "Odd Number of Players": "+50";
    WESPA and ABSP events score +100). At chess (``uscf``, or ``chess = true``) the
    system's bye is worth ``bye_points``: a full point by default (USCF guide: the odd
    player "will receive a 1-point bye for that round"), or half a point where the event
    gives half-point byes (FIDE TRF16's ``H`` result code beside ``U``, the pairing's
    full-point bye). ``prize_places``: how many places win a prize (``/chances`` says
    whether a player has clinched one, ``/pending`` which are decided); the Gibson rule
    (Director's Manual, "The Gibson Rule") needs it; ``gibson_spread`` picks the spread
    limits (none, nsc2006 or manual). ``rated``: how a rating estimate counts the event,
    "open" (an open rated tournament) or "club" (a local club tournament, at one third:
    Director's Manual, tournament types). ``auto_pair`` opens the next round as soon as
    the previous one is complete, closing ``round_days`` later (or at its date in
    ``[[rounds]]``).
    """

    system: str
    rounds: int = Field(ge=1, le=99)
    best_of: int = Field(default=1, ge=1, le=99)
    auto_pair: bool = False
    round_days: int | None = Field(default=None, ge=1, le=MAX_DAYS)
    bye_spread: int = Field(default=50, ge=0, le=MAX_SCORE)
    # what the system's bye is worth: 1 (a win, or a full point) or 0.5 (chess only)
    bye_points: float = 1.0
    # a Swiss (or any system) played at chess: points and tiebreaks, White (uscf always is)
    chess: bool = False
    gibson: bool = False
    prize_places: int | None = Field(default=None, ge=1, le=1000)
    top_places: int = Field(default=1, ge=1, le=100)
    gibson_spread: Literal["none", "nsc2006", "manual"] = "none"
    rated: Literal["open", "club"] = "open"
    avoid_teams: bool = False
    accelerated: bool = False
    # how many rounds a player may say they are unavailable for before they are paired
    # (0: none), and what such a requested bye is worth: 0 or 0.5 (Director's Manual:
    # a bye is the pairing's; an absence the player asked for is worth what the event says)
    requested_byes: int = Field(default=0, ge=0, le=99)
    requested_bye_points: float = 0.5
    # pairs never paired together, by name (a TD adds more with tdbot players forbid)
    forbid: list[list[str]] = Field(default_factory=list)
    # any other option of the system (tdbot files pair's --set KEY=VALUE), e.g. final = "koth"
    options: dict[str, int | bool | str] = Field(default_factory=dict)

    @field_validator("best_of")
    @classmethod
    def _odd(cls, value: int) -> int:
        if value % 2 == 0:
            raise _Problem(said("must be odd, so that a match cannot end level on games"))
        return value

    @model_validator(mode="after")
    def _check(self) -> PairingDef:
        try:
            find_system(self.system)
        except UnknownSystem as exc:
            raise _KeyError("system", said("unknown pairing system '{typed}'; choose one of: "
                                           "{names}, or fpN (fp4, fp6, ...)", typed=exc.typed,
                                           names=listed_names())) from None
        if self.bye_points not in (1, 0.5):
            raise _KeyError("bye_points", said("{typed}: a bye is worth 1 (a full point) or 0.5 "
                                               "(a half point)", typed=format(self.bye_points, "g")))
        if self.bye_points != 1 and not chess_pairing(self):
            raise _KeyError("bye_points", said(
                "a Scrabble bye is a win worth bye_spread (Director's Manual, \"Odd Number of "
                "Players\"); a half-point bye is for chess: set system = \"uscf\" or chess = "
                "true, or remove bye_points"))
        if self.requested_bye_points not in (0, 0.5):
            raise _KeyError("requested_bye_points", said(
                "{typed}: a requested bye is worth 0.5 (half a point) or 0",
                typed=format(self.requested_bye_points, "g")))
        for i, pair in enumerate(self.forbid):
            if len(pair) != 2 or pair[0].casefold().strip() == pair[1].casefold().strip():
                raise _KeyError(f"forbid[{i}]", said(
                    "a forbidden pair is two different players' names, e.g. forbid = "
                    "[[\"Ann Lee\", \"Ben Ong\"]]"))
        if self.gibson and self.prize_places is None:
            raise _KeyError("prize_places", said("the Gibson rule needs the number of places "
                                                 "that win a prize, e.g. prize_places = 3"))
        if not self.gibson and (self.top_places != 1 or self.gibson_spread != "none"):
            raise _KeyError("gibson", said("top_places and gibson_spread only apply with "
                                           "gibson = true"))
        try:
            system_options(self)
        except ValueError as exc:
            raise _KeyError("options", str(exc)) from None
        return self


class Definition(_Strict):
    event: EventDef
    rules: RulesDef = Field(default_factory=RulesDef)
    organisers: list[PersonDef] = Field(default_factory=list)
    tds: list[PersonDef] = Field(default_factory=list)
    adjudicators: list[PersonDef] = Field(default_factory=list)
    rounds: list[RoundDef] = Field(default_factory=list)
    players: list[PlayerDef] = Field(default_factory=list)
    blackouts: list[BlackoutDef] = Field(default_factory=list)
    club: ClubDef | None = None
    # A challenge ladder's club rules (core.ladder.LadderRules' keys; any left out take
    # their defaults), for ``format = "ladder"`` only.
    ladder: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _club(self) -> Definition:
        """A [club] table goes with format = "club" and only with it; its members are the
        definition's players (a club night has no [[rounds]]: its rounds are paired on the
        night)."""
        is_club = "club" in registry.named(self.event.format).tables
        if self.club is not None and not is_club:
            raise _KeyError("club", said("is for club nights: set format = \"club\" in "
                                         "[event], or remove [club] (this event is "
                                         "'{format}')", format=self.event.format))
        if is_club and self.club is None:
            raise _KeyError("club", said("is required for format = \"club\": give at least "
                                         "[club] method = \"koth\""))
        if self.club is not None:
            players = {p.name.casefold().strip() for p in self.players}
            for name in self.club.members:
                if name.casefold().strip() not in players:
                    raise _KeyError(f"club.members.{name}",
                                    said("names nobody in [[players]]: add the player, or "
                                         "check the spelling"))
        return self


    @field_validator("ladder")
    @classmethod
    def _ladder_rules(cls, value: dict[str, Any] | None) -> dict[str, Any] | None:
        if value is not None:
            try:
                rules = rules_from_mapping(value)
            except LadderRulesError as exc:
                raise _Problem(from_core(exc.said)) from None
            for key, most in (("accept_hours", MAX_HOURS), ("play_days", MAX_DAYS),
                              ("idle_days", MAX_DAYS), ("cooldown_days", MAX_DAYS),
                              ("idle_drop", 1000), ("best_of", 99)):
                if getattr(rules, key) > most:
                    raise _Problem(said("{key} = {value}: must be {most} or less", key=key,
                                        value=getattr(rules, key), most=most))
        return value

    @property
    def ladder_rules(self) -> LadderRules:
        """The ladder's club rules: the ``[ladder]`` table over the defaults."""
        return rules_from_mapping(self.ladder or {})

    @model_validator(mode="after")
    def _ladder_fits(self) -> Definition:
        if self.ladder is not None and "ladder" not in registry.named(self.event.format).tables:
            raise _KeyError("ladder", said("a [ladder] table is for format = \"ladder\"; this "
                                           "event is format = \"{format}\": remove the table "
                                           "or change the format", format=self.event.format))
        return self

    @model_validator(mode="after")
    def _rounds_fit(self) -> Definition:
        """A format that has no [[rounds]] (a club night's are paired on the night, a
        ladder's one round is open while it runs) refuses them, saying why."""
        why = registry.named(self.event.format).no_rounds
        if why is not None and self.rounds:
            raise _KeyError("rounds", why)
        return self

    pairing: PairingDef | None = None

    @model_validator(mode="after")
    def _pairing(self) -> Definition:
        """A round-based event needs its [pairing] table; no other format takes one. Its
        [[rounds]] give dates (and a best_of) to "Round 1" ... "Round N"."""
        rounds_format = "pairing" in registry.named(self.event.format).tables
        if rounds_format and self.pairing is None:
            raise _KeyError("pairing", said("format = \"rounds\" needs a [pairing] table with "
                                            "at least system and rounds, e.g. system = "
                                            "\"swiss\", rounds = 5"))
        if not rounds_format and self.pairing is not None:
            raise _KeyError("pairing", said("[pairing] is for format = \"rounds\" events; this "
                                            "event is format = \"{format}\": remove [pairing] "
                                            "or change the format", format=self.event.format))
        if self.pairing is not None:
            names = {numbered(n).casefold() for n in range(1, self.pairing.rounds + 1)}
            for i, rdef in enumerate(self.rounds):
                if rdef.name.casefold().strip() not in names:
                    raise _KeyError(f"rounds[{i}].name", said(
                        "'{name}': a round-based event's rounds are named \"{first}\" to "
                        "\"{last}\" (pairing.rounds)", name=rdef.name, first=numbered(1),
                        last=numbered(self.pairing.rounds)))
                if rdef.head_start:
                    raise _KeyError(f"rounds[{i}].head_start",
                                    said("head starts are for knockout finals"))
            known = {p.name.casefold().strip() for p in self.players}
            for i, pair in enumerate(self.pairing.forbid):
                for name in pair:
                    if self.players and name.casefold().strip() not in known:
                        raise _KeyError(f"pairing.forbid[{i}]", said(
                            "'{name}' is not one of the [[players]]", name=name))
            # players may come later from a CSV with a team column (tdbot players import)
            if (self.pairing.avoid_teams and self.players
                    and not any(p.team for p in self.players)):
                raise _KeyError("pairing.avoid_teams", said(
                    "no player has a team to keep apart: give each player's team in "
                    "[[players]] (team = \"Raffles Institution\") or in the players CSV's "
                    "team column, or remove avoid_teams"))
        return self

    @model_validator(mode="after")
    def _game_bye(self) -> Definition:
        """A game given as a bye (a TD's ruling, a missing photo) is worth what the event's
        own bye is worth when the definition says nothing else: a round-based event's or a
        club's ``bye_spread`` (Director's Manual, "Odd Number of Players": a bye is +50),
        not SSSg's +100 (Annex A para 28), so that a player's bye is worth the same however
        it came. The one place this rule is written: every reader takes the stored
        ``rules.game_bye_spread`` (``matches.game_bye_spread``)."""
        own = (self.pairing.bye_spread if self.pairing is not None
               else self.club.bye_spread if self.club is not None else None)
        if own is not None and "game_bye_spread" not in self.rules.model_fields_set:
            object.__setattr__(self, "rules", self.rules.model_copy(
                update={"game_bye_spread": own}))  # frozen: set once, while it is read
        return self

    @model_validator(mode="after")
    def _unique(self) -> Definition:
        for key, names in (
            ("rounds", [r.name for r in self.rounds]),
            ("players", [p.name for p in self.players]),
        ):
            seen: dict[str, int] = {}
            for i, name in enumerate(names):
                folded = name.casefold().strip()
                if folded in seen:
                    raise _KeyError(f"{key}[{i}].name", said(
                        "'{name}' appears twice (also {key}[{other}])", name=name, key=key,
                        other=seen[folded]))
                seen[folded] = i
        return self


class _KeyError(ValueError):
    """A validation error about a key below the model that raised it: a record (said to
    the organiser in their language) or, not yet worded so, English text."""

    def __init__(self, key: str, message: str | Said) -> None:
        super().__init__(english_text(message) if isinstance(message, Said) else message)
        self.key = key
        self.message = message


def _refused(exc: Invalid) -> ValueError:
    """A service refusal met while validating a key (a language, an amount), as the
    validator's error."""
    return _Problem(exc.record) if exc.record is not None else ValueError(exc.message)


class _Problem(ValueError):
    """A validation error about the key being validated, as a record (the validator's
    ``ValueError``, in the organiser's language)."""

    def __init__(self, record: Said) -> None:
        super().__init__(english_text(record))
        self.record = record


def _as_datetime(value: date | datetime, *, end: bool) -> datetime:
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    return datetime.combine(value, time.max if end else time.min)


def _loc(parts: tuple[int | str, ...]) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out or "(top level)"


#: A value of a ``date | datetime`` field is checked against each type; their errors say
#: the same thing, once.
_UNION_TAGS = ("date", "datetime")


def _plain(err: Any) -> Said | None:
    """The validator's message in an organiser's words, for the common mistakes."""
    kind, ctx, loc = err["type"], err.get("ctx") or {}, err["loc"]
    if kind == "string_too_short":
        return said("must not be empty") if ctx.get("min_length") == 1 else None
    if kind == "string_pattern_mismatch" and loc[-1] == "currency":
        return said("must be a three-letter currency code in capitals, such as SGD")
    if kind == "greater_than_equal":
        return said("must be {limit} or more", limit=str(ctx.get("ge")))
    if kind == "less_than_equal":
        return said("must be {limit} or less", limit=str(ctx.get("le")))
    if kind in ("int_parsing", "int_type", "int_from_float"):
        return said("must be a whole number")
    if kind in ("bool_type", "bool_parsing"):
        return said("must be true or false")
    if kind == "string_too_long":
        return said("must be at most {limit} characters", limit=str(ctx.get("max_length")))
    if kind == "string_type":
        return said("must be text in quotes, such as \"Ann Lee\"")
    if kind in ("dict_type", "model_type"):
        return said("must be a table")
    if kind == "list_type":
        return said("must be a list in brackets, such as [7, 2, 1]")
    if kind in ("decimal_parsing", "decimal_type", "float_parsing", "float_type"):
        return said("must be a number")
    if loc[-1] in _UNION_TAGS or kind.startswith(("date", "datetime")):
        return said("must be a date, YYYY-MM-DD, or a date and time, YYYY-MM-DDTHH:MM:SS")
    return None


def _line(key: str, problem: str | Said) -> Said:
    """One problem of a definition: the key (as the file writes it) and what is wrong."""
    return said("{key}: {problem}", key=key, problem=problem)


def _messages(exc: ValidationError) -> list[Said]:
    lines: list[Said] = []
    for err in exc.errors():
        loc = tuple(err["loc"])
        if loc and loc[-1] in _UNION_TAGS:
            loc = loc[:-1]
        ctx = err.get("ctx") or {}
        cause = ctx.get("error")
        if isinstance(cause, _KeyError):
            key = _loc(loc)
            key = f"{key}.{cause.key}" if key != "(top level)" else cause.key
            lines.append(_line(key, cause.message))
            continue
        msg: str | Said = err["msg"]
        if isinstance(cause, _Problem):
            msg = cause.record
        elif err["msg"].startswith("Value error, "):
            msg = err["msg"][len("Value error, ") :]
        if err["type"] == "extra_forbidden":
            msg = _unknown_key(loc)
        elif err["type"] == "missing":
            msg = said("is required")
        elif err["type"] == "literal_error":
            msg = said("must be one of {choices}", choices=str(ctx.get("expected", "")))
        elif not isinstance(cause, _Problem):
            msg = _plain(err) or msg
        line = _line(_loc(loc), msg)
        if line not in lines:
            lines.append(line)
    return lines


def _unknown_key(loc: tuple[int | str, ...]) -> Said:
    """What to say of a key the definition does not have: the key of its table it is
    likely a misspelling of, else every key that table takes. The message stands on its
    own: the installed package has no examples/ folder to look in."""
    keys = _keys_of(loc[:-1])
    close = get_close_matches(str(loc[-1]), keys, n=1, cutoff=0.7)
    if close:
        return said("unknown key: did you mean {key}?", key=close[0])
    if keys:
        return said("unknown key: the keys here are {keys}", keys=", ".join(keys))
    return said("unknown key")


def _keys_of(path: tuple[int | str, ...]) -> list[str]:
    """The keys the table at ``path`` of a definition takes (``[event]``, ``[[rounds]]``,
    ``[club.members.NAME]`` ...), from the models above: their one list."""
    model: type[BaseModel] | None = Definition
    by_name = False  # the model's tables are named by the next part (club.members.NAME)
    for part in path:
        if isinstance(part, int) or model is None:
            continue
        field = model.model_fields.get(part)
        if field is None:
            if by_name:
                by_name = False
                continue
            return []
        model, by_name = _model_in(field.annotation)
    return list(model.model_fields) if model is not None else []


def _model_in(annotation: Any) -> tuple[type[BaseModel] | None, bool]:
    """The model a field holds (itself, a list of them, or a table of them by name) and
    whether by name."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, False
    if get_origin(annotation) is dict:
        return _model_in(get_args(annotation)[-1])[0], True
    for arg in get_args(annotation):
        found, by_name = _model_in(arg)
        if found is not None:
            return found, by_name
    return None, False


def read_toml(text: str, source: str) -> dict[str, Any]:
    """A TOML file's tables (an event definition, a club's or a ladder's rules), or
    ``Invalid`` saying in one line what is wrong with it, named by ``source``: tomllib
    raises more than its own error on some inputs a person may give."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise Invalid(said("{source}: not valid TOML: {why}", source=source,
                           why=str(exc))) from None
    except ValueError:  # tomllib's int() of a number over 4,300 digits, not a TOMLDecodeError
        raise Invalid(said("{source}: a number in it is thousands of digits long; no key here "
                           "takes one that big", source=source)) from None
    except RecursionError:  # tomllib reads a nested array or inline table by recursion
        raise Invalid(said("{source}: brackets nested hundreds deep ([[[... or {{a = {{...); "
                           "a definition or a rules file nests at most a few levels, as "
                           "examples/sssg2016.toml does", source=source)) from None


def definition_of(event: Event) -> Definition:
    """The definition an event was created from. It was validated when the event was
    created, and a result reads it several times (its pairing table, its rounds), so each
    stored text is validated once (``_validated``), not at every read: at 1,000 players
    that is half a millisecond a time."""
    return _validated(event.rules_json)


@lru_cache(maxsize=4)
def _validated(rules_json: str) -> Definition:
    """One validation per stored text (the text is the key, so an edited definition is read
    afresh); the model is frozen, so the readers share it safely."""
    return Definition.model_validate(json.loads(rules_json))


def parse_definition(text: str, source: str = "definition") -> Definition:
    """Parse and validate a TOML event definition; ``Invalid`` lists every problem found."""
    data = read_toml(text, source)
    try:
        return Definition.model_validate(data)
    except ValidationError as exc:
        raise Invalid(said("{source}: {problems}", source=source,
                           problems=_joined(_messages(exc)))) from None


def _joined(lines: list[Said]) -> Said:
    """A definition's problems on one line, separated by semicolons (no words of their
    own)."""
    out = lines[0]
    for more in lines[1:]:
        out = Said("{a}; {b}", (("a", out), ("b", more)))
    return out


def _dates(value: Any) -> Iterator[date]:
    """Every date in a definition's data (a date and time counts as its day)."""
    if isinstance(value, datetime):
        yield value.date()
    elif isinstance(value, date):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _dates(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _dates(item)


def _moved(value: Any, offset: timedelta) -> Any:
    if isinstance(value, date):  # a datetime too: it keeps its time of day
        return value + offset
    if isinstance(value, dict):
        return {key: _moved(item, offset) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_moved(item, offset) for item in value]
    return value


def shift_dates(definition: Definition, start: date) -> Definition:
    """The definition with every date in it (each round's opens and closes, and any other
    date it holds) moved by the same number of days, so that the earliest falls on
    ``start``. The gaps between dates stay as they were (SSSg "Schedule and Details": a
    month a round); weekdays may change. This is how an example written for 2016 is run
    today without rewriting it by hand."""
    first = first_date(definition)
    if first is None:
        raise Invalid(said("the definition has no dates to move: give its [[rounds]] opens "
                           "and closes dates"))
    return Definition.model_validate(_moved(definition.model_dump(), start - first))


def first_date(definition: Definition) -> date | None:
    """The earliest date in the definition, if it has any."""
    return min(_dates(definition.model_dump()), default=None)
