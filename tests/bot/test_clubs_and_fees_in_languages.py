"""Club nights, fees, costs, prize pools and a ladder's refusals with French-speaking
readers and English-speaking ones: each answer is written by its use-case in its
reader's language (the outbox rows stored for them show it, the values in it too: a fee's
reason, a game left unreported, a prize pool's lines), a refusal is read in the refused
person's language, and what was done is stored as the answer says."""

from __future__ import annotations

from pathlib import Path

from bot.telegram.harness import BotUnderTest
from tests.bot import club_chat, club_night_chat, ladder_chat
from tests.bot.between_chat import last_outbox_id, outbox_since


async def _rows_to(bot: BotUnderTest, after: int, name: str) -> str:
    """What was stored for ``name`` after outbox row ``after``, one text."""
    return "\n".join(text for to, text, _ in await outbox_since(bot, after) if to == name)


async def test_a_club_night_answers_a_french_td_and_player_in_french(tmp_path: Path) -> None:
    say, scalar = club_night_chat.say, club_night_chat.scalar
    async with club_night_chat.club_bot(tmp_path) as bot:
        await say(bot, "Tara TD", "/language fr")
        await say(bot, "Ann Lee", "/language fr")

        mark = await last_outbox_id(bot)
        await say(bot, "Tara TD", "/night")
        assert (await _rows_to(bot, mark, "Tara TD")).startswith(
            "🌙 <b>Tuesday Scrabble Club</b> : la soirée 1 est ouverte.")
        assert await scalar(bot, "SELECT state FROM club_sessions") == "open"

        mark = await last_outbox_id(bot)
        await say(bot, "Ann Lee", "/checkin")
        await say(bot, "Ben Ong", "/checkin")
        await say(bot, "Tara TD", "/checkin new Zoe Lim")
        assert await _rows_to(bot, mark, "Ann Lee") == (
            "✅ Votre présence est notée pour la soirée 1 de <b>Tuesday Scrabble Club</b>. "
            "Participation ce soir : SGD 5.00 (tarif du club), à régler à l'arbitre.")
        assert await _rows_to(bot, mark, "Ben Ong") == (
            "✅ You are checked in for night 1 of <b>Tuesday Scrabble Club</b>. Fee tonight: "
            "SGD 3.00 (senior rate), paid to the TD.")
        to_tara = await _rows_to(bot, mark, "Tara TD")
        assert ("✅ Présence de Zoe Lim notée pour la soirée 1 de <b>Tuesday Scrabble "
                "Club</b>. Pas de participation ce soir (séance 1 sur 1 offerte aux nouveaux "
                "venus).") in to_tara
        assert "Son lien vers moi (pour ses adversaires et ses résultats ici) : https://t.me/" \
            in to_tara
        assert await scalar(bot, "SELECT COUNT(*) FROM club_checkins") == 3

        mark = await last_outbox_id(bot)
        await say(bot, "Tara TD", "/pairround")
        assert "Table 1 : Ann Lee contre Ben Ong" in await _rows_to(bot, mark, "Tara TD")

        mark = await last_outbox_id(bot)
        await say(bot, "Tara TD", "/endnight")
        ended = await _rows_to(bot, mark, "Tara TD")
        assert "🌙 <b>Tuesday Scrabble Club</b> : la soirée 1 est terminée." in ended
        assert "Non payé : Ann Lee SGD 5.00 ; Ben Ong SGD 3.00 (dû SGD 8.00)." in ended
        assert ("Parties non signalées (leur ronde est close, elles ne comptent donc plus) : "
                "ronde 1 : Ann Lee contre Ben Ong.") in ended
        assert await scalar(bot, "SELECT state FROM club_sessions") == "closed"

        mark = await last_outbox_id(bot)
        await say(bot, "Ann Lee", "/me")
        assert "Points d'expert (victoires au club) : 49" in await _rows_to(bot, mark, "Ann Lee")

        assert await say(bot, "Tara TD", "/checkin new") == (
            "⚠️ Indiquez qui : /checkin new NOM, par exemple /checkin new Eve Tan")


async def test_fees_costs_and_prizes_answer_each_reader_in_their_language(
    tmp_path: Path,
) -> None:
    say = club_chat.say
    async with club_chat.club_cup_bot(tmp_path, club_chat.linked_definition(),
                                      open_sf=False) as bot:
        await say(bot, "Tara TD", "/language fr")
        await say(bot, "Dev Rao", "/language fr")

        mark = await last_outbox_id(bot)
        await say(bot, "Tara TD", "/paid Ann Lee SF")
        assert await _rows_to(bot, mark, "Tara TD") == (
            "✅ Enregistré : Ann Lee a payé SGD 5.00 (Demi-finale). Je le lui ai dit.")
        assert await _rows_to(bot, mark, "Ann Lee") == (
            "<b>Club Cup &lt;2026&gt;</b>: your payment of SGD 5.00 for SF is recorded. "
            "Thank you!")

        mark = await last_outbox_id(bot)
        await say(bot, "Tara TD", "/cost 1 scoresheets")
        await say(bot, "Tara TD", "/prizes")
        await say(bot, "Cai Wen", "/prizes")
        to_tara = await _rows_to(bot, mark, "Tara TD")
        assert ("✅ Dépense enregistrée : SGD 1.00 (scoresheets). Dépenses à ce jour : "
                "SGD 1.00.") in to_tara
        assert ("<b>Club Cup &lt;2026&gt;</b>\nDotations (SSSg, articles 7 à 9)\nDroits "
                "d'inscription SGD 5.00, dépenses SGD 1.00.\n\nMain : 4 joueurs, 4 prix\n") \
            in to_tara
        assert "Prix (90%) SGD 3.60, à l'association SGD 0.40" in to_tara
        assert "Prize pools" not in to_tara and "Fees" not in to_tara
        to_cai = await _rows_to(bot, mark, "Cai Wen")
        assert to_cai.startswith("<b>Club Cup &lt;2026&gt;</b>\nPrize pools (SSSg paras 7-9)\n"
                                 "Fees SGD 5.00, costs SGD 1.00.\n\nMain: 4 players, 4 prizes\n")

        mark = await last_outbox_id(bot)
        bot.telegram.user_sends_photo(club_chat.user(bot, "Dev Rao"), b"receipt", caption="/paid")
        await bot.settle()
        assert await _rows_to(bot, mark, "Dev Rao") == (
            "Merci. Votre preuve de paiement de SGD 5.00 (Demi-finale) est transmise aux arbitres ; "
            "je vous préviendrai dès que l'un d'eux l'aura vérifiée.")
        assert [m.caption for m in bot.telegram.sent(club_chat.user(bot, "Tara TD"))
                if m.photo] == ["Dev Rao : preuve de paiement (Demi-finale, SGD 5.00)"]
        await club_chat.tap(bot, "Tara TD", "Accepter")
        assert club_chat.last(bot, "Tara TD").endswith(
            "✅ Tara TD a accepté : le paiement de Dev Rao (Demi-finale) est enregistré.")
        paid = await club_chat.rows(bot, "SELECT n.name, p.round_code FROM payments p JOIN "
                                         "entries e ON e.id = p.entry_id JOIN people n ON "
                                         "n.id = e.person_id ORDER BY p.id")
        assert paid == [("Ann Lee", "sf"), ("Dev Rao", "sf")]

        assert await say(bot, "Tara TD", "/paid Ann Lea SF") == (
            "⚠️ Joueur « Ann Lea » : aucun joueur de ce nom dans club-cup (vouliez-vous dire "
            "Ann Lee ?)")
        assert (await say(bot, "Tara TD", "/paid Ann")).startswith(
            "⚠️ Dites qui a payé pour quelle ronde : /paid NOM RONDE")
        assert (await say(bot, "Dev Rao", "/paid Dev SF")).startswith(
            "⚠️ Pour montrer que vous avez payé, envoyez une photo du paiement")
        assert (await say(bot, "Ben Ong", "/paid Ben SF")).startswith(
            "⚠️ To show you paid, send a photo of the payment")
        assert await club_chat.rows(bot, "SELECT COUNT(*) FROM payments") == [(2,)]


async def test_a_ladder_refusal_is_the_core_s_in_the_reader_s_language(tmp_path: Path) -> None:
    say = ladder_chat.say
    async with ladder_chat.ladder_bot(tmp_path) as bot:
        await say(bot, "Cai Wen", "/language fr")
        mark = await last_outbox_id(bot)
        assert await say(bot, "Cai Wen", "/challenge Eve") == (
            "⚠️ Eve Tan (échelon 5) est sous Cai Wen (échelon 3) : un défi d'échelle se lance "
            "vers le haut ; c'est Eve Tan qui peut vous défier")
        assert await say(bot, "Dev Rao", "/challenge Eve") == (
            "⚠️ Eve Tan (rung 5) is below Dev Rao (rung 4): a ladder challenge goes up; they "
            "may challenge you instead")
        assert await say(bot, "Cai Wen", "/challenge Zed") == (
            "⚠️ Personne ne s'appelle « Zed » ici : indiquez l'un de ces noms : Ann Lee, Ben "
            "Ong, Cai Wen, Dev Rao ou Eve Tan")
        assert await ladder_chat.order(bot) == ["Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao",
                                                "Eve Tan"]
        assert await outbox_since(bot, mark) == []  # nobody challenged, nothing told

        await say(bot, "Tara TD", "/language fr")
        mark = await last_outbox_id(bot)
        await say(bot, "Tara TD", "/join Fay Lim 1400")
        assert (await _rows_to(bot, mark, "Tara TD")).startswith(
            "<b>Club Ladder</b> : Fay Lim entre dans l'échelle à l'échelon 6")
        assert (await ladder_chat.order(bot))[-1] == "Fay Lim"


def test_the_shipped_french_words_every_line_of_the_prize_pools() -> None:
    """The pools' lines are the core's phrases (core.prizes.summary_lines): the shipped
    French says each of them, its places and the shortfall included; the English is what
    the command line prints (core.prizes.summary)."""
    from bot.words import for_locale
    from bot.words.said import from_core, render, stacked
    from core.prizes import DivisionPurse, para8_guarantees, prize_pools, summary, summary_lines

    top = DivisionPurse("Top", 16, 20000, guarantees=para8_guarantees(False, 16, [6000] * 4))
    report = prize_pools([top])
    french = render(stacked(*(from_core(line) for line in summary_lines(report, "SGD "))),
                    for_locale("fr"))
    assert french.splitlines() == [
        "Dotations (SSSg, articles 7 à 9)",
        "Droits d'inscription SGD 200.00, dépenses SGD 0.00.",
        "",
        "Top : 16 joueurs, 4 prix",
        "Droits d'inscription SGD 200.00",
        "Part des dépenses SGD 0.00, reste SGD 200.00",
        "Prix (90%) SGD 180.00, à l'association SGD 20.00",
        "Garanties (article 8) :",
        "1re SGD 150.00 (2.5x les SGD 60.00 payés)",
        "2e SGD 120.00 (2x les SGD 60.00 payés)",
        "3e SGD 90.00 (1.5x les SGD 60.00 payés)",
        "4e SGD 60.01 (plus que les SGD 60.00 payés)",
        "IL MANQUE SGD 240.01 : les garanties demandent SGD 420.01, la dotation est de "
        "SGD 180.00. Les organisateurs doivent compléter la différence : l'article 8 garantit "
        "ces prix."]
    assert summary(report, "SGD ").splitlines()[-1] == (
        "SHORT by SGD 240.01: the guarantees need SGD 420.01, the pool is SGD 180.00. The "
        "organizers must add the difference: para 8 guarantees these prizes.")
