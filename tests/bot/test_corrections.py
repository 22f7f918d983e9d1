"""A TD corrects a game on record in the chat (``/correct``, bot/service/results/corrections.py): a
paper slip typed wrong, the wrong starter, a game to void. The same path as a ruling: the
reason asked first, the impact on later matches shown and applied only with Apply, the
bracket, standings or ladder worked out again, both players told what changed and why, a
journal line. A TD who plays in the match is refused with who rules instead (SSSg para 19).

Through the real PTB Application and the fake Bot API, in three formats: the club cup (a
knockout: SF M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai Wen, best of 3; the Final M3 best of
5), the club ladder, and the weekly Swiss (a round-based event).
"""

from __future__ import annotations

import json
from pathlib import Path

from bot.fakebot import FakeUser
from bot.service.formats.rounds import round_events
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.platform.unit import Request
from bot.service.results import reporting
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import (
    DEFINITION,
    IDS,
    buttons_of,
    club_cup_bot,
    last,
    linked_definition,
    report_game,
    say,
    tap,
    user,
)
from tests.bot.ladder_chat import ladder_bot, order, said_to
from tests.bot.ladder_chat import say as ladder_say
from tests.bot.ladder_chat import tap as ladder_tap
from tests.bot.ladder_chat import user as ladder_user
from tests.bot.round_event import IDS as SWISS
from tests.bot.round_event import definition as swiss_definition

ANN_TOO = DEFINITION.replace('[[tds]]\nname = "Tara TD"',
                             '[[tds]]\nname = "Tara TD"\n\n[[tds]]\nname = "Ann Lee"')


async def _rows(bot: BotUnderTest, sql: str,
                args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]


async def _games(bot: BotUnderTest, code: str) -> list[tuple[object, ...]]:
    """(kind, starter side, score a, score b, void) of each game of a match, in order."""
    return await _rows(bot, "SELECT g.kind, g.starter_side, g.score_a, g.score_b, g.void FROM"
                            " games g JOIN matches m ON m.id = g.match_id WHERE m.code = ?"
                            " ORDER BY g.seq", (code,))


async def _match(bot: BotUnderTest, code: str) -> tuple[object, ...]:
    """(state, winner side, entry a, entry b) of a match."""
    [row] = await _rows(bot, "SELECT state, winner_side, entry_a, entry_b FROM matches"
                             " WHERE code = ?", (code,))
    return row


async def _paper_slip(bot: BotUnderTest, scores: tuple[int, int], starter: str | None) -> None:
    """Tara enters a game of M1 from a paper slip (``tdbot report``), final at once."""
    await reporting.enter_game(bot.runtime.db, Request.cli(bot.clock()),
                               bot.event_id,  # type: ignore[attr-defined]
                               ("Ann Lee", "Dev Rao"), scores, starter=starter)
    await bot.settle()


async def test_a_later_match_not_yet_played_is_off_not_its_games(tmp_path: Path) -> None:
    """A correction that changes who plays an open Final before any game of it: its players
    had played nothing there, so nothing "no longer counts"; they read that the match as
    drawn is off (paras 27-28), and the match waits for its players again."""
    async with club_cup_bot(tmp_path, linked_definition(base=ANN_TOO, ids=IDS)) as bot:
        await _paper_slip(bot, (412, 380), "Ann Lee")
        await _paper_slip(bot, (420, 350), None)
        await report_game(bot, "Ben Ong", "400-300", starter="I started")
        await report_game(bot, "Ben Ong", "401-399")
        opened = await say(bot, "Tara TD", "/openround Final anyway: fees at the venue")
        assert "Opened Final" in opened, opened
        assert "Both players have been told their opponent." in opened, opened
        assert await _games(bot, "M3") == []
        await say(bot, "Tara TD", "/correct M1 game 2 350 420")
        await say(bot, "Tara TD", "I typed the paper slip the wrong way round")
        assert (await _match(bot, "M3"))[:2] == ("waiting", None)
        ben = last(bot, "Ben Ong")
        assert ben.startswith("⚖️ Club Cup <2026>, Final: a TD's correction of Ann Lee v Dev "
                              "Rao changed who plays in your match against Ann Lee, so it is "
                              "off for now. I will tell you your match once it is known."), ben
        assert "games you played" not in ben
        ann = last(bot, "Ann Lee")
        assert ann.endswith("So your Final against Ben Ong is off for now."), ann


async def test_a_french_td_reads_what_a_correction_would_void_in_french(
        tmp_path: Path) -> None:
    """The impact of a correction (the core's words: what it voids in later matches) is
    read in the TD's language, before Apply and after it, as the rest of the answer is;
    nothing is changed before Apply."""
    async with club_cup_bot(tmp_path, linked_definition(base=ANN_TOO, ids=IDS)) as bot:
        async with bot.runtime.db.transaction() as tx:
            await tx.execute("UPDATE people SET language = 'fr' WHERE name = 'Tara TD'")
        await _paper_slip(bot, (412, 380), "Ann Lee")
        await _paper_slip(bot, (420, 350), None)
        await report_game(bot, "Ben Ong", "400-300", starter="I started")
        await report_game(bot, "Ben Ong", "401-399")
        await say(bot, "Tara TD", "/openround Final anyway: fees at the venue")
        await report_game(bot, "Ann Lee", "400-300", starter="I started")  # M3 game 1
        await say(bot, "Tara TD", "/correct M1 game 2 350 420")
        impact = await say(bot, "Tara TD", "la feuille était à l'envers")
        assert impact == ("⚠️ correction de M1 ; annule le ou les matchs suivants M3 (1 "
                          "partie(s) jouée(s)).\nAppliquer cette correction de M1, partie 2 ?"
                          ), impact
        assert await _games(bot, "M1") == [("played", 0, 412, 380, 0), ("played", 1, 420, 350, 0)]
        await tap(bot, "Tara TD", "Appliquer")
        done = last(bot, "Tara TD")
        assert done.endswith("\nDe plus : correction de M1 ; annule le ou les matchs suivants "
                             "M3 (1 partie(s) jouée(s))."), done
        assert await _games(bot, "M1") == [("played", 0, 412, 380, 0), ("played", 1, 350, 420, 0)]
        assert (await _games(bot, "M3"))[0][-1] == 1  # its game no longer counts


async def test_a_paper_slip_typed_wrong_is_corrected_and_the_bracket_follows(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, linked_definition(base=ANN_TOO, ids=IDS)) as bot:
        # M1 from paper slips: Ann won game 1; game 2 was Dev's 420-350, typed the wrong way
        await _paper_slip(bot, (412, 380), "Ann Lee")
        await _paper_slip(bot, (420, 350), None)  # Dev starts game 2 (para 15)
        await report_game(bot, "Ben Ong", "400-300", starter="I started")
        await report_game(bot, "Ben Ong", "401-399")
        assert await _match(bot, "M1") == ("decided", 0, 1, 4)
        opened = await say(bot, "Tara TD", "/openround Final anyway: fees at the venue")
        assert "Opened Final" in opened, opened
        await report_game(bot, "Ann Lee", "400-300", starter="I started")  # M3 game 1
        # Ann is a TD too, but she plays M1 (para 19)
        refused = await say(bot, "Ann Lee", "/correct M1 game 2 350 420")
        assert refused == "⚠️ You play in M1, so Tara TD rules on it (SSSg para 19)"
        asked = await say(bot, "Tara TD", "/correct M1 game 2 350 420")
        assert asked == ("⚖️ M1 game 2: Ann Lee 420, Dev Rao 350 (Dev Rao started) becomes "
                         "Ann Lee 350, Dev Rao 420 (Dev Rao started).\nWhy? Send one line for "
                         "both players and the journal.")
        assert "Cancel" in buttons_of(bot, "Tara TD")
        assert await _games(bot, "M1") == [("played", 0, 412, 380, 0), ("played", 1, 420, 350, 0)]
        # the reason: M1 is no longer decided, so M3's game would no longer count
        impact = await say(bot, "Tara TD", "I typed the paper slip the wrong way round")
        assert impact == ("⚠️ correcting M1; voids later match(es) M3 (1 game(s) played).\n"
                          "Apply this correction of M1 game 2?")
        assert await _games(bot, "M1") == [("played", 0, 412, 380, 0), ("played", 1, 420, 350, 0)]
        await tap(bot, "Tara TD", "Apply")
        done = last(bot, "Tara TD")
        assert done == ("✅ M1 game 2 corrected: now Ann Lee 350, Dev Rao 420 (Dev Rao started)."
                        " Score: Ann Lee 1-1 Dev Rao (-38). Both players are told.\nAlso: "
                        "correcting M1; voids later match(es) M3 (1 game(s) played).")
        # stored: the game, M1 being played again (game 3 decides), M3 waiting for M1
        assert await _games(bot, "M1") == [("played", 0, 412, 380, 0), ("played", 1, 350, 420, 0)]
        assert await _match(bot, "M1") == ("playing", None, 1, 4)
        assert (await _games(bot, "M3"))[0][-1] == 1  # its game no longer counts
        assert (await _match(bot, "M3"))[:2] == ("waiting", None)
        assert last(bot, "Ben Ong").startswith(
            "⚖️ Club Cup <2026>, Final: a TD's correction of Ann Lee v Dev Rao changed who "
            "plays in your match against Ann Lee, so the games you played in it no longer "
            "count.")
        assert last(bot, "Dev Rao") == (
            "⚖️ Club Cup <2026>, SF: a TD corrected game 2 of your match against Ann Lee. It is "
            "now you 420, Ann Lee 350 (you started); it was you 350, Ann Lee 420 (you "
            "started).\nWhy: I typed the paper slip the wrong way round\n"
            "Your match is open again: Ann Lee's win no longer stands.\n"
            "Score: Dev Rao 1-1 Ann Lee (+38)\n"
            "Next: game 3, the deciding game: you start (ahead on spread, para 16b).")
        # Ann, who played M3 too, reads it in the message of the correction, not apart
        assert last(bot, "Ann Lee").endswith(
            "Next: game 3, the deciding game: Dev Rao starts (ahead on spread, para 16b).\n"
            "So the games you played in your Final against Ben Ong no longer count.")
        assert not [t for t in bot.telegram.sent(user(bot, "Ann Lee"))
                    if "I will tell you your match" in (t.text or "")]
        [(detail, why)] = await _rows(bot, "SELECT detail_json, why FROM journal WHERE action ="
                                           " 'game.corrected'")
        assert why == "I typed the paper slip the wrong way round"
        assert json.loads(str(detail))["before"] == "Ann Lee 420, Dev Rao 350 (Dev Rao started)"
        # the next message is an ordinary one again
        assert "corrected" not in await say(bot, "Tara TD", "hello")


async def test_the_starter_is_corrected_and_a_correction_can_be_cancelled(
        tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, linked_definition(ids=IDS)) as bot:
        await _paper_slip(bot, (412, 380), "Ann Lee")
        await say(bot, "Tara TD", "/correct M1 void")  # one game on record: it is game 1
        await tap(bot, "Tara TD", "Cancel")
        assert last(bot, "Tara TD") == "Cancelled: nothing was changed."
        assert "Why" not in await say(bot, "Tara TD", "hello")  # no reason is awaited
        assert await _games(bot, "M1") == [("played", 0, 412, 380, 0)]
        # Dev started game 1, not Ann: game 2 is then Ann's to start (para 15)
        await say(bot, "Tara TD", "/correct M1 game 1 starter dev")
        done = await say(bot, "Tara TD", "Dev drew the first tile, the slip was wrong")
        assert done == ("✅ M1 game 1 corrected: now Ann Lee 412, Dev Rao 380 (Dev Rao "
                        "started). Score: Ann Lee 1-0 Dev Rao (+32). Both players are told.")
        assert await _games(bot, "M1") == [("played", 1, 412, 380, 0)]
        assert last(bot, "Ann Lee").endswith("Next: game 2, you start.")
        # the TDs' /help offers it, the players' does not
        assert ("/correct — Correct a game on record: /correct M2 game 1 412 380 (or starter "
                "NAME, or void)") in await say(bot, "Tara TD", "/help")
        assert "/correct" not in await say(bot, "Dev Rao", "/help")
        # refusals say what to do
        assert "M1 has no game 3: 1 game counts" in await say(
            bot, "Tara TD", "/correct M1 game 3 400 300")
        assert "is already Ann Lee 412, Dev Rao 380 (Dev Rao started): nothing to correct" \
            in await say(bot, "Tara TD", "/correct M1 game 1 412 380")
        assert "No match 'M9' in Club Cup <2026>; its latest with games: M1 (Ann Lee v Dev " \
            "Rao)" in await say(bot, "Tara TD", "/correct M9 game 1 400 300")
        assert "/correct M2 game 1 412 380" in await say(bot, "Tara TD", "/correct M1")
        assert "for the TDs and organisers" in await say(bot, "Dev Rao", "/correct M1 void")
        assert await _games(bot, "M1") == [("played", 1, 412, 380, 0)]


def ladder_buttons(bot: BotUnderTest, name: str) -> list[str]:
    return bot.telegram.buttons_of(ladder_user(bot, name))


async def test_a_ladder_challenge_corrected_moves_the_rungs_back(tmp_path: Path) -> None:
    start = ["Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao", "Eve Tan"]
    async with ladder_bot(tmp_path) as bot:
        # #1: Eve (rung 5) challenges Ben (rung 2) and reports a win: she leapfrogs him
        await ladder_say(bot, "Eve Tan", "/challenge Ben")
        await ladder_tap(bot, "Ben Ong", "✅ Accept")
        await ladder_say(bot, "Eve Tan", "412-380")
        await ladder_tap(bot, "Eve Tan", "I started")
        await ladder_tap(bot, "Eve Tan", "✅ Confirm")
        assert await order(bot) == start  # nothing moves until the result is final
        await ladder_tap(bot, "Ben Ong", "Agree")
        assert await order(bot) == ["Ann Lee", "Eve Tan", "Ben Ong", "Cai Wen", "Dev Rao"]
        # the scores were the other way round: L1 is its one game, so no "game N"
        asked = await ladder_say(bot, "Tara TD", "/correct L1 380 412")
        assert asked.startswith("⚖️ L1: the game Eve Tan 412, Ben Ong 380 (Eve Tan started) "
                                "becomes Eve Tan 380, Ben Ong 412 (Eve Tan started).")
        done = await ladder_say(bot, "Tara TD", "Ben's scoresheet: Eve read it upside down")
        assert done == ("✅ L1: the game is corrected, now Eve Tan 380, Ben Ong 412 (Eve Tan "
                        "started). Both players are told.\nBen Ong wins the game.")
        # the rungs are worked out again: Ben held
        assert await order(bot) == start
        assert await _games(bot, "L1") == [("played", 0, 380, 412, 0)]
        assert (await _match(bot, "L1"))[:2] == ("decided", 1)
        assert "A director corrected challenge #1: Ben Ong kept the rung against Eve Tan" \
            in said_to(bot, "Eve Tan")
        assert ("⚖️ Club Ladder, Challenges: a TD corrected your game against <b>Ben Ong</b>"
                not in said_to(bot, "Eve Tan"))  # HTML is rendered
        assert ("a TD corrected your game against Ben Ong. It is now you 380, Ben Ong 412 "
                "(you started); it was you 412, Ben Ong 380 (you started).\nWhy: Ben's "
                "scoresheet: Eve read it upside down") in said_to(bot, "Eve Tan")
        assert await _rows(bot, "SELECT state FROM slips WHERE state <> 'cancelled'") == [("agreed",)]


async def test_a_round_based_result_voided_comes_out_of_the_standings(tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, swiss_definition(ids=True), ids=SWISS, draw=False,
                            open_sf=False) as bot:
        def person(name: str) -> FakeUser:
            return bot.telegram.world.users[SWISS[name]]

        await bot.say(person("Tara TD"), "/draw 5")
        await bot.say(person("Tara TD"), "/openround 1 until 2026-03-08")
        [(code, a, b)] = await _rows(
            bot, "SELECT m.code, pa.name, pb.name FROM matches m"
                 " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                 " JOIN entries eb ON eb.id = m.entry_b JOIN people pb ON pb.id = eb.person_id"
                 " WHERE pa.name = 'Ann Lee' OR pb.name = 'Ann Lee'")
        opponent = str(b if a == "Ann Lee" else a)
        await bot.say(person("Ann Lee"), "500-100")
        await bot.tap(person("Ann Lee"), "✅ Confirm")
        await bot.tap(person(opponent), "Agree")

        async def wins() -> dict[str, float]:
            async with bot.runtime.db.transaction() as tx:
                state = await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]
            return {str(r["name"]): float(r["wins"]) for r in round_events.standings_of(state)}

        assert (await wins())["Ann Lee"] == 1
        asked = await bot.say(person("Tara TD"), f"/correct {code.lower()} void")
        assert asked.startswith(f"⚖️ {code}: the game ") and " becomes void.\nWhy?" in asked
        done = await bot.say(person("Tara TD"), "played on the wrong day")
        assert done == (f"✅ {code}: the game is voided; it no longer counts. Both players "
                        "are told.")
        assert await _games(bot, code) == [("played", 0 if a == "Ann Lee" else 1, 500, 100, 1)]
        assert (await _match(bot, code))[:2] == ("ready", None)  # to be played again
        assert (await wins())["Ann Lee"] == 0
        told = bot.telegram.last_sent(person("Ann Lee")).text or ""
        assert told.startswith(f"⚖️ Weekly Swiss <Tuesdays>, Round 1: a TD voided your game "
                               f"against {opponent}: you 500, {opponent} 100 (you started). It "
                               "no longer counts.\nWhy: played on the wrong day\nYour game "
                               "is open again: your win no longer stands.\nNext: "), told
        assert "para" not in told  # a Swiss plays by no SSSg paragraph
        # Ann is no TD here: the command is not hers
        refused = await bot.say(person("Ann Lee"), f"/correct {code} void")
        assert "for the TDs and organisers" in refused
