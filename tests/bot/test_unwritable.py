"""The database cannot be written for a while (a full disk, a lock held past the busy
timeout, a failing disk), and then it can again: nothing is lost and nothing is doubled.

docs/operator-guide.md, "What survives a crash". A write that fails for a reason that may pass
(``bot.store.errors.may_pass``) is not a bug:

- the outbox sender that sent a message and could not record it sends nothing more until
  it can, so each message goes once; it records the held answer as soon as a write works,
  and tells the directors how long it was held (``bot/telegram/sender.py``);
- an update whose transaction failed so is not confirmed to Telegram; it is tried again
  with a back-off, and the person is told only if the bot gives up
  (``bot/telegram/handlers/common.py``).

The failure is SQLite's own error (``SQLITE_FULL``, "database or disk is full") raised at
COMMIT by a wrapper around ``Database.transaction``, the one place every write commits
through; in WAL mode a full disk shows there, when the pages reach the log.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.platform import outbox
from bot.store.db import Database, Tx
from bot.telegram.handlers import common
from tests.bot.club_chat import club_cup_bot, user

Mark = Callable[[Tx], Awaitable[bool]]


def disk_full() -> sqlite3.OperationalError:
    """The error SQLite raises when the disk is full (its message and its code)."""
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
    error.sqlite_errorname = "SQLITE_FULL"  # type: ignore[attr-defined]
    return error


class FullDisk:
    """While ``full`` (or for the next ``times`` transactions ``mark`` holds for), a
    transaction that changed a row fails at COMMIT with ``SQLITE_FULL`` and rolls back; one
    that only read commits, as on a real full disk. ``refused`` counts the failures and
    ``pending`` what Telegram still held (unconfirmed updates) at each."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, pending: Callable[[], int]) -> None:
        self.full = False
        self.refused = 0
        self.pending: list[int] = []
        self._times = 0
        self._mark: Mark | None = None
        self._held = pending
        for name in ("transaction", "bookkeeping"):  # a full disk takes no write at all
            monkeypatch.setattr(Database, name, self._failing(getattr(Database, name)))

    def _failing(self, original: Callable[[Database], Any]) -> Callable[[Database], Any]:
        @asynccontextmanager
        async def transaction(db: Database) -> AsyncIterator[Tx]:
            async with original(db) as tx:
                before = await tx.scalar("SELECT total_changes()")
                yield tx
                if await tx.scalar("SELECT total_changes()") == before:
                    return
                if self.full or (self._times and self._mark is not None
                                 and await self._mark(tx)):
                    self._times -= 0 if self.full else 1
                    self.refused += 1
                    self.pending.append(self._held())
                    raise disk_full()

        return transaction

    def fail(self, times: int, mark: Mark) -> None:
        """The next ``times`` transactions for which ``mark(tx)`` holds fail at COMMIT."""
        self._times, self._mark = times, mark


def claim_of(update_id: int) -> Mark:
    async def holds(tx: Tx) -> bool:
        return bool(await tx.scalar("SELECT 1 FROM processed_updates WHERE update_id = ?",
                                    (update_id,)))
    return holds


# --- the outbox --------------------------------------------------------------------------


def sent_a_note(tx: Tx) -> Awaitable[bool]:
    async def holds() -> bool:
        return bool(await tx.scalar("SELECT 1 FROM outbox WHERE state = 'sent'"
                                    " AND text_html LIKE 'Note %'"))
    return holds()


@pytest.mark.parametrize("fails", ["every write", "the record of a send"])
async def test_while_sends_cannot_be_recorded_each_message_is_sent_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fails: str
) -> None:
    """32 messages are due when the disk fills up. Taking a row to send writes its lease,
    so with every write failing nothing is sent. If only the record of a send fails (the
    disk filled between the claim and Telegram's answer), the first goes to Telegram and
    its ``mark_sent`` fails: the sender keeps Telegram's answer and sends nothing more.
    Before, every pass sent that message again (92 sends for 32 messages in a trial, up to
    5 copies of one). Once a write works, the answer is recorded, every message goes once,
    and the TD is told how long messages were held."""
    async with club_cup_bot(tmp_path) as bot:
        disk = FullDisk(monkeypatch, bot.telegram.pending_updates)
        players = [user(bot, name) for name in ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao")]
        sent_before = len(bot.telegram.sent())
        async with bot.runtime.db.transaction() as tx:
            for n in range(8):
                for player in players:
                    await outbox.enqueue(tx, chat_id=player.id, now=bot.clock(),
                                         text_html=f"Note {n} for {player.first_name}")
        if fails == "every write":
            disk.full = True
        else:
            disk.fail(5, sent_a_note)
        bot.runtime.sender.kick()
        # the sender's own loop (each pass an idle poll apart) meets the full disk 5 times
        await bot.telegram.wait_until(lambda: disk.refused >= 5, timeout=10,
                                      what="the sender to fail to record 5 times")
        during = [m.text for m in bot.telegram.sent()[sent_before:]]
        assert len(during) == (0 if fails == "every write" else 1)  # nothing more goes
        bot.clock.advance(timedelta(minutes=7))
        disk.full = False
        await bot.settle()
        notes = Counter(m.text for m in bot.telegram.sent()[sent_before:]
                        if (m.text or "").startswith("Note "))
        assert notes == Counter({f"Note {n} for {p.first_name}": 1
                                 for n in range(8) for p in players})
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT count(*) FROM outbox WHERE state <> 'sent'") == 0
        told = [m.text or "" for m in bot.telegram.sent(user(bot, "Tara TD"))[-1:]]
        assert told == ["I could not write to my database from Mon 02 Mar 2026 17:00 (+08) "
                        "to 17:07. Messages were held meanwhile and are going out now; none "
                        "was lost."]


# --- updates -----------------------------------------------------------------------------


async def stored(bot) -> dict[str, int]:  # type: ignore[no-untyped-def]
    async with bot.runtime.db.transaction() as tx:
        return {
            "slips": int(await tx.scalar("SELECT count(*) FROM slips")),
            "claims": int(await tx.scalar("SELECT count(*) FROM processed_updates")),
        }


async def test_an_update_whose_commit_fails_for_a_full_disk_is_tried_again_not_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann's report fails at COMMIT twice (the disk is full), then the disk has room. Before,
    the first failure counted the update as handled: Ann got "something went wrong ...
    nothing was changed" and Telegram was told the update was done, so it was lost (41 of
    64 in a trial). Now it stays with Telegram while it is retried, is applied once on the
    third try, and Ann reads the usual answer and no apology."""
    async with club_cup_bot(tmp_path) as bot:
        disk = FullDisk(monkeypatch, bot.telegram.pending_updates)
        before = await stored(bot)
        sent_before = len(bot.telegram.sent(user(bot, "Ann Lee")))
        update_id = bot.telegram.world.last_update_id + 1
        disk.fail(2, claim_of(update_id))
        bot.telegram.user_sends(user(bot, "Ann Lee"), "412-380")
        await bot.settle()
        assert disk.refused == 2
        assert disk.pending == [1, 1]  # Telegram still held it at each failure
        assert bot.telegram.pending_updates() == 0  # confirmed once applied
        assert await stored(bot) == {"slips": before["slips"] + 1,
                                     "claims": before["claims"] + 1}
        read = [m.text or "" for m in bot.telegram.sent(user(bot, "Ann Lee"))[sent_before:]]
        assert len(read) == 1 and "Who started?" in read[0]
        bot.telegram.redeliver(update_id)  # and a re-send is still refused by its claim
        await bot.settle()
        assert await stored(bot) == {"slips": before["slips"] + 1,
                                     "claims": before["claims"] + 1}


async def test_an_update_the_disk_never_takes_is_given_up_and_the_person_told_what(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk stays full: after ``UPDATE_TRIES`` tries the bot gives up, tells Ann which
    message it could not save and that nothing changed, and lets the update go (Telegram
    would otherwise hold every later update behind it)."""
    async with club_cup_bot(tmp_path) as bot:
        disk = FullDisk(monkeypatch, bot.telegram.pending_updates)
        before = await stored(bot)
        sent_before = len(bot.telegram.sent(user(bot, "Ann Lee")))
        update_id = bot.telegram.world.last_update_id + 1
        disk.fail(10**6, claim_of(update_id))
        bot.telegram.user_sends(user(bot, "Ann Lee"), "412-380")
        await bot.settle()
        assert disk.refused == common.UPDATE_TRIES
        assert await stored(bot) == before
        read = [m.text or "" for m in bot.telegram.sent(user(bot, "Ann Lee"))[sent_before:]]
        assert read == ["Sorry, I could not save your message \u201c412-380\u201d: my "
                        "database cannot be written just now, so nothing was changed. Please "
                        "send it again in a few minutes."]


async def test_a_button_press_the_disk_never_takes_names_the_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with club_cup_bot(tmp_path) as bot:
        bot.telegram.user_sends(user(bot, "Ann Lee"), "412-380")
        await bot.settle()
        disk = FullDisk(monkeypatch, bot.telegram.pending_updates)
        sent_before = len(bot.telegram.sent(user(bot, "Ann Lee")))
        update_id = bot.telegram.world.last_update_id + 1
        disk.fail(10**6, claim_of(update_id))
        bot.telegram.tap_label(user(bot, "Ann Lee"), "I started")
        await bot.settle()
        read = [m.text or "" for m in bot.telegram.sent(user(bot, "Ann Lee"))[sent_before:]]
        assert read == ["Sorry, I could not save your press of \u201cI started\u201d: my "
                        "database cannot be written just now, so nothing was changed. Please "
                        "press it again in a few minutes."]
