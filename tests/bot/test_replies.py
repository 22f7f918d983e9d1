"""A reply the bot waits for is one stored prompt (``bot/store/prompts_repo.py``), read once
a private text by one early handler (``bot/telegram/handlers/replies.py``): through the
real PTB Application and the fake Bot API, checking the stored prompts, disputes and
rulings (SSSg 2016 Annex A paras 19, 24).

The club cup with two TDs (Tara, Uma) and Ann Lee as a TD too: she plays M1 (Ann v Dev),
so she rules on M2 (Ben v Cai) only, and may dispute a slip of her own match. On SQLite,
and on PostgreSQL too when it is tested (``db_target``).
"""

from __future__ import annotations

import contextvars
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.people.standing_texts import not_understood
from bot.store.db import Tx
from bot.telegram.harness import BotUnderTest
from bot.telegram.update_queue import InChatOrder
from bot.words.said import english
from tests.bot.club_chat import club_cup_bot, last, report_game, say, tap, user
from tests.bot.test_telegram_rulings import IDS, definition

#: What a private message that answers nothing is told.
NOT_UNDERSTOOD = english(not_understood())


@pytest.fixture
async def bot(tmp_path: Path, db_target: Path | str) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path, definition(), ids=IDS, db=db_target) as under_test:
        yield under_test


async def _rows(bot: BotUnderTest, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, params)]


async def _prompts(bot: BotUnderTest, name: str) -> list[tuple[Any, ...]]:
    """(kind, subject, state) of every prompt of ``name``'s, oldest first."""
    return await _rows(bot, "SELECT p.kind, p.subject_id, p.state FROM prompts p"
                            " JOIN people ON people.id = p.person_id WHERE people.name = ?"
                            " ORDER BY p.id", (name,))


async def _dispute(bot: BotUnderTest, match: str) -> tuple[Any, ...]:
    """(id, reason, state, ruling) of the dispute of ``match``."""
    (row,) = await _rows(bot, "SELECT d.id, d.reason, d.state, d.ruling FROM disputes d"
                              " JOIN matches m ON m.id = d.match_id WHERE m.code = ?", (match,))
    return row


async def _game_1_disputed(bot: BotUnderTest, match: str = "M1") -> None:
    """Game 1 of ``match`` reported by its first player (who started), and the other
    presses Dispute, giving no reason yet."""
    winner, loser = {"M1": ("Ann Lee", "Dev Rao"), "M2": ("Ben Ong", "Cai Wen")}[match]
    await report_game(bot, winner, "412-380", starter="I started")
    await tap(bot, loser, "Dispute")


async def test_a_dispute_asks_its_reason_as_a_prompt_the_reply_fills_it_once(
    bot: BotUnderTest,
) -> None:
    await _game_1_disputed(bot)
    dispute, reason, state, _ = await _dispute(bot, "M1")
    assert (reason, state) == ("", "open")
    # asking stores the question: Dev's prompt, about the dispute, open for a day
    assert await _prompts(bot, "Dev Rao") == [("dispute_reason", dispute, "open")]
    (expires,) = await _rows(bot, "SELECT p.expires_at, p.created_at FROM prompts p")
    assert expires[0] > expires[1]
    # the reply answers it: the dispute has its reason, the prompt is done
    assert (await say(bot, "Dev Rao", "I had 390")).startswith("Thank you: I passed your "
                                                                "reason on to")
    assert (await _dispute(bot, "M1"))[1:3] == ("I had 390", "open")
    assert await _prompts(bot, "Dev Rao") == [("dispute_reason", dispute, "done")]
    # a second reply is an ordinary message: nothing changes
    assert await say(bot, "Dev Rao", "I had 395 in fact") == NOT_UNDERSTOOD
    assert (await _dispute(bot, "M1"))[1] == "I had 390"
    assert await _rows(bot, "SELECT count(*) FROM journal WHERE action = 'dispute.reason'") == [
        (1,)]


async def test_each_dispute_of_a_player_waits_for_its_reason_the_newest_first(
    bot: BotUnderTest,
) -> None:
    """Two slips disputed before either reason came: each dispute is owed its reason
    (para 24), so the player's two questions wait side by side; the newest is answered
    first, then the other, then a message is an ordinary one again."""
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await report_game(bot, "Ann Lee", "400-350")
    dev = user(bot, "Dev Rao")
    for game in ("Game 1:", "Game 2:"):
        copy = next(m for m in bot.telegram.sent(dev)
                    if game in (m.text or "") and "Tap Dispute" in (m.text or ""))
        bot.telegram.user_taps(dev, copy, text="Dispute")
        await bot.settle()
    first, second = (row[0] for row in await _rows(bot, "SELECT id FROM disputes ORDER BY id"))
    assert await _prompts(bot, "Dev Rao") == [("dispute_reason", first, "open"),
                                               ("dispute_reason", second, "open")]
    await say(bot, "Dev Rao", "game 2: I had 360")
    await say(bot, "Dev Rao", "game 1: I had 390")
    assert await _rows(bot, "SELECT id, reason FROM disputes ORDER BY id") == [
        (first, "game 1: I had 390"), (second, "game 2: I had 360")]
    assert await _prompts(bot, "Dev Rao") == [("dispute_reason", first, "done"),
                                               ("dispute_reason", second, "done")]
    assert await say(bot, "Dev Rao", "and another thing") == NOT_UNDERSTOOD


async def test_a_rulings_reason_is_a_prompt_the_reply_rules_with_it_once(
    bot: BotUnderTest,
) -> None:
    await _game_1_disputed(bot)
    await say(bot, "Dev Rao", "I had 390")
    dispute = (await _dispute(bot, "M1"))[0]
    await tap(bot, "Tara TD", "Amend")
    assert await _prompts(bot, "Tara TD") == [("amend", dispute, "open")]
    await say(bot, "Tara TD", "412 390")
    # the scores answer Amend; the ruling's reason is the next question, the ruling in it
    assert await _prompts(bot, "Tara TD") == [("amend", dispute, "done"),
                                               ("why", dispute, "open")]
    assert await _rows(bot, "SELECT payload FROM prompts WHERE kind = 'why'") == [
        ('{"action": "scores", "scores": [412, 390]}',)]
    assert (await _dispute(bot, "M1"))[2] == "open"  # nothing applied before the reason
    await say(bot, "Tara TD", "Dev's scoresheet")
    assert (await _dispute(bot, "M1"))[2:] == ("ruled", "scores: Dev's scoresheet")
    assert await _rows(bot, "SELECT score_a, score_b FROM games g JOIN matches m"
                            " ON m.id = g.match_id WHERE m.code = 'M1'") == [(412, 390)]
    assert (await _prompts(bot, "Tara TD"))[-1] == ("why", dispute, "done")
    # a second reply is an ordinary message: no second ruling
    assert await say(bot, "Tara TD", "Dev's scoresheet") == NOT_UNDERSTOOD
    assert await _rows(bot, "SELECT count(*) FROM journal WHERE action = 'dispute.ruled'") == [
        (1,)]


async def test_a_ruling_closes_the_disputers_question(bot: BotUnderTest) -> None:
    """Ruled before its reason came: the player's next message is an ordinary one again
    (their reason can no longer change anything)."""
    await _game_1_disputed(bot)
    dispute = (await _dispute(bot, "M1"))[0]
    await tap(bot, "Tara TD", "Uphold")
    await tap(bot, "Tara TD", "Skip (no reason)")
    assert (await _dispute(bot, "M1"))[2] == "ruled"
    assert await _prompts(bot, "Dev Rao") == [("dispute_reason", dispute, "dropped")]
    assert await say(bot, "Dev Rao", "I had 390") == NOT_UNDERSTOOD
    assert (await _dispute(bot, "M1"))[1] == ""


async def test_the_reason_question_lapses_after_a_day_and_dispute_text_still_gives_it(
    bot: BotUnderTest,
) -> None:
    await _game_1_disputed(bot)
    await bot.advance(timedelta(hours=25))
    assert await say(bot, "Dev Rao", "I had 390") == NOT_UNDERSTOOD
    assert (await _dispute(bot, "M1"))[1] == ""
    assert (await say(bot, "Dev Rao", "/dispute I had 390")).startswith("Thank you")
    dispute, reason, state, _ = await _dispute(bot, "M1")
    assert (reason, state) == ("I had 390", "open")
    assert await _prompts(bot, "Dev Rao") == [("dispute_reason", dispute, "done")]


async def test_the_newest_question_wins_a_ruling_asked_then_a_dispute(bot: BotUnderTest) -> None:
    """Ann, a TD, is asked why she upholds M2's dispute; then she disputes a slip of her
    own match M1. The newest question wins: her next message is M1's dispute reason, and
    M2's ruling is not given with it (its question is dropped: she taps again to rule)."""
    await _game_1_disputed(bot, "M2")
    await say(bot, "Cai Wen", "I had 390")
    m2 = (await _dispute(bot, "M2"))[0]
    await tap(bot, "Ann Lee", "Uphold")
    assert await _prompts(bot, "Ann Lee") == [("why", m2, "open")]
    await report_game(bot, "Dev Rao", "412-380", starter="I started")
    await tap(bot, "Ann Lee", "Dispute")
    m1 = (await _dispute(bot, "M1"))[0]
    assert await _prompts(bot, "Ann Lee") == [("why", m2, "dropped"),
                                               ("dispute_reason", m1, "open")]
    assert (await say(bot, "Ann Lee", "Dev had 402")).startswith("Thank you")
    assert (await _dispute(bot, "M1"))[1:3] == ("Dev had 402", "open")
    assert (await _dispute(bot, "M2"))[2:] == ("open", None)
    await tap(bot, "Ann Lee", "Skip (no reason)")
    assert "I asked you something else since, so this button changed nothing" in last(
        bot, "Ann Lee")
    assert (await _dispute(bot, "M2"))[2:] == ("open", None)


async def test_the_newest_question_wins_a_dispute_then_a_ruling_asked(bot: BotUnderTest) -> None:
    """The other way round: Ann disputes in M1, then taps Uphold on M2's dispute; her next
    message is the ruling's reason, and M1's dispute keeps waiting for hers (``/dispute
    TEXT`` gives it)."""
    await _game_1_disputed(bot, "M2")
    await say(bot, "Cai Wen", "I had 390")
    await report_game(bot, "Dev Rao", "412-380", starter="I started")
    await tap(bot, "Ann Lee", "Dispute")
    m1 = (await _dispute(bot, "M1"))[0]
    m2 = (await _dispute(bot, "M2"))[0]
    await tap(bot, "Ann Lee", "Uphold")
    assert await _prompts(bot, "Ann Lee") == [("dispute_reason", m1, "dropped"),
                                               ("why", m2, "open")]
    await say(bot, "Ann Lee", "Ben's signed scoresheet")
    assert (await _dispute(bot, "M2"))[2:] == ("ruled", "upheld: Ben's signed scoresheet")
    assert (await _dispute(bot, "M1"))[1:3] == ("", "open")
    assert (await say(bot, "Ann Lee", "/dispute Dev had 402")).startswith("Thank you")
    assert (await _dispute(bot, "M1"))[1] == "Dev had 402"


# --- what a private text costs --------------------------------------------------------------

_HANDLING: contextvars.ContextVar[bool] = contextvars.ContextVar("handling", default=False)


@asynccontextmanager
async def _transactions(bot: BotUnderTest, monkeypatch: pytest.MonkeyPatch
                        ) -> AsyncIterator[list[str]]:
    """Every transaction opened while an update's handlers run (not the outbox sender's
    nor the scheduler's), as 'read' (it wrote nothing) or 'write', in order: a use-case's,
    and a lookup's snapshot (``Database.snapshot``)."""
    seen: list[str] = []
    db = bot.runtime.db
    processed = InChatOrder.do_process_update

    async def handling(self: InChatOrder, update: object, coroutine: Awaitable[Any]) -> None:
        _HANDLING.set(True)  # this update's own task: the flag goes no further
        await processed(self, update, coroutine)

    def counting(opened: Callable[[], AbstractAsyncContextManager[Tx]]) -> Any:
        @asynccontextmanager
        async def counted() -> AsyncIterator[Tx]:
            async with opened() as tx:
                if not _HANDLING.get():
                    yield tx
                    return
                wrote: list[str] = []
                execute, insert = tx.execute, tx.insert

                async def execute_(sql: str, params: Any = ()) -> int:
                    wrote.append(sql)
                    return await execute(sql, params)

                async def insert_(sql: str, params: Any = ()) -> int:
                    wrote.append(sql)
                    return await insert(sql, params)

                tx.execute, tx.insert = execute_, insert_  # type: ignore[method-assign]
                try:
                    yield tx
                finally:
                    seen.append("write" if wrote else "read")
        return counted

    monkeypatch.setattr(InChatOrder, "do_process_update", handling)
    for name in ("transaction", "snapshot"):
        monkeypatch.setattr(db, name, counting(getattr(db, name)))
    try:
        yield seen
    finally:
        monkeypatch.undo()


def _before_use_case(seen: list[str]) -> list[str]:
    """The transactions before the first that wrote (the use-case the text went to, which
    claims the update); after it the scheduler looks for deadlines the commit opened, as
    after any update (``runtime.after_commit``)."""
    assert "write" in seen
    return seen[:seen.index("write")]


async def test_a_private_text_that_answers_nothing_costs_one_read(
    bot: BotUnderTest, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One read says whether a reply is awaited; then the handler the text goes to runs
    its one use-case (the stranger's answer here, a result report below)."""
    await _game_1_disputed(bot)
    await say(bot, "Dev Rao", "I had 390")  # answered: nothing awaited any more
    async with _transactions(bot, monkeypatch) as seen:
        assert await say(bot, "Dev Rao", "hello") == NOT_UNDERSTOOD
    assert _before_use_case(seen) == ["read"]
    async with _transactions(bot, monkeypatch) as seen:
        assert await say(bot, "Tara TD", "hello") == NOT_UNDERSTOOD
    assert _before_use_case(seen) == ["read"]
    async with _transactions(bot, monkeypatch) as seen:
        assert "Who started?" in await say(bot, "Ben Ong", "412-380")
    assert _before_use_case(seen) == ["read"]


async def test_a_reply_costs_the_same_read_then_its_use_case(
    bot: BotUnderTest, monkeypatch: pytest.MonkeyPatch,
) -> None:
    await _game_1_disputed(bot)
    async with _transactions(bot, monkeypatch) as seen:
        assert (await say(bot, "Dev Rao", "I had 390")).startswith("Thank you")
    assert _before_use_case(seen) == ["read"]
