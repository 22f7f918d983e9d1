"""The fake Bot API, in-process, driven by a tiny real python-telegram-bot Application.

What is checked is what the tests need of the fake ("The fake Bot API"):
messages arrive, replies and callback answers are recorded, 429 bursts are retried by
PTB's AIORateLimiter and each message is delivered exactly once, a block surfaces as
telegram.error.Forbidden, and getUpdates honours offset, limit, timeout and
allowed_updates as the Bot API documents them (https://core.telegram.org/bots/api).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import (
    BadRequest,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TimedOut,
)
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from bot.fakebot import FakeTelegram, retry_after, server_error, timed_out

KEYBOARD = InlineKeyboardMarkup(
    [
        [
            InlineKeyboardButton("Agree", callback_data="agree"),
            InlineKeyboardButton("Dispute", callback_data="dispute"),
        ]
    ]
)


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.effective_user is not None
    await update.message.reply_html(
        f"Hello <b>{update.effective_user.first_name}</b>, args={context.args}",
        reply_markup=KEYBOARD,
    )


async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.message is not None and update.message.text is not None
    await update.message.reply_text(update.message.text)


async def tapped(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    query = update.callback_query
    assert query is not None
    await query.answer(f"Recorded: {query.data}")
    await query.edit_message_text(f"You chose <i>{query.data}</i>", parse_mode="HTML")


async def burst(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    assert update.effective_chat is not None
    for n in range(1, 4):
        await context.bot.send_message(update.effective_chat.id, f"part {n}")


def build_app(
    tg: FakeTelegram, *, max_retries: int = 0
) -> Application[Any, Any, Any, Any, Any, Any]:
    request = tg.request()
    builder = ApplicationBuilder().token(tg.token).request(request).get_updates_request(request)
    if max_retries:
        builder = builder.rate_limiter(AIORateLimiter(max_retries=max_retries))
    app = builder.build()
    app.add_handler(CommandHandler("start", start))
    app.add_handler(CommandHandler("burst", burst))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    app.add_handler(CallbackQueryHandler(tapped))
    return app


async def running(app: Application[Any, Any, Any, Any, Any, Any]) -> AsyncIterator[None]:
    async with app:
        await app.start()
        assert app.updater is not None
        await app.updater.start_polling(timeout=1)
        try:
            yield
        finally:
            await app.updater.stop()
            await app.stop()


@pytest.fixture
def tg() -> FakeTelegram:
    return FakeTelegram(clock=lambda: datetime(2026, 3, 2, 9, 0, tzinfo=UTC))


@pytest.fixture
async def bot(tg: FakeTelegram) -> AsyncIterator[Bot]:
    """A bare initialized Bot on the fake, for calling methods directly."""
    async with Bot(tg.token, request=tg.request(), get_updates_request=tg.request()) as b:
        yield b


async def test_echo_app_replies_with_keyboard_and_answers_the_tap(tg: FakeTelegram) -> None:
    alice = tg.add_user("Alice", username="alice")
    async for _ in running(build_app(tg)):
        tg.user_sends(alice, "/start abc")
        [hello] = await tg.wait_for_sent(alice)
        tg.user_sends(alice, "412-380")
        await tg.wait_for_sent(alice, 2)
        query = tg.user_taps(alice, hello, "dispute")
        await tg.wait_for_call("editMessageText")
    assert query.answered and query.answer_text == "Recorded: dispute"
    assert hello.text == "You chose dispute"
    assert hello.entities == [{"type": "italic", "offset": 10, "length": 7}]
    assert hello.buttons() == []  # editMessageText without reply_markup drops the keyboard
    assert tg.transcript() == "\n".join(
        [
            "[Alice] /start abc",
            "[bot → Alice] Hello Alice, args=['abc']",
            "    [Agree] [Dispute]",
            "[Alice] 412-380",
            "[bot → Alice] 412-380",
            "[Alice taps Dispute]",
            "[bot → Alice, notice] Recorded: dispute",
            "[bot → Alice, edited #2] You chose dispute",
        ]
    )
    [sent] = [c for c in tg.calls("sendMessage") if "args" in c.params["text"]]
    assert sent.params["chat_id"] == alice.id and sent.params["parse_mode"] == "HTML"
    assert sent.at == datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    assert hello.date == int(datetime(2026, 3, 2, 9, 0, tzinfo=UTC).timestamp())


async def test_429_burst_is_retried_and_each_message_delivered_once(tg: FakeTelegram) -> None:
    alice = tg.add_user("Alice")
    tg.faults.add("sendMessage", retry_after(1), times=2)
    async for _ in running(build_app(tg, max_retries=3)):
        tg.user_sends(alice, "/burst")
        await tg.wait_for_sent(alice, 3, timeout=10)
        await tg.wait_until(lambda: tg.faults.pending() == 0, what="faults used up")
    assert [m.text for m in tg.sent(alice)] == ["part 1", "part 2", "part 3"]
    statuses = [c.status for c in tg.calls("sendMessage")]
    assert statuses == [429, 429, 200, 200, 200]
    assert tg.calls("sendMessage")[0].error == "Too Many Requests: retry after 1"


async def test_429_beyond_max_retries_surfaces_as_retry_after(tg: FakeTelegram) -> None:
    alice = tg.add_user("Alice")
    errors: list[object] = []

    async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        errors.append(context.error)

    tg.faults.add("sendMessage", retry_after(1), times=2)
    app = build_app(tg, max_retries=1)
    app.add_error_handler(on_error)
    async for _ in running(app):
        tg.user_sends(alice, "hello")
        await tg.wait_until(lambda: bool(errors), timeout=10, what="the error handler")
    assert type(errors[0]).__name__ == "RetryAfter"
    assert tg.sent(alice) == []


async def test_blocked_user_is_forbidden_and_the_bot_is_told(tg: FakeTelegram, bot: Bot) -> None:
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    tg.user_blocks_bot(alice)
    with pytest.raises(Forbidden, match="(?i)bot was blocked by the user"):
        await bot.send_message(alice.id, "Your match is due")
    updates = await bot.get_updates()
    member = updates[-1].my_chat_member
    assert member is not None and member.new_chat_member.status == "kicked"
    assert tg.sent(alice) == []
    tg.user_sends(alice, "/start")  # the client unblocks the bot first
    await bot.send_message(alice.id, "welcome back")
    assert "[Alice blocked the bot]" in tg.transcript()
    assert "[Alice unblocked the bot]" in tg.transcript()


async def test_bot_cannot_write_first_or_to_unknown_chats(tg: FakeTelegram, bot: Bot) -> None:
    stranger = tg.add_user("Stranger")
    with pytest.raises(Forbidden, match="(?i)can't initiate conversation"):
        await bot.send_message(stranger.id, "hi")
    with pytest.raises(BadRequest, match="(?i)chat not found"):
        await bot.send_message(424242, "hi")


async def test_wrong_token_is_invalid_token(tg: FakeTelegram) -> None:
    with pytest.raises(InvalidToken):
        async with Bot("1:wrong", request=tg.request(), get_updates_request=tg.request()):
            pass


async def test_get_updates_offset_limit_and_allowed_updates(tg: FakeTelegram, bot: Bot) -> None:
    alice = tg.add_user("Alice")
    for text in ("one", "two", "three"):
        tg.user_sends(alice, text)
    first = await bot.get_updates(limit=2)
    assert [u.message.text for u in first if u.message] == ["one", "two"]
    second = await bot.get_updates(offset=first[-1].update_id + 1)
    assert [u.message.text for u in second if u.message] == ["three"]
    assert tg.pending_updates() == 1  # "one" and "two" are confirmed and forgotten
    again = await bot.get_updates(offset=second[-1].update_id)
    assert [u.update_id for u in again] == [second[-1].update_id]
    tg.user_sends(alice, "four")
    tg.user_sends(alice, "five")
    last = await bot.get_updates(offset=-1)
    assert [u.message.text for u in last if u.message] == ["five"]
    # Only callback queries wanted: messages are dropped, as Telegram does.
    hello = await bot.send_message(alice.id, "pick", reply_markup=KEYBOARD)
    tg.user_sends(alice, "ignored")
    stored = tg.sent(alice)[-1]
    assert stored.message_id == hello.message_id
    tg.user_taps(alice, stored, "agree")
    only = await bot.get_updates(offset=last[-1].update_id + 1, allowed_updates=["callback_query"])
    assert [u.callback_query.data for u in only if u.callback_query] == ["agree"]
    assert all(u.message is None for u in only)


async def test_long_poll_waits_for_the_next_update(tg: FakeTelegram, bot: Bot) -> None:
    alice = tg.add_user("Alice")
    poll = asyncio.create_task(bot.get_updates(timeout=5))
    await tg.wait_until(lambda: bool(tg.world._waiters), what="the poll to wait")
    assert not poll.done()
    tg.user_sends(alice, "late result 400-350")
    updates = await poll
    assert [u.message.text for u in updates if u.message] == ["late result 400-350"]


async def test_second_poller_makes_the_first_conflict(tg: FakeTelegram, bot: Bot) -> None:
    first = asyncio.create_task(bot.get_updates(timeout=5))
    await tg.wait_until(lambda: bool(tg.world._waiters), what="the first poll to wait")
    second = asyncio.create_task(bot.get_updates(timeout=0))
    with pytest.raises(Conflict, match="(?i)terminated by other getUpdates"):
        await first
    assert await second == ()


async def test_webhook_blocks_polling_until_deleted(tg: FakeTelegram, bot: Bot) -> None:
    assert await bot.set_webhook("https://bot.example.org/hook", secret_token="s3cret")
    info = await bot.get_webhook_info()
    assert info.url == "https://bot.example.org/hook"
    with pytest.raises(Conflict, match="(?i)webhook is active"):
        await bot.get_updates()
    with pytest.raises(BadRequest, match="(?i)secret token"):
        await bot.set_webhook("https://bot.example.org/hook", secret_token="no spaces")
    assert await bot.delete_webhook()
    assert await bot.get_updates() == ()


async def test_commands_per_scope_and_the_menu_a_user_sees(tg: FakeTelegram, bot: Bot) -> None:
    from telegram import BotCommandScopeAllPrivateChats, BotCommandScopeChat

    tara = tg.add_user("Tara")
    ben = tg.add_user("Ben")
    tg.user_sends(tara, "/start")
    tg.user_sends(ben, "/start")
    await bot.set_my_commands([("report", "Report a result")])
    await bot.set_my_commands([("help", "Help")], scope=BotCommandScopeAllPrivateChats())
    await bot.set_my_commands(
        [("rule", "Rule on a dispute"), ("draw", "Make the draw")],
        scope=BotCommandScopeChat(tara.id),
    )
    assert [c.command for c in await bot.get_my_commands()] == ["report"]
    assert [c.command for c in await bot.get_my_commands(scope=BotCommandScopeChat(tara.id))] == [
        "rule",
        "draw",
    ]
    assert tg.commands_shown(tara) == ["rule", "draw"]
    assert tg.commands_shown(ben) == ["help"]
    await bot.delete_my_commands(scope=BotCommandScopeAllPrivateChats())
    assert tg.commands_shown(ben) == ["report"]
    with pytest.raises(BadRequest, match="(?i)BOT_COMMAND_INVALID"):
        await bot.set_my_commands([("Bad-Name", "x")])


async def test_html_is_parsed_like_telegram(tg: FakeTelegram, bot: Bot) -> None:
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    with pytest.raises(BadRequest, match="(?i)can't parse entities"):
        await bot.send_message(alice.id, "Your opponent is <Bob>", parse_mode="HTML")
    sent = await bot.send_message(
        alice.id, "Your opponent is &lt;Bob&gt; <b>now</b>", parse_mode="HTML"
    )
    assert sent.text == "Your opponent is <Bob> now"
    assert sent.entities[0].type == "bold" and sent.entities[0].offset == 23
    with pytest.raises(BadRequest, match="(?i)message is too long"):
        await bot.send_message(alice.id, "x" * 4097)
    with pytest.raises(BadRequest, match="(?i)message text is empty"):
        await bot.send_message(alice.id, "  <b> </b>", parse_mode="HTML")


async def test_buttons_edits_and_callback_answers_are_checked(tg: FakeTelegram, bot: Bot) -> None:
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    too_long = InlineKeyboardMarkup([[InlineKeyboardButton("X", callback_data="x" * 65)]])
    with pytest.raises(BadRequest, match="(?i)BUTTON_DATA_INVALID"):
        await bot.send_message(alice.id, "pick", reply_markup=too_long)
    sent = await bot.send_message(alice.id, "pick", reply_markup=KEYBOARD)
    with pytest.raises(BadRequest, match="(?i)message is not modified"):
        await bot.edit_message_text("pick", alice.id, sent.message_id, reply_markup=KEYBOARD)
    await bot.edit_message_reply_markup(alice.id, sent.message_id)
    assert tg.sent(alice)[-1].buttons() == []
    with pytest.raises(ValueError, match="(?i)has no button 'agree'"):
        tg.user_taps(alice, tg.sent(alice)[-1], "agree")
    await bot.edit_message_reply_markup(alice.id, sent.message_id, reply_markup=KEYBOARD)
    query = tg.user_taps(alice, tg.sent(alice)[-1], text="Agree")
    assert await bot.answer_callback_query(query.id)
    with pytest.raises(BadRequest, match="(?i)query is too old"):
        await bot.answer_callback_query(query.id)
    with pytest.raises(BadRequest, match="(?i)message can't be edited"):
        await bot.edit_message_text("hijack", alice.id, 1)  # Alice's own /start
    assert await bot.delete_message(alice.id, sent.message_id)
    assert tg.sent(alice) == []
    with pytest.raises(BadRequest, match="(?i)message to edit not found"):
        await bot.edit_message_text("gone", alice.id, sent.message_id)


async def test_tap_label_finds_the_latest_message_that_still_has_the_button(
    tg: FakeTelegram, bot: Bot
) -> None:
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    first = await bot.send_message(alice.id, "first", reply_markup=KEYBOARD)
    second = await bot.send_message(alice.id, "second", reply_markup=KEYBOARD)
    await bot.send_message(alice.id, "no buttons here")
    assert tg.buttons_of(alice) == ["Agree", "Dispute", "Agree", "Dispute"]
    assert tg.tap_label(alice, "Agree").message.message_id == second.message_id
    await bot.edit_message_reply_markup(alice.id, second.message_id)  # the keyboard goes
    assert tg.buttons_of(alice) == ["Agree", "Dispute"]
    query = tg.tap_label(alice, "Dispute")
    assert (query.message.message_id, query.data) == (first.message_id, "dispute")
    await bot.delete_message(alice.id, first.message_id)
    with pytest.raises(AssertionError, match="Alice has no message with a 'Agree' button; "
                       "their chat offers: no buttons"):
        tg.tap_label(alice, "Agree")


async def test_timeouts_and_server_errors(tg: FakeTelegram, bot: Bot) -> None:
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "/start")
    tg.faults.add("sendMessage", timed_out())
    with pytest.raises(TimedOut):
        await bot.send_message(alice.id, "lost before delivery")
    assert tg.sent(alice) == []
    tg.faults.add("sendMessage", timed_out(delivered=True))
    with pytest.raises(TimedOut):
        await bot.send_message(alice.id, "delivered, answer lost")
    assert [m.text for m in tg.sent(alice)] == ["delivered, answer lost"]
    tg.faults.add(None, server_error(502), chat_id=alice.id)
    with pytest.raises(NetworkError, match="(?i)Bad Gateway"):
        await bot.send_chat_action(alice.id, "typing")
    assert [c.status for c in tg.calls()][-3:] == [0, 0, 502]


async def test_fault_for_one_chat_leaves_the_others_alone(tg: FakeTelegram, bot: Bot) -> None:
    alice, bob = tg.add_user("Alice"), tg.add_user("Bob")
    tg.user_sends(alice, "/start")
    tg.user_sends(bob, "/start")
    tg.faults.add("sendMessage", server_error(500), times=3, chat_id=bob.id)
    await bot.send_message(alice.id, "fine")
    with pytest.raises(NetworkError):
        await bot.send_message(bob.id, "fails")
    assert tg.faults.pending() == 2


async def test_group_privacy_mode(tg: FakeTelegram, bot: Bot) -> None:
    alice, tara = tg.add_user("Alice"), tg.add_user("Tara")
    club = tg.add_group("Club", [alice], admins=[tara])
    tg.user_sends(alice, "good game everyone", chat=club)
    tg.user_sends(alice, "/report@tdbot_test_bot 400-380", chat=club)
    notice = await bot.send_message(club.id, "Round 2 is out")
    tg.user_sends(tara, "thanks", chat=club, reply_to=tg.sent(club)[-1])
    updates = await bot.get_updates()
    texts = [u.message.text for u in updates if u.message]
    assert texts == ["/report@tdbot_test_bot 400-380", "thanks"]
    assert updates[-1].message.reply_to_message.message_id == notice.message_id
    assert "[Alice @ Club] good game everyone" in tg.transcript(club)
    outsider = tg.add_user("Eve")
    with pytest.raises(ValueError, match="(?i)not a member"):
        tg.user_sends(outsider, "hi", chat=club)


async def test_documents_and_photos_by_upload_and_file_id(tg: FakeTelegram, bot: Bot) -> None:
    alice = tg.add_user("Alice")
    tg.user_sends_document(alice, b"#begin_event\n", "club.tou", caption="results")
    [update] = await bot.get_updates()
    document = update.message.document
    assert document.file_name == "club.tou" and update.message.caption == "results"
    file = await bot.get_file(document.file_id)
    assert bytes(await file.download_as_bytearray()) == b"#begin_event\n"
    again = await bot.send_document(
        alice.id, document.file_id, caption="<i>copy</i>", parse_mode="HTML"
    )
    assert again.document.file_id == document.file_id and again.caption == "copy"
    with pytest.raises(BadRequest, match="(?i)can't use file of type Document as Photo"):
        await bot.send_photo(alice.id, document.file_id)
    with pytest.raises(BadRequest, match="(?i)wrong file identifier"):
        await bot.send_photo(alice.id, "no-such-file")
    photo = await bot.send_photo(
        alice.id, b"\x89PNG\r\n\x1a\n" + b"\0" * 8 + b"\0\0\0\x02\0\0\0\x03"
    )
    assert (photo.photo[-1].width, photo.photo[-1].height) == (2, 3)
    assert tg.calls("sendPhoto")[-1].files == {"photo": "application.octet-stream"}
    assert "[bot → Alice] [document club.tou] copy" in tg.transcript()


async def test_injected_clock_dates_messages(tg: FakeTelegram) -> None:
    now = [datetime(2026, 5, 1, 12, 0, tzinfo=UTC)]
    moving = FakeTelegram(clock=lambda: now[0])
    alice = moving.add_user("Alice")
    first = moving.user_sends(alice, "a")
    now[0] += timedelta(days=3)
    second = moving.user_sends(alice, "b")
    assert second.date - first.date == 3 * 86400


async def test_forward_copy_and_pin_a_board_photo_to_the_td(tg: FakeTelegram, bot: Bot) -> None:
    alice, tara = tg.add_user("Alice"), tg.add_user("Tara")
    tg.user_sends(tara, "/start")
    photo = tg.user_sends_photo(alice, b"\xff\xd8jpeg", caption="board, game 3")
    forwarded = await bot.forward_message(tara.id, alice.id, photo.message_id)
    assert forwarded.forward_origin is not None
    assert forwarded.forward_origin.sender_user.id == alice.id
    assert photo.photo is not None and forwarded.photo[-1].file_id == photo.photo.file_id
    copied = await bot.copy_message(
        tara.id, alice.id, photo.message_id, caption="<b>Alice</b>, game 3", parse_mode="HTML"
    )
    copy = tg.sent(tara)[-1]
    assert copy.message_id == copied.message_id and copy.caption == "Alice, game 3"
    assert await bot.pin_chat_message(tara.id, copy.message_id)
    assert tg.chat_of(tara).pinned == copy.message_id
    assert "[bot → Tara] [forwarded from Alice] [photo] board, game 3" in tg.transcript(tara)
    with pytest.raises(BadRequest, match="(?i)message to forward not found"):
        await bot.forward_message(tara.id, alice.id, 999)


async def test_chat_members_tell_admins_from_players(tg: FakeTelegram, bot: Bot) -> None:
    alice, tara, eve = tg.add_user("Alice"), tg.add_user("Tara"), tg.add_user("Eve")
    club = tg.add_group("Club", [alice], admins=[tara])
    assert (await bot.get_chat_member(club.id, tara.id)).status == "administrator"
    assert (await bot.get_chat_member(club.id, alice.id)).status == "member"
    assert (await bot.get_chat_member(club.id, eve.id)).status == "left"
    assert [m.user.id for m in await bot.get_chat_administrators(club.id)] == [tara.id]
    info = await bot.get_chat(club.id)
    assert info.title == "Club" and info.type == "supergroup"
    with pytest.raises(BadRequest, match="(?i)not enough rights"):
        await bot.pin_chat_message(club.id, (await bot.send_message(club.id, "x")).message_id)


async def test_flood_control_answers_429_beyond_telegrams_limits(bot: Bot) -> None:
    """Bots FAQ limits: 1 message/s in a chat, 20/min in a group, about 30/s overall."""
    from bot.fakebot.flood import FloodControl

    now = [0.0]
    flood = FloodControl(overall=3, monotonic=lambda: now[0])
    tg = FakeTelegram(flood=flood)
    users = [tg.add_user(f"P{n}") for n in range(4)]
    for user in users:
        tg.user_sends(user, "/start")
    async with Bot(tg.token, request=tg.request(), get_updates_request=tg.request()) as b:
        for user in users[:3]:
            await b.send_message(user.id, "pairings")
        with pytest.raises(RetryAfter) as caught:
            await b.send_message(users[3].id, "pairings")  # 4th in the same second
        assert caught.value.retry_after == 1
        now[0] += 0.5
        with pytest.raises(RetryAfter):
            await b.send_message(users[0].id, "second to P0 within a second")
        now[0] += 0.6
        await b.send_message(users[3].id, "pairings")
        await b.send_message(users[0].id, "now fine")
    club = tg.add_group("Club", users)
    tg.world.flood = FloodControl(monotonic=lambda: now[0])  # Telegram's own figures
    for n in range(20):  # a burst of 20 group messages fits; the 21st waits 3 s (60/20)
        await flood_send(tg, club.id, n)
    with pytest.raises(RetryAfter) as caught:
        await flood_send(tg, club.id, 20)
    assert caught.value.retry_after == 3
    now[0] += 3.0
    await flood_send(tg, club.id, 21)


async def flood_send(tg: FakeTelegram, chat_id: int, n: int) -> None:
    async with Bot(tg.token, request=tg.request(), get_updates_request=tg.request()) as b:
        await b.send_message(chat_id, f"notice {n}")


async def test_rate_limited_broadcast_stays_under_the_flood_limit() -> None:
    """PTB's AIORateLimiter keeps a 12-player broadcast under 1/s per chat and 10/s overall."""
    from bot.fakebot.flood import FloodControl

    tg = FakeTelegram(flood=FloodControl(overall=10))
    players = [tg.add_user(f"P{n}") for n in range(12)]
    for player in players:
        tg.user_sends(player, "/start")
    limiter = AIORateLimiter(overall_max_rate=10, overall_time_period=1, max_retries=0)
    request = tg.request()
    app = (
        ApplicationBuilder()
        .token(tg.token)
        .request(request)
        .get_updates_request(request)
        .rate_limiter(limiter)
        .build()
    )
    async with app:
        await asyncio.gather(*(app.bot.send_message(p.id, "Round 2 pairings") for p in players))
    assert all(c.status == 200 for c in tg.calls("sendMessage"))
    assert all(len(tg.sent(p)) == 1 for p in players)
    # The same broadcast without the limiter floods: the fake says so.
    async with Bot(tg.token, request=tg.request(), get_updates_request=tg.request()) as bare:
        results = await asyncio.gather(
            *(bare.send_message(p.id, "Round 3 pairings") for p in players),
            return_exceptions=True,
        )
    assert any(isinstance(r, RetryAfter) for r in results)


async def test_redeliver_sends_an_update_again_in_order(tg: FakeTelegram, bot: Bot) -> None:
    alice = tg.add_user("Alice")
    tg.user_sends(alice, "400-380")
    [first] = await bot.get_updates()
    tg.user_sends(alice, "later")
    tg.redeliver(first.update_id)
    again = await bot.get_updates(offset=first.update_id)
    assert [u.update_id for u in again] == [first.update_id, first.update_id + 1]
    assert again[0].message is not None and again[0].message.text == "400-380"
    with pytest.raises(ValueError, match="no update 999"):
        tg.redeliver(999)


def test_console_lines_act_as_users() -> None:
    from bot.fakebot.__main__ import Console

    tg = FakeTelegram()
    console = Console(tg)
    assert console.handle("Alice: /start abc") is None
    assert console.handle("Alice@Club: /report 400-380") is None
    assert console.handle("Alice tap Agree") == "Alice has no message with buttons to tap"
    assert console.handle("Alice photo /no/such.jpg") == "photo: no such file '/no/such.jpg'"
    assert console.handle("what?") == "not understood; type :help"
    assert "Alice tap Agree" in (console.handle(":help") or "")
    assert tg.transcript().splitlines() == ["[Alice] /start abc", "[Alice @ Club] /report 400-380"]
    assert [u["message"]["text"] for u in tg.world.updates] == ["/start abc", "/report 400-380"]
    assert console.handle("Bea lang fr-CA") is None
    assert console.user("Bea").language_code == "fr-CA"
    assert console.user("Alice").language_code == "en"
    assert console.handle("Bea lang") == "lang: give a language code, e.g. Alice lang fr"
    assert console.handle("Bea: bonjour") is None
    assert tg.world.updates[-1]["message"]["from"]["language_code"] == "fr-CA"


async def test_file_size_limits(tg: FakeTelegram, bot: Bot) -> None:
    """Bot API: uploads up to 50 MB, getFile downloads up to 20 MB."""
    alice = tg.add_user("Alice")
    big = tg.user_sends_document(alice, b"x" * (20 * 1024 * 1024 + 1), "scan.pdf")
    assert big.document is not None
    with pytest.raises(BadRequest, match="(?i)file is too big"):
        await bot.get_file(big.document.file_id)
    with pytest.raises(NetworkError, match="Request Entity Too Large"):
        await bot.send_document(alice.id, b"x" * (50 * 1024 * 1024 + 1), filename="huge.bin")
