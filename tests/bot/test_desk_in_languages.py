"""The TD's desk, board photos, expulsions and holds answer each reader in their language:
the use-cases write their answers as records (``bot/words/said.py``), rendered when the
outbox row is written, so the stored rows show what each person reads.

The club cup (tests/bot/data/club_cup.toml): SF M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai
Wen, best of 3. Dev Rao and the TD, Tara, read French (their choice, and their Telegram
app's); Ann Lee reads English.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import club_cup_bot, say, tap, user

JPEG = b"\xff\xd8\xff\xe0" + b"board" * 16


async def _rows(bot: BotUnderTest, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]


async def _mark(bot: BotUnderTest) -> int:
    [(top,)] = await _rows(bot, "SELECT COALESCE(MAX(id), 0) FROM outbox")
    return int(top)


async def _to(bot: BotUnderTest, name: str, since: int) -> str:
    """Every outbox row written for ``name`` (to them, or to their private chat: an answer)
    after row ``since``, one text."""
    return "\n---\n".join(str(t) for (t,) in await _rows(
        bot, "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
             " OR o.chat_id = p.tg_user_id WHERE p.name = ? AND o.id > ? ORDER BY o.id",
        (name, since)))


async def _french(bot: BotUnderTest, *names: str) -> None:
    async with bot.runtime.db.transaction() as tx:
        for name in names:
            await tx.execute("UPDATE people SET language = 'fr' WHERE name = ?", (name,))
    for name in names:  # their phones are in French too
        object.__setattr__(user(bot, name), "language_code", "fr")


async def test_a_result_refused_and_a_board_photo_read_in_each_players_language(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path) as bot:
        await _french(bot, "Dev Rao")
        assert (await say(bot, "Dev Rao", "/report 412")) == (
            "⚠️ J’ai trouvé un seul score (412), il me faut les deux. Envoyez votre score "
            "d’abord, puis celui de votre adversaire, par exemple 412-380.")
        assert (await say(bot, "Ann Lee", "/report 412")) == (
            "⚠️ I found one score (412) but need both. Send your score first, then your "
            "opponent's, like 412-380.")
        assert "Si vous avez gagné, envoyez won 412-380" in await say(
            bot, "Dev Rao", "/report won 380-412")
        await say(bot, "Dev Rao", "412-380")
        await tap(bot, "Dev Rao", "J'ai commencé")
        await tap(bot, "Dev Rao", "✅ Confirmer")
        mark = await _mark(bot)
        bot.telegram.user_sends_photo(user(bot, "Dev Rao"), JPEG)
        await bot.settle()
        # stored: Dev's photo discharged the window of his game
        assert await _rows(bot, "SELECT state FROM photo_windows") == [("received",)]
        assert await _to(bot, "Dev Rao", mark) == (
            "📷 Photo du plateau de partie 1 contre Ann Lee reçue. Merci : plus rien à envoyer "
            "pour cette partie.")
        mark = await _mark(bot)
        bot.telegram.user_sends_photo(user(bot, "Ann Lee"), JPEG)
        await bot.settle()
        assert "No game of yours is waiting for a board photo" in (
            bot.telegram.last_sent(user(bot, "Ann Lee")).text or "")


async def test_the_desk_answers_a_french_td_and_tells_each_player_in_their_language(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path) as bot:
        await _french(bot, "Dev Rao", "Tara TD")
        mark = await _mark(bot)
        await say(bot, "Tara TD", "/invites")
        invites = await _to(bot, "Tara TD", mark)
        assert invites.startswith("<b>Club Cup &lt;2026&gt; : liens d'invitation</b>\n"), invites
        assert "\njoueur Ann Lee : https://t.me/" in invites, invites
        assert "\njoueur n'importe qui (choisit un nom) : https://t.me/" in invites, invites
        mark = await _mark(bot)
        await say(bot, "Tara TD", "/expel Cai Wen: a triché")
        assert await _rows(bot, "SELECT e.state FROM entries e JOIN people p ON p.id = e.person_id"
                                " WHERE p.name = 'Cai Wen'") == [
            ("expelled",)]
        tara = await _to(bot, "Tara TD", mark)  # the question of para 29, then the answer
        assert "\n---\n🚫 Exclusion de <b>Cai Wen</b> (a triché) ; je le lui ai dit." in tara, tara
        await say(bot, "Dev Rao", "412-380")
        await tap(bot, "Dev Rao", "J'ai commencé")
        await tap(bot, "Dev Rao", "✅ Confirmer")
        await bot.advance(timedelta(days=7, hours=8))  # SF's deadline
        mark = await _mark(bot)
        await tap(bot, "Tara TD", "M1 : annuler le match")
        # stored: game 1 of M1 no longer counts
        assert await _rows(bot, "SELECT g.void FROM games g JOIN matches m ON m.id = g.match_id"
                                " WHERE m.code = 'M1'") == [(1,)]
        assert "1 partie annulée dans M1 (Demi-finale)." in await _to(bot, "Tara TD", mark)
        dev, ann = await _to(bot, "Dev Rao", mark), await _to(bot, "Ann Lee", mark)
        assert ("un arbitre a annulé la partie de votre match (Demi-finale) contre <b>Ann Lee</b> : la date "
                "limite de la ronde est passée sans que le match soit terminé (décision de "
                "l'arbitre).") in dev, dev
        assert ("a TD voided the game of your SF match against <b>Dev Rao</b>: the round's "
                "deadline passed with the match unfinished (TD decision).") in ann, ann
        mark = await _mark(bot)
        await tap(bot, "Tara TD", "Prolonger de 7 jours")
        assert (await _to(bot, "Tara TD", mark)).startswith(
            "<b>Demi-finale</b> : la ronde est prolongée de 7 jours et se termine désormais le "
            "mar. 17 mars "
            "2026 01:00 (+08).")
        mark = await _mark(bot)
        await say(bot, "Tara TD", "/holdround SF until 2026-03-20: le tournoi de Causeway")
        assert (await _to(bot, "Tara TD", mark)).startswith(
            "Demi-finale se termine désormais le ven. 20 mars 2026 23:59 (+08) (au lieu du mar. 17 mars "
            "2026 01:00 (+08)).")
        mark = await _mark(bot)
        await say(bot, "Tara TD", "/closeround SF anyway: on verra")
        assert await _rows(bot, "SELECT state FROM rounds WHERE name = 'SF'") == [("closed",)]
        assert await _to(bot, "Tara TD", mark) == (
            "<b>Demi-finale</b> : la ronde est close avec 1 match inachevé : M1. Il reste dans /pending jusqu'à "
            "votre décision.")
