"""Every user-supplied text put into an HTML message is escaped.

Project standard ("Escape user-supplied text put into HTML messages (html.escape)") and
names come from the definition file (TOML), a players' CSV and Telegram itself,
reasons from TDs. The fake Bot API parses HTML as Telegram does and refuses a malformed
message with 400 "can't parse entities", so one unescaped name anywhere in the flow shows
up as a refused call here. The flow is the demo's (bot/demo.py), with hostile names.
"""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from pathlib import Path

from bot.demo import invite_codes
from bot.service.people.entries import import_players
from bot.service.platform.actors import Actor
from bot.telegram.harness import BotUnderTest

BOB = '<b>Bob & "Al"</b>'
EVENT = 'Cup <2026> & "friends"'
DEFINITION = f"""
[event]
slug = "html-cup"
name = '{EVENT}'
format = "single"
time_zone = "Asia/Singapore"

[[tds]]
name = 'Tara <i>TD</i>'

[[rounds]]
name = "SF"
best_of = 3
opens = 2026-03-02
closes = 2026-03-09

[[rounds]]
name = "Final"
best_of = 5

[[players]]
name = '{BOB}'
rating = 1850

[[players]]
name = "Ann & Co"
rating = 1720
"""
CSV = 'name,rating\n"Cy <u>nderline",1640\nDee </code>,1580\n'


async def test_hostile_names_reach_everyone_intact(tmp_path: Path) -> None:
    async with BotUnderTest(tmp_path / "db.sqlite3", organisers=frozenset({100}),
                            bot_username="HtmlBot") as bot:
        tg = bot.telegram
        olga = tg.add_user("Olga <org>", user_id=100)
        tara = tg.add_user("Tara")
        bob = tg.add_user("Bob")
        zed = tg.add_user("<Zed & co>")
        tg.user_sends_document(olga, DEFINITION.encode(), "html-cup.toml")
        await bot.settle()
        created = tg.last_sent(olga).text or ""
        assert f"Created {EVENT} (html-cup)." in created
        codes = invite_codes(created)
        async with bot.runtime.db.transaction() as tx:
            event_id = await tx.scalar("SELECT id FROM events WHERE slug = 'html-cup'")
            await import_players(tx, event_id, CSV, by=Actor.cli(), now=bot.clock())

        tg.user_sends(tara, f"/start {codes['TD Tara <i>TD</i>']}")
        tg.user_sends(bob, f"/start {codes['player ' + BOB]}")
        await bot.settle()
        assert f"You are {BOB}, a player of {EVENT}." in (tg.last_sent(bob).text or "")

        tg.user_sends(zed, f"/start {codes['player']}")
        await bot.settle()
        tg.user_taps(zed, tg.last_sent(zed), text="Cy <u>nderline")
        await bot.settle()
        ask = tg.last_sent(tara)
        assert "Telegram user <Zed & co> says they are Cy <u>nderline" in (ask.text or "")
        tg.user_taps(tara, ask, text="Approve")
        await bot.settle()
        assert (tg.world.message(ask.chat.id, ask.message_id).text or "").endswith(
            "✅ Approved by Tara <i>TD</i>.")

        for command in ("/help", "/invites", "/pending", "/draw 7",
                        "/openround SF anyway: fees at the <venue> & later"):
            tg.user_sends(tara, command)
            await bot.settle()
        assert "Opened SF" in (tg.last_sent(tara).text or "")
        await bot.advance(timedelta(days=4, hours=7))  # the 72-hour reminder
        tg.user_sends(bob, "/matches")
        await bot.settle()
        mine = tg.last_sent(bob).text or ""
        assert f"{EVENT} — SF" in mine
        reminders = [m.text or "" for m in tg.sent() if (m.text or "").startswith("Reminder")]
        assert reminders and any(BOB in r for r in reminders)

        refused = [c for c in tg.calls() if c.method in ("sendMessage", "editMessageText")
                   and not c.ok]
        assert refused == [], [c.error for c in refused]
        async with bot.runtime.db.transaction() as tx:
            states = Counter(r["state"] for r in await tx.all(
                "SELECT o.state FROM outbox o LEFT JOIN people p ON p.id = o.person_id"
                " WHERE o.chat_id IS NOT NULL OR p.tg_user_id IS NOT NULL"))
        assert set(states) == {"sent"}, states  # (players not on Telegram yet wait)
