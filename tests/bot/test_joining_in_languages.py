"""Joining, /help, /language and a group's link, each answer in its reader's language.

Odile, an organiser whose Telegram app is in French, sends the club cup's definition;
Tara TD, in English, follows her personal link. Zoé (French) and Sam (English) follow the
player link, pick their names, and the TDs decide; the second to press a decided request
is told who decided it, in their own language. The answers are records the use-cases
write (``people/standing_texts``, ``invite_texts``, ``language_texts``,
``events/setup_texts``, ``group_texts``), so the stored outbox rows are what each reads.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.fakebot import FakeChat, FakeUser
from bot.service.events.group_texts import linked
from bot.telegram.harness import BotUnderTest
from bot.words import for_locale
from bot.words.said import english, render

#: The club cup's definition, its group reading French.
DEFINITION = ((Path(__file__).parent / "data" / "club_cup.toml").read_bytes()
              .replace(b'currency = "SGD"', b'currency = "SGD"\nlanguage = "fr"'))
ODILE, ZOE, SAM, TARA, YANN, KIM = 500, 9101, 9102, 9001, 9103, 9104


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    under_test = BotUnderTest(tmp_path / "bot.sqlite3", organisers=frozenset({ODILE}))
    async with under_test:
        yield under_test


def _user(bot: BotUnderTest, name: str, user_id: int, language: str) -> FakeUser:
    user = bot.telegram.add_user(name, language_code=language, user_id=user_id)
    bot.telegram.chat_of(user)
    return user


async def _rows_to(bot: BotUnderTest, chat_id: int) -> list[str]:
    """The text of every outbox row written to a chat, in the order written."""
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT text_html FROM outbox WHERE chat_id = ? ORDER BY id",
                            (chat_id,))
    return [row["text_html"] for row in rows]


def _code(text: str, line_starts: str) -> str:
    line = next(line for line in text.splitlines() if line.startswith(line_starts))
    found = re.search(r"\?start=([\w-]+)", line)
    assert found is not None, line
    return found.group(1)


async def _created(bot: BotUnderTest) -> tuple[FakeUser, str]:
    """Odile sends the definition; Tara follows her link. The player link's code."""
    odile = _user(bot, "Odile", ODILE, "fr")
    bot.telegram.user_sends_document(odile, DEFINITION, "club_cup.toml")
    await bot.settle()
    [created] = await _rows_to(bot, ODILE)
    assert created.startswith(
        "<b>Club Cup &lt;2026&gt;</b> est créé (<code>club-cup</code>).\n\n"
        "<b>Lien des joueurs</b> (chaque joueur choisit son nom, un arbitre le valide) :\n"
        "https://t.me/"), created
    # each role named in French: "arbitre Tara TD", "joueur Ann Lee"
    assert "\narbitre Tara TD : https://t.me/" in created, created
    assert "\njoueur Ann Lee : https://t.me/" in created, created
    tara = _user(bot, "Tara", TARA, "en")
    assert await bot.say(tara, f"/start {_code(created, 'arbitre Tara TD')}") == (
        "Welcome to Club Cup <2026>! You are a TD of this event. Type /help to see what you "
        "can do.")
    return odile, _code(created, "https://t.me/")


async def test_joining_by_the_player_link_reads_in_each_language(bot: BotUnderTest) -> None:
    tg = bot.telegram
    odile, code = await _created(bot)
    zoe, sam = _user(bot, "Zoé", ZOE, "fr"), _user(bot, "Sam", SAM, "en")
    await bot.say(zoe, f"/start {code}")
    await bot.say(sam, f"/start {code}")
    assert tg.last_sent(zoe).buttons() and tg.last_sent(sam).buttons()
    await bot.tap(zoe, "Dev Rao")
    await bot.tap(sam, "Cai Wen")
    assert await _rows_to(bot, ZOE) == [
        "Bienvenue dans <b>Club Cup &lt;2026&gt;</b> ! Qui êtes-vous ? Touchez votre nom ; un "
        "arbitre le confirmera.",
        "Merci ! J'ai demandé aux arbitres de <b>Club Cup &lt;2026&gt;</b> de confirmer que "
        "vous êtes <b>Dev Rao</b>. Je vous préviendrai ici."]
    assert await _rows_to(bot, SAM) == [
        "Welcome to <b>Club Cup &lt;2026&gt;</b>! Which player are you? Tap your name; a "
        "tournament director will confirm it.",
        "Thanks! I asked the tournament directors of <b>Club Cup &lt;2026&gt;</b> to confirm "
        "that you are <b>Cai Wen</b>. I will tell you here."]
    # the tapped list says what was picked, in the picker's language
    assert [m.text for m in tg.sent(zoe)][0] == (
        "Bienvenue dans Club Cup <2026> ! Vous avez indiqué être Dev Rao.")

    # Tara approves Zoé and Odile presses too; Odile rejects Sam and Tara presses too
    tara = tg.world.users[TARA]
    asks = {name: [m for m in tg.sent(tara) if m.buttons() and name in (m.text or "")][-1]
            for name in ("Dev Rao", "Cai Wen")}
    odile_asks = {name: [m for m in tg.sent(odile) if m.buttons() and name in (m.text or "")][-1]
                  for name in ("Dev Rao", "Cai Wen")}
    assert [b["text"] for row in odile_asks["Dev Rao"].buttons() for b in row] == [
        "Accepter", "Refuser"]
    tg.user_taps(tara, asks["Dev Rao"], text="Approve")
    tg.user_taps(odile, odile_asks["Dev Rao"], text="Accepter")
    await bot.settle()
    tg.user_taps(odile, odile_asks["Cai Wen"], text="Refuser")
    tg.user_taps(tara, asks["Cai Wen"], text="Approve")
    await bot.settle()
    assert (await _rows_to(bot, ODILE))[-1] == (
        "Cette demande a déjà été tranchée : ✅ Acceptée par Tara TD.")
    assert (await _rows_to(bot, TARA))[-1] == (
        "This request was decided already: ❌ Rejected by Odile.")
    # every TD's copy says who decided, in its reader's language
    assert (tg.world.message(odile_asks["Cai Wen"].chat.id, odile_asks["Cai Wen"].message_id)
            .text or "").endswith("❌ Refusée par Odile.")
    assert (tg.world.message(asks["Dev Rao"].chat.id, asks["Dev Rao"].message_id)
            .text or "").endswith("✅ Approved by Tara TD.")
    async with bot.runtime.db.transaction() as tx:
        states = await tx.all("SELECT tg_user_id, state FROM join_requests ORDER BY id")
        linked = await tx.scalar("SELECT name FROM people WHERE tg_user_id = ?", (ZOE,))
        sam_person = await tx.scalar("SELECT count(*) FROM people WHERE tg_user_id = ?", (SAM,))
    assert [(r["tg_user_id"], r["state"]) for r in states] == [(ZOE, "approved"),
                                                                (SAM, "rejected")]
    assert linked == "Dev Rao" and sam_person == 0

    # now in the event: /help, /start and /language in French, then English by choice
    help_text = await bot.say(zoe, "/help")
    assert help_text.startswith("Ce que vous pouvez faire ici\n/start — "), help_text
    assert "/matches — " in help_text and "/draw" not in help_text
    assert await bot.say(zoe, "/start") == (
        "Bonjour, Zoé ! Tapez /help pour voir ce que vous pouvez faire.")
    assert await bot.say(zoe, "/language") == (
        "Je vous écris en français. Touchez la langue dans laquelle vous voulez que je vous "
        "écrive, ou envoyez /language CODE (par exemple /language en).")
    assert [b["text"] for row in tg.last_sent(zoe).buttons() for b in row] == [
        "English", "Français"]
    await bot.tap(zoe, "English")
    assert (await _rows_to(bot, ZOE))[-1] == "From now on I write to you in English."
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT language FROM people WHERE tg_user_id = ?",
                               (ZOE,)) == "en"


async def test_strangers_and_a_group_read_their_own_language(bot: BotUnderTest) -> None:
    tg = bot.telegram
    odile, _ = await _created(bot)
    yann, kim = _user(bot, "Yann", YANN, "fr"), _user(bot, "Kim", KIM, "en")
    assert (await bot.say(yann, "bonjour")).startswith("Bonjour ! Je suis TDBot")
    assert (await bot.say(kim, "hello")).startswith("Hello! I am TDBot")
    assert (await bot.say(yann, "/help")).endswith(
        "Vous ne participez encore à aucune épreuve : ouvrez votre lien d'invitation pour en "
        "rejoindre une.")
    assert await bot.say(kim, "/link club-cup") == (
        "Send this in your event's group chat: add me to the group, then send /link "
        "EVENT-SLUG there (/unlink there stops it).")

    # a group that follows no event yet reads its writer's language (as far as it is known:
    # a group's update does not say it); once linked, the event's ([event] language = "fr")
    tara = tg.world.users[TARA]
    group: FakeChat = tg.add_group("Club", [tara, odile])
    tg.user_sends(odile, "/bracket", chat=group)
    tg.user_sends(tara, "/bracket", chat=group)
    tg.user_sends(tara, "/link club-cup", chat=group)
    await bot.settle()
    assert await _rows_to(bot, group.id) == [
        "Ce groupe ne suit encore aucune épreuve. Un organisateur ou un arbitre envoie /link "
        "EVENT-SLUG ici.",
        "This group follows no event yet. An organiser or TD sends /link EVENT-SLUG here.",
        "Ce groupe suit désormais <b>Club Cup &lt;2026&gt;</b> : j'y publie l'ouverture des "
        "rondes, les résultats et le tableau.\n/bracket affiche le tableau maintenant ; un "
        "arbitre envoie /unlink pour arrêter."]
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT group_chat_id FROM events") == group.id


async def test_refusals_of_a_command_not_theirs_and_of_a_number_out_of_range(
        bot: BotUnderTest) -> None:
    """Which event a TD's command means (``people/directing``) and the range of a number
    (``platform/limits``) refuse in records: each reader reads the refusal in their own
    language, the values (the command, the range) in it."""
    odile, _ = await _created(bot)
    yann, kim = _user(bot, "Yann", YANN, "fr"), _user(bot, "Kim", KIM, "en")
    tara = bot.telegram.world.users[TARA]
    assert await bot.say(yann, "/draw") == (
        "⚠️ /draw est réservé aux arbitres et aux organisateurs d'une épreuve")
    assert await bot.say(kim, "/draw") == (
        "⚠️ /draw is for the TDs and organisers of an event")
    assert await bot.say(odile, "/draw 1e9") == (
        "⚠️ La graine du tirage doit être un nombre entier de 0 à 999999999, et non '1e9'")
    assert await bot.say(tara, "/draw 1e9") == (
        "⚠️ The seed must be a whole number from 0 to 999999999, not '1e9'")
    async with bot.runtime.db.transaction() as tx:  # nothing was drawn
        assert await tx.scalar("SELECT count(*) FROM matches") == 0


def test_what_a_group_is_shown_is_worded_in_its_language() -> None:
    """A format says what its group is shown as a record (``Format.group_posts``), so a
    French group reads it in French inside the linking's answer."""
    club = linked("Tuesday <Club>", "linked", "club")
    assert render(club, for_locale("fr")) == (
        "Ce groupe suit désormais <b>Tuesday &lt;Club&gt;</b> : j'y publie les tables de "
        "chaque ronde, les résultats et les paliers de victoires au club.\nUn arbitre envoie "
        "/unlink pour arrêter.")
    assert english(club) == (
        "This group now follows <b>Tuesday &lt;Club&gt;</b>: I post each round's tables, the "
        "results and the club-win milestones here.\nA TD sends /unlink to stop.")
