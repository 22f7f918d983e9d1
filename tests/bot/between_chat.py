"""What the tests of the players' relay, arranging and no-show claims share: reading the
stored rows of the club cup (tests/bot/data/club_cup.toml: SF open, M1 Ann v Dev, M2 Ben v
Cai; the clock starts Mon 02 Mar 2026 17:00 in Singapore, SF closes Mon 09 Mar 23:59)."""

from __future__ import annotations

from typing import Any

from bot.telegram.harness import BotUnderTest


async def rows(bot: BotUnderTest, query: str, *args: Any) -> list[tuple[Any, ...]]:
    async with bot.runtime.db.transaction() as tx:
        return [tuple(r) for r in await tx.all(query, args)]


async def match_id(bot: BotUnderTest, code: str) -> int:
    found = await rows(bot, "SELECT id FROM matches WHERE code = ?", code)
    return int(found[0][0])


def documents(bot: BotUnderTest, user: Any) -> list[tuple[str, bytes]]:
    return [(m.document.file_name or "", m.document.data) for m in bot.telegram.sent(user)
            if m.document is not None]


async def outbox_since(bot: BotUnderTest, after: int) -> list[tuple[str, str, bool]]:
    """The outbox rows written after row ``after``: (to whom, by name or chat id, the text,
    whether it carries a file), in the order written. A reply to a private chat is the
    person's whose chat it is."""
    found = await rows(bot, "SELECT COALESCE(p.name, q.name, CAST(o.chat_id AS TEXT)),"
                            " o.text_html, o.media_id IS NOT NULL FROM outbox o"
                            " LEFT JOIN people p ON p.id = o.person_id"
                            " LEFT JOIN people q ON o.person_id IS NULL AND q.tg_user_id = o.chat_id"
                            " WHERE o.id > ? ORDER BY o.id", after)
    return [(str(to), str(text), bool(media)) for to, text, media in found]


async def last_outbox_id(bot: BotUnderTest) -> int:
    return int((await rows(bot, "SELECT COALESCE(MAX(id), 0) FROM outbox"))[0][0])
