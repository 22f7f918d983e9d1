"""A photo's caption fits Telegram's limit (Bot API, sendPhoto: 0-1024 characters) in the
language it is sent in. A row held for a person not yet on Telegram is written again in
their language when they join (``outbox.write_held``): its caption must fit in every
language the bot speaks, French being longer than English, not only in the English it is
first written in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service.platform import outbox
from bot.store import people_repo
from bot.store.db import Database, open_database
from bot.words import for_locale
from bot.words.said import Said, english, render, said

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_database(tmp_path / "t.sqlite3")
    yield database
    await database.close()


def _caption(padding: int) -> Said:
    """A catalogue message with a name ``padding`` long (a long name is the player's own)."""
    return said("📷 Another photo of {game} kept; the first one already counted.",
                game=said("game {game} v {opponent}", game=1, opponent="x" * padding))


async def _rows(db: Database) -> int:
    async with db.transaction() as tx:
        return int(await tx.scalar("SELECT count(*) FROM outbox"))


async def test_a_held_caption_must_fit_in_french_too(db: Database) -> None:
    short = _caption(0)
    fr = for_locale("fr")
    assert len(render(short, fr)) > len(english(short))  # French says it at more length
    padding = 1024 - len(english(short))
    fits_in_english = _caption(padding)
    assert len(english(fits_in_english)) == 1024 < len(render(fits_in_english, fr))
    async with db.transaction() as tx:
        waiting = await people_repo.add(tx, "Zoé Martin", NOW)  # not on Telegram yet
        on_telegram = await people_repo.add(tx, "Ann Lee", NOW, tg_user_id=9011)
    with pytest.raises(ValueError, match="caption is at most 1024"):
        async with db.transaction() as tx:
            await outbox.enqueue(tx, person_id=waiting, now=NOW, photo_file_id="AgAC1",
                                 said=fits_in_english)
    assert await _rows(db) == 0  # nothing was written
    # a caption that fits in French is held, and one for a reader on Telegram is checked
    # as it is written (in their language: English here)
    async with db.transaction() as tx:
        fits = _caption(1024 - len(render(short, fr)))
        assert len(render(fits, fr)) == 1024
        await outbox.enqueue(tx, person_id=waiting, now=NOW, photo_file_id="AgAC2",
                             said=fits)
        await outbox.enqueue(tx, person_id=on_telegram, now=NOW, photo_file_id="AgAC3",
                             said=fits_in_english)
    assert await _rows(db) == 2
