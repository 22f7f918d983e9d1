"""END-TO-END: a club night through the fake Bot API (NASPA Director's Manual, the club
chapters, Director's Manual).

The real PTB Application on a simulated clock. Tara TD starts night 1 and links the club's
group; six players check in (four themselves; the two newcomers, Eve and Fay, by the TD);
round 1 is paired by King of the Hill with the newcomer rules ("Do not pair a newcomer with
an expert", "avoid pairing two newcomers together"); Gus checks in late and joins round 2,
where the odd player has the bye (+50, "Odd Number of Players"). Games are reported in the
chat through the slips; Ann's win in round 1 is her 50th club win, announced to her and the
group once (Expert Points). Fees (Player Fees at Club): the newcomers' first night free,
Ben's senior and Cai's student rate; the TD marks each payment with one tap on /fees, the
list edited in place; /endnight lists who has not paid. /me shows Ann's record.
"""

from __future__ import annotations

from pathlib import Path

from bot.telegram.harness import BotUnderTest
from tests.bot.club_night_chat import (
    IDS,
    club_bot,
    last,
    report_win,
    rows,
    said_to,
    say,
    scalar,
    tap,
    user,
)

TOP = {"Ann Lee", "Ben Ong"}  # protect_top = 2: tonight's two highest-rated regulars
NEWCOMERS = {"Eve Tan", "Fay Lim"}


async def _pairs(bot: BotUnderTest, number: int) -> list[tuple[str, str | None]]:
    found = await rows(bot, "SELECT pa.name, pb.name FROM matches m"
                            " JOIN rounds r ON r.id = m.round_id"
                            " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                            " LEFT JOIN entries eb ON eb.id = m.entry_b"
                            " LEFT JOIN people pb ON pb.id = eb.person_id"
                            " WHERE r.code = ? ORDER BY m.id", (f"n1-r{number}",))
    return [(a, b) for a, b in found]


async def test_a_club_night_end_to_end(tmp_path: Path, db_target: Path | str) -> None:
    async with club_bot(tmp_path, db=db_target) as bot:
        tg = bot.telegram
        group = tg.add_group("Tuesday club chat", list(tg.world.users.values()))
        await bot.say(user(bot, "Tara TD"), "/link tuesday-club", chat=group)

        assert "night 1 is open" in await say(bot, "Tara TD", "/night")
        for name in ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"):
            assert "checked in for night 1" in await say(bot, name, "/checkin")
        for name in ("Eve", "Fay Lim"):
            assert "is checked in" in await say(bot, "Tara TD", f"/checkin {name}")
        assert "No fee tonight (newcomer" in last(bot, "Eve Tan")
        assert "Fee tonight: SGD 3.00 (senior rate)" in said_to(bot, "Ben Ong")[-1]
        assert "already checked in" in await say(bot, "Ann Lee", "/checkin")

        # Round 1: no newcomer meets Ann or Ben, nor the other newcomer.
        answer = await say(bot, "Tara TD", "/pairround")
        assert "round 1" in answer and "🌱" in answer
        round1 = await _pairs(bot, 1)
        assert len(round1) == 3 and all(b is not None for _, b in round1)
        for a, b in round1:
            pair = {a, b}
            assert not (pair & NEWCOMERS and pair & TOP), round1
            assert not pair <= NEWCOMERS, round1
        eve_told = last(bot, "Eve Tan")
        assert "you play" in eve_told and "As a newcomer" in eve_told

        # Gus comes late: he joins round 2, which cannot be paired before round 1 is in.
        assert "from round 2" in await say(bot, "Gus Koh", "/checkin")
        assert "is not finished" in await say(bot, "Tara TD", "/pairround")

        # Round 1's results through the slips; the higher-rated (or first-listed) wins.
        order = ["Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao", "Gus Koh", "Eve Tan", "Fay Lim"]
        for a, b in round1:
            assert b is not None
            winner, loser = (a, b) if order.index(a) < order.index(b) else (b, a)
            await report_win(bot, winner, 420, 350, loser)
        assert any("50th club win" in t for t in said_to(bot, "Ann Lee"))
        posted = [m.text or "" for m in tg.world.messages.values() if m.chat.id == group.id]
        assert sum("Ann Lee</b> on 50 club wins" in t or "Ann Lee on 50 club wins" in t
                   for t in posted) == 1, posted

        # Round 2: seven players, one bye (+50).
        answer = await say(bot, "Tara TD", "/pairround")
        round2 = await _pairs(bot, 2)
        byes = [a for a, b in round2 if b is None]
        assert len(round2) == 4 and len(byes) == 1, round2
        assert "Bye:" in answer
        assert "you have the bye" in last(bot, byes[0])
        assert "Gus Koh" in {n for pair in round2 for n in pair if n}
        for a, b in round2:
            if b is not None:
                await report_win(bot, a, 390, 380, b)

        # Fees: one tap each for Ann (5) and Ben (senior 3); the list is edited in place.
        await say(bot, "Tara TD", "/fees")
        fees = tg.last_sent(user(bot, "Tara TD"))
        assert "Eve Tan: free" in (fees.text or "")
        await tap(bot, "Tara TD", "💰 Ann Lee: SGD 5.00")
        await tap(bot, "Tara TD", "💰 Ben Ong: SGD 3.00")
        edited = tg.world.message(fees.chat.id, fees.message_id)
        assert edited is not None
        text = edited.text or ""
        assert "Ann Lee: SGD 5.00 ✅ paid (marked by Tara TD)" in text, text
        assert "Collected SGD 8.00" in text, text
        assert [b["text"] for row in edited.buttons() for b in row] == [
            "💰 Cai Wen: SGD 3.00", "💰 Dev Rao: SGD 5.00", "💰 Gus Koh: SGD 5.00"]

        ended = await say(bot, "Tara TD", "/endnight")
        assert "night 1 is over" in ended and "Collected SGD 8.00" in ended
        assert "Not paid: Cai Wen SGD 3.00; Dev Rao SGD 5.00; Gus Koh SGD 5.00" in ended, ended
        assert await scalar(bot, "SELECT state FROM club_sessions") == "closed"

        record = await say(bot, "Ann Lee", "/me")
        wins = await scalar(bot, "SELECT count(*) FROM matches m JOIN entries e"
                                 " ON e.id = CASE m.winner_side WHEN 0 THEN m.entry_a"
                                 " ELSE m.entry_b END JOIN people p ON p.id = e.person_id"
                                 " WHERE p.tg_user_id = ? AND m.state = 'decided'",
                           (IDS["Ann Lee"],))
        assert f"Expert points (club wins): {49 + wins}" in record, record
        assert "games: 2" in record and "high game: 420" in record, record
        assert await scalar(bot, "SELECT count(*) FROM club_milestones") == 1
