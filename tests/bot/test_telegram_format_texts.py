"""What each format's people read, through the fake Bot API: a club night's last round
sends the TD to /endnight (Director's Manual, the club chapters: a night of a set number
of rounds), its rounds read "night 1 round 2" mid-sentence, /help and the command menus
offer a format's own commands only to the people of such an event and the board photo
only where the event's ``board_photos`` rule asks for one, and SSSg's paragraphs are cited
only to the knockouts, which play by them (``bot.service.formats.traits.cite``).

With ``TDBOT_TRANSCRIPTS=/tmp/t`` each test's transcript is written there.
"""

from __future__ import annotations

import re
from pathlib import Path

from telegram.ext import CommandHandler

from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.people.standing import Playing
from bot.service.people.standing_texts import photo_help
from bot.service.platform.actors import Actor
from bot.service.results.desk import MatchByeGiven
from bot.telegram import desk_texts
from bot.telegram.app import BotOptions, build_application
from bot.telegram.commands import COMMANDS
from bot.telegram.harness import BotUnderTest
from bot.words.said import english
from tests.bot import club_chat, ladder_chat, round_event
from tests.bot.club_night_chat import (
    club_bot,
    club_definition,
    report_win,
    rows,
    said_to,
    say,
    user,
)
from tests.bot.transcripts import write_transcript

CLUB_COMMANDS = {"checkin", "me"}
CLUB_TD_COMMANDS = {"night", "pairround", "fees", "endnight"}
LADDER_COMMANDS = {"ladder", "challenge", "accept", "decline", "withdraw"}
ROUNDS_COMMANDS = {"standings"}
ROUNDS_TD_COMMANDS = {"why"}
#: Every event's TDs: the results and fees as files.
TD_COMMANDS = {"export"}


def two_rounds() -> str:
    """The example club with two rounds a night (it has three)."""
    text = club_definition()
    assert "\nrounds = 3" in text
    return text.replace("\nrounds = 3", "\nrounds = 2", 1)


def offered(help_text: str) -> set[str]:
    """The commands a /help answer lists, one a line ("/name — summary")."""
    return set(re.findall(r"^/(\w+) — ", help_text, flags=re.MULTILINE))


async def _pairs(bot: BotUnderTest, number: int) -> list[tuple[str, str]]:
    found = await rows(bot, "SELECT pa.name, pb.name FROM matches m"
                            " JOIN rounds r ON r.id = m.round_id"
                            " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                            " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id"
                            " WHERE r.code = ? ORDER BY m.id", (f"n1-r{number}",))
    return [(a, b) for a, b in found]


async def test_a_club_nights_last_round_ends_with_endnight(tmp_path: Path) -> None:
    players = ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao")
    async with club_bot(tmp_path, two_rounds()) as bot:
        await say(bot, "Tara TD", "/night")
        for name in players:
            await say(bot, name, "/checkin")

        first = await say(bot, "Tara TD", "/pairround")
        assert "Pair the next round with /pairround when every result is in." in first, first
        assert "last round" not in first
        for a, b in await _pairs(bot, 1):
            await report_win(bot, a, 420, 350, b)
        for name in players:
            told = said_to(bot, name)
            assert any("That was your game of night 1 round 1. The TD pairs the next round"
                       in t for t in told), told

        second = await say(bot, "Tara TD", "/pairround")
        assert ("This is the night's last round (of 2): when every result is in, end the "
                "night with /endnight.") in second, second
        assert "/pairround" not in second
        (a, b), _ = await _pairs(bot, 2)
        await report_win(bot, a, 400, 390, b)
        for name in (a, b):
            assert any("That was your game of night 1 round 2, the night's last round. The TD "
                       "ends the night with /endnight; /me shows your club record." in t
                       for t in said_to(bot, name)), said_to(bot, name)
            assert not any("night 1 round 2. The TD pairs the next round" in t
                           for t in said_to(bot, name))

        everything = [m.text or "" for m in bot.telegram.world.messages.values()]
        assert not any("Night 1 round" in t for t in everything)
        assert any(t.startswith("📝 Tuesday Scrabble Club, night 1 round 1: you won 420-350 v ")
                   for t in everything)


async def test_club_help_and_menus_offer_the_clubs_commands(tmp_path: Path) -> None:
    async with club_bot(tmp_path) as bot:
        ann = await say(bot, "Ann Lee", "/help")
        assert CLUB_COMMANDS <= offered(ann), ann
        assert not offered(ann) & (LADDER_COMMANDS | ROUNDS_COMMANDS | {"bracket"}), ann
        assert "finished board" not in ann and "para" not in ann, ann  # a club takes no photos
        assert "paid" not in offered(ann), ann  # a club's fees are paid on the night
        shown = set(bot.telegram.commands_shown(user(bot, "Ann Lee")))
        assert CLUB_COMMANDS <= shown and not shown & (LADDER_COMMANDS | ROUNDS_COMMANDS)

        tara = await say(bot, "Tara TD", "/help")
        assert CLUB_TD_COMMANDS | TD_COMMANDS <= offered(tara), tara
        assert not offered(tara) & ({"join", "draw", "openround", "closeround", "bracket"}
                                    | ROUNDS_TD_COMMANDS), tara
        assert "para" not in tara, tara  # /expel and /prizes without SSSg's paragraphs
        shown = set(bot.telegram.commands_shown(user(bot, "Tara TD")))
        assert CLUB_TD_COMMANDS | TD_COMMANDS <= shown
        assert not shown & {"join", "why", "draw"}
        assert not offered(ann) & TD_COMMANDS, ann


async def test_a_club_that_asks_for_photos_says_so_without_sssg(tmp_path: Path) -> None:
    async with club_bot(tmp_path, club_definition() + "\n[rules]\nboard_photos = true\n") as bot:
        ann = await say(bot, "Ann Lee", "/help")
        assert ("Won a game (or started a tied one)? Send a photo of the finished board here "
                "soon after.") in ann, ann


async def test_ladder_help_and_menus(tmp_path: Path) -> None:
    async with ladder_chat.ladder_bot(tmp_path) as bot:
        ann = await ladder_chat.say(bot, "Ann Lee", "/help")
        assert LADDER_COMMANDS <= offered(ann), ann
        assert not offered(ann) & (CLUB_COMMANDS | ROUNDS_COMMANDS | {"bracket"}), ann
        assert "Send a photo of the finished board here soon after." in ann, ann
        assert "para" not in ann, ann
        shown = set(bot.telegram.commands_shown(ladder_chat.user(bot, "Ann Lee")))
        assert LADDER_COMMANDS <= shown and not shown & CLUB_COMMANDS

        tara = await ladder_chat.say(bot, "Tara TD", "/help")
        assert {"join", *TD_COMMANDS} <= offered(tara) and not offered(tara) & (
            CLUB_TD_COMMANDS | ROUNDS_TD_COMMANDS | {"draw", "openround"}), tara


async def test_knockout_help_cites_sssg_and_offers_no_other_formats_commands(
    bot: BotUnderTest,
) -> None:
    ann = await club_chat.say(bot, "Ann Lee", "/help")
    assert "Send a photo of the finished board here soon after (para 25)." in ann, ann
    assert "/prizes — Prize pools from the fees paid (paras 7-9)" in ann, ann
    assert "bracket" in offered(ann)
    assert not offered(ann) & (CLUB_COMMANDS | LADDER_COMMANDS | ROUNDS_COMMANDS), ann
    tara = await club_chat.say(bot, "Tara TD", "/help")
    assert "/expel — Expel a player: /expel NAME: REASON (para 29)" in tara, tara
    assert {"draw", "openround", *TD_COMMANDS} <= offered(tara)
    assert not offered(tara) & (CLUB_TD_COMMANDS | ROUNDS_TD_COMMANDS | {"join"}), tara


async def test_round_based_help_offers_standings_why_and_export(tmp_path: Path) -> None:
    bot = BotUnderTest(tmp_path / "rounds.sqlite3")
    async with bot:
        for name, tg_id in round_event.IDS.items():
            bot.telegram.chat_of(bot.telegram.add_user(name.split()[0], user_id=tg_id))
        async with bot.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, parse_definition(round_event.definition(ids=True)),
                                           by=Actor.cli(), now=bot.clock())
        await bot.settle()
        player = bot.telegram.world.users[round_event.IDS[round_event.NAMES[0]]]
        said = await bot.say(player, "/help")
        assert ROUNDS_COMMANDS <= offered(said), said
        assert not offered(said) & (CLUB_COMMANDS | LADDER_COMMANDS | {"bracket"}), said
        assert "soon after." in said and "para" not in said, said
        tara = await bot.say(bot.telegram.world.users[round_event.IDS["Tara TD"]], "/help")
        assert ROUNDS_TD_COMMANDS | TD_COMMANDS <= offered(tara), tara
        assert not offered(tara) & (CLUB_TD_COMMANDS | {"join", "bracket"}), tara
        write_transcript(bot.telegram.transcript())


async def test_a_blackout_in_a_club_cites_no_sssg(tmp_path: Path) -> None:
    blackout = ('\n[[blackouts]]\nname = "Causeway Open"\nstart = 2026-01-01\n'
                'end = 2026-12-31\n')
    async with club_bot(tmp_path, club_definition() + blackout) as bot:
        await say(bot, "Tara TD", "/night")
        for name in ("Ann Lee", "Ben Ong"):
            await say(bot, name, "/checkin")
        await say(bot, "Tara TD", "/pairround")
        [(a, b)] = await _pairs(bot, 1)
        await report_win(bot, a, 420, 350)
        held = [t for t in said_to(bot, b) if "Causeway Open" in t]
        assert held and "when this event's games may not be played. It does not count" \
            in held[-1], held
        assert "para" not in held[-1] and "SSSg" not in held[-1]
        inbox = await say(bot, "Tara TD", "/pending")
        assert "Games played during a blackout, held (release or void them with tdbot rule held-release|held-void)" \
            in inbox, inbox


def test_the_photo_line_names_the_events_that_ask_for_photos() -> None:
    club = Playing("Tuesday <Club>", "club", photos=False)
    ladder = Playing("Club Ladder", "ladder", photos=True)
    cup = Playing("Club Cup", "sssg", photos=True)
    assert photo_help([club]) is None

    def line(playing: list[Playing]) -> str:
        record = photo_help(playing)
        assert record is not None
        return english(record)

    assert line([club, ladder]) == (
        "Won a game of <b>Club Ladder</b> (or started a tied one)? Send a photo of the "
        "finished board here soon after.")
    assert line([cup]).endswith("soon after (para 25).")
    assert "para" not in line([cup, ladder])  # the ladder plays by no SSSg
    assert line([club, ladder, cup]) == (
        "Won a game of <b>Club Ladder</b> or <b>Club Cup</b> (or started a tied one)? Send a "
        "photo of the finished board here soon after.")


def test_a_match_bye_cites_para_27_only_in_a_knockout() -> None:
    club = desk_texts.match_bye_given(MatchByeGiven("N1R2T2", "night 1 round 2", "Ann", "Ben",
                                                    "club"))
    assert club.startswith("Match bye to <b>Ann</b> in N1R2T2 (night 1 round 2): its games "
                           "are void and Ann wins the match."), club
    cup = desk_texts.match_bye_given(MatchByeGiven("M1", "SF", "Ann", "Ben", "sssg"))
    assert "(SF; para 27): its games are void and Ann goes through." in cup, cup


def test_every_command_help_names_is_handled(tmp_path: Path) -> None:
    """/help and the menus never promise a command the bot does not answer."""
    app = build_application(BotOptions(token="123:TEST", db_path=tmp_path / "x.sqlite3"))
    handled = {name for group in app.handlers.values() for h in group
               if isinstance(h, CommandHandler) for name in h.commands}
    assert {c.name for c in COMMANDS} <= handled, {c.name for c in COMMANDS} - handled
