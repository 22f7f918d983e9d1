"""The language each reader reads the bot in: a person's, and an event group's.

A person reads the language they chose with /language; until they choose, the language
their Telegram app reports (the ``language_code`` of their private updates, recorded as it
comes, ``note_telegram``), when the bot speaks it; else English, the language the messages
are written in. Telegram reports IETF tags ("fr", "fr-CA", "pt-br"): the bot speaks
languages, not regions, so "fr-CA" and "fr_FR" read French.

An event's group reads the language its definition names (``[event] language = "fr"``),
English unless it says otherwise: a group is many people, each with their own language,
so the organiser chooses one for all.

The languages the bot speaks are English (the source) and each one whose catalogue ships
in ``bot/words/locales`` (``bot.words.locales``).
"""

from __future__ import annotations

from functools import cache

from bot.service.platform.errors import Invalid
from bot.store import events_repo, groups_repo, people_repo
from bot.store.db import Tx
from bot.store.people_repo import Person
from bot.words import SOURCE, locales
from bot.words.said import said

#: The longest language code kept from Telegram (a BCP 47 tag is at most 35 characters
#: in practice): what is longer is not a language tag, and is not stored.
LONGEST_CODE = 35


@cache
def shipped() -> tuple[str, ...]:
    """The languages the bot speaks: English first, then the shipped catalogues'."""
    return (SOURCE, *[name for name in locales() if name != SOURCE])


def name_of(language: str) -> str:
    """A language's name in itself, as its reader looks for it ("English", "français"),
    from the Unicode CLDR data Babel ships: one more language needs no name written."""
    from babel import Locale  # lazy: Babel's locale data, only when a language is named

    return str(Locale.parse(language).get_display_name(language))


def spoken(code: str | None) -> str | None:
    """The shipped language a code names ("fr", "fr-CA", "fr_FR", "FR" read "fr"), None if
    the bot does not speak it (or there is no code)."""
    if not code:
        return None
    language = code.strip().replace("-", "_").split("_")[0].lower()
    return language if language in shipped() else None


def language_for(person: Person | None, telegram: str | None = None) -> str:
    """The language ``person`` reads: the one they chose, else the one their Telegram
    reports, else English. ``telegram``: the code of the update in hand (a stranger has
    no person, so no stored code)."""
    chosen = person.language if person is not None else None
    reported = person.tg_language if person is not None and person.tg_language else telegram
    return spoken(chosen) or spoken(reported) or SOURCE


async def language_of(tx: Tx, person_id: int) -> str:
    """The language person ``person_id`` reads (``language_for``); English for an id
    nobody has. Read once per transaction (``people_repo.get``), so a use-case writing to
    many people reads each once."""
    return language_for(await people_repo.get(tx, person_id))


async def group_language(tx: Tx, event_id: int) -> str:
    """The language the event's group reads: its definition's ``[event] language``,
    English if none (or if that language is no longer shipped)."""
    event = await events_repo.get(tx, event_id)
    return (spoken(event.language) if event is not None else None) or SOURCE


async def group_chat_language(tx: Tx, chat_id: int) -> str | None:
    """The language of the event linked to a group chat (``group_language``), None if no
    event is linked to it."""
    code = await groups_repo.language_of_group(tx, chat_id)
    return None if code is None else spoken(code) or SOURCE


def check_language(code: str) -> str:
    """A language code given by a person or a definition, as the bot stores it ("fr" for
    "fr-FR"); a clear refusal naming the languages it speaks if it speaks no such one."""
    found = spoken(code)
    if found is None:
        choices = [said("'{code}' ({name})", code=c, name=name_of(c)) for c in shipped()]
        either = choices[0]
        for other in choices[1:]:
            either = said("{one} or {other}", one=either, other=other)
        raise Invalid(said("'{code}' is not a language I speak: choose {choices}",
                           code=code.strip()[:LONGEST_CODE], choices=either))
    return found


def telegram_code(code: str | None) -> str | None:
    """A language_code as Telegram gave it, if it may be kept: a tag, not a long text."""
    return code if code and len(code) <= LONGEST_CODE else None


async def note_telegram(tx: Tx, tg_user_id: int, code: str | None) -> None:
    """Keep the language_code Telegram reports for the writer of a private update, writing
    only when it changed. The writer is read through ``people_repo.by_tg``, which the
    use-case's own look-up of who wrote then finds already read: a known writer costs no
    read more than before, and a write only the day their app's language changes."""
    code = telegram_code(code)
    if code is None:
        return
    person = await people_repo.by_tg(tx, tg_user_id)
    if person is not None and person.tg_language != code:
        await people_repo.set_tg_language(tx, person.id, code)


async def note_joined(tx: Tx, person_id: int, code: str | None) -> None:
    """Keep the language_code a Telegram user's join request came with for the person a TD
    linked them to, unless a code is known for them already (a later one)."""
    code = telegram_code(code)
    if code is not None:
        await people_repo.set_tg_language(tx, person_id, code, if_unknown=True)
