"""Delivery order as a person reads it, through the real PTB Application and the fake.

Seen: a player approved after the round opened got the draw notice and "SF is open" (queued
for them while they had no Telegram account) before "A TD approved your entry". What waited
for a person's link now arrives right behind the message that tells them they are in.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.service.events.draw import draw_event
from bot.service.events.lookup import lookup_event
from bot.service.events.rounds import open_round
from bot.service.events.schedule import find_round
from bot.service.fees.payments import record_payment, unpaid
from bot.service.platform.unit import Request, reading
from bot.telegram.harness import BotUnderTest

DEFINITION = (Path(__file__).parent / "data" / "club_cup.toml").read_bytes()
ORGANISER_ID = 500


async def test_a_player_approved_after_the_round_opened_reads_the_welcome_first(
    tmp_path: Path,
) -> None:
    async with BotUnderTest(tmp_path / "bot.sqlite3",
                            organisers=frozenset({ORGANISER_ID})) as bot:
        tg = bot.telegram
        olga = tg.add_user("Olga", user_id=ORGANISER_ID)
        tg.user_sends_document(olga, DEFINITION, "club_cup.toml")
        await bot.settle()
        code = re.search(r"\?start=([\w-]+)", tg.last_sent(olga).text or "")
        assert code is not None  # the general player link comes first
        db = bot.runtime.db  # as a TD would at the command line, before Ben joins
        event_id = (await lookup_event(db, "club-cup")).id
        await draw_event(db, Request.cli(bot.clock()), event_id, seed=1)
        async with reading(db) as tx:
            due = await unpaid(tx, await find_round(tx, event_id, "SF"))
        for entry in due:
            await record_payment(db, Request.cli(bot.clock()), event_id, entry.name, "SF")
        await open_round(db, Request.cli(bot.clock()), event_id, "SF")
        await bot.settle()

        ben = tg.add_user("Benny")
        tg.user_sends(ben, f"/start {code.group(1)}")
        await bot.settle()
        tg.user_taps(ben, tg.last_sent(ben), text="Ben Ong")
        await bot.settle()
        ask = next(m for m in tg.sent(olga) if m.buttons())
        tg.user_taps(olga, ask, text="Approve")
        await bot.settle()

        texts = [m.text or "" for m in tg.sent(ben)]
        welcome = next(i for i, t in enumerate(texts) if "A TD approved your entry" in t)
        draw = next(i for i, t in enumerate(texts) if "your first match" in t)
        opened = next(i for i, t in enumerate(texts) if "SF is open" in t)
        assert welcome < draw < opened, texts
