"""The language each reader reads (bot/service/people/languages.py): a person's choice,
else their Telegram app's language when the bot speaks it, else English; an event group's
from its definition. Each case checks the stored rows the answer comes from."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

import bot.words
from bot.service.events.definitions import parse_definition
from bot.service.events.event_setup import create_event
from bot.service.people.languages import (
    check_language,
    group_language,
    language_of,
    name_of,
    note_telegram,
    shipped,
    spoken,
)
from bot.service.people.persons import add_person
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request, reader_language
from bot.store import groups_repo, people_repo
from bot.store.db import Database, Tx, open_database
from bot.words import DOMAIN, for_locale
from tests.bot.club_chat import DEFINITION

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def french(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """French shipped (a one-message catalogue in a folder the package reads instead of
    its own), whatever the repository ships."""
    catalog = Catalog(locale="fr", domain=DOMAIN)
    catalog.add("Reject", "Refuser")
    po = tmp_path / "locales" / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as fp:
        write_po(fp, catalog)
    monkeypatch.setattr(bot.words, "LOCALES", tmp_path / "locales")
    for_locale.cache_clear()
    shipped.cache_clear()
    yield
    for_locale.cache_clear()
    shipped.cache_clear()


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


def test_a_region_or_a_case_reads_its_language(french: None) -> None:
    assert shipped() == ("en", "fr")
    for code in ("fr", "fr-CA", "fr_FR", "FR", " fr-be "):
        assert spoken(code) == "fr", code
    assert spoken("en-GB") == "en"
    for code in ("de", "frr", "", None):
        assert spoken(code) is None, code


def test_each_language_is_named_in_itself(french: None) -> None:
    assert [name_of(code) for code in shipped()] == ["English", "français"]


def test_a_code_the_bot_does_not_speak_is_refused_naming_those_it_does(french: None) -> None:
    assert check_language("fr-CA") == "fr"
    with pytest.raises(Invalid) as refused:
        check_language("de")
    assert refused.value.message == (
        "'de' is not a language I speak: choose 'en' (English) or 'fr' (français)")


async def _person(db: Database, *, chosen: str | None = None, telegram: str | None = None,
                  tg_user_id: int | None = None) -> int:
    async with db.transaction() as tx:
        pid = await add_person(tx, "Ann Lee", NOW, tg_user_id=tg_user_id)
        if chosen is not None:
            await people_repo.set_language(tx, pid, chosen)
        if telegram is not None:
            await people_repo.set_tg_language(tx, pid, telegram)
    return pid


@pytest.mark.parametrize(("chosen", "telegram", "reads"), [
    (None, None, "en"),  # nothing known: English
    (None, "fr-CA", "fr"),  # Telegram's, a region of a language the bot speaks
    (None, "de", "en"),  # Telegram's, a language the bot does not speak
    ("en", "fr", "en"),  # chosen over Telegram's
    ("fr", "en-US", "fr"),
    ("fr", None, "fr"),
])
async def test_a_person_reads_their_choice_else_telegram_s_else_english(
        french: None, db: Database, chosen: str | None, telegram: str | None,
        reads: str) -> None:
    pid = await _person(db, chosen=chosen, telegram=telegram)
    async with db.transaction() as tx:
        row = await tx.one("SELECT language, tg_language FROM people WHERE id = ?", (pid,))
        assert row is not None
        assert (row["language"], row["tg_language"]) == (chosen, telegram)
        assert await language_of(tx, pid) == reads


async def test_a_stored_language_the_bot_does_not_speak_reads_english(db: Database) -> None:
    """A code stored before its language was shipped, or after it was withdrawn, reads
    English, not an error."""
    shipped.cache_clear()
    pid = await _person(db, chosen="xx", telegram="xx-YY")
    async with db.transaction() as tx:
        assert await language_of(tx, pid) == "en"
        assert await language_of(tx, pid + 100) == "en"  # nobody: English


async def test_telegram_s_code_is_kept_as_reported_and_written_only_when_it_changed(
        french: None, db: Database) -> None:
    pid = await _person(db, tg_user_id=9011)
    async with db.transaction() as tx:
        await note_telegram(tx, 9011, "fr-CA")
        await note_telegram(tx, 9012, "fr")  # nobody: nothing written
        await note_telegram(tx, 9011, "x" * 36)  # not a language tag: kept out
    async with db.transaction() as tx:
        row = await tx.one("SELECT tg_language FROM people WHERE id = ?", (pid,))
        assert row is not None and row["tg_language"] == "fr-CA"
        assert await tx.one("SELECT id FROM people WHERE tg_user_id = 9012") is None
        assert await language_of(tx, pid) == "fr"
    writes: list[str] = []
    async with db.transaction() as tx:
        execute = tx.execute

        async def counted(sql: str, params: object = ()) -> int:
            writes.append(sql)
            return await execute(sql, params)  # type: ignore[arg-type]

        tx.execute = counted  # type: ignore[method-assign]
        await note_telegram(tx, 9011, "fr-CA")  # the same: no write
        assert writes == []
        await note_telegram(tx, 9011, "en")
        assert len(writes) == 1
    async with db.transaction() as tx:
        assert await language_of(tx, pid) == "en"


def _definition(language: str | None) -> str:
    line = "" if language is None else f'language = "{language}"\n'
    return DEFINITION.replace('[event]\n', f"[event]\n{line}", 1)


@pytest.mark.parametrize(("given", "stored"), [(None, "en"), ("fr", "fr"), ("fr-FR", "fr")])
async def test_an_event_s_group_reads_the_definition_s_language(
        french: None, db: Database, given: str | None, stored: str) -> None:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(_definition(given)), by=Actor.cli(),
                                     now=NOW)
        row = await tx.one("SELECT language FROM events WHERE id = ?", (created.event_id,))
        assert row is not None and row["language"] == stored
        assert await group_language(tx, created.event_id) == stored


def test_a_definition_naming_a_language_the_bot_does_not_speak_is_refused(french: None) -> None:
    with pytest.raises(Invalid) as refused:
        parse_definition(_definition("de"))
    assert "event.language: 'de' is not a language I speak: choose 'en' (English) or " \
           "'fr' (français)" in refused.value.message


async def test_an_answer_in_an_event_s_group_is_in_the_group_s_language(
        french: None, db: Database) -> None:
    """In a group the answer is for everyone there: the event's language, not the
    writer's; in a group no event follows, the writer's."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(_definition("fr")), by=Actor.cli(),
                                     now=NOW)
        await groups_repo.link(tx, created.event_id, -1001)
        await _person_in(tx, tg_user_id=9011, telegram="en")
        in_group = Request(now=NOW, label="tg:9011", tg_user_id=9011, chat_id=-1001)
        elsewhere = Request(now=NOW, label="tg:9011", tg_user_id=9011, chat_id=-1002)
        private = Request(now=NOW, label="tg:9011", tg_user_id=9011, chat_id=9011)
        assert [await reader_language(tx, r) for r in (in_group, elsewhere, private)] == [
            "fr", "en", "en"]
        stranger = Request(now=NOW, label="tg:77", tg_user_id=77, chat_id=77,
                           tg_language="fr-CA")
        assert await reader_language(tx, stranger) == "fr"


async def _person_in(tx: Tx, *, tg_user_id: int, telegram: str) -> int:
    pid = await add_person(tx, "Ann Lee", NOW, tg_user_id=tg_user_id)
    await people_repo.set_tg_language(tx, pid, telegram)
    return pid
