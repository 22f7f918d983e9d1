"""A French player and an English one through a dispute a TD rules and a correction: each
reads the dispute, the ruling and the correction in their own language, as the outbox rows
written for them show (``bot/words/said.py``: a record is written in its reader's
language when its row is).

The club cup (tests/bot/data/club_cup.toml): M1 Ann Lee v Dev Rao, best of 3; Dev Rao
reads French (``/language``'s choice, ``people.language``), Ann Lee English; the TD, Tara,
reads French too: her ruling buttons and her copy of the notice are French.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.service.platform.unit import Request
from bot.service.results import rulings
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    DEFINITION,
    IDS,
    TD_PHONE,
    buttons_of,
    club_cup_bot,
    linked_definition,
    report_game,
    say,
    tap,
)


async def _rows(bot: BotUnderTest, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]


async def _last_outbox(bot: BotUnderTest) -> int:
    [(top,)] = await _rows(bot, "SELECT COALESCE(MAX(id), 0) FROM outbox")
    return int(top)


async def _outbox_to(bot: BotUnderTest, name: str, since: int) -> str:
    """Every row written for ``name`` after row ``since``, one text."""
    return "\n---\n".join(str(t) for (t,) in await _rows(
        bot, "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
             " WHERE p.name = ? AND o.id > ? ORDER BY o.id", (name, since)))


async def test_a_dispute_ruled_and_a_correction_reach_each_player_in_their_language(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path) as bot:
        async with bot.runtime.db.transaction() as tx:
            await tx.execute("UPDATE people SET language = 'fr'"
                             " WHERE name IN ('Dev Rao', 'Tara TD')")
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        mark = await _last_outbox(bot)
        await tap(bot, "Dev Rao", "Contester")  # his copy of the slip is French
        await say(bot, "Dev Rao", "j'avais 390")
        dev = await _outbox_to(bot, "Dev Rao", mark)
        assert ("⚖️ <b>Club Cup &lt;2026&gt;, Demi-finale</b> : vous avez contesté la partie 1 de votre "
                "match contre Ann Lee. Elle compte telle que déclarée jusqu’à la décision d’un "
                "arbitre.\nTara TD va trancher, et je vous communiquerai sa décision à tous les "
                "deux.\nQu’est-ce qui ne va pas ?") in dev, dev
        ann = await _outbox_to(bot, "Ann Lee", mark)
        assert ("⚖️ <b>Club Cup &lt;2026&gt;, SF</b>: Dev Rao disputed game 1 of your match. It "
                "counts as reported until a TD rules.\nTara TD will rule on it, and I will tell "
                "you both the ruling.") in ann, ann

        mark = await _last_outbox(bot)
        assert {"Maintenir", "Corriger", "Annuler la partie", "Partie accordée à Dev Rao",
                "Match accordé à Dev Rao"} <= set(buttons_of(bot, "Tara TD"))
        await tap(bot, "Tara TD", "Partie accordée à Dev Rao")
        await say(bot, "Tara TD", "Ann's clock ran out")
        # stored: game 1 is Dev's game bye
        assert await _rows(bot, "SELECT g.kind, g.bye_side, g.void FROM games g") == [
            ("bye", 1, 0)]
        dev = await _outbox_to(bot, "Dev Rao", mark)
        assert ("⚖️ <b>Club Cup &lt;2026&gt;, Demi-finale</b> : un arbitre a tranché sur la partie 1 : la "
                "partie vous est accordée : une victoire avec +100 d’écart.\nMotif : Ann's clock "
                "ran out") in dev, dev
        tara = await _outbox_to(bot, "Tara TD", mark)
        assert ("\n\n✅ Décision de Tara TD : la partie est accordée à Dev Rao : une victoire "
                "avec +100 d’écart (para 28). (Ann's clock ran out)") in tara, tara
        ann = await _outbox_to(bot, "Ann Lee", mark)
        assert ("⚖️ <b>Club Cup &lt;2026&gt;, SF</b>: a TD ruled on game 1: it is a game bye to "
                "Dev Rao: a win with +100 spread.\nWhy: Ann's clock ran out") in ann, ann

        await report_game(bot, "Ann Lee", "400-350")  # game 2, Ann's
        await tap(bot, "Dev Rao", "Accepter")
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "/correct M1 game 2 350 400")
        await say(bot, "Tara TD", "the slip was the wrong way round")
        # stored: game 2 is now Dev's 400-350, so the match is his 2-0
        assert await _rows(bot, "SELECT score_a, score_b FROM games WHERE seq = 2") == [
            (350, 400)]
        assert await _rows(bot, "SELECT state, winner_side FROM matches WHERE code = 'M1'") == [
            ("decided", 1)]
        dev = await _outbox_to(bot, "Dev Rao", mark)
        assert ("⚖️ <b>Club Cup &lt;2026&gt;, Demi-finale</b> : un arbitre a corrigé la partie 2 de votre "
                "match contre <b>Ann Lee</b>. Elle est désormais : vous 400, Ann Lee 350 (vous "
                "avez commencé) ; elle était : vous 350, Ann Lee 400 (vous avez commencé).\n"
                "Motif : the slip was the wrong way round") in dev, dev
        ann = await _outbox_to(bot, "Ann Lee", mark)
        assert ("⚖️ <b>Club Cup &lt;2026&gt;, SF</b>: a TD corrected game 2 of your match against "
                "<b>Dev Rao</b>. It is now you 350, Dev Rao 400 (Dev Rao started); it was you "
                "400, Dev Rao 350 (Dev Rao started).\nWhy: the slip was the wrong way round") \
            in ann, ann


async def _answers_to(bot: BotUnderTest, tg_id: int, since: int) -> str:
    """Every answer written in the private chat ``tg_id`` after row ``since``, one text."""
    return "\n---\n".join(str(t) for (t,) in await _rows(
        bot, "SELECT text_html FROM outbox WHERE chat_id = ? AND person_id IS NULL AND id > ?"
             " ORDER BY id", (tg_id, since)))


async def test_each_td_reads_back_their_ruling_in_their_own_language(tmp_path: Path) -> None:
    """Tara rules in French, Uma in English: each reads back what they ruled, the words of
    the ruling too, in their own language; Dev, French, is thanked for his reason in French;
    a ruling Uma gave first is told to Tara in French, with who ruled, what and why."""
    ids = {**IDS, "Uma TD": 9002}
    definition = linked_definition(base=DEFINITION + '\n[[tds]]\nname = "Uma TD"\n', ids=ids,
                                   phones=TD_PHONE)
    async with club_cup_bot(tmp_path, definition, ids=ids) as bot:
        async with bot.runtime.db.transaction() as tx:
            await tx.execute("UPDATE people SET language = 'fr'"
                             " WHERE name IN ('Dev Rao', 'Tara TD')")
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        await tap(bot, "Dev Rao", "Contester")
        mark = await _last_outbox(bot)
        await say(bot, "Dev Rao", "j'avais 390")
        assert "Merci : j'ai transmis votre motif à " in await _answers_to(bot, IDS["Dev Rao"],
                                                                            mark)
        await tap(bot, "Tara TD", "Partie accordée à Dev Rao")
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "Ann's clock ran out")
        assert await _rows(bot, "SELECT g.kind, g.bye_side FROM games g") == [("bye", 1)]
        tara = await _answers_to(bot, IDS["Tara TD"], mark)
        assert tara == ("✅ M1, partie 1 : partie accordée à Dev Rao. Score : Ann Lee 0-1 Dev "
                        "Rao (-100). J'ai prévenu les deux joueurs."), tara

        await report_game(bot, "Ann Lee", "400-350")  # game 2, Ann's
        await tap(bot, "Dev Rao", "Contester")
        await tap(bot, "Tara TD", "Maintenir")  # asked why; Uma rules before she answers
        await tap(bot, "Uma TD", "Uphold")
        mark = await _last_outbox(bot)
        await tap(bot, "Uma TD", "Skip (no reason)")
        uma = await _answers_to(bot, 9002, mark)
        assert uma == ("✅ M1 game 2: upheld: the result stands. Score: Ann Lee 1-1 Dev Rao "
                       "(-50). Both players are told."), uma
        dev = await _outbox_to(bot, "Dev Rao", mark)
        assert "Motif : l'arbitre n'a pas donné de motif" in dev, dev
        ann = await _outbox_to(bot, "Ann Lee", mark)
        assert "Why: the TD gave no reason" in ann, ann
        mark = await _last_outbox(bot)
        await say(bot, "Tara TD", "le relevé le montre")
        tara = await _answers_to(bot, IDS["Tara TD"], mark)
        assert tara == ("Uma TD a déjà tranché M1 : maintenu : le résultat est confirmé "
                        "(l'arbitre n'a pas donné de motif). Votre décision n'a pas été "
                        "appliquée ; rien de plus à faire."), tara
        # stored: game 2 counts as Ann reported it, ruled once, by Uma
        assert await _rows(bot, "SELECT d.ruling, p.name FROM disputes d JOIN people p"
                                " ON p.id = d.adjudicator_id ORDER BY d.id") == [
            ("game_bye: Ann's clock ran out", "Tara TD"),
            ("upheld: the TD gave no reason", "Uma TD")]


async def test_a_dispute_the_bot_closed_reads_back_its_reason_in_each_rulers_language(
        tmp_path: Path) -> None:
    """Uma voids M1 from the desk once the round's deadline passed: Dev's open dispute is
    ruled void for the desk button's reason, the bot's own words. A ruler who presses a
    ruling button on it afterwards reads that reason in their language: Tara in French,
    Uma in English; the dispute's row keeps the ruling in English."""
    ids = {**IDS, "Uma TD": 9002}
    definition = linked_definition(base=DEFINITION + '\n[[tds]]\nname = "Uma TD"\n', ids=ids,
                                   phones=TD_PHONE)
    async with club_cup_bot(tmp_path, definition, ids=ids) as bot:
        async with bot.runtime.db.transaction() as tx:
            await tx.execute("UPDATE people SET language = 'fr' WHERE name = 'Tara TD'")
        await report_game(bot, "Ann Lee", "412-380", starter="I started")
        await tap(bot, "Dev Rao", "Dispute")
        await say(bot, "Dev Rao", "I had 390")
        await bot.advance(timedelta(days=7, hours=8))  # SF's deadline
        await tap(bot, "Uma TD", "M1: void match")
        [(dispute_id, ruling)] = await _rows(bot, "SELECT id, ruling FROM disputes")
        assert ruling == ("void: the round's deadline passed with the match unfinished (TD "
                          "decision)")
        mark = await _last_outbox(bot)
        for name in ("Tara TD", "Uma TD"):  # a button pressed on a copy not yet edited
            req = Request(now=bot.clock(), label=f"tg:{ids[name]}", tg_user_id=ids[name],
                          tg_name=name, chat_id=ids[name])
            await rulings.ask_why(bot.runtime.db, req, dispute_id, "uphold")
        tara = await _answers_to(bot, IDS["Tara TD"], mark)
        assert tara == ("Uma TD a déjà tranché M1 : partie annulée (la date limite de la ronde "
                        "est passée sans que le match soit terminé (décision de l'arbitre)). "
                        "Votre décision n'a pas été appliquée ; rien de plus à faire."), tara
        uma = await _answers_to(bot, 9002, mark)
        assert uma == ("Uma TD already ruled on M1: game voided (the round's deadline passed "
                       "with the match unfinished (TD decision)). Yours was not applied; "
                       "nothing more to do."), uma
