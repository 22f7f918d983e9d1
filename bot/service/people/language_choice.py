"""/language: a person chooses the language the bot writes to them in (``people.language``,
migration 0028), or sees which one it is and what else it speaks.

The choice is stored with the person, so that every message to them from then on, their
answers, what the service sends them and their command menu, is in it
(``languages.language_of``). A stranger has no person to store it with: until they join
an event the bot writes in their Telegram app's language, when it speaks it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.people import language_texts as say
from bot.service.people.languages import check_language, shipped
from bot.service.people.persons import person_by_tg
from bot.service.people.roles import Hat, hats_held
from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Reply, Request, answer, unit
from bot.store import people_repo
from bot.store.db import Database
from bot.words.said import said


@dataclass(frozen=True)
class Languages:
    """The language the person reads (``chosen``: theirs by /language, not their app's),
    and the languages the bot speaks, to choose from."""

    current: str
    chosen: bool
    offered: tuple[str, ...]


@dataclass(frozen=True)
class LanguageChosen:
    """The person's language now, whether it changed, and the roles they hold (their
    command menu is set again in it)."""

    language: str
    changed: bool
    held: frozenset[Hat]


async def my_language(db: Database, req: Request) -> Languages:
    """Use-case: the language the writer reads, and those they may choose."""
    async with unit(db, req) as tx:
        person = await person_by_tg(tx, req.tg_user_id) if req.tg_user_id else None
        found = Languages(req.language, person is not None and person.language is not None,
                          shipped())
        await answer(tx, req, Reply(say.your_language(found.current, found.chosen),
                                    say.language_buttons(found.offered)))
        return found


async def choose_language(db: Database, req: Request, code: str) -> LanguageChosen:
    """Use-case: the writer reads ``code`` ("fr", "fr-CA") from now on; the answer is in
    the new language."""
    async with unit(db, req) as tx:
        language = check_language(code)
        person = await person_by_tg(tx, req.tg_user_id) if req.tg_user_id else None
        if person is None:
            raise Invalid(said("I can keep your language once you have joined an event: "
                               "open your invite link first. Until then I write in your "
                               "Telegram app's language when I speak it."))
        changed = person.language != language
        if changed:
            await people_repo.set_language(tx, person.id, language)
            await journal.record(tx, who=Actor.person(person.id, person.name),
                                 action="person.language", subject=f"person:{person.id}",
                                 now=req.now, detail={"language": language})
        req.receipt.language = language  # the answer, and what follows, in the new one
        held = frozenset(await hats_held(tx, person.tg_user_id or 0))
        await answer(tx, req, Reply(say.language_chosen(language, changed)))
        return LanguageChosen(language, changed, held)
