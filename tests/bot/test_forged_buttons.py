"""Forged and edited button data, through the real PTB Application and the fake Bot API.

The Bot API warns that a modified client can put any data in a callback query, so a
button's data is never trusted: the service checks who may act on the slip, dispute or
match it names. Every press below is refused with no effect on the database, a journal
row saying who pressed what, and the same neutral answer whatever was forged (so a forger
cannot tell another person's slip from one that does not exist).

The club cup (tests/bot/club_chat.py): SF M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai Wen, TD
Tara. Ann has reported game 1 of M1 (Dev may agree or dispute); Ben has reported game 1 of
M2.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.fakebot import FakeUser
from bot.service.platform import callbacks
from bot.service.platform.journal import PRESS_DATA_KEPT
from bot.telegram import texts
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import club_cup_bot, report_game, tap, user

NEUTRAL = texts.refused(texts.BUTTON_REFUSED)
#: what a refused press may write: its journal row and the claim of its update
BOOKKEEPING = {"journal", "processed_updates", "sqlite_sequence"}
#: and, as any private update does, the language Telegram reports for the presser
#: (``languages.note_telegram``): who pressed, not what the press did
PRESSER = ("people", "tg_language")


async def _state(bot: BotUnderTest) -> dict[str, list[tuple[Any, ...]]]:
    async with bot.runtime.db.transaction() as tx:
        tables = [r[0] for r in await tx.all(
            "SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {t: [tuple(r[k] for k in r.keys() if (t, k) != PRESSER)
                    for r in await tx.all(f"SELECT * FROM {t}")]  # noqa: S608
                for t in tables if t not in BOOKKEEPING}


async def _reported(bot: BotUnderTest) -> dict[str, int]:
    """Ann's and Ben's game-1 slips, as the chat makes them."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await report_game(bot, "Ben Ong", "400-350", starter="I started")
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT s.id, m.code FROM slips s JOIN matches m "
                            "ON m.id = s.match_id ORDER BY s.id")
    return {code: int(slip_id) for slip_id, code in rows}


async def _forge(bot: BotUnderTest, who: FakeUser, data: str) -> list[str]:
    """``who`` presses a button with ``data`` on their latest message; what they read."""
    seen = len(bot.telegram.sent(who))
    bot.telegram.user_forges_tap(who, data)
    await bot.settle()
    return [m.text or "" for m in bot.telegram.sent(who)[seen:]]


async def _refused(bot: BotUnderTest, name: str | FakeUser, data: str) -> None:
    presser = user(bot, name) if isinstance(name, str) else name
    before = await _state(bot)
    async with bot.runtime.db.transaction() as tx:
        journalled = await tx.scalar("SELECT count(*) FROM journal WHERE action = "
                                     "'button.refused'")
    assert await _forge(bot, presser, data) == [NEUTRAL], data
    assert await _state(bot) == before, f"{data!r} changed something"
    answers = [c.params.get("text") for c in bot.telegram.calls("answerCallbackQuery")]
    assert answers[-1] == texts.BUTTON_REFUSED
    async with bot.runtime.db.transaction() as tx:
        rows = await tx.all("SELECT who, subject, detail_json FROM journal WHERE action = "
                            "'button.refused' ORDER BY id")
    assert len(rows) == journalled + 1, f"{data!r} was not journalled"
    who, subject, detail = rows[-1]
    assert subject == f"tg:{presser.id}"
    assert presser.first_name in who
    kept = json.loads(detail)
    assert kept["data"] == data[:PRESS_DATA_KEPT] and kept["length"] == len(data)


async def test_another_persons_ids_another_game_and_stale_ids_get_one_answer(
        bot: BotUnderTest) -> None:
    slips = await _reported(bot)
    m1, m2 = slips["M1"], slips["M2"]
    async with bot.runtime.db.transaction() as tx:
        match_1 = int(await tx.scalar("SELECT id FROM matches WHERE code = 'M1'"))
    missing = 10**6
    forged = {
        # another person's: Ben presses Dev's Agree and Dispute on Ann's slip
        "Ben Ong": [callbacks.slip("agree", m1), callbacks.slip("dispute", m1),
                    callbacks.slip("ok", m1), callbacks.desk_bye(match_1, 1),
                    callbacks.desk_void(match_1), callbacks.tie(match_1, 1, lots=True)],
        # another game: Dev edits his Agree to name the slip of a match he does not play
        "Dev Rao": [callbacks.slip("agree", m2), callbacks.slip("dispute", m2),
                    callbacks.rule("uphold", 1), callbacks.fix(1, True)],
        # stale: ids that no longer exist (or never did)
        "Ann Lee": [callbacks.slip("ok", missing), callbacks.rule("void", missing),
                    callbacks.proof(missing, True), callbacks.photo_pick(missing, missing),
                    callbacks.photo_rule(missing, "waive"), callbacks.photo_game(missing),
                    callbacks.photo_all(missing, "waive"), callbacks.join_decide(missing, True),
                    callbacks.join_pick("nosuchcode12", missing)],
        # a player presses the TD's buttons
        "Cai Wen": [callbacks.desk_extend(1, 0), callbacks.proof(1, False),
                    callbacks.photo_game(1), callbacks.photo_rule(1, "bye"),
                    callbacks.photo_all(1, "extend"),
                    callbacks.event_today(1, date(2026, 3, 2))],
    }
    for name, presses in forged.items():
        for data in presses:
            await _refused(bot, name, data)
    # and Dev's own buttons still work after all that
    await tap(bot, "Dev Rao", "Agree")
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM slips WHERE id = ?", (m1,)) == "agreed"


async def test_a_stranger_pressing_anything_is_refused_the_same_way(bot: BotUnderTest) -> None:
    slips = await _reported(bot)
    zed = bot.telegram.add_user("Zed", user_id=9099)
    bot.telegram.user_sends(zed, "hello")
    await bot.settle()
    await _refused(bot, zed, callbacks.slip("agree", slips["M1"]))
    await _refused(bot, zed, "slip:agree:1:2:3")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.one_of(
    st.text(min_size=1, max_size=64),
    st.binary(min_size=1, max_size=64).map(lambda b: b.decode("latin-1")),
    st.text(min_size=65, max_size=400),
    st.sampled_from(["slip:agree:", "rule:uphold:1:0", "tie:1:2", "desk:bye:1:7",
                     "fix:apply:-1", "slip:agree:1\n2024-01-01 INFO bot: forged line",
                     "photo:rule:1:ban", "photo:all:1:bye", "photo:game:1:2",
                     "event:today:1:0", "event:today:1:99999999",
                     "fee:proof:ok:0x10", "join:pick::1"]),
), min_size=1, max_size=4))
def test_random_and_overlong_data_is_refused_and_journalled(presses: list[str]) -> None:
    """Random text and bytes, data longer than Telegram's 64 bytes, near-misses of real
    data: never an effect, always the neutral answer and a journal row. Dev's own slip
    (whose real buttons he holds) is the one thing a lucky guess could hit; whatever
    parses as his own Agree or Dispute is left out."""

    async def run() -> None:
        with tempfile.TemporaryDirectory() as where:
            async with club_cup_bot(Path(where)) as bot:
                slips = await _reported(bot)
                own = {callbacks.slip("agree", slips["M1"]),
                       callbacks.slip("dispute", slips["M1"])}
                for data in presses:
                    if data in own:
                        continue
                    await _refused(bot, "Dev Rao", data)

    asyncio.run(run())
