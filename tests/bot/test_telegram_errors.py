"""The error handler and refusals.

Rules checked: "An error handler logs with context and tells the person that
something went wrong, without internals. ServiceError messages are shown to the person
(escaped)." And a failed update changes nothing (its transaction, claim included, rolls
back).
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.service.events import readmodels
from bot.service.platform import outbox
from bot.service.platform.errors import Invalid
from bot.telegram.harness import BotUnderTest


async def test_an_unexpected_error_is_logged_with_context_and_apologised_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*_args: object, **_kwargs: object) -> list[object]:
        raise RuntimeError("database exploded at /secret/path")

    monkeypatch.setattr(readmodels, "my_matches", broken)
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        tg = bot.telegram
        sam = tg.add_user("Sam")
        async with bot.runtime.db.transaction() as tx:
            await tx.insert("INSERT INTO people (name, tg_user_id, created_at) VALUES (?, ?, ?)",
                            ("Sam", sam.id, bot.clock().isoformat()))
        with caplog.at_level(logging.ERROR, logger="bot.telegram"):
            tg.user_sends(sam, "/matches")
            await bot.settle()
        answer = tg.last_sent(sam).text or ""
        assert "something went wrong" in answer and "nothing was changed" in answer
        assert "secret" not in answer and "exploded" not in answer
        record = next(r for r in caplog.records if r.name == "bot.telegram")
        assert f"from user {sam.id}" in record.getMessage()
        assert record.exc_info is not None and "exploded" in str(record.exc_info[1])
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT COUNT(*) FROM processed_updates") == 0


async def test_a_service_refusal_is_shown_escaped_and_rolls_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def refuse(tx, person_id, **_kwargs):  # type: ignore[no-untyped-def]
        await outbox.enqueue(tx, chat_id=1, text_html="must not survive", now=bot.clock())
        raise Invalid("round <b>7</b> & friends: not open")

    monkeypatch.setattr(readmodels, "my_matches", refuse)
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        tg = bot.telegram
        sam = tg.add_user("Sam")
        async with bot.runtime.db.transaction() as tx:
            await tx.insert("INSERT INTO people (name, tg_user_id, created_at) VALUES (?, ?, ?)",
                            ("Sam", sam.id, bot.clock().isoformat()))
        tg.user_sends(sam, "/matches")
        await bot.settle()
        assert tg.last_sent(sam).text == "⚠️ Round <b>7</b> & friends: not open"
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT COUNT(*) FROM outbox") == 0


async def test_an_error_after_the_change_was_saved_does_not_say_nothing_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The draw commits; waking the sender afterwards fails. The TD must not read that
    nothing was changed: the draw is made, and the answer says the request was saved."""
    from bot.service.events import definitions, event_setup
    from bot.service.platform.actors import Actor
    from bot.telegram.handlers import common

    data = Path(__file__).parent / "data" / "club_cup.toml"
    text = data.read_text().replace('name = "Tara TD"', 'name = "Tara TD"\ntelegram_id = 4242')
    async with BotUnderTest(tmp_path / "db.sqlite3") as bot:
        async with bot.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, definitions.parse_definition(text),
                                           by=Actor.cli(), now=bot.clock())
        tara = bot.telegram.add_user("Tara", user_id=4242)

        async def sender_down(_context: object) -> None:
            raise RuntimeError("the sender could not be woken")

        monkeypatch.setattr(common, "after_commit", sender_down)
        bot.telegram.user_sends(tara, "/draw 7")
        await bot.settle()
        monkeypatch.undo()
        said = [m.text or "" for m in bot.telegram.sent(tara)]
        assert any("went through and is saved" in text for text in said)
        assert not any("nothing was changed" in text for text in said)
        async with bot.runtime.db.transaction() as tx:
            assert await tx.scalar("SELECT draw_seed FROM events") == 7
