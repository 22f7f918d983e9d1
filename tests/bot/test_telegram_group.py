"""The event's group chat, through the real PTB Application and the fake Bot API.

A TD links the club's group with /link; round openings and results, once final (with
the division's bracket picture), are posted there; strangers get nothing; /bracket works in
the group and in a private chat; a group that becomes a supergroup is followed.
The club cup: SF best of 3 (M1 Ann v Dev, M2 Ben v Cai), Final best of 5.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.fakebot import FakeChat, FakeUser, chat_migrated
from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.store import groups_repo
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import IDS, club_cup_bot

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    """The club cup drawn, SF not open; Sam is in the club's group but not in the event."""
    async with club_cup_bot(tmp_path, open_sf=False) as under_test:
        under_test.telegram.add_user("Sam", user_id=9099)
        yield under_test


def user(bot: BotUnderTest, tg_id: int) -> FakeUser:
    return bot.telegram.world.users[tg_id]


def group_of(bot: BotUnderTest) -> FakeChat:
    members = [user(bot, i) for i in (*IDS.values(), 9099)]
    return bot.telegram.add_group("Club", members)


async def in_group(bot: BotUnderTest, chat: FakeChat, tg_id: int, text: str) -> None:
    bot.telegram.user_sends(user(bot, tg_id), text, chat=chat)
    await bot.settle()


def posts(bot: BotUnderTest, chat: FakeChat) -> list[str]:
    return [m.text or m.caption or "" for m in bot.telegram.sent(chat)]


async def open_sf(bot: BotUnderTest) -> None:
    async with bot.runtime.db.transaction() as tx:
        await open_round_in(tx, bot.event_id, "SF", by=Actor.cli(),  # type: ignore[attr-defined]
                            now=bot.clock(), unpaid_ok=True, why="fees at the venue")
    await bot.settle()


async def ann_beats_dev(bot: BotUnderTest) -> None:
    ann = user(bot, IDS["Ann Lee"])
    for text in ("412-380", "400-350"):
        bot.telegram.user_sends(ann, text)
        await bot.settle()
        for message in reversed(bot.telegram.sent(ann)):
            labels = [b["text"] for row in message.buttons() for b in row]
            if "I started" in labels:
                bot.telegram.user_taps(ann, message, text="I started")
                await bot.settle()
                break
        for message in reversed(bot.telegram.sent(ann)):
            if any(b["text"] == "✅ Confirm" for row in message.buttons() for b in row):
                bot.telegram.user_taps(ann, message, text="✅ Confirm")
                await bot.settle()
                break


async def test_a_td_links_the_group_and_it_sees_the_round_and_the_results(bot: BotUnderTest) -> None:
    chat = group_of(bot)
    await in_group(bot, chat, IDS["Tara TD"], "/link club-cup")
    (linked,) = posts(bot, chat)
    assert "This group now follows" in linked and "/bracket" in linked
    await open_sf(bot)
    opened = posts(bot, chat)[-1]
    assert "SF</b> is open until" in opened or "SF is open until" in opened
    assert "Ann Lee v Dev Rao" in opened and "private chat" in opened
    await ann_beats_dev(bot)
    assert posts(bot, chat)[-1] == opened  # Dev may still dispute: nothing is posted yet
    for _ in range(2):  # Dev agrees both games: the result is final
        await bot.tap(user(bot, IDS["Dev Rao"]), "Agree")
    result = bot.telegram.sent(chat)[-1]
    assert result.photo is not None and result.photo.data.startswith(PNG)
    assert "Ann Lee 2-0 Dev Rao" in (result.caption or "")
    assert "Ann Lee wins the match" in (result.caption or "")
    # nothing private reaches the group: no phone, no slip, no TD's name
    assert not any("8333" in p or "Tara" in p or "slip" in p for p in posts(bot, chat))


async def test_strangers_and_players_cannot_link_and_strangers_hear_nothing(
    bot: BotUnderTest,
) -> None:
    chat = group_of(bot)
    await in_group(bot, chat, 9099, "/link club-cup")
    assert posts(bot, chat) == []  # a stranger: no answer at all
    await in_group(bot, chat, 9099, "/link no-such-event")
    assert posts(bot, chat) == []
    await in_group(bot, chat, IDS["Ben Ong"], "/link club-cup")
    assert posts(bot, chat) == ["⚠️ Only a TD or organiser of that event can link a group to it."]
    await in_group(bot, chat, IDS["Ben Ong"], "/link no-such-event")  # the same: leaks nothing
    assert posts(bot, chat)[-1] == "⚠️ Only a TD or organiser of that event can link a group to it."
    await in_group(bot, chat, 9099, "/unlink")
    assert len(posts(bot, chat)) == 2
    async with bot.runtime.db.transaction() as tx:
        assert await groups_repo.group_of(tx, bot.event_id) is None  # type: ignore[attr-defined]


async def test_bracket_in_the_group_and_in_private_and_unlink(bot: BotUnderTest) -> None:
    chat = group_of(bot)
    await in_group(bot, chat, 9099, "/bracket")
    assert "follows no event yet" in posts(bot, chat)[-1]
    await in_group(bot, chat, IDS["Tara TD"], "/link club-cup")
    await in_group(bot, chat, 9099, "/bracket")  # anyone in a linked group sees the bracket
    picture = bot.telegram.sent(chat)[-1]
    assert picture.photo is not None and picture.photo.data.startswith(PNG)
    assert "the bracket now" in (picture.caption or "")
    ben = user(bot, IDS["Ben Ong"])
    bot.telegram.user_sends(ben, "/bracket")
    await bot.settle()
    mine = bot.telegram.last_sent(ben)
    assert mine.photo is not None and "the bracket now" in (mine.caption or "")
    sam = user(bot, 9099)
    bot.telegram.user_sends(sam, "/bracket")
    await bot.settle()
    assert bot.telegram.last_sent(sam).photo is None
    await in_group(bot, chat, IDS["Ben Ong"], "/unlink")
    assert posts(bot, chat)[-1] == "⚠️ Only a TD or organiser of the event can unlink this group."
    await in_group(bot, chat, IDS["Tara TD"], "/unlink")
    assert "no longer follows" in posts(bot, chat)[-1]
    await open_sf(bot)
    assert "is open" not in posts(bot, chat)[-1]


async def test_a_group_that_became_a_supergroup_is_followed(bot: BotUnderTest) -> None:
    chat = group_of(bot)
    await in_group(bot, chat, IDS["Tara TD"], "/link club-cup")
    supergroup = group_of(bot)  # what Telegram made of it
    bot.telegram.faults.add("sendMessage", chat_migrated(supergroup.id), times=1, chat_id=chat.id)
    await open_sf(bot)  # the post to the old id is refused with the new id: it goes there
    await bot.settle()
    async with bot.runtime.db.transaction() as tx:
        assert await groups_repo.group_of(tx, bot.event_id) == supergroup.id  # type: ignore[attr-defined]
    assert "is open" in posts(bot, supergroup)[-1]


async def test_the_groups_service_message_about_the_move_is_followed(bot: BotUnderTest) -> None:
    chat = group_of(bot)
    await in_group(bot, chat, IDS["Tara TD"], "/link club-cup")
    new_id = -1008888000222
    tara = user(bot, IDS["Tara TD"])
    message = bot.telegram.world.new_message(chat, tara, extra={"migrate_to_chat_id": new_id})
    bot.telegram.world.push_update("message", message.to_json())
    await bot.settle()
    async with bot.runtime.db.transaction() as tx:
        assert await groups_repo.group_of(tx, bot.event_id) == new_id  # type: ignore[attr-defined]
        assert await groups_repo.event_of_group(tx, chat.id) is None


async def test_an_outbox_row_with_a_drawn_picture_goes_out_as_a_photo(bot: BotUnderTest) -> None:
    from bot.service.platform import outbox
    from bot.store import media_repo

    chat = group_of(bot)
    png = PNG + b"not really a picture, but bytes the sender must pass on unchanged"
    async with bot.runtime.db.transaction() as tx:
        media_id = await media_repo.add_png(tx, png, bot.clock())
        await outbox.enqueue(tx, chat_id=chat.id, text_html="<b>Board</b> &amp; more",
                             now=bot.clock(), media_id=media_id)
    bot.runtime.sender.kick()
    await bot.settle()
    (sent,) = bot.telegram.sent(chat)
    assert sent.photo is not None and sent.photo.data == png
    assert sent.caption == "Board & more"
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM outbox WHERE media_id = ?", (media_id,)) == "sent"


async def test_link_in_a_private_chat_says_where_to_send_it(bot: BotUnderTest) -> None:
    tara = user(bot, IDS["Tara TD"])
    bot.telegram.user_sends(tara, "/link club-cup")
    await bot.settle()
    assert bot.telegram.last_sent(tara).text == (
        "Send this in your event's group chat: add me to the group, then send "
        "/link EVENT-SLUG there (/unlink there stops it).")
