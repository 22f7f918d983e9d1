"""Bracket pictures: who may see them, where they go, and when they are drawn.

An event's pictures are phone-sized PNGs (``bot/pictures``): one per division
("qualifying", "top", "plate", or a plain knockout's), a double elimination in three
(upper bracket, lower bracket, grand final), a long one in pages ("single-2"). They show
the decided matches and the running score of those being played. Drawing one takes tenths
of a second (``python -m bench.pictures``), too long to hold the database's write lock, so
a use-case never draws: it writes an outbox row whose media row names the picture
(``media_repo.add_bracket``), and the sender draws it when it sends the row
(``picture_png``, off the event loop), then keeps the PNG so a retry sends the same
picture. The picture shows the bracket as it stands when it is sent, which after a burst
of results is the newest state: never older than the message it goes with.

Naming the pictures only lays them out (milliseconds, no drawing), so it is done in the
use-case: the names come from the same layout code that draws them, one copy of the rule
that splits and pages a bracket. After a decided match the group gets the one picture
that holds it (``queue_pictures``' ``of_match``), not the whole event.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime

from bot.pictures.layout import ENGLISH, Layout, Pictured, Unsettled, source_said
from bot.service.events import group_texts, site_links
from bot.service.events.lookup import Event, get_event
from bot.service.formats.knockout import bracket_texts
from bot.service.formats.knockout.bridge import load_core
from bot.service.formats.registry import format_of
from bot.service.people import roles
from bot.service.platform import outbox
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.news import group_language
from bot.service.platform.unit import Reply, Request, actor_of, answer, reading, unit
from bot.service.results import finality, opponents
from bot.service.results.matches import matches_of_event
from bot.store import draw_repo, groups_repo, media_repo
from bot.store.db import Database, Tx
from bot.words import Words, for_locale
from bot.words.said import Said, said
from core.knockout.match import MatchStage


def _layouts(event: Pictured, title: str, w: Words = ENGLISH) -> list[Layout]:
    from bot.pictures.bracket import Fonts  # lazy: Pillow, only when pictures are laid out

    return event.layouts(title, Fonts.default().measure, w)


@dataclass(frozen=True)
class Picture:
    """One picture of an event: its name ("top-upper", "single-2") and what it shows in
    words ("Top division · upper bracket")."""

    name: str
    label: str


def pictures_of(event: Pictured, division: str | None = None, *, match: str | None = None
                ) -> list[Picture]:
    """The event's pictures in order, or those of one division (its own, or its parts),
    or the one that holds match ``match``."""
    return _chosen(_layouts(event, ""), division, match)


def _chosen(layouts: list[Layout], division: str | None, match: str | None) -> list[Picture]:
    out = []
    for layout in layouts:
        if division is not None and not (layout.name == division
                                         or layout.name.startswith(f"{division}-")):
            continue
        if match is not None and all(box.match_id != match for box in layout.boxes):
            continue
        out.append(Picture(layout.name, layout.label))
    return out


def draw_pictures(event: Pictured, title: str, names: list[str] | None = None
                  ) -> list[tuple[str, bytes]]:
    """(name, PNG) of the event's pictures (all, or those named): CPU-heavy, call it
    through ``asyncio.to_thread`` in async code."""
    from bot.pictures.bracket import Fonts, render  # lazy: Pillow, only to draw pictures

    fonts = Fonts.default()
    layouts = event.layouts(title, fonts.measure)
    return [(lay.name, render(lay, fonts)) for lay in layouts
            if names is None or lay.name in names]


async def _drawn_event(tx: Tx, event: Event) -> Pictured:
    """The event as its pictures show it (``pictured_event``), once it has a bracket."""
    fmt = format_of(event)
    if not fmt.bracket:
        if fmt.standings:
            raise Invalid(said("{event} is {kind}: it has no bracket; /standings shows where "
                               "everyone stands", event=event.name, kind=Said(fmt.kind)))
        raise Invalid(said("{event} is {kind}: it has no bracket{instead}", event=event.name,
                           kind=Said(fmt.kind),
                           instead=Said(fmt.see_instead) if fmt.see_instead else ""))
    if await draw_repo.draw_record(tx, event.id) is None:
        raise Invalid(said("{event} has no draw yet, so no bracket: a TD makes it with /draw",
                           event=event.name))
    return await pictured_event(tx, event)


async def pictured_event(tx: Tx, event: Event) -> Pictured:
    """The core event with every decided match recorded, and every match being played
    with its games so far: the pictures show a running score ("Ann Lee 2, Ben Ong 1");
    and what of it is not final yet (``unsettled``)."""
    core_event, _ = await load_core(tx, event.id, states=(MatchStage.DECIDED, MatchStage.PLAYING))
    return Pictured(core_event, await unsettled(tx, event))


async def unsettled(tx: Tx, event: Event) -> Unsettled:
    """What the pictures must not show as decided (``Unsettled``), by the one rule of
    when a result is final (``finality``, SSSg para 24): the decided matches whose result
    is not final and what each waits for, and the slots of the matches not begun that
    such a result fills, named as the chat names a player still to come
    (``opponents.slot_words``: "the winner of Ann Lee v Dev Rao")."""
    matches = await matches_of_event(tx, event.id)
    final = await finality.final_codes(tx, event.id, matches)
    by_code = {m.code: m for m in matches}
    waits: dict[str, str | Said] = {}
    for m in matches:
        if m.state == MatchStage.DECIDED and m.code not in final:
            waits[m.code] = await finality.waits_said(tx, event, m) or ""
    coming: dict[tuple[str, int], tuple[str | Said, str | Said]] = {}
    for m in matches:
        if m.state not in (MatchStage.WAITING, MatchStage.READY):
            continue  # under way or over: its box shows who plays it
        for side in (0, 1):
            code = opponents.feeder_code(m, side)
            if code is None or code not in waits:
                continue
            slot = opponents.slot_words(m, side, by_code, final)
            kind = m.sources[side].partition(":")[0]
            coming[(m.code, side)] = (slot.source or slot.words, source_said(kind, code))
    return Unsettled(waits, coming, settled=not await finality.unsettled_matches(tx, event.id))


async def queue_pictures(
    tx: Tx, event: Event, *, chat_id: int | None = None, person_id: int | None = None,
    caption: Said, now: datetime, of_match: str | None = None,
    dedupe_key: str | None = None, lang: str | None = None,
) -> int:
    """Queue the event's bracket pictures (all, or the one that holds match
    ``of_match``) as photos, in order. When the event has more than one picture, each
    caption says which it is: the first is ``caption`` with a line naming the picture, the others the event's name and the picture's,
    in the reader's language (a group's: ``lang``). Returns how many. They are drawn when
    sent (module docstring), in the reader's language, which the picture's media row
    keeps."""
    core_event = await _drawn_event(tx, event)
    words = await outbox.words_for(tx, person_id=person_id, chat_id=chat_id, lang=lang)
    layouts = _layouts(core_event, "", words)
    every, chosen = len(layouts), _chosen(layouts, None, of_match)
    for n, picture in enumerate(chosen):
        media_id = await media_repo.add_bracket(tx, event.id, picture.name, event.name, now,
                                                lang=words.locale)
        text = (bracket_texts.picture(event.name, picture.label) if n > 0 else
                bracket_texts.first_picture(caption, picture.label, several=every > 1))
        await outbox.enqueue(tx, chat_id=chat_id, person_id=person_id, said=text, lang=lang,
                             now=now, media_id=media_id,
                             dedupe_key=None if dedupe_key is None else f"{dedupe_key}:{picture.name}")
    return len(chosen)


async def picture_png(db: Database, media_id: int, now: datetime) -> bytes:
    """The PNG of an outbox row's media: drawn now if it was not yet (off the event loop,
    outside any transaction), then kept."""
    async with reading(db) as tx:
        media = await media_repo.get(tx, media_id)
        if media is None:
            raise NotFound(said("no picture {picture}", picture=media_id))
        if media.png is not None:
            return media.png
        assert media.event_id is not None and media.picture is not None
        core_event = await pictured_event(tx, await get_event(tx, media.event_id))
    drawn = await asyncio.to_thread(_draw_one, core_event, media.title, media.picture,
                                    for_locale(media.lang))
    if drawn is None:
        raise Invalid(said("the event has no picture called '{picture}' any more",
                           picture=media.picture))
    async with db.transaction() as tx:
        return await media_repo.set_png(tx, media_id, drawn, now)


def _draw_one(event: Pictured, title: str, name: str, w: Words) -> bytes | None:
    """The PNG of the picture called ``name`` (``picture_layout``) in the words ``w``."""
    from bot.pictures.bracket import Fonts, render  # lazy: Pillow, only to draw pictures

    fonts = Fonts.default()
    layout = picture_layout(event, title, name, w)
    return None if layout is None else render(layout, fonts)


def picture_layout(event: Pictured, title: str, name: str, w: Words = ENGLISH
                   ) -> Layout | None:
    """What the picture called ``name`` draws. A name an older version queued for a
    division or part that is now several pictures ("top", now "top-upper", "top-lower"
    and "top-final"; "double-upper", now paged) draws the first of them, so a message
    waiting in the outbox across an upgrade still goes with its picture."""
    layouts = _layouts(event, title, w)
    for lay in layouts:
        if lay.name == name:
            return lay
    for lay in layouts:
        if lay.name.startswith(f"{name}-"):
            return lay
    return None


async def document_of(db: Database, media_id: int) -> tuple[str, bytes] | None:
    """(file name, bytes) when an outbox row's media is a document (``/export``'s files),
    None for a picture."""
    async with reading(db) as tx:
        media = await media_repo.get(tx, media_id)
    if media is None or media.filename is None or media.png is None:
        return None
    return media.filename, media.png


# --- use-cases ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BracketSent:
    event: str
    pictures: int


async def send_bracket(db: Database, req: Request, words: list[str]) -> BracketSent:
    """Use-case: /bracket [EVENT] in a private chat: the pictures of an event the person
    plays in or directs (they show names and scores, nothing more), to them."""
    async with unit(db, req) as tx:
        actor = await actor_of(tx, req)
        if actor is None or actor.person_id is None:
            raise NotAllowed(said("I do not know you yet: follow the invite link your "
                                  "tournament director sent you"))
        mine = await roles.events_of(tx, actor.person_id)
        if not mine:
            raise NotAllowed(said("you play in or direct no event yet, so there is no bracket "
                                  "to show"))
        by_slug = {(await get_event(tx, eid)).slug: eid for eid, _name, _held in mine}
        if words and words[0] in by_slug:
            event_id = by_slug[words[0]]
        elif len(by_slug) == 1 and not words:
            (event_id,) = by_slug.values()
        else:
            raise Invalid(said("say which event: /bracket EVENT (yours: {events})",
                               events=", ".join(sorted(by_slug))))
        event = await get_event(tx, event_id)
        assert req.chat_id is not None, "a chat asks for the pictures"
        caption = bracket_texts.bracket_now(event.name, await site_links.link(
            tx, event, label=said("The bracket, live")))
        n = await queue_pictures(tx, event, chat_id=req.chat_id, now=req.now, caption=caption)
        return BracketSent(event.name, n)


async def send_group_bracket(db: Database, req: Request) -> BracketSent | None:
    """Use-case: /bracket in a group: the pictures of the event the group follows, for
    anyone in it (the group is shown them as results come in anyway). A group that
    follows no event is told how to link one (and None returned: nothing sent)."""
    async with unit(db, req) as tx:
        assert req.chat_id is not None, "a group asks for the pictures"
        event_id = await groups_repo.event_of_group(tx, req.chat_id)
        if event_id is None:
            await answer(tx, req, Reply(group_texts.not_linked()))
            return None
        event = await get_event(tx, event_id)
        caption = bracket_texts.bracket_now(event.name, await site_links.link(
            tx, event, label=said("The bracket, live")))
        n = await queue_pictures(tx, event, chat_id=req.chat_id, now=req.now, caption=caption,
                                 lang=await group_language(tx, event))
        return BracketSent(event.name, n)


async def bracket_files(db: Database, event_id: int, division: str | None = None,
                        ) -> list[tuple[str, bytes]]:
    """Use-case: ``tdbot event bracket``: the pictures drawn from the database, as the bot sends
    them (all, or one division's)."""
    async with reading(db) as tx:
        event = await get_event(tx, event_id)
        core_event = await _drawn_event(tx, event)
    names = [p.name for p in pictures_of(core_event, division)]
    if not names:
        known = ", ".join(p.name for p in pictures_of(core_event))
        raise Invalid(said("--division {division}: this event's pictures are {known}",
                           division=str(division), known=known))
    return await asyncio.to_thread(draw_pictures, core_event, event.name, names)
