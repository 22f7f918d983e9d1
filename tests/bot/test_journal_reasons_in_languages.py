"""A reason the bot gives for a change (not one a person typed) is kept as a record beside
its English (``journal.why_json``, migration 0033), so each reader reads it in their
language: the journal's lines as the command line prints them in a language, and the
site's public log in the event's. A reason a person typed, and a line written before
reasons were kept as records, read as stored.

The club cup (tests/bot/data/club_cup.toml): made from its definition at the command line,
SF open; Tara TD records Ann's fee with /paid in the chat, and expels Dev Rao: nobody takes
his slot, so Ann Lee goes through (SSSg para 29).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from bot.service.events import site
from bot.service.platform import journal
from bot.web import pages
from bot.words import for_locale
from bot.words.said import english, render
from tests.bot.club_chat import TD_PHONE, club_cup_bot, linked_definition, rows, say, tap

NOW = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)


def _at(english_lines: list[str], what: str) -> int:
    """Where the one line saying ``what`` is (the lines are in the same order in every
    language)."""
    [found] = [i for i, line in enumerate(english_lines) if what in line]
    return found


async def test_the_bots_reasons_read_in_each_readers_language(
        tmp_path: Path, db_target: Path | str) -> None:
    async with club_cup_bot(tmp_path, db=db_target) as bot:
        await say(bot, "Tara TD", "/paid Ann SF")
        page = await journal.event_journal(bot.runtime.db, "club-cup", 200)
        english_lines, french = page.lines(), page.lines("fr")
        # English as before: the command line's words
        paid = _at(english_lines, "recorded Ann Lee's fee")
        entered = _at(english_lines, "entered Dev Rao")
        opened = _at(english_lines, "opened SF")
        assert english_lines[paid].endswith("; why: /paid in chat")
        assert english_lines[entered].endswith("; why: definition file")
        assert french[paid].endswith(" ; motif : /paid dans la conversation"), french
        assert french[entered].endswith(" ; motif : fichier de définition"), french
        # a reason the TD typed reads as typed
        assert french[opened].endswith(" ; motif : fees at the venue"), french
        # stored: the English, and the record beside it
        [(text, kept)] = await rows(bot, "SELECT why, why_json FROM journal"
                                         " WHERE action = 'payment.record'")
        assert text == "/paid in chat" and json.loads(kept)["message"] == "/paid in chat"
        assert await rows(bot, "SELECT why_json FROM journal WHERE action = 'round.open'") == [
            (None,)]

        # a line written before reasons were records reads as it was written
        async with bot.runtime.db.transaction() as tx:
            await tx.execute("UPDATE journal SET why_json = NULL, why = 'an older reason'"
                             " WHERE action = 'payment.record'")
        page = await journal.event_journal(bot.runtime.db, "club-cup", 200)
        assert page.lines("fr")[paid].endswith(" ; motif : an older reason")


async def test_the_public_log_says_the_bots_reason_in_the_events_language(
        tmp_path: Path, db_target: Path | str) -> None:
    public = linked_definition(phones=TD_PHONE).replace(
        "[event]\n", '[event]\npublic = true\nlanguage = "fr"\n', 1)
    async with club_cup_bot(tmp_path, public, db=db_target) as bot:
        await say(bot, "Tara TD", "/expel Dev Rao: left the country")
        await tap(bot, "Tara TD", "Nobody: Ann Lee goes through")
        # stored: nobody took Dev Rao's slot (SSSg para 29): Ann Lee goes through
        assert await rows(bot, "SELECT state FROM matches WHERE code = 'M1'") == [("bye",)]
        view = await site.log(bot.runtime.db, "club-cup")
        [line] = [x for x in view.lines if x.match == "M1" and x.why]
        assert not isinstance(line.why, str)
        assert english(line.why) == "Dev Rao's slot (SSSg para 29), chosen by Tara TD"
        assert render(line.why, for_locale("fr")) == (
            "la place de Dev Rao (SSSg para 29), choisie par Tara TD")
        html = pages.log_html(view, updated=NOW)
        assert "la place de Dev Rao (SSSg para 29), choisie par Tara TD" in html, html
