"""Fixtures the chat tests share (the helpers they use are in tests/bot/club_chat.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import club_cup_bot


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    """The club cup in the chat: drawn, SF open, Tara (with her phone) and the players linked.

    A test file that needs something else defines its own ``bot`` (pytest takes the
    module's fixture over this one).
    """
    async with club_cup_bot(tmp_path) as under_test:
        yield under_test
