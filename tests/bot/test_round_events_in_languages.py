"""A round-based event read in two languages: Dev Rao reads the bot in French (/language fr),
Ann Lee and the others in English. Through the weekly Swiss of tests/bot/round_event.py in
the fake Telegram: the draw, round 1's opening, the results, the round closed, round 2
paired, then /standings, /chances and /rating; each player's stored outbox rows and
replies are in their own language, and their figures are the same."""

from __future__ import annotations

from pathlib import Path

from bot.fakebot import FakeUser
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import club_cup_bot
from tests.bot.round_event import IDS, definition, winner_scores
from tests.bot.test_round_events_e2e import say, until, user

DEV, ANN = IDS["Dev Rao"], IDS["Ann Lee"]
EVENT = "Weekly Swiss &lt;Tuesdays&gt;"


async def _rows(bot: BotUnderTest, tg_user_id: int) -> list[str]:
    """Every outbox row written for a person, in the order written."""
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all(
            "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
            " WHERE p.tg_user_id = ? ORDER BY o.id", (tg_user_id,))
    return [str(row["text_html"]) for row in rows]


def _tap(bot: BotUnderTest, who: FakeUser, action: str) -> None:
    """Tap the latest button of a result slip doing ``action`` (``slip:<action>:...``),
    whatever its label's language."""
    for message in reversed(bot.telegram.sent(who)):
        for row in message.buttons():
            for b in row:
                if str(b.get("callback_data", "")).startswith(f"slip:{action}:"):
                    bot.telegram.user_taps(who, message, b["callback_data"])
                    return
    raise AssertionError(f"no slip:{action} button:\n{bot.telegram.transcript(who)}")


async def _play(bot: BotUnderTest, number: int) -> None:
    """Every match of round ``number``: the winner reports and confirms, the loser agrees."""
    async with bot.runtime.db.transaction() as tx:
        state = await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]
    for m in state.matches_of(number):
        if m.state != "playing":
            continue
        win, lose, ws, ls = winner_scores(str(m.names[0]), str(m.names[1]))
        await say(bot, win, f"{ws}-{ls}")
        _tap(bot, user(bot, win), "ok")
        await bot.settle()
        _tap(bot, user(bot, lose), "agree")
        await bot.settle()


async def test_a_french_and_an_english_player_read_a_swiss_each_in_their_language(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, definition(ids=True, extra='rated = "open"'), ids=IDS,
                            draw=False, open_sf=False) as bot:
        chosen = await say(bot, "Dev Rao", "/language fr")
        assert "français" in chosen.casefold(), chosen
        await say(bot, "Tara TD", "/draw 5")
        await say(bot, "Tara TD", f"/openround 1 until {await until(bot)}")
        dev, ann = await _rows(bot, DEV), await _rows(bot, ANN)
        # the draw and the opening: the same facts, each in the reader's words
        assert f"<b>{EVENT}</b> est prêt : 5 rondes." in dev[0], dev
        assert f"<b>{EVENT}</b> is set: 5 rounds." in ann[0], ann
        assert f"<b>{EVENT} : Round 1</b> est ouverte.\nVotre adversaire : <b>" in dev[1], dev
        assert "Une partie\n" in dev[1] and "Convenez d'une heure" in dev[1], dev[1]
        assert f"<b>{EVENT}: Round 1</b> is open.\nYour opponent: <b>" in ann[1], ann
        assert "One game\n" in ann[1] and "Agree a time and place" in ann[1], ann[1]
        # who starts, as the pairing chose: Dev is the first named of his pair (4th v 8th)
        assert "Vous commencez." in dev[1], dev[1]
        assert "You go first." in ann[1], ann[1]
        # the deadline, the moment itself written in each reader's language
        assert "Date limite : dim. 8 mars 2026 23:59 (+08)" in dev[1], dev[1]
        assert "Deadline: Sun 08 Mar 2026 23:59 (+08)" in ann[1], ann[1]
        await _play(bot, 1)
        closed = await say(bot, "Tara TD", "/closeround 1")
        assert "Round 1" in closed, closed
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT state FROM rounds WHERE seq = 1") == "closed"
        dev_round_1 = len(await _rows(bot, DEV))
        await say(bot, "Tara TD", f"/openround 2 until {await until(bot, 12)}")
        dev_new = (await _rows(bot, DEV))[dev_round_1:]
        assert any(f"<b>{EVENT} : Round 2</b> est ouverte." in t for t in dev_new), dev_new
        # the rating line of a final result: Dev's in French, Ann's in English
        assert any(t.startswith("📈 L'estimation de votre classement à ce stade : 1750 → ")
                   or "\n📈 L'estimation de votre classement" in t
                   for t in await _rows(bot, DEV)), await _rows(bot, DEV)
        assert any("📈 Your rating estimate so far: 1900 → " in t for t in await _rows(bot, ANN))
        # a game is feminine in French: the sentence agrees with it
        assert any("votre partie est donc définitive : " in t for t in await _rows(bot, DEV)), \
            await _rows(bot, DEV)
        assert any("so your game is final: " in t for t in await _rows(bot, ANN))

        standings_fr = await bot.say(user(bot, "Dev Rao"), "/standings")
        standings_en = await bot.say(user(bot, "Ann Lee"), "/standings")
        assert standings_fr.startswith(
            "Weekly Swiss <Tuesdays> : classement pendant la ronde 2 sur 5"), standings_fr
        assert "  # Nom" in standings_fr and "V-D  Écart" in standings_fr, standings_fr
        assert standings_en.startswith("Weekly Swiss <Tuesdays>: standings during round 2"), \
            standings_en
        assert "  # Name" in standings_en and "W-L Spread" in standings_en, standings_en
        # the same table: each line's figures are the same in both languages
        assert [line.split()[-2:] for line in standings_fr.splitlines()[2:]] == [
            line.split()[-2:] for line in standings_en.splitlines()[2:]]

        chances_fr = await bot.say(user(bot, "Dev Rao"), "/chances")
        chances_en = await bot.say(user(bot, "Ann Lee"), "/chances")
        assert "ce que vous pouvez encore atteindre, 4 parties à jouer." in chances_fr, \
            chances_fr
        assert "Vous êtes " in chances_fr and "avec 1 victoire." in chances_fr, chances_fr
        assert "Les places comptent les victoires" in chances_fr, chances_fr
        assert "what you can still reach, 4 games to play." in chances_en, chances_en
        assert "You are 1st now with 1 win." in chances_en, chances_en

        rating_fr = await bot.say(user(bot, "Dev Rao"), "/rating")
        rating_en = await bot.say(user(bot, "Ann Lee"), "/rating")
        assert "l'estimation de votre classement (méthode de la NASPA)." in rating_fr, rating_fr
        assert "après 1 partie classée : 1 victoire pour" in rating_fr, rating_fr
        assert "your rating estimate (NASPA's method)." in rating_en, rating_en
        assert "after 1 rated game: 1 win where" in rating_en, rating_en
