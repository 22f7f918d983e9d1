"""The append-only journal: every change records who did it, what, to what, when and why,
so a TD can answer "who changed this score?" months later; ``journal_texts`` says each line
as a TD reads it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.service.events.lookup import Event, find_event
from bot.service.formats.registry import format_of
from bot.service.platform import journal_texts
from bot.service.platform.actors import Actor
from bot.service.platform.unit import AlreadyApplied, Request, actor_of, reading, unit
from bot.store import (
    entries_repo,
    games_repo,
    journal_repo,
    matches_repo,
    people_repo,
    photos_repo,
    roles_repo,
    rounds_repo,
)
from bot.store.db import Database, Tx
from bot.store.journal_repo import JournalEntry as JournalEntry
from bot.store.matches_repo import MatchView
from bot.words import SOURCE, for_locale, said_json
from bot.words.said import Said, english_text


async def record(
    tx: Tx,
    *,
    who: Actor,
    action: str,
    subject: str,
    now: datetime,
    detail: dict[str, Any] | None = None,
    why: Said | str = "",
) -> None:
    """A line of the journal. ``why``: the reason as a person typed it (kept as typed), or
    the bot's own as a record, kept so that each reader reads it in their language (its
    English beside it, what the command line and an older version read)."""
    if isinstance(why, Said):
        await journal_repo.add(tx, who=who.label, action=action, subject=subject,
                               detail=detail or {}, why=english_text(why),
                               why_json=said_json.dumps(why), now=now)
        return
    await journal_repo.add(tx, who=who.label, action=action, subject=subject,
                           detail=detail or {}, why=why, now=now)


async def entries_for(tx: Tx, subject: str) -> list[dict[str, Any]]:
    return [e.as_dict() for e in await journal_repo.of_subject(tx, subject)]


@dataclass(frozen=True)
class JournalPage:
    """The last lines of an event's journal, oldest first, how many it has in all, and what
    their ids stand for (``journal_texts.Names``)."""

    event: Event
    entries: list[JournalEntry]
    total: int
    names: journal_texts.Names

    @property
    def cut(self) -> bool:
        return self.total > len(self.entries)

    def lines(self, language: str = SOURCE) -> list[str]:
        """The lines as a TD reads them: who, what and why, in the event's zone, in
        ``language`` (English, the source, by default)."""
        words = for_locale(language)
        return [journal_texts.line(e, self.names, words) for e in self.entries]


async def names_for(tx: Tx, event: Event, entries: list[JournalEntry]) -> journal_texts.Names:
    """What the ids in ``entries`` stand for, from the event's rows: its entries, matches
    and rounds, the people who acted or were named (with their roles here), and the matches
    of the board-photo windows named."""
    people: set[int] = set()
    windows: dict[int, int] = {}
    for e in entries:
        person = journal_texts.person_of(e.who)
        if person is not None:
            people.add(person)
        if isinstance(e.detail.get("person_id"), int):
            people.add(e.detail["person_id"])
        kind, _, ref = e.subject.partition(":")
        if kind == "photo" and ref.isdigit() and int(ref) not in windows:
            window = await photos_repo.window(tx, int(ref))
            if window is not None:
                windows[window.id] = window.match_id
    names: dict[int, str] = {}
    roles: dict[int, list[str]] = {}
    for person_id in people:
        found = await people_repo.get(tx, person_id)
        if found is not None:
            names[person_id] = found.name
            roles[person_id] = sorted(await roles_repo.of_person_in(tx, event.id, person_id))
    rounds = await rounds_repo.of_event(tx, event.id)
    matches = await matches_repo.of_event(tx, event.id)
    return journal_texts.Names(
        event,
        entries={e.id: e.name for e in await entries_repo.of_event(tx, event.id)},
        people=names, roles=roles,
        matches={m.id: (m.code, m.label(0), m.label(1)) for m in matches},
        rounds={r.id: r.name for r in rounds}, round_codes={r.code: r.name for r in rounds},
        windows=windows,
        one_game=await _one_game_scores(tx, event, matches)
        if any(e.action == "match.decided" for e in entries) else {})


async def _one_game_scores(tx: Tx, event: Event,
                           matches: list[MatchView]) -> dict[int, tuple[int, int]]:
    """The score of each one-game match decided by its one counted game: a line saying
    it was decided reads "Hal Ng won 415-377", as the players say it, not a games score."""
    single = {m.id for m in matches if format_of(event).single_game(m)}
    out: dict[int, tuple[int, int]] = {}
    for match_id, games in (await games_repo.games_of_event(tx, event.id)).items():
        counted = [g for g in games if not g.void]
        if match_id in single and len(counted) == 1:
            a, b = counted[0].scores
            if a is not None and b is not None:
                out[match_id] = (a, b)
    return out


async def event_journal(db: Database, ref: str | int, limit: int) -> JournalPage:
    """Use-case: read an event's journal (the last ``limit`` lines, and the count of all)."""
    async with reading(db) as tx:
        event = await find_event(tx, ref)
        entries = await journal_repo.of_event(tx, event.id, limit)
        return JournalPage(event, entries, await journal_repo.count_of_event(tx, event.id),
                           await names_for(tx, event, entries))


#: Telegram sends at most 64 bytes of callback data; a forged press may carry more.
PRESS_DATA_KEPT = 64


async def refused_press(db: Database, req: Request, data: object, reason: str) -> None:
    """Use-case: a button press the service refused (not the presser's to press, a thing
    that does not exist, or data no button carries) goes in the journal: who pressed,
    what the data said (cut to ``PRESS_DATA_KEPT`` characters) and why it was refused,
    so a TD can see who tried what. The refusal rolled its own transaction back, so this
    is a transaction of its own; it claims the update, so a re-sent press is journalled
    once."""
    pressed = data if isinstance(data, str) else repr(data)
    try:
        async with unit(db, req) as tx:
            actor = await actor_of(tx, req)
            who = actor if actor is not None else Actor(None, f"tg:{req.tg_user_id} "
                                                              f"({req.tg_name})")
            await record(tx, who=who, action="button.refused",
                         subject=f"tg:{req.tg_user_id}", now=req.now,
                         detail={"data": pressed[:PRESS_DATA_KEPT], "length": len(pressed),
                                 "reason": reason})
    except AlreadyApplied:
        pass
