"""The reader's language in the chat: the language Telegram reports for a private update's
user is kept (written only when it changes, the writer read once), /language chooses one
(stored, confirmed in it, the menu set again in it), and every answer is in the reader's
language, a stranger's from their Telegram. Each case checks the stored people row.

The club cup (tests/bot/club_chat.py): SF M1 Ann v Dev, M2 Ben v Cai; Tara is the TD."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest

from bot.store.db import Tx
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import PEOPLE, buttons_of, say, tap, user


async def _person(bot: BotUnderTest, name: str) -> tuple[str | None, str | None]:
    """(chosen language, Telegram's) as stored for ``name``."""
    async with bot.runtime.db.transaction() as tx:
        row = await tx.one("SELECT language, tg_language FROM people WHERE tg_user_id = ?",
                           (PEOPLE[name],))
    assert row is not None
    return row["language"], row["tg_language"]


@asynccontextmanager
async def _statements(bot: BotUnderTest, monkeypatch: pytest.MonkeyPatch
                      ) -> AsyncIterator[list[str]]:
    """Every statement of every transaction opened meanwhile, in order."""
    seen: list[str] = []
    db = bot.runtime.db
    opened = db.transaction

    @asynccontextmanager
    async def counted() -> AsyncIterator[Tx]:
        async with opened() as tx:
            for name in ("one", "all", "scalar", "execute", "insert"):
                method = getattr(tx, name)

                def wrapped(sql: str, params: Any = (), _method: Any = method) -> Any:
                    seen.append(" ".join(sql.split()))
                    return _method(sql, params)

                setattr(tx, name, wrapped)
            yield tx

    monkeypatch.setattr(db, "transaction", counted)
    try:
        yield seen
    finally:
        monkeypatch.undo()


async def test_a_private_update_keeps_telegram_s_language_and_is_answered_in_it(
        bot: BotUnderTest) -> None:
    user(bot, "Dev Rao").language_code = "fr-CA"
    assert await say(bot, "Dev Rao", "bonjour") == (
        "Je n'ai pas compris. Tapez /help pour voir ce que vous pouvez faire ici.")
    assert await _person(bot, "Dev Rao") == (None, "fr-CA")
    user(bot, "Dev Rao").language_code = "en"
    assert await say(bot, "Dev Rao", "hello") == (
        "I did not understand that. Type /help to see what you can do here.")
    assert await _person(bot, "Dev Rao") == (None, "en")


async def test_telegram_s_language_is_written_only_when_it_changed_and_the_writer_read_once(
        bot: BotUnderTest, monkeypatch: pytest.MonkeyPatch) -> None:
    ben = user(bot, "Ben Ong")
    ben.language_code = "fr"
    await say(bot, "Ben Ong", "/matches")
    async with _statements(bot, monkeypatch) as seen:
        answer = await say(bot, "Ben Ong", "412-380")
    assert answer.startswith("Partie 1 de votre match au meilleur des 3 parties contre Cai")
    assert not [s for s in seen if s.startswith("UPDATE people")]
    assert len([s for s in seen if s.startswith("SELECT * FROM people WHERE tg_user_id")]) == 1
    ben.language_code = "fr-BE"
    async with _statements(bot, monkeypatch) as seen:
        await say(bot, "Ben Ong", "/matches")
    assert len([s for s in seen if s.startswith("UPDATE people SET tg_language")]) == 1
    assert await _person(bot, "Ben Ong") == (None, "fr-BE")


async def test_an_update_in_a_group_says_nothing_of_its_writer_s_language(
        bot: BotUnderTest) -> None:
    """In a group the update is the group's business: the writer's language is kept only
    from their private chat."""
    tara = user(bot, "Tara TD")
    await say(bot, "Tara TD", "hello")
    group = bot.telegram.add_group("Club", [tara])
    tara.language_code = "fr"
    await bot.say(tara, "/bracket", chat=group)
    assert await _person(bot, "Tara TD") == (None, "en")


async def test_language_offers_each_language_named_in_itself_and_a_tap_chooses(
        bot: BotUnderTest) -> None:
    assert await say(bot, "Ann Lee", "/language") == (
        "I write to you in English. Tap the language you want me to write in, or send "
        "/language CODE (for example /language fr).")
    assert buttons_of(bot, "Ann Lee")[-2:] == ["English", "Français"]
    await tap(bot, "Ann Lee", "Français")
    assert bot.telegram.last_sent(user(bot, "Ann Lee")).text == (
        "Désormais, je vous écris en français.")
    assert await _person(bot, "Ann Lee") == ("fr", "en")  # her app still says English
    assert "Français" not in buttons_of(bot, "Ann Lee")  # the buttons went
    menu = dict(bot.telegram.menu_shown(user(bot, "Ann Lee")))
    assert menu["report"] == "Donner le résultat d'une partie : /report 412-380, votre score " \
                             "en premier"
    help_text = await say(bot, "Ann Lee", "/help")
    assert help_text.startswith("Ce que vous pouvez faire ici\n")
    assert "/language — La langue dans laquelle je vous écris" in help_text
    assert await say(bot, "Ann Lee", "/language") == (
        "Je vous écris en français, comme vous l'avez choisi. Touchez une autre langue pour en "
        "changer, ou envoyez /language CODE (par exemple /language en).")


async def test_language_with_a_code_chooses_it_and_a_wrong_code_is_refused(
        bot: BotUnderTest) -> None:
    assert await say(bot, "Cai Wen", "/language fr-FR") == (
        "Désormais, je vous écris en français.")
    assert await _person(bot, "Cai Wen") == ("fr", "en")
    assert await say(bot, "Cai Wen", "/language fr") == "Je vous écris déjà en français."
    refused = await say(bot, "Cai Wen", "/language de")  # in the language they read
    assert refused == ("⚠️ Je ne parle pas la langue « de » : choisissez « en » (English) ou "
                       "« fr » (français)")
    assert await _person(bot, "Cai Wen") == ("fr", "en")
    assert await say(bot, "Cai Wen", "/language en") == (
        "From now on I write to you in English.")
    assert await _person(bot, "Cai Wen") == ("en", "en")
    assert await say(bot, "Cai Wen", "/language de") == (
        "⚠️ 'de' is not a language I speak: choose 'en' (English) or 'fr' (français)")
    assert dict(bot.telegram.menu_shown(user(bot, "Cai Wen")))["report"] == (
        "Report a game: /report 412-380, your score first")


async def test_a_stranger_reads_their_telegram_s_language_and_its_menu(
        bot: BotUnderTest) -> None:
    tg = bot.telegram
    sam = tg.add_user("Sam", language_code="fr")
    answer = await bot.say(sam, "hello")
    assert answer.startswith("Bonjour ! Je suis TDBot : j'organise des compétitions")
    assert tg.menu_shown(sam)[0] == (
        "start", "Rejoindre une épreuve avec votre lien d'invitation, ou dire bonjour")
    assert tg.menu_shown(tg.add_user("Sue"))[0] == (
        "start", "Join an event with your invite link, or say hello")
    refused = await bot.say(sam, "/language fr")
    assert refused.startswith("⚠️ Je pourrai retenir votre langue une fois que vous aurez "
                              "rejoint une épreuve")
    await bot.say(sam, "/language")  # the buttons are there to read; a tap says the same
    await bot.tap(sam, "English")
    assert (tg.last_sent(sam).text or "").startswith(
        "⚠️ Je pourrai retenir votre langue une fois que vous aurez rejoint une épreuve")
    async with bot.runtime.db.transaction() as tx:  # nobody made for a stranger
        assert await tx.one("SELECT id FROM people WHERE tg_user_id = ?", (sam.id,)) is None
