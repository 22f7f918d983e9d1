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


async def _answers(bot: BotUnderTest, tg_user_id: int) -> list[str]:
    """Every outbox row written to a person's private chat as an answer, in order."""
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT text_html FROM outbox WHERE chat_id = ? AND media_id IS NULL"
                            " ORDER BY id", (tg_user_id,))
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
        assert f"<b>{EVENT} : Ronde 1</b> — la ronde est ouverte.\nVotre adversaire : <b>" in dev[1], dev
        assert "Une partie\n" in dev[1] and "Convenez d'une heure" in dev[1], dev[1]
        assert f"<b>{EVENT}: Round 1</b> is open.\nYour opponent: <b>" in ann[1], ann
        assert "One game\n" in ann[1] and "Agree a time and place" in ann[1], ann[1]
        # a round named from its number is named in the reader's language everywhere
        listed = await say(bot, "Dev Rao", "/matches")
        assert "Ronde 1" in listed and "Round 1" not in listed, listed
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
        assert any(f"<b>{EVENT} : Ronde 2</b> — la ronde est ouverte." in t for t in dev_new), dev_new
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


async def test_availability_why_and_export_answer_each_in_their_language(tmp_path: Path) -> None:
    """/unavailable, /availability, /why and /export, and their refusals, answered by the
    use-cases themselves: the stored answers are in the asker's language, a round made
    from its number ("Round 3") read as "Ronde 3" in French, and the state they change is
    stored the same whatever the language."""
    async with club_cup_bot(tmp_path, definition(ids=True, extra="requested_byes = 1"),
                            ids=IDS, draw=False, open_sf=False) as bot:
        await say(bot, "Dev Rao", "/language fr")
        await say(bot, "Tara TD", "/draw 5")
        await say(bot, "Tara TD", f"/openround 1 until {await until(bot)}")

        asked = len(await _answers(bot, DEV))
        await say(bot, "Dev Rao", "/unavailable 3")
        await say(bot, "Ann Lee", "/unavailable 3")
        dev_said = (await _answers(bot, DEV))[asked:]
        assert any("📴 Noté, Ronde 3 : je ne vous apparierai pas" in t
                   and "/available 3" in t for t in dev_said), dev_said
        assert not any("Round 3" in t for t in dev_said), dev_said
        assert any("📴 Noted: you will not be paired in Round 3" in t
                   for t in await _answers(bot, ANN)), await _answers(bot, ANN)
        async with bot.runtime.db.transaction() as tx:  # both stored, as rounds by number
            assert await tx.scalar("SELECT count(*) FROM round_absences WHERE round_seq = 3"
                                   ) == 2

        # a second request is refused, in each one's language, and not stored
        refused_fr = await bot.say(user(bot, "Dev Rao"), "/unavailable 4")
        refused_en = await bot.say(user(bot, "Ann Lee"), "/unavailable 4")
        assert "Vous pouvez être indisponible pour 1 ronde au plus" in refused_fr, refused_fr
        assert "vous l'êtes pour la ronde 3" in refused_fr, refused_fr
        assert "You may be unavailable for at most 1 round of" in refused_en, refused_en
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM round_absences WHERE round_seq = 4"
                                   ) == 0
        which_fr = await bot.say(user(bot, "Dev Rao"), "/unavailable")
        assert "Dites quelle ronde : /unavailable 3" in which_fr, which_fr
        wrong_fr = await bot.say(user(bot, "Dev Rao"), "/rating tout")
        assert "/rating tout : envoyez /rating pour votre estimation" in wrong_fr, wrong_fr

        # the TD, in French too: who is available, why Dev was paired so, the files
        await say(bot, "Tara TD", "/language fr")
        tara = IDS["Tara TD"]
        asked = len(await _answers(bot, tara))
        await say(bot, "Tara TD", "/availability 3")
        await say(bot, "Tara TD", "/why Dev 1")
        await say(bot, "Tara TD", "/export")
        tara_said = (await _answers(bot, tara))[asked:]
        assert any(f"<b>{EVENT} : Ronde 3</b>\nDisponibles (" in t
                   and "Indisponibles (2) : " in t for t in tara_said), tara_said
        assert any(t.startswith("<b>Ronde 1 : Dev Rao contre ") for t in tara_said), tara_said
        assert any(t.startswith("<b>Ronde 1 : Dev Rao contre ") and "\nappariement " in t
                   and "Dev Rao c. " in t for t in tara_said), tara_said  # named in full
        assert not any("par numéro" in t for t in tara_said), tara_said
        assert any(f"<b>{EVENT}</b> : les résultats et les droits à ce jour, envoyés ici en "
                   "fichiers : weekly-swiss-results.csv" in t for t in tara_said), tara_said
        assert not any("Round " in t for t in tara_said), tara_said
        no_one = await bot.say(user(bot, "Tara TD"), "/why Zed")
        assert "Personne ne s'appelle « Zed » ici" in no_one, no_one
        # what the rating body would miss, in the TD's words too (nothing is played yet)
        table = await bot.say(user(bot, "Tara TD"), "/rating")
        assert ("- le moins de parties classées d'un joueur à ce jour : 0 ; un tournoi open "
                "classé est classé à partir de 4 parties") in table, table
        other = await bot.say(user(bot, "Tara TD"), "/export club-cup")
        assert ("/export club-cup : vous n'êtes ni arbitre ni organisateur d'une épreuve de ce "
                "nom ; /export weekly-swiss envoie la vôtre") in other, other
        async with bot.runtime.db.transaction() as tx:  # the files were sent: the journal
            assert await tx.scalar("SELECT count(*) FROM journal WHERE action = 'event.export'"
                                   ) == 1
