"""END-TO-END: a five-round weekly Swiss with the Gibson rule, played in the chat.

The real PTB ``Application`` against the in-process fake Bot API (``BotUnderTest``). The TD
sends /draw (the rounds are made, no match), links the club's group, and opens each round
with /openround N until DATE; each opening pairs the round through the core's registry
and tells every player their opponent, who goes first and the closing time, and the bye
its player; the group gets the pairings. Every game is reported by its winner in the chat
and agreed by the loser; after each decided match the group gets the standings. Round 2
cannot open before round 1 is complete, and the TD is told who still has to report. After
four rounds Ann has clinched first place (tests/bot/round_event.py), so round 5 pairs her
by the Gibson rule, and /why Ann says so. /standings shows the table to a player;
/export sends the TD the .t, NASPA and TRF files as documents, and the .t file read back
gives the event's own standings. Read the chat: TDBOT_TRANSCRIPTS=/tmp/t pytest this file.
"""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from pathlib import Path

from bot.fakebot import FakeChat, FakeUser
from bot.service.formats.rounds import round_events
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.telegram.harness import BotUnderTest
from core.formats.tsh import read_tsh
from core.standings import standings_rows
from tests.bot.club_chat import club_cup_bot
from tests.bot.round_event import IDS, NAMES, definition, winner_scores


def user(bot: BotUnderTest, name: str) -> FakeUser:
    return bot.telegram.world.users[IDS[name]]


def texts(bot: BotUnderTest, who: FakeUser | FakeChat) -> list[str]:
    return [m.text or m.caption or "" for m in bot.telegram.sent(who)]


async def say(bot: BotUnderTest, name: str, text: str) -> str:
    return await bot.say(user(bot, name), text)


async def tap(bot: BotUnderTest, name: str, label: str) -> None:
    tg = bot.telegram
    for message in reversed(tg.sent(user(bot, name))):
        if any(b["text"] == label for row in message.buttons() for b in row):
            tg.user_taps(user(bot, name), message, text=label)
            await bot.settle()
            return
    raise AssertionError(f"{name} has no {label!r} button:\n{tg.transcript(user(bot, name))}")


async def until(bot: BotUnderTest, days: int = 6) -> str:
    return (bot.clock() + timedelta(days=days)).date().isoformat()


async def play_round(bot: BotUnderTest, number: int) -> None:
    """Every match of round ``number``: the winner reports, the loser agrees."""
    async with bot.runtime.db.transaction() as tx:
        state = await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]
    playing = [m for m in state.matches_of(number) if m.state == "playing"]
    for m in playing:
        win, lose, ws, ls = winner_scores(str(m.names[0]), str(m.names[1]))
        slip = await say(bot, win, f"{ws}-{ls}")
        assert "Who started?" not in slip, slip  # the pairing said who goes first
        await tap(bot, win, "✅ Confirm")
        await tap(bot, lose, "Agree")
        told = "\n".join(texts(bot, user(bot, win))[-2:])  # the slip, then agreed
        assert f"agreed, so your game is final: you won {ws}-{ls} v {lose}." in told, told
        if number < 5:
            assert f"Round {number + 1} is paired when a TD opens it" in told, told
        elif m is playing[-1]:  # the last round is over: its standings are final
            assert "That was the last round of Weekly Swiss <Tuesdays>. /standings shows the " \
                   "final standings." in told, told
        else:  # other games of the last round are still to come: nothing is final yet
            assert "That was your last game in Weekly Swiss <Tuesdays>." in told, told
            assert "final standings" not in told and "That was the last round" not in told


async def test_a_weekly_swiss_with_the_gibson_rule_in_the_chat(tmp_path: Path,
                                                          db_target: Path | str) -> None:
    async with club_cup_bot(tmp_path, definition(ids=True), ids=IDS, draw=False, db=db_target,
                            open_sf=False) as bot:
        tg = bot.telegram
        group = tg.add_group("Club", [user(bot, n) for n in IDS])
        tg.user_sends(user(bot, "Tara TD"), "/link weekly-swiss", chat=group)
        await bot.settle()
        drawn = await say(bot, "Tara TD", "/draw 5")
        assert "Round 1" in drawn and "Round 5" in drawn, drawn
        # round 1 has its closing date in the definition: no date for the TD to give
        assert "Open the first with /openround 1 when you are ready." in drawn, drawn
        assert "YYYY-MM-DD" not in drawn
        told = texts(bot, user(bot, "Ann Lee"))[-1]
        assert "is set: " in told and " rounds. I will tell you your opponent" in told, told
        assert "swiss" not in told  # the pairing system's key is the TDs' word, not hers

        opened = await say(bot, "Tara TD", f"/openround 1 until {await until(bot)}")
        assert "Opened Round 1" in opened, opened
        ann = texts(bot, user(bot, "Ann Lee"))[-1]
        assert "Your opponent: <b>Eve Tan</b>" in ann or "Your opponent: Eve Tan" in ann, ann
        assert "You go first." in ann and "Deadline:" in ann
        assert "Ann Lee goes first." in texts(bot, user(bot, "Eve Tan"))[-1]
        assert "you have the bye this round" in texts(bot, user(bot, "Ivy Goh"))[-1]
        pairings = texts(bot, group)[-1]
        assert "1. Ann Lee v Eve Tan" in pairings and "Bye: Ivy Goh" in pairings, pairings

        # round 2 waits for round 1, naming who has to report
        refused = await say(bot, "Tara TD", f"/openround 2 until {await until(bot, 13)}")
        assert "Round 1 is not complete" in refused and "Ann Lee v Eve Tan" in refused

        for number in range(1, 5):
            if number > 1:
                await bot.advance(timedelta(days=7))
                opened = await say(bot, "Tara TD", f"/openround {number} until "
                                   f"{await until(bot)}")
                assert f"Round {number}" in opened, opened
            await play_round(bot, number)
            standings = texts(bot, group)[-1]
            assert f"standings after round {number} of 5" in standings, standings

        await bot.advance(timedelta(days=7))
        await say(bot, "Tara TD", f"/openround 5 until {await until(bot)}")
        why = await say(bot, "Tara TD", "/why Ann")
        assert "Round 5: Ann Lee v" in why and "(Gibson rule)" in why, why
        assert "Gibson rule: Ann Lee has clinched; " in why, why
        async with bot.runtime.db.transaction() as tx:
            state = await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]
            rows = round_events.standings_of(state)
        assert rows[0]["name"] == "Ann Lee" and rows[1]["wins"] == 3
        opponent = next(str(m.names[1 - m.names.index("Ann Lee")]) for m in
                        state.matches_of(5) if "Ann Lee" in m.names)
        assert opponent != rows[1]["name"] and f"v {opponent}" in why
        assert f"Your opponent: <b>{opponent}</b>" in texts(bot, user(bot, "Ann Lee"))[-1] \
            or f"Your opponent: {opponent}" in texts(bot, user(bot, "Ann Lee"))[-1]
        await play_round(bot, 5)

        table = await say(bot, "Hal Ng", "/standings")
        assert "standings after round 5 of 5" in table and "Ann Lee" in table, table
        assert "Hal Ng" in table
        refused = await say(bot, "Hal Ng", "/why Ann")
        assert "TD" in refused and "Gibson" not in refused

        before = len(tg.sent(user(bot, "Tara TD")))
        said = await say(bot, "Tara TD", "/export")
        assert "weekly-swiss.t" in said, said
        docs = [m.document for m in tg.sent(user(bot, "Tara TD"))[before:]
                if m.document is not None]
        assert sorted(d.file_name or "" for d in docs) == [
            "weekly-swiss-fees.csv", "weekly-swiss-naspa-scores.txt",
            "weekly-swiss-ratings.txt", "weekly-swiss-results.csv", "weekly-swiss.t", "weekly-swiss.trf"]
        # the rating officer's file: the estimate, and that nothing is missing but a check
        # of the unrated (none here: every player is rated)
        rated = next(d for d in docs if d.file_name == "weekly-swiss-ratings.txt")
        assert "rating estimate after round 5 (NASPA's method)" in rated.data.decode()
        assert "Before sending" not in rated.data.decode()
        results = next(d for d in docs if d.file_name == "weekly-swiss-results.csv")
        lines = list(csv.DictReader(io.StringIO(results.data.decode())))
        async with bot.runtime.db.transaction() as tx:
            games = await tx.scalar("SELECT count(*) FROM games")
            byes = await tx.scalar("SELECT count(*) FROM matches WHERE state = 'bye'")
        assert len([r for r in lines if r["kind"] == "played"]) == games
        assert len([r for r in lines if r["kind"] == "bye"]) == byes
        t_file = next(d for d in docs if d.file_name == "weekly-swiss.t").data.decode()
        (division,) = read_tsh(t_file, "weekly-swiss")
        async with bot.runtime.db.transaction() as tx:
            final = round_events.standings_of(
                await load_rounds_event(tx, bot.event_id))  # type: ignore[attr-defined]

        def plain(rows: list[dict[str, object]]) -> list[dict[str, object]]:
            return [{k: v for k, v in r.items() if k != "division"} for r in rows]

        assert plain(standings_rows(division, chess=False)) == plain(final)
        assert {r["name"] for r in final} == set(NAMES)


async def test_openround_takes_round_days_and_echoes_the_tds_spelling(tmp_path: Path,
                                                          db_target: Path | str) -> None:
    """No round has a date; [pairing] round_days = 6. /openround 1 and, once round 1 is
    played, /openround 2 open with a close 6 days on; the round's hints spell it as the TD
    did ("2", not "round-2")."""
    text = definition(ids=True, extra="round_days = 6").replace(
        "opens = 2026-03-03\ncloses = 2026-03-09\n", "")
    async with club_cup_bot(tmp_path, text, ids=IDS, draw=False, open_sf=False,
                            db=db_target) as bot:
        await say(bot, "Tara TD", "/draw 5")
        opened = await say(bot, "Tara TD", "/openround 1")
        assert opened.startswith("Opened Round 1 of Weekly Swiss <Tuesdays>."), opened
        assert opened.endswith("Deadline: Sun 08 Mar 2026 17:00 (+08)."), opened
        await play_round(bot, 1)
        await bot.advance(timedelta(days=7))
        opened = await say(bot, "Tara TD", "/openround 2")
        assert opened.endswith("Deadline: Sun 15 Mar 2026 17:00 (+08)."), opened
        ann = texts(bot, user(bot, "Ann Lee"))[-1]
        assert "Round 2</b> is open" in ann or "Round 2 is open" in ann, ann
        assert "Deadline: Sun 15 Mar 2026 17:00 (+08)" in ann


async def test_without_round_days_the_refusal_spells_the_round_as_typed(tmp_path: Path,
                                                          db_target: Path | str) -> None:
    text = definition(ids=True).replace("opens = 2026-03-03\ncloses = 2026-03-09\n", "")
    async with club_cup_bot(tmp_path, text, ids=IDS, draw=False, open_sf=False,
                            db=db_target) as bot:
        await say(bot, "Tara TD", "/draw 5")
        assert await say(bot, "Tara TD", "/openround 1") == (
            "⚠️ Round 1 has no closing time; give one: /openround 1 until 2026-03-16 in the "
            "chat, --closes 2026-03-16 at the command line")
