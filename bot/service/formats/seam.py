"""What a competition format answers for the shared flow: the seam between the formats and
everything they share.

Every format reports its games through the same slips, photos, disputes and rulings
(``bot.service.results``), opens and closes rounds the same way and posts to the same
groups. What differs is asked of the event's format (``registry.format_of``), never by
testing which format it is: a knockout's rule taken for a Swiss's (SSSg para 17's
tie-break naming a winner of a level match) is what a test of the name lets happen.

Only what some format answers differently is here. A format is one frozen object per
``[event] format`` key, made by its package (``formats/knockout`` makes three: ``sssg``,
``single``, ``double``) and named in the registry (``registry.BUILT_IN``). What its
steps give back (a draw, an expulsion, fee lines) is defined here too, so that this module
needs none of the modules that ask the registry.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from bot.service.platform.errors import Invalid
from bot.words.said import Said, said
from core.knockout.match import forfeit_match
from core.phrases import Phrase

if TYPE_CHECKING:
    from collections.abc import Collection

    from bot.pictures.layout import Pictured
    from bot.service.events.lookup import Event
    from bot.service.events.schedule import Round
    from bot.service.platform.actors import Actor
    from bot.service.platform.news import News, Told
    from bot.store.db import Tx
    from bot.store.entries_repo import Entry
    from bot.store.expulsions_repo import ExpulsionState
    from bot.store.games_repo import GameRow
    from bot.store.matches_repo import MatchView
    from bot.store.results_repo import OpenSlip
    from bot.words.said import Said, said
    from core.knockout.match import Match, MatchState

# --- what a format's steps give back (the shared modules use them too) -----------------


@dataclass(frozen=True)
class DrawResult:
    """What a draw made (its rounds and matches) and what the TD who made it is told."""

    event_id: int
    seed: int
    rounds: list[tuple[str, str, int]]  # code, name, best_of
    matches: list[tuple[str, str, Said | str, Said | str]]  # code, round name, side A, side B
    unused_rounds: list[str] = field(default_factory=list)
    # rounds whose fee reminder was due before the draw: it goes out at once (para 26)
    late_fee_reminders: list[str] = field(default_factory=list)
    # (player, round) paid before the draw for a round the draw did not make
    unmatched_payments: list[tuple[str, str]] = field(default_factory=list)
    # a round-based event whose first round has a closing time of its own (a date in the
    # definition, or round_days): the TD opens it with no date to give
    first_round_dated: bool = False


@dataclass
class FeeLine:
    """One player's fee for one round or night, in minor units (cents)."""

    round: str
    player: str
    due: int
    paid: int = 0
    note: str = ""


@dataclass(frozen=True)
class Option:
    """Someone who may take a freed slot, with the reason a TD reads (para 29)."""

    entry_id: int
    name: str
    reason: str


@dataclass(frozen=True)
class Expelled:
    """What expelling a player did. ``state``: 'open' (the TDs choose who takes the slot
    in ``match``), 'none' (no slot to fill; ``note`` says why)."""

    name: str
    why: Said | str
    expulsion_id: int
    state: ExpulsionState
    match: str | None = None
    opponent: str | None = None
    options: list[Option] = field(default_factory=list)
    note: Said | None = None  # what it did, in the TD's words (lower case: it follows a head)


@dataclass(frozen=True)
class Filled:
    """A freed slot decided: ``replacement`` took it (None: nobody did, the opponent goes
    through). ``already``: another TD decided first (``by`` says who)."""

    expelled: str
    match: str
    replacement: str | None
    opponent: str
    by: str
    already: bool = False
    not_played: bool = False  # the opponent was expelled too: nobody plays the match


@dataclass(frozen=True)
class OpenSlot:
    """A freed slot waiting for the TDs (``/pending``, ``tdbot event inbox``)."""

    expulsion_id: int
    expelled: str
    match: str
    opponent: str
    options: list[Option]
    people: tuple[int | None, int | None] = (None, None)  # the match's, for para 19


# --- the format ---------------------------------------------------------------------------


class Format(Protocol):
    """One format, as the shared flow asks it. Traits first (plain values), then what it
    does at each step the flow hands over."""

    #: The ``[event] format`` key ("sssg", "rounds").
    @property
    def name(self) -> str: ...

    #: The format in words a person reads: "a knockout", "a club night": a catalogue
    #: message (marked ``N_``), shown as ``Said(kind)`` (``traits.kind``).
    @property
    def kind(self) -> str: ...

    #: The rule book whose paragraphs its messages cite ("SSSg": SSSg 2016 Annex A), or
    #: None when it plays by no numbered rules (a club night told "(para 24)" would look
    #: for a book it does not play by).
    @property
    def rulebook(self) -> str | None: ...

    #: The definition tables it takes besides ``[event]``, ``[rules]`` and the people ("pairing",
    #: "club", "ladder"): another format's table is refused when the definition is read.
    @property
    def tables(self) -> frozenset[str]: ...

    #: Whether a match level on game-points still has a winner (SSSg para 17: one player
    #: must go on); otherwise it is a tie with no winner (Director's Manual's W/L/T).
    @property
    def breaks_ties(self) -> bool: ...

    #: Whether a match's winner goes through and its loser is out (a knockout's bracket):
    #: a match bye sends the side through (SSSg para 27) and the words say "goes through".
    #: Otherwise a match bye is the games forfeited to the side, with the forfeit spread.
    @property
    def goes_through(self) -> bool: ...

    #: Whether a game owes a board photo when ``[rules] board_photos`` is unset (SSSg para
    #: 25 for remote play; a club night's are played where the director sees the boards).
    @property
    def photos(self) -> bool: ...

    #: Whether its rounds are drawn or paired ahead and close on a date (a TD may hold one
    #: open; its round commands are offered).
    @property
    def dated_rounds(self) -> bool: ...

    #: Whether it has a drawn bracket: pictures, prize pools from fees (SSSg paras 7-9),
    #: later matches fed by a result.
    @property
    def bracket(self) -> bool: ...

    #: Whether its fees are per round (SSSg para 26); a club's are per night.
    @property
    def round_fees(self) -> bool: ...

    #: The chat commands that are its own (a club's /night, a ladder's /challenge).
    @property
    def commands(self) -> frozenset[str]: ...

    #: What its group is shown ("each round's pairings, the results and the standings").
    @property
    def group_posts(self) -> Said: ...

    #: Whether its matches are challenges in one round the players never see named (a
    #: ladder's).
    @property
    def challenges(self) -> bool: ...

    #: Whether a TD types its rounds by number ("/openround 2") rather than code.
    @property
    def rounds_by_number(self) -> bool: ...

    #: Whether it keeps standings that decide the pairings (``/standings``, ``/why``).
    @property
    def standings(self) -> bool: ...

    #: Why it has no draw (said after "NAME is a club: "), or None when it has one.
    @property
    def no_draw(self) -> Said | None: ...

    #: Why its definition has no ``[[rounds]]`` (the whole message), or None when it takes
    #: them (their dates, and a knockout's best-of per round).
    @property
    def no_rounds(self) -> Said | None: ...

    #: Why a TD cannot add a player to it as an entry (said after "NAME is ..."), or None.
    @property
    def no_entries(self) -> Said | None: ...

    #: Why a TD cannot close its round, or None when its rounds close.
    @property
    def round_stays_open(self) -> Said | None: ...

    #: Where a player of it looks instead of a round-based event's /standings: a
    #: catalogue message (marked ``N_``, shown as ``Said(see_instead)``), or "".
    @property
    def see_instead(self) -> str: ...

    def tie_words(self) -> Said:
        """What a tied match means for its players (a round-based event's ": half a win
        each"; a knockout's own rule, SSSg paras 17 and 30)."""
        ...

    def single_game(self, view: MatchView) -> bool:
        """Whether the match ``view`` is one game to its players, so that its result, played
        or forfeited, reads as that game ("You won your Round 2 game against Ann Lee
        412-380") and never as a match score ("1-0 (+32): you win the match")."""
        ...

    def match_bye(self, match: Match, side: int) -> Match:
        """The match as a TD's match bye to ``side`` leaves it."""
        ...

    def starter_words(self, event: Event, other: str) -> tuple[Said, Said]:
        """Who starts the first game when the pairing chose: the sentence to the starter
        ("You go first."; chess: "You have White.") and the one to their opponent, naming
        the starter ``other`` ("Ann Lee goes first.")."""
        ...

    def default_close(self, event: Event, rnd: Round, now: datetime) -> datetime | None:
        """A round's closing time when the TD opening it gives none (None: they must)."""
        ...

    def chess(self, event: Event) -> bool:
        """Whether ``event`` is chess (the first of a pair has White; points, not wins)."""
        ...

    def opens_rounds_itself(self, event: Event) -> bool:
        """Whether a dated round of ``event`` opens at its time without a TD."""
        ...

    async def set_up(self, tx: Tx, event: Event, now: datetime) -> None:
        """What the event needs beyond its entries once created from its definition (the
        event's ``rules``)."""
        ...

    async def draw(self, tx: Tx, event: Event, entries: list[Entry], seed: int, by: Actor,
                   now: datetime, why: str) -> DrawResult:
        """Make the draw (the caller checked the TD, the state and the entries)."""
        ...

    async def pictured(self, tx: Tx, event: Event) -> Pictured | None:
        """The event as its bracket pictures show it, once drawn; None without a bracket."""
        ...

    async def after_results(self, tx: Tx, event: Event, now: datetime,
                            news: News | None) -> list[int]:
        """A result counted or was corrected: move the event on; the ids of matches that
        became ready to play (the caller tells their players)."""
        ...

    async def impact_of(self, tx: Tx, view: MatchView, new: Match
                        ) -> tuple[Phrase | None, tuple[str, ...], int]:
        """What replacing a decided match's value with ``new`` does to the later matches
        it fed: (in words, None for nothing, the voided later matches, the games played
        in them)."""
        ...

    async def after_final(self, tx: Tx, event: Event, now: datetime,
                          news: News | None) -> None:
        """A result became final, or a final one was corrected."""
        ...

    async def count_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          final: bool, following: Told | None) -> list[Told]:
        """What a player reads with a result that counts: where they go next.
        ``following``: their next match in the event, in words, if they have one."""
        ...

    async def final_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          won: bool, following: Told | None) -> list[Told]:
        """What a player reads once their result is final, when nothing plays on for
        them (``following`` is their next match, if any)."""
        ...

    async def post_result(self, tx: Tx, event: Event, chat: int, view: MatchView,
                          state: MatchState, post: Said, more: list[Said], key: str,
                          now: datetime) -> None:
        """Post a final result to the event's group, in the group's language
        (``group_language``): ``post`` is the result with ``more`` (what else it did) under
        it, ``more`` also given apart; ``key`` the post's dedupe key."""
        ...

    async def open_round(self, tx: Tx, event: Event, rnd: Round, by: Actor, now: datetime,
                         expel_unpaid: bool) -> None:
        """Before a TD's round opens: pair it, or refuse what does not apply."""
        ...

    async def round_opened(self, tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                           now: datetime) -> None:
        """Tell the group (and any bye) that the round is open."""
        ...

    async def open_when_due(self, tx: Tx, event: Event, rnd: Round, now: datetime,
                            dedupe: str) -> bool:
        """A dated round's opening time came: True if the format opened it itself
        (``opens_rounds_itself``); False leaves it to the TDs, who are told."""
        ...

    async def expel(self, tx: Tx, event: Event, entry: Entry, why: Said | str, by: Actor,
                    now: datetime, together: Collection[int]) -> Expelled:
        """Expel ``entry`` (SSSg paras 26, 29): what becomes of their match and place."""
        ...

    async def open_slots(self, tx: Tx, event: Event) -> list[OpenSlot]:
        """The places expelled players left that wait for the TDs to fill (SSSg para 29)."""
        ...

    async def fee_lines(self, tx: Tx, event: Event) -> list[FeeLine]:
        """The fee sheet's lines: what each player owes and paid, round by round."""
        ...

    async def match_stakes(self, tx: Tx, event: Event) -> dict[str, tuple[Said, Said]]:
        """What each undecided match decides for each side, by match code ("Win and you
        reach the Grand Final; lose and you play the Losers' Final."); empty where a match
        leads nowhere (a Swiss round, a club night)."""
        ...

    async def decided_prizes(self, tx: Tx, event: Event) -> list[Said]:
        """The prize places already decided, for the TDs' ``/pending`` (a record a line),
        so that prizes can be prepared; empty where the format has no such places."""
        ...

    async def export_record(self, tx: Tx, event: Event, stored: list[MatchView],
                            values: dict[int, Match], games: dict[int, list[GameRow]],
                            slips: dict[int, OpenSlip],
                            divisions: dict[int, str | None]) -> dict[str, Any] | None:
        """The event's record for ``tdbot event export --to json`` when the format keeps
        one of its own (a knockout's: the core's ``event_record``); None: the stored
        matches as they stand."""
        ...

    async def export_files(self, tx: Tx, event: Event) -> list[tuple[str, str]]:
        """Files beyond the result sheets that a TD's export sends: (filename, text)."""
        ...


class Defaults:
    """What a format answers to the questions that do not apply to it: no bracket to draw
    or picture, no later match fed by a result, no slot to fill, nothing of its own to
    export, rounds that close on their stored date and that the TDs open. A format inherits
    these and writes only the hooks where it differs."""

    #: Its own trait (``Format.no_draw``), which the default ``draw`` says.
    no_draw: Said | None

    def starter_words(self, event: Event, other: str) -> tuple[Said, Said]:
        return said("You go first."), said("{name} goes first.", name=other)

    def tie_words(self) -> Said:
        return said(": half a win each")  # the Director's Manual's W/L/T

    def match_bye(self, match: Match, side: int) -> Match:
        """No bye of a whole match: the games it needs, won by forfeit (a win with the
        forfeit spread, never a 0-0 tie; Director's Manual). A knockout's sends the side
        through instead (SSSg para 27)."""
        return forfeit_match(match, side)

    def single_game(self, view: MatchView) -> bool:
        # a weekly Swiss's, a club night's, a ladder's one-game challenge; a knockout round
        # of one game too, but not a grand final with a head start (it is a match to win)
        return view.best_of == 1 and not any(view.head_start)

    def default_close(self, event: Event, rnd: Round, now: datetime) -> datetime | None:
        return rnd.closes_at

    def chess(self, event: Event) -> bool:
        return False

    def opens_rounds_itself(self, event: Event) -> bool:
        return False

    async def set_up(self, tx: Tx, event: Event, now: datetime) -> None:
        return None

    async def draw(self, tx: Tx, event: Event, entries: list[Entry], seed: int, by: Actor,
                   now: datetime, why: str) -> DrawResult:
        """No draw (a club pairs on the night, a ladder's players challenge): the TD is
        told why, in the format's own words (``no_draw``)."""
        raise Invalid(said("{event} {refusal}", event=event.name,
                           refusal=self.no_draw or said("has no draw")))

    async def after_results(self, tx: Tx, event: Event, now: datetime,
                            news: News | None) -> list[int]:
        """Nothing becomes ready from a result; what the format does on a final one is
        ``after_final``'s (it acts only on the results that are final)."""
        await self.after_final(tx, event, now, news)
        return []

    async def after_final(self, tx: Tx, event: Event, now: datetime,
                          news: News | None) -> None:
        """The hook a format overrides to act once a result is final (a club's expert-point
        levels, a ladder's rungs); nothing by default."""
        return None

    async def pictured(self, tx: Tx, event: Event) -> Pictured | None:
        return None  # no bracket

    async def impact_of(self, tx: Tx, view: MatchView, new: Match
                        ) -> tuple[Phrase | None, tuple[str, ...], int]:
        return None, (), 0  # no later match is fed by a result

    async def open_round(self, tx: Tx, event: Event, rnd: Round, by: Actor, now: datetime,
                         expel_unpaid: bool) -> None:
        return None

    async def open_when_due(self, tx: Tx, event: Event, rnd: Round, now: datetime,
                            dedupe: str) -> bool:
        return False

    async def match_stakes(self, tx: Tx, event: Event) -> dict[str, tuple[Said, Said]]:
        return {}  # a match leads to no other

    async def decided_prizes(self, tx: Tx, event: Event) -> list[Said]:
        return []  # no prize places to decide

    async def open_slots(self, tx: Tx, event: Event) -> list[OpenSlot]:
        return []  # no slot to fill: an expelled player's games are forfeited

    async def export_record(self, tx: Tx, event: Event, stored: list[MatchView],
                            values: dict[int, Match], games: dict[int, list[GameRow]],
                            slips: dict[int, OpenSlip],
                            divisions: dict[int, str | None]) -> dict[str, Any] | None:
        return None  # the stored matches are the record

    async def export_files(self, tx: Tx, event: Event) -> list[tuple[str, str]]:
        return []
