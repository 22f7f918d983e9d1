"""What the event's live pages show (``bot/web``): read models for anyone with the link.

An event has pages only when its definition says ``public = true`` in its ``[event]`` table;
an unknown slug and a private event's are alike ``NotFound`` with one message, so a page
address reveals nothing about an event that is not public. Each use-case here is one read
transaction; it reads what the chat and the command line read (the bracket as the pictures
lay it out, ``bracket.py``; the standings ``tdbot event standings`` ranks; the journal) and
keeps only what may be shown to anyone: names, rounds, games, scores, rulings and their
reasons. Never a phone, a Telegram id, a fee or a photo: none of them is in these models.
What the models say in words is records (``bot/words/said.py``), which the pages write in
the event's language (its definition's ``[event] language``, as its group reads it).

The public log is the journal's lines about results, rulings, corrections, byes,
expulsions and replacements (``PUBLIC_ACTIONS``), newest first, each said as a TD reads it
(``journal_texts``) but with who acted named only by their role or, for a player, their
name; a join request, an invite, a fee or a refused button press is not public.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from bot.pictures.bracket import Fonts
from bot.pictures.layout import Layout, Pictured, one_column
from bot.service.events.definitions import chess_pairing, definition_of
from bot.service.events.lookup import Event
from bot.service.events.schedule import Round, rounds_of
from bot.service.events.site_links import (
    is_public,
)
from bot.service.formats.registry import format_of
from bot.service.formats.traits import kind
from bot.service.people.languages import spoken
from bot.service.platform import journal_texts
from bot.service.platform.errors import NotFound
from bot.service.platform.journal import names_for
from bot.service.platform.unit import reading
from bot.service.results import finality, opponents
from bot.service.results.matches import MatchView, core_matches
from bot.store import (
    entries_repo,
    events_repo,
    journal_repo,
    matches_repo,
)
from bot.store.db import Database, Tx
from bot.store.entries_repo import EntryState
from bot.store.journal_repo import JournalEntry
from bot.store.rounds_repo import RoundState
from bot.words import SOURCE, for_locale
from bot.words.said import Said, Value, from_core, joined, said, said_n
from core.knockout.match import Decision, Match, MatchStage
from core.ordinals import ordinal

#: What a page that does not exist says: the same for a private event as for none at all.
NO_PAGE = "There is no public page here."

#: The journal's actions anyone may read (module docstring): results, rulings,
#: corrections, byes, expulsions and replacements, and the rounds they fall in.
PUBLIC_ACTIONS = frozenset({
    "event.draw", "round.open", "round.close", "round.extend", "round.hold", "round.pair",
    "game.report", "game.corrected", "game.forfeit", "game.overtime", "game.released",
    "game.voided", "slip.final", "dispute.ruled", "match.decided", "match.void",
    "match.matchbye", "match.forfeit", "match.tie", "photo.bye", "entry.expel",
    "entry.replace", "entry.vacate",
})

#: What a public line leaves out of a line's detail: who had not paid their fee or whose
#: membership is ending (a round's opening names them for the TDs), and who was expelled
#: for not paying (the expulsion itself is its own line, without the reason's money).
PRIVATE_DETAIL = frozenset({"unpaid", "membership_ends", "expelled"})

#: How many lines the public log shows (the newest).
LOG_LINES = 300


async def public_event(tx: Tx, slug: str) -> Event:
    """The public event called ``slug``; an unknown slug and a private event's are alike."""
    event = await events_repo.by_slug(tx, slug)
    if event is None or not is_public(event):
        raise NotFound(NO_PAGE)
    return event


# --- what the pages hold ----------------------------------------------------------------------


@dataclass(frozen=True)
class MatchLine:
    """A match as a page lists it: who plays whom, how it stands and who went through."""

    code: str
    round_name: str
    best_of: int
    names: tuple[Said | str, Said | str]  # the players, or where they come from ("winner of T3")
    entries: tuple[int | None, int | None]  # for the players' pages
    state: MatchStage
    winner: int | None  # side, once decided (a bye's holder too)
    score: str  # "3-2 (+41)", a one-game match's "412-380"; "" before anything counts
    head_start: tuple[int, int]
    note: Said | None = None  # "on spread", "TD ruling", "tied", "2 void"
    awaiting: Said | None = None  # a decided result not final yet: "awaiting agreement ..."

    @property
    def in_play(self) -> bool:
        return self.state == MatchStage.PLAYING


_DECISION_WORDS = {Decision.SPREAD: said("on spread"),
                   Decision.FEWER_STARTS: said("on fewer starts"),
                   Decision.MATCH_BYE: said("match bye"), Decision.RULING: said("TD ruling"),
                   Decision.TIED: said("tied")}


def listed(records: Sequence[Said]) -> Said | None:
    """Records one after another, ", " between (no words of its own); None for none."""
    return joined(records) if records else None


def _points(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def match_line(view: MatchView, match: Match) -> MatchLine:
    state = match.state()
    score = ""
    counted = [match.games[i] for i in state.counted]
    if view.state == MatchStage.BYE:
        score = ""
    elif (view.best_of == 1 and len(counted) == 1 and counted[0].scores is not None
          and not any(view.head_start)):
        a, b = counted[0].scores
        score = f"{a}-{b}"
    elif state.counted or any(view.head_start) or state.decided:
        if state.decision is not Decision.MATCH_BYE:
            score = (f"{_points(state.points[0])}-{_points(state.points[1])}"
                     f" ({state.spread[0]:+d})")
    notes = []
    if view.state == MatchStage.DECIDED and state.decision in _DECISION_WORDS:
        notes.append(_DECISION_WORDS[state.decision])
    if state.void:
        notes.append(said_n("{n} void", "{n} void", len(state.void)))
    winner = view.winner if view.state in (MatchStage.DECIDED, MatchStage.BYE) else None
    return MatchLine(view.code, view.round_name, view.best_of, (_slot(view, 0), _slot(view, 1)),
                     view.entries, view.state, winner, score, view.head_start, listed(notes))


def _slot(view: MatchView, side: int) -> Said | str:
    """Who is in a slot, or where they will come from ("winner of T3"), in the page's
    language."""
    name = view.names[side]
    return name if name is not None else matches_repo.source_said(view.sources[side])


def unconfirmed(line: MatchLine, waits: Said | None) -> MatchLine:
    """``line`` of a result not final yet: nobody marked through, and what it waits for."""
    return replace(line, winner=None, awaiting=waits) if waits is not None else line


def still_to_come(line: MatchLine, view: MatchView, by_code: Mapping[str, MatchView],
                  final: Collection[str]) -> MatchLine:
    """``line`` with each player an earlier result sends to it, while that result is not
    final, named as the chat names them (``opponents.slot_words``): "winner of Ann Lee v
    Dev Rao", not linked, since a dispute may still send the other player (SSSg para 24).
    A match already under way shows who plays it."""
    if view.state not in (MatchStage.WAITING, MatchStage.READY):
        return line
    names, entries = list(line.names), list(line.entries)
    for side in (0, 1):
        if opponents.feeder_code(view, side) is None:
            continue
        slot = opponents.slot_words(view, side, by_code, final)
        if not slot.known:
            names[side], entries[side] = slot.source or slot.words, None
    return replace(line, names=(names[0], names[1]), entries=(entries[0], entries[1]))


async def _lines(tx: Tx, event: Event, views: Sequence[MatchView],
                 everyone: Sequence[MatchView] | None = None) -> list[MatchLine]:
    """The lines of ``views`` (of ``event``, whose matches are ``everyone`` when the
    caller read them): a result not final shown undecided (``unconfirmed``), and who it
    sends on not named yet (``still_to_come``)."""
    lines = [unconfirmed(match_line(v, m), await finality.waits_said(tx, event, v))
             for v, m in zip(views, await core_matches(tx, views), strict=True)]
    if not any(opponents.feeder_code(v, side) for v in views for side in (0, 1)):
        return lines  # no slot filled by an earlier result (a round-based event)
    if everyone is None:
        everyone = await matches_repo.of_event(tx, event.id)
    by_code = {m.code: m for m in everyone}
    final = await finality.final_codes(tx, event.id, everyone)
    return [still_to_come(line, v, by_code, final) for line, v in zip(lines, views, strict=True)]


@dataclass(frozen=True)
class RoundLine:
    name: str
    number: int
    state: RoundState
    opens: datetime | None  # on the event's clock (``Event.at``)
    closes: datetime | None
    matches: int
    decided: int


@dataclass(frozen=True)
class Overview:
    """The event's front page: its divisions (a knockout's bracket pictures), its rounds
    and how far each is, and what is next."""

    event: Event
    kind: Said  # "a knockout", "a round-based event" ... (``Format.kind``)
    players: int
    rounds: list[RoundLine]
    pictures: list[tuple[str, str]]  # (name, label) of each bracket page
    standings: bool  # a round-based event has standings and round pages
    now: Said  # what is being played
    next: Said  # what comes next


def _being_played(r: RoundLine) -> Said:
    if r.closes is not None:
        return said_n("{round}: {decided} of {n} match decided, closes {closes}",
                      "{round}: {decided} of {n} matches decided, closes {closes}", r.matches,
                      round=r.name, decided=r.decided, closes=r.closes)
    return said_n("{round}: {decided} of {n} match decided",
                  "{round}: {decided} of {n} matches decided", r.matches, round=r.name,
                  decided=r.decided)


def _now_and_next(event: Event, rounds: list[RoundLine]) -> tuple[Said, Said]:
    open_ = [r for r in rounds if r.state == RoundState.OPEN]
    planned = [r for r in rounds if r.state == RoundState.PLANNED]
    if open_:
        now = _being_played(open_[0])
        for r in open_[1:]:
            now = Said("{a}; {b}", (("a", now), ("b", _being_played(r))))
    elif not rounds:
        now = said("The draw has not been made yet.")
    elif planned:
        now = said("No round is being played just now.")
    else:
        now = said("Every round has been played.")
    if planned:
        first = planned[0]
        nxt = (said("{round} opens {opens}", round=first.name, opens=first.opens)
               if first.opens else said("{round} opens next", round=first.name))
    elif not rounds:
        nxt = said("The tournament director makes the draw.")
    else:
        nxt = (said("Nothing: the event is over.") if not open_
               else said("The last round is being played."))
    return now, nxt


def _round_lines(event: Event, rounds: list[Round], matches: list[MatchView],
                 unsettled: set[int]) -> list[RoundLine]:
    """Each round and how many of its matches are decided: a result still open to a
    dispute (``unsettled``, ``finality``) is not counted yet."""
    out = []
    for n, r in enumerate(sorted(rounds, key=lambda r: r.seq), start=1):
        mine = [m for m in matches if m.round_id == r.id and m.state != MatchStage.NOT_NEEDED]
        out.append(RoundLine(
            r.name, n, r.state,
            event.at(r.opens_at) if r.opens_at else None,
            event.at(r.closes_at) if r.closes_at else None,
            len(mine), sum(1 for m in mine if m.state in (MatchStage.DECIDED, MatchStage.BYE)
                           and m.id not in unsettled)))
    return out


def _layouts(drawn: Pictured, event: Event) -> list[Layout]:
    """The event's pictures in its pages' language (``[event] language``)."""
    return drawn.layouts(event.name, Fonts.default().measure,
                         for_locale(spoken(event.language) or SOURCE))


async def overview(db: Database, slug: str) -> Overview:
    """Use-case: the overview page."""
    async with reading(db) as tx:
        event = await public_event(tx, slug)
        rounds = await rounds_of(tx, event.id)
        matches = await matches_repo.of_event(tx, event.id)
        lines = _round_lines(event, rounds, matches,
                             await finality.unsettled_matches(tx, event.id))
        players = len(await entries_repo.of_event(tx, event.id))
        pictures: list[tuple[str, str]] = []
        drawn = await format_of(event).pictured(tx, event)
        if drawn is not None:
            pictures = [(lay.name, lay.label) for lay in _layouts(drawn, event)]
        now, nxt = _now_and_next(event, lines)
        return Overview(event, kind(event.format), players, lines, pictures,
                        format_of(event).standings, now, nxt)


@dataclass(frozen=True)
class BracketPage:
    event: Event
    layout: Layout  # the picture, a result not final yet shown undecided (``Pictured``)
    narrow: Layout  # the same picture one match a row, for a phone (``one_column``)
    pictures: list[tuple[str, str]]  # every bracket page, for the links between them
    matches: list[MatchLine]  # the picture's matches, in its order


async def bracket(db: Database, slug: str, picture: str) -> BracketPage:
    """Use-case: one bracket page (a division, or a part or page of one, as the bot's
    pictures split it), with its matches as text for those who do not see the picture. A
    match whose result can still be disputed (``finality``) is drawn undecided, with
    what it waits for, and the player it sends on is not named yet (``Pictured``), as
    the table says it."""
    async with reading(db) as tx:
        event = await public_event(tx, slug)
        drawn = await format_of(event).pictured(tx, event)
        if drawn is None:
            raise NotFound(NO_PAGE)
        layouts = _layouts(drawn, event)
        chosen = next((lay for lay in layouts if lay.name == picture), None)
        if chosen is None:
            raise NotFound(NO_PAGE)
        everyone = await matches_repo.of_event(tx, event.id)
        views = {m.code: m for m in everyone}
        shown = [views[b.match_id] for b in chosen.boxes if b.match_id in views]
        lines = await _lines(tx, event, shown, everyone)
        return BracketPage(event, chosen, one_column(chosen, Fonts.default().measure),
                           [(lay.name, lay.label) for lay in layouts], lines)


@dataclass(frozen=True)
class StandingsPage:
    event: Event
    rows: list[dict[str, Any]]  # core.standings.standings_rows, best first
    chess: bool
    after: int  # rounds complete
    total: int  # rounds planned
    playing: int  # the last round paired
    players: dict[int, int]  # player number -> entry id (their pages)


@dataclass(frozen=True)
class RoundPage:
    event: Event
    round: RoundLine
    rounds: list[RoundLine]  # every round, for the links between them
    matches: list[MatchLine]
    chess: bool


async def round_pairings(db: Database, slug: str, number: int) -> RoundPage:
    """Use-case: a round's pairings and results (a round-based event's round, or any
    event's round of matches)."""
    async with reading(db) as tx:
        event = await public_event(tx, slug)
        rounds = sorted(await rounds_of(tx, event.id), key=lambda r: r.seq)
        if not 1 <= number <= len(rounds):
            raise NotFound(NO_PAGE)
        matches = await matches_repo.of_event(tx, event.id)
        lines = _round_lines(event, rounds, matches,
                             await finality.unsettled_matches(tx, event.id))
        rnd = rounds[number - 1]
        shown = [m for m in matches if m.round_id == rnd.id and m.state != MatchStage.NOT_NEEDED]
        chess = format_of(event).chess(event)
        return RoundPage(event, lines[number - 1], lines, await _lines(tx, event, shown, matches),
                         chess)


@dataclass(frozen=True)
class GameLine:
    number: int
    starter: str | None  # who started (None: a bye or forfeit, or not said)
    scores: tuple[int, int] | None
    awarded: str | None  # a game bye or forfeit: to whom
    how: str  # "", "bye" (a game bye), "forfeit"
    void: bool


@dataclass(frozen=True)
class LogLine:
    when: Value  # on the event's clock
    who: Value  # a role or a player's name; never a Telegram id
    what: Said
    why: Value  # as the TD typed it, or the bot's reason in the page's language
    match: str | None = None  # the match it is about (its code), for a link


@dataclass(frozen=True)
class MatchPage:
    event: Event
    match: MatchLine
    games: list[GameLine]
    rulings: list[LogLine]  # what the journal says about it, newest first
    ruling: str | None  # a tied match's ruling reason (SSSg para 30), as the TD typed it
    bye: Said | None = None  # a bye: what it is worth, as the event's rules say


async def match(db: Database, slug: str, code: str) -> MatchPage:
    """Use-case: a match's page: its games with starters and scores, and its rulings."""
    async with reading(db) as tx:
        event = await public_event(tx, slug)
        view = await matches_repo.of_code(tx, event.id, code)
        if view is None:
            raise NotFound(NO_PAGE)
        (value,) = await core_matches(tx, [view])
        (line,) = await _lines(tx, event, [view])
        games = []
        state = value.state()
        for i, g in enumerate(value.games, start=1):
            kind_ = g.kind.value
            awarded = view.label(g.awarded_to) if g.awarded_to is not None else None
            games.append(GameLine(
                i, view.label(g.starter) if g.starter is not None else None,
                g.scores, awarded if kind_ in ("bye", "forfeit") else None,
                kind_ if kind_ in ("bye", "forfeit") else "",
                (i - 1) in state.void or kind_ == "void"))
        entries = await journal_repo.of_subject(tx, f"match:{view.id}")
        rulings = await _log_lines(tx, event, entries)
        ruling = view.ruling[1] if view.ruling is not None else None
        bye = bye_worth(event) if view.state == MatchStage.BYE else None
        return MatchPage(event, line, games, rulings, ruling, bye)


def bye_worth(event: Event) -> Said:
    """What a bye gives its holder, from the event's definition: in a round-based event a
    win worth ``bye_spread`` (Director's Manual, "Odd Number of Players") or, in chess, the
    point (or half) ``bye_points`` says (USCF guide); at a club night ``bye`` says the
    same or that the player sits out; in a knockout the player goes through without
    playing (SSSg para 27)."""
    defn = definition_of(event)
    if defn.pairing is not None:
        if chess_pairing(defn.pairing):
            return said("a full point") if defn.pairing.bye_points >= 1 else said("half a point")
        return said("a win with {spread:+d} spread", spread=defn.pairing.bye_spread)
    if defn.club is not None:
        if defn.club.bye == "spread":
            return said("a win with {spread:+d} spread", spread=defn.club.bye_spread)
        return said("no game this round: it counts neither as a win nor a loss")
    return said("through to the next round without playing")


@dataclass(frozen=True)
class PlayerPage:
    event: Event
    name: str
    state: EntryState
    matches: list[MatchLine]
    standings: bool  # a round-based event: where they stand is on the standings page
    place: Said | None = None  # "3rd of 10, 1-0, +400": their place in the standings now


async def player(db: Database, slug: str, entry_id: int) -> PlayerPage:
    """Use-case: a player's page: their matches in the event."""
    async with reading(db) as tx:
        event = await public_event(tx, slug)
        entry = await entries_repo.get(tx, entry_id)
        if entry is None or entry.event_id != event.id:
            raise NotFound(NO_PAGE)
        mine = [m for m in await matches_repo.of_entry(tx, entry_id) if m.state != MatchStage.NOT_NEEDED]
        lines = await _lines(tx, event, mine)
        return PlayerPage(event, entry.name, entry.state,
                          [line for line in lines if entry_id in line.entries],
                          format_of(event).standings)


def place_in(table: StandingsPage, entry_id: int) -> Said | None:
    """A player's row of the standings in words: "3rd of 10, 1-0, +400" (Scrabble: wins,
    losses, spread, Director's Manual) or "3rd of 10, 1.5 points" (chess, USCF guide);
    None when they are not in them."""
    number = next((n for n, e in table.players.items() if e == entry_id), None)
    row = next((r for r in table.rows if r["number"] == number), None)
    if row is None:
        return None
    where = from_core(ordinal(int(row["rank"])))
    if table.chess:
        points = _points(float(row["points"]))
        if points == "1":
            return said("{place} of {players}, 1 point", place=where, players=len(table.rows))
        return said("{place} of {players}, {points} points", place=where,
                    players=len(table.rows), points=points)
    return said("{place} of {players}, {wins}-{losses}, {spread:+d}", place=where,
                players=len(table.rows), wins=_points(row["wins"]),
                losses=_points(row["losses"]), spread=int(row["spread"]))


@dataclass(frozen=True)
class LogPage:
    event: Event
    lines: list[LogLine]  # newest first
    total: int


async def log(db: Database, slug: str, limit: int = LOG_LINES) -> LogPage:
    """Use-case: the public log, newest first (module docstring)."""
    async with reading(db) as tx:
        event = await public_event(tx, slug)
        shown, total = await journal_repo.of_event_doing(tx, event.id, sorted(PUBLIC_ACTIONS),
                                                         limit)
        return LogPage(event, await _log_lines(tx, event, shown), total)


def public_who(label: str, names: journal_texts.Names) -> Value:
    """Who acted, for anyone to read: the bot, a TD (the command line acts as one), an
    organiser, or a player by name; someone not known to the event is "someone", never
    their Telegram id."""
    if label == "system":
        return said("The bot")
    if label == "cli":
        return said("A TD")
    person = journal_texts.person_of(label)
    if person is None:
        return said("Someone")
    roles = names.roles.get(person, ())
    for role, who in (("td", said("A TD")), ("organiser", said("An organiser")),
                      ("adjudicator", said("An adjudicator"))):
        if role in roles:
            return who
    return names.person(person) if "player" in roles else said("Someone")


def public_entry(entry: JournalEntry) -> JournalEntry:
    """A journal line with what is not for the public taken out of it (``PRIVATE_DETAIL``)."""
    if not PRIVATE_DETAIL & entry.detail.keys():
        return entry
    return replace(entry, detail={k: v for k, v in entry.detail.items()
                                  if k not in PRIVATE_DETAIL})


async def _log_lines(tx: Tx, event: Event, entries: list[JournalEntry]) -> list[LogLine]:
    """The public ones of ``entries``, newest first. A match's decision whose result can
    still be disputed (``finality``) does not say "was decided": it says who won and
    what the result waits for (``not_final_yet``)."""
    shown = [public_entry(e) for e in entries if e.action in PUBLIC_ACTIONS]
    names = await names_for(tx, event, shown)
    unsettled = await finality.unsettled_matches(tx, event.id)
    out = []
    for e in reversed(shown):
        kind_, _, ref = e.subject.partition(":")
        code = None
        if kind_ == "match" and ref.isdigit() and int(ref) in names.matches:
            code = names.matches[int(ref)][0]
        what = journal_texts.sentence(e, names)
        if e.action == "match.decided" and ref.isdigit() and int(ref) in unsettled:
            what = await not_final_yet(tx, event, int(ref), what)
        out.append(LogLine(names.when(e.at), public_who(e.who, names), what,
                           journal_texts.why_of(e), code))
    return out


def _not_final(decided: Said, waits: Said) -> Said:
    """The journal's sentence of a match decided (``journal_texts``: "{match} was decided:
    {player} won ..."), said of a result not final yet: "{match}: {player} won ...,
    {waits}", with the same values; a sentence of another shape keeps its words, with
    what it waits for after them."""
    values = dict(decided.named(), waits=waits)
    if decided.message == "{match} was decided: {player} won {won}-{lost}":
        return said("{match}: {player} won {won}-{lost}, {waits}", **values)
    if decided.message == "{match} was decided: {player} won {how}":
        return said("{match}: {player} won {how}, {waits}", **values)
    if decided.message == "{match} was decided: {player} won {how}, {score}":
        return said("{match}: {player} won {how}, {score}, {waits}", **values)
    return Said("{what}, {waits}", (("what", decided), ("waits", waits)))


async def not_final_yet(tx: Tx, event: Event, match_id: int, decided: Said) -> Said:
    """A match's decision as the journal says it ("M1 was decided: Ann Lee won 400-380"),
    said of a result not final yet: "M1: Ann Lee won 400-380, awaiting agreement until
    ..." (SSSg para 24: a reported game can be disputed until its window closes)."""
    view = await matches_repo.get(tx, match_id)
    waits = await finality.waits_said(tx, event, view) if view is not None else None
    return _not_final(decided, waits or said("awaiting agreement"))


async def last_change(db: Database) -> int:
    """Use-case: the journal's newest line, which moves on with every result, slip, ruling,
    correction, round and entry a page can show (``PUBLIC_ACTIONS`` and more): a page made
    since it last moved is still the page the database would give (``bot.web.server``)."""
    async with reading(db) as tx:
        return await journal_repo.last_id(tx)


# --- every page, for a folder of files -----------------------------------------------------


@dataclass(frozen=True)
class Pages:
    """Every page address of an event (``tdbot event site``)."""

    event: Event
    pictures: list[str] = field(default_factory=list)
    rounds: int = 0
    matches: list[str] = field(default_factory=list)
    players: list[int] = field(default_factory=list)


async def pages(db: Database, slug: str) -> Pages:
    async with reading(db) as tx:
        event = await public_event(tx, slug)
        drawn = await format_of(event).pictured(tx, event)
        pictures = [] if drawn is None else [lay.name for lay in _layouts(drawn, event)]
        return Pages(event, pictures, len(await rounds_of(tx, event.id)),
                     [m.code for m in await matches_repo.of_event(tx, event.id)
                      if m.state != MatchStage.NOT_NEEDED],
                     [e.id for e in await entries_repo.of_event(tx, event.id)])

