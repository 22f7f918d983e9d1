"""A French-speaking player in an English-speaking club: each person reads the bot in their
own language, as the outbox rows written for them show.

Dev Rao's Telegram app is in French (``language_code`` "fr"); he joins the club cup by his
personal link (or, below, by the event's player link, a TD approving), reports a game and
confirms it; Ann Lee, his opponent, whose app is in English, agrees. What the chat adapter
says (the answers to Dev's own messages and taps) is French for Dev and English for Ann.

The use-cases' own messages are records written in each reader's language (the slip's
copies, an agreement, a round's opening: ``bot/service/**/*_texts.py``). What was written
for Dev before he joined (the draw) waited for him, kept as a record, and is written in
French once he joins and his app's language is known.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.fakebot import FakeUser
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import IDS, TD_PHONE, club_cup_bot, linked_definition

#: The club cup's people but Dev Rao, who is not yet on Telegram.
WITHOUT_DEV = {name: tg_id for name, tg_id in IDS.items() if name != "Dev Rao"}
DEV = 9014
ANN = IDS["Ann Lee"]

#: The draw, written for Dev before he joined: held, then written in French when he joins.
HELD_DRAW = ("Le tirage de <b>Club Cup &lt;2026&gt;</b> est fait : votre premier match "
             "(Demi-finale) est contre <b>Ann Lee</b>, au meilleur des 3 parties.")
#: What Dev reads, in order: the held draw, then the chat adapter's words, in French.
DEV_READS_FRENCH = [
    HELD_DRAW,
    "Bienvenue ! Vous jouez dans <b>Club Cup &lt;2026&gt;</b> sous le nom de <b>Dev Rao</b>. "
    "Tapez /help pour voir ce que vous pouvez faire.",
    "Partie 1 de votre match au meilleur des 3 parties contre Ann Lee : vous 412, Ann Lee "
    "380.\nVous avez tiré des lettres pour savoir qui commence la partie 1 (para 15). Qui a "
    "commencé ?",
    "Partie 1 de votre match au meilleur des 3 parties contre Ann Lee : vous 412, Ann Lee "
    "380 — vous avez commencé.\nConfirmez pour l'envoyer à Ann Lee.",
    "Partie 1 de votre match au meilleur des 3 parties contre Ann Lee : vous 412, Ann Lee "
    "380 — vous avez commencé.\nEnvoyé à Ann Lee.",
    "📝 <b>Club Cup &lt;2026&gt;, Demi-finale</b> : votre feuille de résultat est enregistrée.\n"
    "Partie 1 : vous 412, Ann Lee 380 (vous avez commencé)\nScore : Dev Rao 1-0 Ann Lee "
    "(+32)\nEnsuite : partie 2, Ann Lee commence.\nAnn Lee peut le contester jusqu'au mar. 3 "
    "mars 2026 17:00 (+08) ; ensuite, il est définitif (para 24).",
    "✅ Ann Lee l'a acceptée : la partie 1 (vous 412, Ann Lee 380, vous avez commencé) est "
    "définitive.",
]
#: The buttons Dev taps, in French.
DEV_TAPS = ["J'ai commencé", "✅ Confirmer"]
#: The round's opening, written for Dev before he joined, read in French once he has.
DEV_OPENING = ("<b>Club Cup &lt;2026&gt; : Demi-finale</b> — la ronde est ouverte.\nVotre adversaire : <b>Ann "
               "Lee</b>\nAu meilleur des 3 parties\n")


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path, linked_definition(ids=WITHOUT_DEV, phones=TD_PHONE),
                            ids=WITHOUT_DEV) as under_test:
        yield under_test


def _dev(bot: BotUnderTest) -> FakeUser:
    dev = bot.telegram.add_user("Dev", last_name="Rao", language_code="fr", user_id=DEV)
    bot.telegram.chat_of(dev)
    return dev


async def _rows_for(bot: BotUnderTest, tg_user_id: int) -> list[str]:
    """The text of every outbox row written for a person (to them, or to their chat), in
    the order written."""
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all(
            "SELECT o.text_html FROM outbox o LEFT JOIN people p ON p.id = o.person_id"
            " WHERE p.tg_user_id = ? OR o.chat_id = ? ORDER BY o.id", (tg_user_id, tg_user_id))
    return [row["text_html"] for row in rows]


async def _languages(bot: BotUnderTest, tg_user_id: int) -> tuple[str | None, str | None]:
    async with bot.runtime.db.transaction() as tx:
        row = await tx.one("SELECT language, tg_language FROM people WHERE tg_user_id = ?",
                           (tg_user_id,))
    assert row is not None
    return row["language"], row["tg_language"]


async def test_a_french_player_and_his_english_opponent_each_read_their_own_language(
        bot: BotUnderTest) -> None:
    tg = bot.telegram
    dev = _dev(bot)
    async with bot.runtime.db.transaction() as tx:
        code = await tx.scalar("SELECT i.code FROM invites i JOIN people p ON p.id = i.person_id"
                               " WHERE p.name = 'Dev Rao'")
    await bot.say(dev, f"/start {code}")
    assert await _languages(bot, DEV) == (None, "fr")  # kept as he joined
    await bot.say(dev, "412-380")
    for label in DEV_TAPS:
        await bot.tap(dev, label)
    ann = tg.world.users[ANN]
    await bot.tap(ann, "Agree")

    dev_rows = await _rows_for(bot, DEV)
    french = [text for text in dev_rows if text in DEV_READS_FRENCH]
    assert french == DEV_READS_FRENCH
    assert [text for text in dev_rows if text.startswith(DEV_OPENING)] == dev_rows[1:2]
    rest = [text for text in dev_rows
            if text not in DEV_READS_FRENCH and not text.startswith(DEV_OPENING)]
    assert rest == []  # nothing of the use-cases' left in English
    # the pressed messages were rewritten in French too
    assert "[Dev Rao taps J'ai commencé]" in tg.transcript(dev)
    assert ("Partie 1 de votre match au meilleur des 3 parties contre Ann Lee : vous 412, Ann "
            "Lee 380 — vous avez commencé.\n    Envoyé à Ann Lee.") in tg.transcript(dev)

    ann_rows = await _rows_for(bot, ANN)
    assert not [text for text in ann_rows if "Partie" in text or "vous" in text]
    assert ann_rows[-1].endswith("✅ You agreed: it is final.")
    assert await _languages(bot, ANN) == (None, "en")


async def test_a_french_player_who_joins_by_the_player_link_keeps_his_language_once_approved(
        bot: BotUnderTest) -> None:
    """He has no person until a TD approves him: his request keeps the language Telegram
    gave with it, and the person he is linked to gets it."""
    tg = bot.telegram
    dev = _dev(bot)
    async with bot.runtime.db.transaction() as tx:
        code = await tx.scalar("SELECT code FROM invites WHERE role = 'player'"
                               " AND person_id IS NULL")
    assert await bot.say(dev, f"/start {code}") == (
        "Bienvenue dans Club Cup <2026> ! Qui êtes-vous ? Touchez votre nom ; un "
        "arbitre le confirmera.")
    await bot.tap(dev, "Dev Rao")
    assert tg.last_sent(dev).text == (
        "Merci ! J'ai demandé aux arbitres de Club Cup <2026> de confirmer que vous êtes "
        "Dev Rao. Je vous préviendrai ici.")
    async with bot.runtime.db.transaction() as tx:
        row = await tx.one("SELECT tg_language FROM join_requests WHERE tg_user_id = ?", (DEV,))
        assert row is not None and row["tg_language"] == "fr"
    await bot.tap(tg.world.users[IDS["Tara TD"]], "Approve")
    assert await _languages(bot, DEV) == (None, "fr")


async def _held(bot: BotUnderTest) -> list[tuple[str, str | None]]:
    """Dev's rows as stored: (text, the record kept while his language is unknown)."""
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT o.text_html, o.record_json FROM outbox o JOIN people p ON"
                            " p.id = o.person_id WHERE p.name = 'Dev Rao' ORDER BY o.id")
    return [(row["text_html"], row["record_json"]) for row in rows]


async def test_what_waited_for_him_is_written_in_french_when_he_joins(
        bot: BotUnderTest) -> None:
    """Invited, not yet on Telegram: the draw is written for him in English (no language is
    known), its record kept beside it. He joins with his app in French: the row is written
    again in French, held no more, and that is what Telegram delivers, after the welcome."""
    (text, kept), *_ = await _held(bot)  # the round's opening after it: not a record yet
    assert text.startswith("The draw for <b>Club Cup &lt;2026&gt;</b> is made") and kept
    dev = _dev(bot)
    async with bot.runtime.db.transaction() as tx:
        code = await tx.scalar("SELECT i.code FROM invites i JOIN people p ON p.id = i.person_id"
                               " WHERE p.name = 'Dev Rao'")
    await bot.say(dev, f"/start {code}")
    assert (await _held(bot))[0] == (HELD_DRAW, None)
    texts = [m.text for m in bot.telegram.sent(dev)]
    assert texts[0] is not None and texts[0].startswith("Bienvenue ! Vous jouez dans Club Cup <2026>")
    assert HELD_DRAW.replace("<b>", "").replace("</b>", "").replace("&lt;", "<").replace(
        "&gt;", ">") in texts


async def test_what_waited_for_him_is_written_in_french_once_a_td_approves_him(
        bot: BotUnderTest) -> None:
    """By the event's player link: his language comes with his request, and the held draw
    is written in it when the TD's approval links him."""
    tg = bot.telegram
    dev = _dev(bot)
    async with bot.runtime.db.transaction() as tx:
        code = await tx.scalar("SELECT code FROM invites WHERE role = 'player'"
                               " AND person_id IS NULL")
    await bot.say(dev, f"/start {code}")
    await bot.tap(dev, "Dev Rao")
    assert (await _held(bot))[0][1] is not None  # still held: not approved yet
    await bot.tap(tg.world.users[IDS["Tara TD"]], "Approve")
    assert (await _held(bot))[0] == (HELD_DRAW, None)


async def test_an_english_player_reports_and_her_french_opponent_agrees_each_in_their_language(
        bot: BotUnderTest) -> None:
    """Report, confirm, agree the other way round: Ann Lee (English) reports and confirms,
    Dev Rao (French) agrees on his copy's French button. Every row written for each of
    them, the slip's copies, the agreement and the rewritten draft and copy included, is
    in their own language, the window's close a date in it."""
    tg = bot.telegram
    dev = _dev(bot)
    async with bot.runtime.db.transaction() as tx:
        code = await tx.scalar("SELECT i.code FROM invites i JOIN people p ON p.id = i.person_id"
                               " WHERE p.name = 'Dev Rao'")
    await bot.say(dev, f"/start {code}")
    ann = tg.world.users[ANN]
    await bot.say(ann, "412-380")
    await bot.tap(ann, "I started")
    await bot.tap(ann, "✅ Confirm")
    await bot.tap(dev, "Accepter")

    dev_rows = await _rows_for(bot, DEV)
    assert dev_rows[-2:] == [
        "📝 <b>Club Cup &lt;2026&gt;, Demi-finale</b> : Ann Lee a déclaré un résultat.\n"
        "Partie 1 : vous 380, Ann Lee 412 (Ann Lee a commencé)\n"
        "Score : Dev Rao 0-1 Ann Lee (-32)\n"
        "Ensuite : partie 2, vous commencez.\n"
        "C'est juste ? Touchez <b>Accepter</b>. C'est faux ? Touchez <b>Contester</b> avant le "
        "mar. 3 mars 2026 17:00 (+08) ; ensuite, il est définitif (para 24).",
        "📝 <b>Club Cup &lt;2026&gt;, Demi-finale</b> : Ann Lee a déclaré un résultat.\n"
        "Partie 1 : vous 380, Ann Lee 412 (Ann Lee a commencé)\n"
        "Score : Dev Rao 0-1 Ann Lee (-32)\n"
        "Ensuite : partie 2, vous commencez.\n"
        "C'est juste ? Touchez <b>Accepter</b>. C'est faux ? Touchez <b>Contester</b> avant le "
        "mar. 3 mars 2026 17:00 (+08) ; ensuite, il est définitif (para 24).\n\n"
        "✅ Vous l'avez accepté : il est définitif."]
    async with bot.runtime.db.transaction() as tx:
        buttons = await tx.scalar(
            "SELECT o.buttons_json FROM outbox o JOIN people p ON p.id = o.person_id"
            " WHERE p.tg_user_id = ? AND o.text_html LIKE '📝%' AND o.edit_of IS NULL", (DEV,))
    assert '"Accepter"' in buttons and '"Contester"' in buttons

    ann_rows = await _rows_for(bot, ANN)
    assert ann_rows[-5:] == [
        "Game 1 of your best-of-3 v Dev Rao: you 412, Dev Rao 380.\nYou drew tiles to decide "
        "who starts game 1 (para 15). Who started?",
        "Game 1 of your best-of-3 v Dev Rao: you 412, Dev Rao 380 — you started.\n"
        "Confirm to send it to Dev Rao.",
        "Game 1 of your best-of-3 v Dev Rao: you 412, Dev Rao 380 — you started.\n"
        "Sent to Dev Rao.",
        "📝 <b>Club Cup &lt;2026&gt;, SF</b>: your result slip is in.\n"
        "Game 1: you 412, Dev Rao 380 (you started)\n"
        "Score: Ann Lee 1-0 Dev Rao (+32)\n"
        "Next: game 2, Dev Rao starts.\n"
        "Dev Rao can dispute it until Tue 03 Mar 2026 17:00 (+08); after that it is final "
        "(para 24).",
        "✅ Dev Rao agreed: game 1 (you 412, Dev Rao 380, you started) is final."]
