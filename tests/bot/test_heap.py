"""``tdbot run`` keeps its start-up objects out of full garbage collections
(``bot.telegram.app.freeze_startup_heap``); a bot started by a test does not."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.telegram.harness import BotUnderTest


@pytest.fixture
def thawed() -> Iterator[None]:
    gc.unfreeze()
    yield
    gc.unfreeze()  # the rest of the test run collects as usual


async def test_a_long_running_bot_freezes_what_start_up_made(tmp_path: Path,
                                                             thawed: None) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3", freeze_heap=True):
        assert gc.get_freeze_count() > 10_000  # the modules and libraries, at least


async def test_a_test_bot_does_not(tmp_path: Path, thawed: None) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3"):
        assert gc.get_freeze_count() == 0

