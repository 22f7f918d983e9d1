"""The bot's own webhook server (bot/telegram/webhook.py), in process, over HTTP on 127.0.0.1.

Rules checked: Telegram's POST is refused without the secret, with a body too large or not
an update, and no refusal applies anything; an update is answered only once applied, and one
posted twice is applied once (docs/architecture.md, "Nothing lost, nothing doubled"); a tap's
acknowledgement travels in the webhook's answer, which the fake Bot API carries out as
Telegram does (Bot API, "Making requests when getting updates"), with no answerCallbackQuery
call of the bot's own; a refused press's notice too; at the stop the webhook stays set.
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bench.crash import FIRST_PLAYER_ID, TD_ID, definition, player_name
from bot.fakebot import FakeTelegram, FakeUser
from bot.fakebot.__main__ import Console
from bot.fakebot.methods import serve_call
from bot.fakebot.server import FakeBotServer
from bot.fakebot.state import StoredMessage
from bot.fakebot.webhook import carried_call
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.store.db import Database, open_database
from bot.telegram.app import BotOptions, build_application
from bot.telegram.pacing import VirtualTime
from bot.telegram.webhook import MAX_BODY, SECRET_HEADER, serve
from tests.bot.test_telegram_http import TDBOT, start_bot

SECRET = "hook_SECRET-1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def open_first_round(db_target: Path | str) -> None:
    """A knockout of two players (Ann Lim and Ben Lim), its one round open."""
    now = datetime.now(UTC)
    database = await open_database(db_target)
    try:
        async with database.transaction() as tx:
            created = await event_setup.create_event(
                tx, parse_definition(definition(2, now)), by=Actor.cli(), now=now)
            await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=now)
            first = await tx.scalar("SELECT code FROM rounds WHERE event_id = ? ORDER BY seq",
                                    (created.event_id,))
            await open_round_in(tx, created.event_id, first, by=Actor.cli(), now=now,
                                unpaid_ok=True, why="test")
    finally:
        await database.close()


class Hooked:
    """The fake Telegram, and the bot serving its webhook at ``url``."""

    def __init__(self, tg: FakeTelegram, url: str, db: Path | str) -> None:
        self.tg, self.url, self.db = tg, url, db

    async def post(self, body: bytes | dict[str, Any], *, secret: str | None = SECRET,
                   ) -> tuple[int, str, bytes]:
        """A POST as Telegram makes it: status, content type and body of the answer."""
        headers = {"Content-Type": "application/json"}
        if secret is not None:
            headers[SECRET_HEADER] = secret
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        async with aiohttp.ClientSession() as session, \
                session.post(self.url, data=data, headers=headers) as answer:
            return answer.status, answer.content_type, await answer.read()

    async def rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """What the database holds (a connection of the test's own)."""
        database: Database = await open_database(self.db)
        try:
            async with database.transaction() as tx:
                return [tuple(row) for row in await tx.all(sql, params)]
        finally:
            await database.close()

    async def claimed(self, update_id: int) -> int:
        """How many times the update's id is stored as applied."""
        return len(await self.rows("SELECT update_id FROM processed_updates "
                                   "WHERE update_id = ?", (update_id,)))


@asynccontextmanager
async def hooked(db_target: Path | str, *, deliver: bool = True) -> AsyncIterator[Hooked]:
    """The bot with ``--webhook-url``, in process, against the fake over HTTP. ``deliver``:
    the fake posts its updates (else the test posts them itself)."""
    tg = FakeTelegram(bot_username="HookBot")
    tg.add_user("Tara", user_id=TD_ID)
    for n in range(2):
        tg.add_user(player_name(FIRST_PLAYER_ID + n).split()[0], user_id=FIRST_PLAYER_ID + n)
    for user in list(tg.world.users.values()):
        tg.chat_of(user)  # each has started the bot: it may write to them
    port = free_port()
    url = f"http://127.0.0.1:{port}/tg"
    async with FakeBotServer(tg.world) as server:
        app = build_application(BotOptions(
            token=tg.token, db_path=db_target, base_url=server.base_url, webhook=True,
            pace_time=VirtualTime(), sender_idle_poll=0.05))
        stop = asyncio.Event()
        serving = asyncio.create_task(serve(app, listen="127.0.0.1", port=port, path="/tg",
                                            url=url if deliver else url + "-elsewhere",
                                            secret=SECRET, stop=stop))
        try:
            await tg.wait_until(lambda: bool(tg.world.webhook.get("url")) or serving.done(),
                                timeout=30, what="the bot to set its webhook")
            if serving.done():
                serving.result()  # start-up failed: say why
            yield Hooked(tg, url, db_target)
        finally:
            stop.set()
            await asyncio.wait_for(serving, 30)


def has(label: str) -> Callable[[StoredMessage], bool]:
    return lambda m: any(b["text"] == label for row in m.buttons() for b in row)


async def buttoned(tg: FakeTelegram, who: FakeUser, label: str) -> StoredMessage:
    await tg.wait_until(lambda: any(has(label)(m) for m in tg.sent(who)), timeout=20,
                        what=f"a message with {label!r} for {who.name}")
    return next(m for m in reversed(tg.sent(who)) if has(label)(m))


async def test_a_tap_is_acknowledged_in_the_webhook_answer(db_target: Path | str) -> None:
    await open_first_round(db_target)
    async with hooked(db_target) as bot:
        tg = bot.tg
        ann, ben = tg.world.users[FIRST_PLAYER_ID], tg.world.users[FIRST_PLAYER_ID + 1]
        tg.user_sends(ann, f"400-300 v {player_name(FIRST_PLAYER_ID + 1)}")
        draft = await buttoned(tg, ann, "I started")
        tg.user_taps(ann, draft, text="I started")
        draft = await buttoned(tg, ann, "✅ Confirm")
        tg.user_taps(ann, draft, text="✅ Confirm")
        confirm = tg.world.last_update_id
        await buttoned(tg, ben, "Agree")  # the confirmed slip reached the opponent
        await tg.wait_until(lambda: not tg.unanswered_taps(), timeout=10,
                            what="both taps answered")
        answers = tg.calls("answerCallbackQuery")
        # each tap answered once, in the webhook's answer: no call of the bot's own
        assert len(answers) == 2 and all(c.ok and c.via_webhook for c in answers)
        assert not tg.pending_updates()
        assert await bot.claimed(confirm) == 1
        assert await bot.rows("SELECT state FROM slips") == [("pending",)]
    # the stop left the webhook set: Telegram keeps posting to the fleet
    assert tg.world.webhook.get("url") == bot.url


async def test_a_refused_press_has_its_notice_in_the_webhook_answer(tmp_path: Path) -> None:
    async with hooked(tmp_path / "t.sqlite3") as bot:
        tg = bot.tg
        tara = tg.world.users[TD_ID]
        tg.user_sends(tara, "hello")
        await tg.wait_for_sent(tara, 1, timeout=20)
        tg.user_forges_tap(tara, "agree:999999")
        await tg.wait_until(lambda: len(tg.sent(tara)) == 2, timeout=20,
                            what="the refusal in the chat")
        await tg.wait_until(lambda: not tg.unanswered_taps(), timeout=10, what="the notice")
        (answer,) = tg.calls("answerCallbackQuery")
        assert answer.via_webhook and answer.ok and answer.params["text"]
        assert "[bot → Tara, notice]" in tg.transcript()


async def test_the_webhook_refuses_a_wrong_secret_a_large_body_and_not_an_update(
    tmp_path: Path,
) -> None:
    async with hooked(tmp_path / "t.sqlite3", deliver=False) as bot:
        tara = bot.tg.world.users[TD_ID]
        update = {"update_id": 5, "message": {
            "message_id": 1, "date": 0, "text": "/help", "from": tara.to_json(),
            "chat": {"id": tara.id, "type": "private", "first_name": tara.name}}}
        for secret in (None, "wrong", SECRET + "x"):
            status, _, body = await bot.post(update, secret=secret)
            assert (status, body) == (403, b"wrong or missing secret token\n")
        status, _, body = await bot.post(b"{" + b" " * MAX_BODY + b"}")
        assert status == 413 and b"larger than" in body
        assert (await bot.post(b"not json"))[0] == 400
        assert (await bot.post({"hello": 1}))[0] == 400
        assert not bot.tg.sent(tara) and await bot.claimed(5) == 0
        # the same update with the secret: applied, and stored, before the 200
        assert (await bot.post(update))[:2] == (200, "application/octet-stream")
        assert await bot.claimed(5) == 1


async def test_an_update_posted_twice_is_applied_once(tmp_path: Path) -> None:
    await open_first_round(tmp_path / "t.sqlite3")
    async with hooked(tmp_path / "t.sqlite3", deliver=False) as bot:
        ann = bot.tg.world.users[FIRST_PLAYER_ID]
        update = {"update_id": 41, "message": {
            "message_id": 1, "date": 0, "text": f"400-300 v {player_name(FIRST_PLAYER_ID + 1)}",
            "from": ann.to_json(), "chat": {"id": ann.id, "type": "private",
                                            "first_name": ann.name}}}
        answers = await asyncio.gather(bot.post(update), bot.post(update))
        assert [status for status, _, _ in answers] == [200, 200]
        assert (await bot.post(update))[0] == 200  # Telegram's retry, later
        assert await bot.claimed(41) == 1
        assert await bot.rows("SELECT state FROM slips") == [("draft",)]
        await buttoned(bot.tg, ann, "I started")
        await asyncio.sleep(0.3)  # a second answer, if the report had been applied twice
        assert len([m for m in bot.tg.sent(ann) if has("I started")(m)]) == 1


def test_the_fake_carries_out_only_a_method_call_in_a_webhook_answer() -> None:
    """Bot API, "Making requests when getting updates": JSON or a url-encoded form naming
    its method; anything else is ignored."""
    call = {"method": "answerCallbackQuery", "callback_query_id": "7", "text": "Done"}
    assert carried_call("application/json", json.dumps(call).encode()) == (
        "answerCallbackQuery", {"callback_query_id": "7", "text": "Done"})
    assert carried_call("application/x-www-form-urlencoded",
                        b"method=answerCallbackQuery&callback_query_id=7") == (
        "answerCallbackQuery", {"callback_query_id": "7"})
    for content_type, body in (("application/json", b"{"), ("application/json", b"[1]"),
                               ("application/json", b'{"text": "no method"}'),
                               ("application/json", b'{"method": 3}'),
                               ("application/octet-stream", json.dumps(call).encode()),
                               ("text/plain", b"")):
        assert carried_call(content_type, body) is None


async def test_the_fake_ignores_a_malformed_webhook_answer(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           ) -> None:
    """A bot that answers the POST with a call the fake cannot make (no such query): the
    update counts as delivered all the same, and the call is recorded as failed."""
    from bot.telegram import webhook_reply

    def forged(self: webhook_reply.TapReply, update: Any) -> dict[str, Any] | None:
        self._open.pop(id(update), None)
        return {"method": "answerCallbackQuery", "callback_query_id": "no-such-query"}

    monkeypatch.setattr(webhook_reply.TapReply, "close", forged)
    async with hooked(tmp_path / "t.sqlite3") as bot:
        tara = bot.tg.world.users[TD_ID]
        bot.tg.user_sends(tara, "hello")
        await bot.tg.wait_for_sent(tara, 1, timeout=20)
        await bot.tg.wait_until(lambda: bool(bot.tg.calls("answerCallbackQuery")),
                                timeout=10, what="the carried call")
        (call,) = bot.tg.calls("answerCallbackQuery")
        assert call.via_webhook and not call.ok
        assert not bot.tg.pending_updates()


@pytest.mark.skipif(not TDBOT.exists(), reason="the tdbot console script is not installed")
async def test_tdbot_run_stops_cleanly_on_sigterm_and_says_a_busy_port_in_one_line(
    tmp_path: Path,
) -> None:
    tg = FakeTelegram(bot_username="HookRunBot")
    async with FakeBotServer(tg.world) as server:
        sam = tg.add_user("Sam")
        port = free_port()
        hook = f"http://127.0.0.1:{port}/tg"
        options = ("--webhook-url", hook, "--listen", "127.0.0.1", "--port", str(port),
                   "--webhook-secret", SECRET)
        bot = await start_bot(server, tmp_path, *options)
        try:
            await tg.wait_until(lambda: tg.world.webhook.get("url") == hook, timeout=30,
                                what="the bot to set its webhook")
            # a second bot on the same port: one line, exit 2
            (tmp_path / "second").mkdir()
            second = await start_bot(server, tmp_path / "second", *options)
            _, err = await asyncio.wait_for(second.communicate(), timeout=60)
            assert second.returncode == 2
            assert err.decode().strip().splitlines()[-1] == (
                f"tdbot: error: --listen/--port: cannot listen on 127.0.0.1:{port} "
                "(address already in use)")
            tg.user_sends(sam, "hello")
            await tg.wait_for_sent(sam, 1, timeout=15)
        finally:
            bot.send_signal(signal.SIGTERM)
            _, err = await asyncio.wait_for(bot.communicate(), timeout=30)
        log = err.decode()
        assert bot.returncode == 0, log
        assert "Traceback" not in log and "Application.stop() complete" in log, log
        assert tg.world.webhook.get("url") == hook  # left set: Telegram keeps the updates


def test_the_fake_console_marks_a_call_carried_in_a_webhook_answer() -> None:
    tg = FakeTelegram()
    asyncio.run(serve_call(tg.world, tg.token, "answerCallbackQuery",
                           {"callback_query_id": "nope"}, {}, via_webhook=True))
    asyncio.run(serve_call(tg.world, tg.token, "getMe", {}, {}))
    lines = Console(tg).handle(":calls")
    assert lines is not None
    first, second = lines.splitlines()
    assert first.endswith("(in a webhook answer)") and "answerCallbackQuery 400" in first
    assert second == "   2 getMe 200"
