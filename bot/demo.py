"""`tdbot demo`: a season in miniature, played by the real bot against a fake Telegram.

with no token, start the fake in-process, run the real bot against it and play a
short event -- an organiser, a TD and four players -- and print the chat as a person would
read it: the event created, everyone onboarded by their links, the draw made, the club's
group linked, the semi-finals opened; then the games reported in the chat (game 1 asks who
started, SSSg para 15), a slip agreed, one left until its 24-hour window closes (para 24),
winners sending board photos (para 25, one after its reminder), one game disputed and
ruled by the TD with the Amend button and the scores (paras 19, 24), the 72-hour reminder
for the match still unfinished, and both semi-finals decided: the group sees each result
with the bracket picture, and the winners are told they meet in the final. Time is a
simulated clock; the database is a temporary file; nothing leaves the process. This is
the README's first command (``make run`` with no token).

Every winner sends the board photo in time, so that no TD is asked about a missing one:
that question is ``tests/bot/test_telegram_photos.py``'s, not the story's.

The script is a list of chapters of people's actions (``Script.says`` / ``taps`` /
``sends_photo``): a new step is a few lines in ``_script``. ``Script`` and ``run`` are
shared with the club demo (``bot/demo_club.py``, ``tdbot demo --club``).
"""

from __future__ import annotations

import base64
import logging
import re
import tempfile
from collections.abc import Awaitable, Callable
from datetime import timedelta
from pathlib import Path

from bot.fakebot import FakeChat, FakeUser
from bot.fakebot.transcript import render_transcript
from bot.telegram.harness import BotUnderTest

ORGANISER_ID = 100

DEFINITION = """\
# A four-player knockout: semi-finals best of 3, final best of 5.
[event]
slug = "demo-cup"
name = "Demo Cup"
format = "single"
time_zone = "Asia/Singapore"
currency = "SGD"

[[tds]]
name = "Tara Tan"

[[rounds]]
name = "SF"
best_of = 3
opens = 2026-03-02
closes = 2026-03-09

[[rounds]]
name = "Final"
best_of = 5
opens = 2026-03-10
closes = 2026-03-17

[[players]]
name = "Ann Lee"
rating = 1850

[[players]]
name = "Ben Ong"
rating = 1720

[[players]]
name = "Cai Wen"
rating = 1640

[[players]]
name = "Dev Rao"
rating = 1580
"""

#: A board photo: one grey pixel, a real PNG (the bot keeps its file id; nobody looks).
BOARD_PHOTO = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==")

_LINK = re.compile(r"^(?:(\w+) (.+?): )?https://t\.me/\S+\?start=([\w-]+)", re.MULTILINE)


def invite_codes(text: str) -> dict[str, str]:
    """The start codes in the organiser's message: "player" for the general link, and
    "<role> <name>" for each personal one."""
    codes: dict[str, str] = {}
    for role, name, code in _LINK.findall(text):
        codes[f"{role} {name}" if role else "player"] = code
    return codes


class Script:
    """Plays the people and prints the chat in chapters."""

    def __init__(self, bot: BotUnderTest) -> None:
        self.bot = bot
        self.tg = bot.telegram
        self.out: list[str] = []
        self._shown = 0

    def chapter(self, title: str) -> None:
        self.out.append("")
        self.out.append(f"── {title} " + "─" * max(0, 60 - len(title)))

    def flush(self) -> None:
        events = self.tg.world.events[self._shown :]
        earlier = self.tg.world.events[: self._shown]
        self._shown = len(self.tg.world.events)
        if events:
            self.out.append(render_transcript(events, earlier=earlier))

    async def says(self, who: FakeUser, text: str, *, chat: FakeChat | None = None) -> None:
        self.tg.user_sends(who, text, chat=chat)
        await self.bot.settle()
        self.flush()

    async def sends_file(self, who: FakeUser, content: str, file_name: str) -> None:
        """A document in the person's private chat with the bot (an event definition)."""
        self.tg.user_sends_document(who, content.encode(), file_name)
        await self.bot.settle()
        self.flush()

    async def later(self, delta: timedelta) -> None:
        """Simulated time passes: what falls due is sent."""
        await self.bot.advance(delta)
        self.flush()

    def transcript(self) -> str:
        return "\n".join(self.out).strip("\n") + "\n"

    async def sends_photo(self, who: FakeUser, caption: str) -> None:
        """A board photo (SSSg para 25) in the player's private chat with the bot."""
        self.tg.user_sends_photo(who, BOARD_PHOTO, caption=caption)
        await self.bot.settle()
        self.flush()

    async def taps(self, who: FakeUser, label: str) -> None:
        # the oldest message still offering the button: what a person answers first
        message = next(m for m in self.tg.sent(who)
                       if any(b.get("text") == label for row in m.buttons() for b in row))
        self.tg.user_taps(who, message, text=label)
        await self.bot.settle()
        self.flush()


async def play(db_path: Path | None = None) -> str:
    """Play the demo; return the transcript. A temporary database unless one is given."""
    return await run(_script, db_path)


async def run(script: Callable[[BotUnderTest], Awaitable[str]],
              db_path: Path | None = None) -> str:
    """Start the real bot against the in-process fake (ORGANISER_ID an organiser) and play
    ``script`` on it; return its transcript. A temporary database unless one is given."""
    logging.getLogger("telegram").setLevel(logging.WARNING)
    with tempfile.TemporaryDirectory(prefix="tdbot-demo-") as tmp:
        path = db_path or Path(tmp) / "demo.sqlite3"
        bot = BotUnderTest(path, organisers=frozenset({ORGANISER_ID}),
                           bot_username="TDBotDemoBot")
        async with bot:
            return await script(bot)


async def _script(bot: BotUnderTest) -> str:
    s = Script(bot)
    tg = bot.telegram
    olga = tg.add_user("Olga", last_name="(organiser)", user_id=ORGANISER_ID)
    tara = tg.add_user("Tara", last_name="(TD)")
    ann, ben, cai, dev = (tg.add_user(n) for n in ("Ann", "Ben", "Cai", "Dev"))
    s.out.append(f"TDBot demo: a fake Telegram in this process, a temporary database, "
                 f"simulated time starting {bot.clock():%a %d %b %Y %H:%M} UTC.")

    s.chapter("A stranger says hello")
    await s.says(dev, "hello?")

    s.chapter("The organiser sends the event definition")
    await s.sends_file(olga, DEFINITION, "demo-cup.toml")
    codes = invite_codes(tg.last_sent(olga).text or "")

    s.chapter("The TD and two players follow their personal links")
    await s.says(tara, f"/start {codes['TD Tara Tan']}")
    await s.says(ann, f"/start {codes['player Ann Lee']}")
    await s.says(ben, f"/start {codes['player Ben Ong']}")

    s.chapter("Two players use the general link, pick their names, the TD approves")
    await s.says(cai, f"/start {codes['player']}")
    await s.taps(cai, "Cai Wen")
    await s.says(dev, f"/start {codes['player']}")
    await s.taps(dev, "Dev Rao")
    await s.taps(tara, "Approve")
    await s.taps(tara, "Approve")

    s.chapter("Each person sees only what they may do")
    await s.says(ann, "/help")
    await s.says(ben, "/draw")

    s.chapter("The TD makes the draw, links the club's group, opens the semi-finals")
    await s.says(tara, "/draw 2026")
    club = tg.add_group("Demo Club", [olga, tara, ann, ben, cai, dev])
    await s.says(tara, "/link demo-cup", chat=club)
    await s.says(tara, "/openround SF")

    s.chapter("Ann won game 1: she reports it, says who started, Dev agrees")
    await s.says(ann, "412-380")
    await s.taps(ann, "Dev Rao started")
    await s.taps(ann, "✅ Confirm")
    await s.taps(dev, "Agree")
    await s.sends_photo(ann, "the board after game 1")

    s.chapter("Ann wins game 2 and the match: the group sees the bracket")
    await s.says(ann, "won 398-371")
    await s.taps(ann, "✅ Confirm")

    s.chapter("22 hours later (simulated): a reminder; Ann sends the photo")
    await s.later(timedelta(hours=22, minutes=1))
    await s.sends_photo(ann, "the board after game 2")

    s.chapter("Two hours later, Dev has let the 24-hour window run out")
    await s.later(timedelta(hours=2))

    s.chapter("Ben reports game 1 of the other semi-final; Cai disputes it")
    await s.says(ben, "420-390")
    await s.taps(ben, "I started")
    await s.taps(ben, "✅ Confirm")
    await s.sends_photo(ben, "the board after game 1")
    await s.taps(cai, "Dispute")
    await s.says(cai, "I had 431, not 390: my scoresheet is signed by Ben")

    s.chapter("The TD checks the scoresheet, amends the scores and says why")
    await s.taps(tara, "Amend")
    await s.says(tara, "420 431")
    await s.says(tara, "Cai's scoresheet, signed by Ben, says 431")

    s.chapter("Four days later (simulated): the 72-hour reminder, for the unfinished match")
    await s.later(timedelta(days=3, hours=7))

    s.chapter("Cai wins game 2 and the match: the final is set")
    await s.says(cai, "401-352")
    await s.taps(cai, "✅ Confirm")
    await s.taps(ben, "Agree")
    await s.says(ann, "/matches")
    return s.transcript()
