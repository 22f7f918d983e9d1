"""Board photos (SSSg 2016 Annex A para 25): receiving them, the reminder, the close of the
window, and the TDs' ruling on a missing photo.

"The winner of a game (or the starting player in the case of a tie) is also responsible
for sending a photo of the completed game to SA Rating Officer ... within 24 hours of the
conclusion of the game, failing which the game may be awarded as a bye to the loser."

- A player sends a photo in the private chat. It is kept (Telegram file id, largest size)
  and attached to the one game of theirs still waiting for a photo; with several the
  player picks one; with none they are told what to do. The responsible player's photo
  discharges the window; the other player's is kept but does not (para 25 names the
  winner, or on a tie the starter: ``core.knockout.match.MatchGame.responsible``). Every kept photo is
  forwarded to the ratings officer's chat when the event names one.
- The window (``photo_windows``) closes ``photo_window_hours`` after the game was counted;
  its reminder and close are durable deadlines that act only if the window is still open
  for that same close (compare-and-set), so an extension or a photo makes them do nothing.
- Closed without a photo, para 25 says the game *may* go to the loser: the TDs who do not
  play in the match are asked (Award bye / Extend 24 h / Waive), or with
  ``photo_bye = "automatic"`` the bye is given at once. Several windows of an event
  closing at once (the bot was down) come to each ruler as one list (``photo_asks``): a
  button per game brings its question, Extend all / Waive all settle the games still
  open, and each ruling redraws the lists. A game bye changes the match like
  any ruling (para 28: +100 spread, later games may be void, the match may be decided or
  reopened): ``rulings.award_game_bye_in``, the one path for that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.service.between.player_zones import zone_of
from bot.service.events.lookup import Event, get_event
from bot.service.formats.traits import cite
from bot.service.people import expelled
from bot.service.people.persons import get_person
from bot.service.platform import callbacks, journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.clock import iso
from bot.service.platform.deadlines import Deadline, due_deadlines, fired_with, handler, too_late
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.news import group_language
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results import photo_texts as say
from bot.service.results.adjudicators import ruler_name, rulers_of
from bot.service.results.disputes import photo_for_rulers
from bot.service.results.matches import (
    MatchView,
    core_match,
    game_bye_spread,
    get_match,
    latest_event_of,
    matches_of_event,
)
from bot.service.results.photo_windows import (
    PHOTO_CLOSES,
    PHOTO_REMINDER,
    arm_window,
    automatic_bye,
    officer_chat,
    photos_owed,
)
from bot.service.results.rulings import NeedsConfirm, award_game_bye_in
from bot.store import games_repo, outbox_repo, photos_repo
from bot.store.db import Database, Tx
from bot.store.photos_repo import WindowRow, WindowState
from bot.words.said import Said, said
from core.durations import parse_duration
from core.knockout.match import MatchGameKind

#: What a TD may rule on a missing photo (para 25 says the game *may* go to the loser).
RULINGS = ("bye", "extend", "waive")
#: An extension from a chat button: another day, as long as the window itself.
BUTTON_EXTENSION = timedelta(hours=24)


# --- what a window is about -----------------------------------------------------------


@dataclass(frozen=True)
class WindowGame:
    """A window's game as one of its players reads it (``side`` is the reader's)."""

    window_id: int
    event: str
    round_name: str
    code: str
    game: int
    side: int
    opponent: str
    responsible: bool  # the reader owes the photo
    closes_at: Said  # in the reader's zone, named if they set it (``player_zones``)
    state: WindowState
    format: str = "sssg"  # the event's: only a knockout's texts cite SSSg (``formats.cite``)


async def _game_of(tx: Tx, w: WindowRow) -> tuple[MatchView, int, int, tuple[int | None, int | None]]:
    """The match, the game's index among its rows, its number, and its scores."""
    view = await get_match(tx, w.match_id)
    rows = await games_repo.games_of(tx, view.id)
    index = next(i for i, r in enumerate(rows) if r.id == w.game_id)
    state = (await core_match(tx, view.id)).state()
    return view, index, state.number_of(index) or 0, rows[index].scores


async def _window_game(tx: Tx, w: WindowRow, person: int) -> WindowGame:
    view, _, number, _ = await _game_of(tx, w)
    event = await get_event(tx, view.event_id)
    side = view.side_of_person(person)
    assert side is not None
    return WindowGame(w.id, event.name, view.round_name, view.code, number, side,
                      view.label(1 - side), w.responsible_side == side,
                      (await zone_of(tx, person, event)).told(w.closes_at), w.state,
                      event.format)


# --- a player sends a photo ----------------------------------------------------------


@dataclass(frozen=True)
class PhotoAnswer:
    """What happened to a photo. ``kind``: attached, choose (``games`` to pick from),
    unchanged (a pick already made). ``discharged``: the responsible player's photo in
    time; ``late``: theirs after the window closed (the TDs rule); otherwise the other
    player's, kept but not discharging."""

    kind: str
    photo_id: int
    games: list[WindowGame] = field(default_factory=list)
    discharged: bool = False
    late: bool = False


def _photo_reply(done: PhotoAnswer) -> Reply:
    """What the sender of a photo reads: which game to file it under (buttons), or what
    filing it did."""
    if done.kind == "choose":
        return Reply(say.which_game(), [
            [(say.pick_label(g.game, g.opponent, g.round_name),
              callbacks.photo_pick(done.photo_id, g.window_id))] for g in done.games])
    g = done.games[0]
    if done.kind == "unchanged":
        return Reply(say.already_filed(g.game, g.opponent))
    if done.discharged:
        return Reply(say.received(g.game, g.opponent))
    if done.late:
        return Reply(say.received_late(g, g.game, g.opponent))
    if g.responsible:
        return Reply(say.another_kept(g.game, g.opponent))
    return Reply(say.kept_not_theirs(g, g.game, g.opponent, g.closes_at))


async def _answered(tx: Tx, req: Request, done: PhotoAnswer) -> PhotoAnswer:
    await answer(tx, req, _photo_reply(done))
    return done


async def receive_photo(db: Database, req: Request, file_id: str) -> PhotoAnswer:
    """Use-case: a player sends a board photo (the largest size's Telegram file id)."""
    if not file_id.strip():
        raise Invalid(said("that photo came without a file; send it again"))
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        assert actor.person_id is not None
        person = actor.person_id
        waiting = [await _window_game(tx, w, person)
                   for w in await photos_repo.awaiting_of_person(tx, person)]
        mine = [g for g in waiting if g.responsible]
        candidates = mine or waiting
        if not candidates:
            await expelled.refuse_player(tx, person)
            latest = await latest_event_of(tx, person)
            if latest is not None and not photos_owed(latest):
                raise Invalid(said("no game of yours is waiting for a board photo: {event} "
                                   "asks for none.", event=latest.name))
            para25 = cite(latest, "SSSg para 25") if latest is not None else ""
            raise Invalid(said("no game of yours is waiting for a board photo. Report the "
                               "result first (e.g. 412-380), then send the photo of the "
                               "finished board{para}.", para=para25))
        photo_id = await photos_repo.add_photo(tx, sent_by=person, file_id=file_id, now=req.now)
        if len(candidates) > 1:
            return await _answered(tx, req, PhotoAnswer("choose", photo_id, candidates))
        return await _answered(tx, req, await _attach(tx, photo_id, candidates[0], person,
                                                      actor, req.now))


async def pick_game(db: Database, req: Request, photo_id: int, window_id: int) -> PhotoAnswer:
    """Use-case: the sender of a photo says which game it shows (a button)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        photo = await photos_repo.photo(tx, photo_id)
        w = await photos_repo.window(tx, window_id)
        if photo is None or w is None:
            raise NotFound(said("that photo or game is no longer known; send the photo "
                                "again"))
        if photo.sent_by != actor.person_id:
            raise NotAllowed(said("only the player who sent this photo may say which game it "
                                  "shows"))
        game = await _window_game(tx, w, photo.sent_by)
        if photo.game_id is not None:
            return await _answered(tx, req, PhotoAnswer("unchanged", photo_id, [game]))
        if w.state not in photos_repo.AWAITING:
            raise Invalid(said("game {game} v {opponent} no longer waits for a photo; send "
                               "the photo again if it shows another game", game=game.game,
                               opponent=game.opponent))
        return await _answered(tx, req, await _attach(tx, photo_id, game, photo.sent_by,
                                                      actor, req.now))


async def _attach(tx: Tx, photo_id: int, game: WindowGame, person: int, actor: Actor,
                  now: datetime) -> PhotoAnswer:
    w = await photos_repo.window(tx, game.window_id)
    assert w is not None
    await expelled.refuse_in_match(tx, await get_match(tx, w.match_id), person)
    if not await photos_repo.attach(tx, photo_id, w.game_id):
        return PhotoAnswer("unchanged", photo_id, [game])
    view, _, number, scores = await _game_of(tx, w)
    event = await get_event(tx, view.event_id)
    discharged = late = False
    if game.responsible:
        discharged = await photos_repo.move(tx, w.id, (WindowState.OPEN,), WindowState.RECEIVED, now)
        late = not discharged and w.state == WindowState.OVERDUE
    sender = (await get_person(tx, person)).name
    await journal.record(tx, who=actor, action="photo.received", subject=f"match:{view.id}",
                         now=now, detail={"photo_id": photo_id, "window_id": w.id,
                                          "game": number, "discharged": discharged,
                                          "late": late})
    if late:
        for ruler in await rulers_of(tx, view):
            await outbox.enqueue(tx, person_id=ruler, now=now,
                                 said=say.late_photo_for_tds(event, view, number, sender))
    await photo_for_rulers(tx, w.game_id, photo_id, now)  # a game under dispute
    chat = officer_chat(event)
    photo = await photos_repo.photo(tx, photo_id)
    if chat is not None and photo is not None:
        await outbox.enqueue(tx, chat_id=chat, now=now, photo_file_id=photo.file_id,
                             said=say.officer_caption(event, view, number, scores, sender),
                             lang=await group_language(tx, event),
                             dedupe_key=f"photo:{photo_id}:officer")
    return PhotoAnswer("attached", photo_id, [game], discharged, late)


# --- the window's deadlines -----------------------------------------------------------


async def _still_open(tx: Tx, d: Deadline) -> WindowRow | None:
    """The deadline's window if it is still open for the close the deadline was armed for."""
    w = await photos_repo.window(tx, int(d.payload.get("window_id", 0)))
    if w is None or w.state != WindowState.OPEN or iso(w.closes_at) != d.payload.get("closes_at"):
        return None
    row = next((r for r in await games_repo.games_of(tx, w.match_id) if r.id == w.game_id), None)
    if row is None or row.void or row.kind != MatchGameKind.PLAYED:  # a ruling took the game away
        return None
    if await expelled.closed(tx, await get_match(tx, w.match_id)):  # nothing more to rule
        return None
    return w


@handler(PHOTO_REMINDER)
async def _remind(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Para 25: the responsible player, still owing the photo, is reminded; not once the
    window has closed (the bot was down across both: ``too_late``)."""
    w = await _still_open(tx, d)
    if w is None or too_late(now, w.closes_at):
        return False
    view, _, number, _ = await _game_of(tx, w)
    person = view.people[w.responsible_side]
    if person is None:
        return False
    event = await get_event(tx, view.event_id)
    await outbox.enqueue(tx, person_id=person, now=now,
                         dedupe_key=f"photo:{w.id}:remind:{d.id}",
                         said=say.reminder(event, view, w.responsible_side, number,
                                           (await zone_of(tx, person, event)).told(w.closes_at)))
    return True


@handler(PHOTO_CLOSES)
async def _closes(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Para 25: the window closed without the responsible player's photo. The TDs not
    playing in the match are asked to rule, or (``photo_bye = "automatic"``) the loser
    gets the game as a bye at once.

    The other windows of the event that have closed by now too (the bot was down, or the
    games were counted together) are asked about with this one: a ruler with several gets
    one list (``_ask``), not a message per game, and their deadlines fire with this one."""
    w = await _still_open(tx, d)
    if w is None:
        return False
    event = await get_event(tx, (await get_match(tx, w.match_id)).event_id)
    if automatic_bye(event):
        if not await _fall_overdue(tx, w, now):
            return False
        w = await photos_repo.window(tx, w.id)
        assert w is not None
        await _decide(tx, w, "bye", Actor.system(), "the event's rules",
                      "no board photo within the window", now, None)
        return True
    closing = [(d, w)]
    for other in await due_deadlines(tx, now):
        if other.kind != PHOTO_CLOSES or other.id == d.id:
            continue
        ow = await _still_open(tx, other)
        if ow is not None and (await get_match(tx, ow.match_id)).event_id == event.id:
            closing.append((other, ow))
    overdue: list[WindowRow] = []
    for row, window in closing:
        if await _fall_overdue(tx, window, now):
            overdue.append(window)
            if row.id != d.id:
                await fired_with(tx, row.id, d, now)
    if not overdue:
        return False
    await _ask(tx, event, overdue, now)
    return True


async def _fall_overdue(tx: Tx, w: WindowRow, now: datetime) -> bool:
    """The window closed without its photo: compare-and-set to overdue, journalled."""
    if not await photos_repo.move(tx, w.id, (WindowState.OPEN,), WindowState.OVERDUE, now):
        return False
    _, _, number, _ = await _game_of(tx, w)
    await journal.record(tx, who=Actor.system(), action="photo.overdue",
                         subject=f"match:{w.match_id}", now=now,
                         detail={"window_id": w.id, "game": number})
    return True


async def _question(tx: Tx, w: WindowRow) -> tuple[Said, list[list[tuple[Said, str]]]]:
    """One game's question to a ruler and its three buttons."""
    view, _, number, scores = await _game_of(tx, w)
    event = await get_event(tx, view.event_id)
    text = say.ask_tds(event, view, number, scores, w.responsible_side,
                       event.at(w.closes_at), game_bye_spread(event))
    buttons = [[(said("Award bye to loser"), callbacks.photo_rule(w.id, "bye"))],
               [(said("Extend 24 h"), callbacks.photo_rule(w.id, "extend")),
                (said("Waive"), callbacks.photo_rule(w.id, "waive"))]]
    return text, buttons


#: The most games one list holds: it stays readable on a phone, and its buttons (one a
#: game) well inside what Telegram shows under a message. More go in further lists.
LIST_MAX = 20


async def _ask(tx: Tx, event: Event, overdue: list[WindowRow], now: datetime) -> None:
    """Ask each ruler about the overdue windows of the matches they may rule on (para 19):
    one game, its question with Award bye / Extend 24 h / Waive; several, one list with a
    button per game (which brings that game's question) and Extend all / Waive all."""
    by_ruler: dict[int, list[WindowRow]] = {}
    for w in overdue:
        for ruler in await rulers_of(tx, await get_match(tx, w.match_id)):
            by_ruler.setdefault(ruler, []).append(w)
    for ruler, windows in by_ruler.items():
        if len(windows) == 1:
            text, buttons = await _question(tx, windows[0])
            await outbox.enqueue(tx, person_id=ruler, now=now, said=text, buttons=buttons,
                                 dedupe_key=f"{_ask_key(windows[0])}{ruler}")
            continue
        for first in range(0, len(windows), LIST_MAX):
            chunk = windows[first:first + LIST_MAX]
            ask_id = await photos_repo.add_ask(tx, event_id=event.id, ruler_id=ruler,
                                               window_ids=[w.id for w in chunk], now=now)
            text, buttons = await _list_message(tx, ask_id)
            await outbox.enqueue(tx, person_id=ruler, now=now, said=text,
                                 buttons=buttons or None, dedupe_key=_list_key(ask_id))


def _ask_key(w: WindowRow) -> str:
    """The dedupe-key prefix of the TDs' copies of one close's question (an extended window
    that closes again asks again)."""
    return f"photo:{w.id}:{int(w.closes_at.timestamp())}:td:"


def _list_key(ask_id: int) -> str:
    """The dedupe key of a list's message (one ruler's): found again to redraw it."""
    return f"photo:list:{ask_id}:td"


def _settled_by(w: WindowRow) -> str | Said:
    """Who settled a window no longer overdue: the player whose photo came in, else the
    ruler recorded on it."""
    if w.state == WindowState.RECEIVED:
        return say.the_player()
    return w.decided_by_name or say.someone()


async def _list_message(tx: Tx, ask_id: int) -> tuple[Said, list[list[tuple[Said, str]]]]:
    """A list as it stands: each game, decided or not; a button per game still overdue and
    Extend all / Waive all while any is (none once every game is settled)."""
    ask = await photos_repo.ask(tx, ask_id)
    assert ask is not None
    event = await get_event(tx, ask.event_id)
    games: list[say.ListedGame] = []
    for window_id in ask.window_ids:
        w = await photos_repo.window(tx, window_id)
        assert w is not None
        view, _, number, scores = await _game_of(tx, w)
        games.append(say.ListedGame(
            window_id=w.id, code=view.code, game=number, scores=scores,
            names=(view.label(0), view.label(1)), responsible=w.responsible_side,
            state=w.state, by=_settled_by(w), until=event.at(w.closes_at)))
    waiting = [g for g in games if g.state == WindowState.OVERDUE]
    buttons = [[(say.game_button(g), callbacks.photo_game(g.window_id))] for g in waiting]
    if waiting:
        buttons.append([(said("Extend all 24 h"), callbacks.photo_all(ask.id, "extend")),
                        (said("Waive all"), callbacks.photo_all(ask.id, "waive"))])
    return say.ask_list(event, games, game_bye_spread(event)), buttons


async def _redraw_lists(tx: Tx, window_ids: list[int], now: datetime) -> None:
    """Every list naming one of these windows, redrawn in its ruler's chat (the decided
    game marked, its button gone)."""
    for ask_id in await photos_repo.asks_naming(tx, window_ids):
        text, buttons = await _list_message(tx, ask_id)
        for copy in await outbox_repo.by_dedupe_prefix(tx, _list_key(ask_id)):
            await outbox.enqueue_edit(tx, copy, now=now, said=text,
                                      buttons=buttons or None)


# --- the ruling -----------------------------------------------------------------------


@dataclass(frozen=True)
class PhotoRuling:
    """What a ruling on a missing photo did. ``kind``: bye, extended, waived; ``already``:
    someone decided before (``by`` says who, ``state`` what); ``asked``: a game's question
    was sent to the ruler who tapped it in a list (``open_game``)."""

    kind: str
    match: str
    game: int
    by: str | Said
    state: WindowState
    score_line: str = ""
    until: str = ""
    decided: bool = False
    winner: str | None = None
    reopened: bool = False
    voided: list[int] = field(default_factory=list)


_STATE_OF = {"bye": WindowState.BYE, "extend": WindowState.OPEN, "waive": WindowState.WAIVED}
_KIND_OF = {"bye": "bye", "extend": "extended", "waive": "waived"}


async def _decide(tx: Tx, w: WindowRow, ruling: str, actor: Actor, by_name: str, why: str,
                  now: datetime, extend: timedelta | None) -> PhotoRuling:
    view, index, number, _ = await _game_of(tx, w)
    await expelled.refuse_in_match(tx, view, actor.person_id)
    if w.state != WindowState.OVERDUE:
        if w.state == WindowState.OPEN:
            event = await get_event(tx, view.event_id)
            raise Invalid(said("the photo window of {code} game {game} is open until {at}: "
                               "rule once it closes without a photo", code=view.code,
                               game=number, at=event.local(w.closes_at)))
        return PhotoRuling("already", view.code, number, _settled_by(w), w.state)
    event = await get_event(tx, view.event_id)
    until = now + (extend or BUTTON_EXTENSION) if ruling == "extend" else None
    if not await photos_repo.move(tx, w.id, (WindowState.OVERDUE,), _STATE_OF[ruling], now,
                                  by=actor.person_id, by_name=by_name, why=why,
                                  closes_at=until):
        fresh = await photos_repo.window(tx, w.id)
        return PhotoRuling("already", view.code, number,
                           (fresh.decided_by_name if fresh else None) or say.someone(),
                           fresh.state if fresh else w.state)
    loser = 1 - w.responsible_side
    result = PhotoRuling(_KIND_OF[ruling], view.code, number, by_name, _STATE_OF[ruling])
    await journal.record(tx, who=actor, action=f"photo.{_KIND_OF[ruling]}",
                         subject=f"match:{view.id}", now=now, why=why,
                         detail={"window_id": w.id, "game": number,
                                 "until": iso(until) if until else None})
    if ruling == "bye":
        try:
            applied = await award_game_bye_in(tx, event, view, index, loser, by=actor, now=now,
                                              why=why)
        except NeedsConfirm as exc:
            raise Invalid(said("{impact}. A bye for a missing photo does not void games "
                               "already played in later matches, so nothing was changed; rule "
                               "on those matches first", impact=exc.impact)) from None
        view = await get_match(tx, view.id)
        after = applied.after
        for viewer, person in enumerate(view.people):
            if person is not None:
                await outbox.enqueue(tx, person_id=person, now=now,
                                     said=say.bye_for_player(
                                         event, view, viewer, number, w.responsible_side,
                                         by_name, after))
        result = PhotoRuling(
            "bye", view.code, number, by_name, WindowState.BYE, after.score_line(), "", after.decided,
            view.label(after.winner) if after.winner is not None else None, applied.reopened,
            applied.voided)
    elif until is not None:
        await arm_window(tx, w.id, until, event, now=now)
        result = PhotoRuling("extended", view.code, number, by_name, WindowState.OPEN,
                             until=event.local(until))
        for viewer, person in enumerate(view.people):
            if person is not None:
                await outbox.enqueue(tx, person_id=person, now=now,
                                     said=say.extended_for_player(
                                         event, view, viewer, number, w.responsible_side,
                                         (await zone_of(tx, person, event)).told(until)))
    else:
        for viewer, person in enumerate(view.people):
            if person is not None:
                await outbox.enqueue(tx, person_id=person, now=now,
                                     said=say.waived_for_player(event, view, viewer, number))
    verdict = say.verdict(result.kind, view.label(loser), None if until is None else event.at(until))
    for copy in await outbox_repo.by_dedupe_prefix(tx, _ask_key(w)):
        await outbox.enqueue_edit(tx, copy, now=now,
                                  said=say.decided_question(copy.text_html, verdict, by_name))
    return result


def _settled_before(ruling: PhotoRuling) -> Reply | None:
    """The pressing ruler is told only when someone decided before them; otherwise the
    edit of every ruler's copy of the question says what was decided."""
    if ruling.kind != "already":
        return None
    return Reply(say.settled_before(ruling.by, ruling.state, ruling.match, ruling.game))


async def rule_photo_button(db: Database, req: Request, window_id: int,
                            ruling: str) -> PhotoRuling:
    """Use-case: a TD presses Award bye to loser, Extend 24 h or Waive on the question."""
    if ruling not in RULINGS:
        raise Invalid(said("that button is out of date"))
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        w = await photos_repo.window(tx, window_id)
        if w is None:
            raise NotFound(said("that photo question is no longer known"))
        by = await ruler_name(tx, actor, await get_match(tx, w.match_id), "rule on its photo")
        event = await get_event(tx, (await get_match(tx, w.match_id)).event_id)
        why = {"bye": f"no board photo{cite(event, 'para 25')}",
               "extend": "more time for the photo", "waive": "photo waived"}[ruling]
        result = await _decide(tx, w, ruling, actor, by, why, req.now, None)
        await _redraw_lists(tx, [w.id], req.now)
        await answer(tx, req, _settled_before(result))
        return result


async def open_game(db: Database, req: Request, window_id: int) -> PhotoRuling:
    """Use-case: a ruler taps a game in a list of missing photos; that game's question, with
    Award bye to loser / Extend 24 h / Waive, comes to them as a single close sends it
    (``kind`` "asked"), or they are told who settled it ("already")."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        w = await photos_repo.window(tx, window_id)
        if w is None:
            raise NotFound(said("that photo question is no longer known"))
        view = await get_match(tx, w.match_id)
        await ruler_name(tx, actor, view, "rule on its photo")
        if actor.person_id is None:
            raise Invalid(said("a game's choices are sent in the chat; at the command line "
                               "use tdbot rule photo"))
        _, _, number, _ = await _game_of(tx, w)
        if w.state != WindowState.OVERDUE:
            settled = PhotoRuling("already", view.code, number, _settled_by(w), w.state)
            await answer(tx, req, _settled_before(settled))
            return settled
        text, buttons = await _question(tx, w)
        await outbox.enqueue(tx, person_id=actor.person_id, now=req.now, said=text,
                             buttons=buttons,
                             dedupe_key=f"{_ask_key(w)}{actor.person_id}:{req.update_id}")
        return PhotoRuling("asked", view.code, number, "", w.state)


@dataclass(frozen=True)
class ListRuling:
    """What Extend all / Waive all did: ``kind`` extended or waived; ``decided`` and
    ``already`` name the games ("M1 game 2") it settled and those settled before."""

    kind: str
    decided: list[str]
    already: list[str]


async def rule_photo_list(db: Database, req: Request, ask_id: int, ruling: str) -> ListRuling:
    """Use-case: the ruler a list was sent to presses Extend all 24 h or Waive all: every
    game of the list still overdue gets that ruling, each as its own button would give it
    (para 25); the games settled meanwhile are left as they are. A bye stays a ruling game
    by game: it may decide or reopen a match (para 28)."""
    if ruling not in callbacks.PHOTO_LIST_RULINGS:
        raise Invalid(said("that button is out of date"))
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        ask = await photos_repo.ask(tx, ask_id)
        if ask is None or actor.person_id != ask.ruler_id:
            raise NotFound(said("that list of missing photos is not known to you"))
        why = {"extend": "more time for the photo", "waive": "photo waived"}[ruling]
        decided: list[str] = []
        already: list[str] = []
        for window_id in ask.window_ids:
            w = await photos_repo.window(tx, window_id)
            assert w is not None
            view = await get_match(tx, w.match_id)
            by = await ruler_name(tx, actor, view, "rule on its photo")
            if w.state != WindowState.OVERDUE:
                _, _, number, _ = await _game_of(tx, w)
                already.append(f"{view.code} game {number}")
                continue
            done = await _decide(tx, w, ruling, actor, by, why, req.now, None)
            (already if done.kind == "already" else decided).append(
                f"{done.match} game {done.game}")
        await _redraw_lists(tx, list(ask.window_ids), req.now)
        if not decided:  # the lists' edit says what was done, when anything was
            await answer(tx, req, Reply(say.list_settled_before()))
        return ListRuling(_KIND_OF[ruling], decided, already)


async def rule_photo(db: Database, req: Request, event_id: int, match_code: str, game: int, *,
                     bye: bool = False, extend: str | None = None, waive: bool = False,
                     why: str) -> PhotoRuling:
    """Use-case: ``tdbot rule photo EVENT MATCH --game N (--bye | --extend 24h | --waive)
    --why TEXT``: the same ruling as the buttons."""
    if [bye, extend is not None, waive].count(True) != 1:
        raise Invalid(said("rule one way: --bye, --extend 24h or --waive"))
    if not why.strip():
        raise Invalid(said("say why with --why TEXT: it goes in the journal"))
    length: timedelta | None = None
    if extend is not None:
        try:
            length = parse_duration(extend)
        except ValueError as exc:
            raise Invalid(said("--extend '{typed}': {why}; give a length such as 24h",
                               typed=extend, why=str(exc))) from None
        if length <= timedelta(0):
            raise Invalid(said("--extend '{typed}': give a length above zero, such as 24h",
                               typed=extend))
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        event = await get_event(tx, event_id)
        view = next((m for m in await matches_of_event(tx, event_id)
                     if m.code.casefold() == match_code.strip().casefold()), None)
        if view is None:
            raise NotFound(said("no match '{code}' in {event}; `tdbot event show {event}` "
                                "lists them", code=match_code, event=event.slug))
        by = await ruler_name(tx, actor, view, "rule on its photo")
        await expelled.refuse_in_match(tx, view, actor.person_id)
        state = (await core_match(tx, view.id)).state()
        if not 1 <= game <= len(state.counted):
            raise Invalid(said("{code} has no game {game}: {counted} game(s) count",
                               code=view.code, game=game, counted=len(state.counted)))
        row = (await games_repo.games_of(tx, view.id))[state.counted[game - 1]]
        w = await photos_repo.window_of_game(tx, row.id)
        if w is None:
            raise Invalid(said("game {game} of {code} has no photo window (a paper slip, or "
                               "not a game played on the board): nothing to rule on",
                               game=game, code=view.code))
        ruling = "bye" if bye else "extend" if extend is not None else "waive"
        result = await _decide(tx, w, ruling, actor, by, why.strip(), req.now, length)
        await _redraw_lists(tx, [w.id], req.now)
        return result
