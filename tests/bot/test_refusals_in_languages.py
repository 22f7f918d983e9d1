"""A refusal is read in the language of the person refused (``bot/service/platform/
errors.py``): Dev Rao, who chose French, mistypes a command's argument, names a match not
his and writes a time that cannot be read, and reads each refusal in French; Ann Lee, who
reads English, meets the same refusals in English. Nothing is changed by a refusal."""

from __future__ import annotations

from bot.service.platform.errors import Invalid
from bot.telegram import texts
from bot.telegram.harness import BotUnderTest
from bot.words.said import said
from tests.bot.club_chat import say

#: What each sends (SF: M1 is Ann v Dev, M2 Ben v Cai), and what the French reader reads.
FRENCH = [
    ("/timezone Mars/Olympus",
     "⚠️ Je ne connais pas le fuseau horaire « Mars/Olympus » : écrivez-le sous la forme "
     "Région/Ville, par exemple Europe/Paris, America/Montreal, Africa/Dakar"),
    ("/tell M2 <b>hello</b>",
     "⚠️ Vous ne jouez dans aucun match « M2 » : /matches montre les vôtres avec leurs codes"),
    ("/tell M1", "⚠️ Dites ce qu'il faut transmettre à {opponent} : /tell M1 VOTRE MESSAGE"),
    ("/propose M1 Sat 15:00, Sat 16:00, Sat 17:00, Sun 10:00, Sun 11:00, Sun 12:00",
     "⚠️ Proposez au plus 5 horaires à la fois"),
]
#: The same, read in English.
ENGLISH = [
    "⚠️ 'Mars/Olympus' is not a time zone I know: write it as Region/City, e.g. "
    "Europe/London, America/New_York, Asia/Kolkata",
    "⚠️ You play in no match 'M2': /matches shows yours with their codes",
    "⚠️ Say what to tell {opponent}: /tell M1 YOUR MESSAGE",
    "⚠️ Propose at most 5 times at once",
]


async def _nothing_changed(bot: BotUnderTest) -> None:
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT COUNT(*) FROM player_prefs WHERE time_zone IS NOT NULL") == 0
        assert await tx.scalar("SELECT COUNT(*) FROM relay_messages") == 0
        assert await tx.scalar("SELECT COUNT(*) FROM match_times") == 0


async def test_a_french_player_reads_refusals_in_french_and_an_english_one_in_english(
        bot: BotUnderTest) -> None:
    assert await say(bot, "Dev Rao", "/language fr") == "Désormais, je vous écris en français."
    for sent, read in FRENCH:
        assert await say(bot, "Dev Rao", sent) == read.format(opponent="Ann Lee")
    for (sent, _), read in zip(FRENCH, ENGLISH, strict=True):
        assert await say(bot, "Ann Lee", sent) == read.format(opponent="Dev Rao")
    await _nothing_changed(bot)


async def test_a_time_that_cannot_be_read_is_refused_in_the_reader_s_language(
        bot: BotUnderTest) -> None:
    """Core reads the time and says in English what was wrong; the service says it again
    in the reader's language, with examples in it."""
    await say(bot, "Dev Rao", "/language fr")
    assert await say(bot, "Dev Rao", "/propose M1 blah") == (
        "⚠️ Indiquez le jour et l'heure : sam 15h, demain 19h30, 7 mars 15h ou 2026-03-07 15:00")
    assert await say(bot, "Dev Rao", "/propose M1 sam 25h") == (
        "⚠️ « 25h » n'est pas une heure : heures de 0 à 23, minutes de 0 à 59 ; par exemple "
        "sam 15h, demain 19h30, 7 mars 15h ou 2026-03-07 15:00")
    assert await say(bot, "Ann Lee", "/propose M1 Sat 25:00") == (
        "⚠️ '25:00' is not a time of day: hours 0-23, minutes 0-59; e.g. Sat 15:00, tomorrow "
        "19:30, 7 Mar 15:00 or 2026-03-07 15:00")
    await _nothing_changed(bot)


def test_a_refusal_is_english_plain_text_for_the_cli_and_the_log_and_html_in_the_chat() -> None:
    """``str(exc)`` (what the CLI prints, the log keeps) is the English as typed; the chat
    writes the record in the reader's language, what was typed escaped."""
    refusal = Invalid(said("you play in no match '{code}': /matches shows yours with their "
                           "codes", code="<M1> & co"))
    assert str(refusal) == refusal.message == (
        "you play in no match '<M1> & co': /matches shows yours with their codes")
    assert texts.refused(refusal, lang="fr") == (
        "⚠️ Vous ne jouez dans aucun match « &lt;M1&gt; &amp; co » : /matches montre les vôtres "
        "avec leurs codes")
    assert texts.refusal_text(refusal, lang="fr") == (
        "Vous ne jouez dans aucun match « <M1> & co » : /matches montre les vôtres avec leurs "
        "codes")
    assert texts.refused(Invalid("a <plain> refusal"), lang="fr") == "⚠️ A &lt;plain&gt; refusal"
