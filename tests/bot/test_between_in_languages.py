"""What the players of a match and their TD read about arranging, relaying and no-shows, in
each reader's language: Dev Rao reads French, Ann Lee (his SF opponent, M1) and Tara TD
English. The use-cases answer the person who asked themselves (``bot/service/between``), so
the stored outbox rows are what each reads; a player with one match to arrange may leave
its code out of /propose, as /report takes a player's only match."""

from __future__ import annotations

from datetime import timedelta

from bot.telegram.harness import BotUnderTest
from tests.bot.between_chat import last_outbox_id, outbox_since, rows
from tests.bot.club_chat import buttons_of, say, tap


async def _french(bot: BotUnderTest, name: str) -> None:
    async with bot.runtime.db.transaction() as tx:
        await tx.execute("UPDATE people SET language = 'fr' WHERE name = ?", (name,))


async def _times(bot: BotUnderTest) -> list[tuple[str, str]]:
    return [(str(at), str(state)) for at, state in
            await rows(bot, "SELECT starts_at, state FROM match_times ORDER BY id")]


async def test_propose_without_a_code_takes_the_players_only_match(bot: BotUnderTest) -> None:
    """Dev and Ann each play one match (M1): a bad hour with no code is refused for the hour,
    with examples, in the reader's language (not taken for a match's code); a good time
    with no code is proposed in M1."""
    await _french(bot, "Dev Rao")
    before = await last_outbox_id(bot)
    refused = await say(bot, "Dev Rao", "/propose demain 25h")
    assert refused == ("⚠️ « 25h » n'est pas une heure : heures de 0 à 23, minutes de 0 à 59 ; "
                       "par exemple sam 15h, demain 19h30, 7 mars 15h ou 2026-03-07 15:00"), refused
    refused = await say(bot, "Ann Lee", "/propose tomorrow 25:00")
    assert refused == ("⚠️ '25:00' is not a time of day: hours 0-23, minutes 0-59; e.g. Sat "
                       "15:00, tomorrow 19:30, 7 Mar 15:00 or 2026-03-07 15:00"), refused
    assert await _times(bot) == []  # nothing proposed
    assert await outbox_since(bot, before) == []  # a refusal tells nobody else

    answer = await say(bot, "Ann Lee", "/propose Sat 15:00")
    assert answer.startswith("📅 Sent to Dev Rao:\n• Sat 07 Mar 2026 15:00 (+08)"), answer
    assert await _times(bot) == [("2026-03-07T07:00:00+00:00", "proposed")]
    m1 = await rows(bot, "SELECT mt.match_id = m.id FROM match_times mt, matches m"
                         " WHERE m.code = 'M1'")
    assert m1 == [(1,)]
    # /propose alone offers the next days' times of the only match as buttons
    answer = await say(bot, "Dev Rao", "/propose")
    assert answer.startswith("Choisissez un horaire à proposer à Ann Lee"), answer
    # a word written as a code is a code, never a time
    refused = await say(bot, "Dev Rao", "/propose M9 sam 15h")
    assert refused.startswith("⚠️ Vous ne jouez dans aucun match « M9 »"), refused


async def _written(bot: BotUnderTest, after: int, name: str) -> list[str]:
    """The text of each outbox row written for ``name`` after row ``after``."""
    return [text for to, text, _ in await outbox_since(bot, after) if to == name]


async def test_a_french_player_his_english_opponent_and_a_french_td_each_read_their_own(
        bot: BotUnderTest) -> None:
    """Dev (French) sets his zone, agrees Ann's time, writes to her, shares, reads
    /matches and contests her no-show claim; Ann (English) proposes, mutes and claims;
    Tara (French) reads the log and /pending and extends the round. Each answer is a row
    written in its reader's language, the values in it too (times, the log's lines, the
    default reason of a ruling)."""
    await _french(bot, "Dev Rao")
    await _french(bot, "Tara TD")
    mark = await last_outbox_id(bot)
    await say(bot, "Dev Rao", "/timezone Europe/Paris")
    await say(bot, "Dev Rao", "/timezone event")
    await say(bot, "Ann Lee", "/propose M1 Tue 03 Mar 15:00, Tue 03 Mar 16:00")
    await say(bot, "Dev Rao", "/agree M1 mar 3 mars 15h")
    await say(bot, "Dev Rao", "/tell M1 Bonjour")
    await say(bot, "Ann Lee", "/mute M1")
    await say(bot, "Ann Lee", "/unmute M1")
    await say(bot, "Dev Rao", "/share")
    await say(bot, "Dev Rao", "/matches")
    await bot.advance(timedelta(hours=28, minutes=1))
    await say(bot, "Ann Lee", "/noshow M1")
    await say(bot, "Dev Rao", "/contest M1 J'étais en ligne")
    await say(bot, "Tara TD", "/matchlog M1")
    await say(bot, "Tara TD", "/pending")
    await tap(bot, "Tara TD", "Prolonger de 7 jours")

    assert await _times(bot) == [("2026-03-03T07:00:00+00:00", "agreed"),
                                 ("2026-03-03T08:00:00+00:00", "superseded")]
    assert await rows(bot, "SELECT state, contest, ruling FROM no_show_claims") == [
        ("ruled", "J'étais en ligne", "extend")]
    assert await rows(bot, "SELECT closes_at FROM rounds WHERE name = 'SF'") == [
        ("2026-03-16T15:59:00+00:00",)]

    dev = await _written(bot, mark, "Dev Rao")
    for text in DEV_READS:
        assert text in dev, (text, dev)
    assert not [t for t in dev if "Times are" in t or "Sent to" in t or "You " in t]
    ann = await _written(bot, mark, "Ann Lee")
    for text in ANN_READS:
        assert text in ann, (text, ann)
    tara = await _written(bot, mark, "Tara TD")
    for text in TARA_READS:
        assert any(text in t for t in tara), (text, tara)


#: What Dev reads in answer to his own commands, in French.
DEV_READS = [
    "🌍 Vos horaires sont désormais lus et affichés en Europe/Paris (il y est lun. 2 mars 2026 "
    "10:00 (CET)).",
    "Vos horaires sont de nouveau affichés dans le fuseau horaire de chaque épreuve.",
    "✅ Envoyé à Ann Lee.",
    "Vous n'avez pas de nom d'utilisateur Telegram à partager : définissez-en un dans les "
    "paramètres de Telegram, puis renvoyez /share.",
    "✋ Contesté : le signalement de Ann Lee part aux arbitres avec ce que vous vous êtes écrit. "
    "Dites-leur ce qui s'est passé avec /contest M1 CE QUI S'EST PASSÉ.",
    "Les arbitres ont statué sur le signalement d'absence de Ann Lee dans votre match "
    "(<b>Demi-finale</b>) : rien n'est accordé ; la ronde est prolongée jusqu'au lun. 16 mars 2026 23:59 "
    "(+08) pour que vous puissiez jouer (Dev Rao a manqué le rendez-vous convenu). Convenez "
    "d'un nouvel horaire avec /propose M1.",
]
#: What Ann reads in answer to hers, in English.
ANN_READS = [
    "📅 Sent to Dev Rao:\n• Tue 03 Mar 2026 15:00 (+08)\n• Tue 03 Mar 2026 16:00 (+08)\nTimes "
    "are in Asia/Singapore, the event's time zone: /timezone Region/City sets yours. I will "
    "tell you when Dev Rao agrees.",
    "🔕 Messages from Dev Rao are muted: they are kept for the TDs, not sent to you. /unmute "
    "M1 undoes it.",
    "🔔 Messages from Dev Rao reach you again.",
    "🚫 Noted: Dev Rao did not come to your game. They can answer until Wed 04 Mar 2026 21:01 "
    "(+08); then the TDs decide, and I will tell you.",
    "The TDs ruled on your no-show claim in your <b>SF</b> match: no award; the round is "
    "extended to Mon 16 Mar 2026 23:59 (+08) so that you can play (Dev Rao did not come at "
    "the agreed time). Agree a new time with /propose M1.",
]
#: What Tara reads (parts of her rows), in French.
TARA_READS = [
    # /matchlog: each line's who and what in French
    "<b>M1 : Ann Lee contre Dev Rao</b> — ce que les deux joueurs se sont dit et ont convenu\n"
    "• lun. 2 mars 2026 17:00 (+08) Dev Rao a écrit : Bonjour\n"
    "• lun. 2 mars 2026 17:00 (+08) Ann Lee a proposé le mar. 3 mars 2026 15:00 (+08)\n"
    "• lun. 2 mars 2026 17:00 (+08) Dev Rao a accepté le mar. 3 mars 2026 15:00 (+08)\n"
    "• lun. 2 mars 2026 17:00 (+08) Ann Lee a proposé le mar. 3 mars 2026 16:00 (+08)\n"
    "• mar. 3 mars 2026 21:01 (+08) Ann Lee a signalé que l'adversaire a manqué le "
    "rendez-vous ; contestée : « J'étais en ligne »",
    # /pending
    "<b>Club Cup &lt;2026&gt; : ce qui attend un arbitre</b>\n\n<b>Absences signalées</b> "
    "(1) :\n• M1 : Ann Lee contre Dev Rao (Demi-finale) : Ann Lee signale une absence (à vous de "
    "trancher)",
    # the ruling
    "Décidé : la ronde est prolongée jusqu'au lun. 16 mars 2026 23:59 (+08).",
]


async def test_matches_read_in_french(bot: BotUnderTest) -> None:
    """/matches for a French player: the list, its times and the buttons under it."""
    await _french(bot, "Dev Rao")
    await say(bot, "Ann Lee", "/propose M1 Tue 03 Mar 15:00")
    await say(bot, "Dev Rao", "/agree M1")
    mark = await last_outbox_id(bot)
    await say(bot, "Dev Rao", "/matches")
    (shown,) = await _written(bot, mark, "Dev Rao")
    assert shown.startswith("<b>Vos matchs</b>\n\n<b>Club Cup &lt;2026&gt; — Demi-finale</b> (match M1)\n"
                            "contre <b>Ann Lee</b>, au meilleur des 3 parties : en cours\n"), shown
    assert shown.endswith("Ensuite : partie 1, tirez des lettres pour savoir qui commence\n"
                          "Horaire convenu : mar. 3 mars 2026 15:00 (+08)\n"
                          "Échéance : lun. 9 mars 2026 23:59 (+08)"), shown
    assert {"✉️ Écrire à Ann Lee", "📅 Proposer un horaire"} <= set(buttons_of(bot, "Dev Rao"))


async def test_a_time_after_the_round_closes_is_refused_naming_the_round_in_each_language(
        bot: BotUnderTest) -> None:
    """A time proposed after the SF closes is refused with the round named as its reader
    knows it: "Demi-finale" to Dev, "SF" (as stored) to Ann; nothing is proposed."""
    await _french(bot, "Dev Rao")
    refused = await say(bot, "Dev Rao", "/propose M1 2026-04-25 15:00")
    assert "Demi-finale se clôt le" in refused, refused
    assert "SF" not in refused, refused
    refused = await say(bot, "Ann Lee", "/propose M1 2026-04-25 15:00")
    assert " is after SF closes (" in refused, refused
    assert await _times(bot) == []
