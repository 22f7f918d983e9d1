"""``python -m bot.fakebot``: the fake Bot API on 127.0.0.1, with a console to play users.

Run it, then in another terminal start the bot against it with the printed command
(``TDBOT_TOKEN=... tdbot run --base-url http://127.0.0.1:PORT/bot``). Type lines to act
as people; the bot's answers are printed as a transcript as they arrive::

    Alice: /start abc            Alice writes to the bot (users are made on first use)
    Alice@Club: /report 400-380  Alice writes in the group "Club"
    Alice tap Agree              Alice taps a button (label or data) on her last keyboard
    Alice photo board.jpg        Alice sends a photo file; "doc" sends a document
    Alice block / unblock        Alice blocks or unblocks the bot
    Alice lang fr                Alice's Telegram app is in French (language_code; "en" at first)
    :calls   :help   :quit

The first line on stdout is JSON (base_url, base_file_url, port, token, bot_username)
so that scripts and tests can find the port when ``--port 0`` lets the system pick.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import re
import sys
import textwrap
from pathlib import Path

from bot.fakebot.client import FakeTelegram
from bot.fakebot.server import FakeBotServer
from bot.fakebot.state import DEFAULT_TOKEN, FakeChat, FakeUser
from bot.fakebot.transcript import render_event

# The command list of the docstring above, shown by ":help".
_HELP = textwrap.dedent((__doc__ or "::\n\n").split("::", 1)[1].split("\n\n")[1])


class Console:
    """Turns typed lines into user actions on one FakeTelegram."""

    def __init__(self, tg: FakeTelegram) -> None:
        self.tg = tg
        self.users: dict[str, FakeUser] = {}
        self.groups: dict[str, FakeChat] = {}

    def user(self, name: str) -> FakeUser:
        if name not in self.users:
            self.users[name] = self.tg.add_user(name, username=name.lower())
        return self.users[name]

    def group(self, title: str, member: FakeUser) -> FakeChat:
        if title not in self.groups:
            self.groups[title] = self.tg.add_group(title, [member])
        self.groups[title].members.add(member.id)
        return self.groups[title]

    def handle(self, line: str) -> str | None:
        """Act on one line; return a message for the person, or None."""
        line = line.strip()
        if not line:
            return None
        if line in (":help", "help"):
            return _HELP
        if line == ":calls":
            return "\n".join(
                " ".join(part for part in (f"{c.seq:4} {c.method} {c.status}", c.error or "",
                                           "(in a webhook answer)" if c.via_webhook else "")
                         if part)
                for c in self.tg.calls()
                if c.method != "getUpdates"
            )
        said = re.fullmatch(r"([^\s:@]+)(?:@([^:]+))?:\s*(.+)", line, re.S)
        if said:
            who = self.user(said.group(1))
            chat = self.group(said.group(2).strip(), who) if said.group(2) else None
            self.tg.user_sends(who, said.group(3), chat=chat)
            return None
        act = re.fullmatch(r"(\S+)\s+(tap|photo|doc|block|unblock|lang)\b\s*(.*)", line)
        if not act:
            return "not understood; type :help"
        who, verb, rest = self.user(act.group(1)), act.group(2), act.group(3).strip()
        if verb == "lang":
            if not re.fullmatch(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*", rest):
                return "lang: give a language code, e.g. Alice lang fr"
            who.language_code = rest
            return None
        if verb == "block":
            self.tg.user_blocks_bot(who)
        elif verb == "unblock":
            self.tg.user_unblocks_bot(who)
        elif verb == "tap":
            return self.tap(who, rest)
        else:
            path = Path(rest)
            if not path.is_file():
                return f"{verb}: no such file {rest!r}"
            if verb == "photo":
                self.tg.user_sends_photo(who, path.read_bytes())
            else:
                self.tg.user_sends_document(who, path.read_bytes(), path.name)
        return None

    def tap(self, who: FakeUser, button: str) -> str | None:
        chats = [self.tg.chat_of(who)] + [g for g in self.groups.values() if who.id in g.members]
        with_buttons = [m for c in chats for m in self.tg.sent(c) if m.buttons()]
        if not with_buttons:
            return f"{who.name} has no message with buttons to tap"
        message = max(with_buttons, key=lambda m: m.date)
        labels = {b["text"] for row in message.buttons() for b in row}
        try:
            if button in labels:
                self.tg.user_taps(who, message, text=button)
            else:
                self.tg.user_taps(who, message, button)
        except ValueError as exc:
            return str(exc)
        return None


async def _print_events(tg: FakeTelegram) -> None:
    shown = 0
    while True:
        for event in tg.world.events[shown:]:
            print("\n".join(render_event(event)), flush=True)
        shown = len(tg.world.events)
        await asyncio.sleep(0.1)


async def serve(
    host: str, port: int, token: str, bot_username: str, *, console: bool, privacy: bool
) -> None:
    tg = FakeTelegram(token, bot_username=bot_username, privacy_mode=privacy)
    async with FakeBotServer(tg.world, host=host, port=port) as server:
        print(
            json.dumps(
                {
                    "base_url": server.base_url,
                    "base_file_url": server.base_file_url,
                    "port": server.port,
                    "token": token,
                    "bot_username": bot_username,
                }
            ),
            flush=True,
        )
        print(
            f"fake Bot API on http://{host}:{server.port}; start the bot with:\n"
            f"  TDBOT_TOKEN='{token}' TDBOT_BOT_USERNAME={bot_username} "
            f"tdbot run --base-url {server.base_url}",
            file=sys.stderr,
            flush=True,
        )
        printer = asyncio.create_task(_print_events(tg))
        try:
            if not console:
                await asyncio.Event().wait()
            print("type :help for what you can do as a user", file=sys.stderr, flush=True)
            actions = Console(tg)
            loop = asyncio.get_running_loop()
            while True:
                line = await loop.run_in_executor(None, sys.stdin.readline)
                if not line or line.strip() in (":quit", ":q"):
                    break
                answer = actions.handle(line)
                if answer:
                    print(answer, file=sys.stderr, flush=True)
        finally:
            printer.cancel()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bot.fakebot",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8081, help="port (0: any free port)")
    parser.add_argument("--token", default=DEFAULT_TOKEN, help="the bot token to accept")
    parser.add_argument("--bot-username", default="tdbot_demo_bot")
    parser.add_argument("--no-console", action="store_true", help="serve only; read no stdin")
    parser.add_argument(
        "--no-privacy",
        action="store_true",
        help="turn group privacy mode off: the bot sees every group message",
    )
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error(f"--port must be 0..65535, got {args.port}")
    token_ok = re.fullmatch(r"\d+:\S+", args.token)
    if not token_ok:
        parser.error(f"--token must look like '<digits>:<secret>', got {args.token!r}")
    with contextlib.suppress(KeyboardInterrupt):
        try:
            asyncio.run(
                serve(
                    args.host,
                    args.port,
                    args.token,
                    args.bot_username,
                    console=not args.no_console,
                    privacy=not args.no_privacy,
                )
            )
        except OSError as exc:  # the port is taken, or the host is not ours
            parser.error(f"cannot serve on {args.host}:{args.port}: {exc.strerror or exc}")


if __name__ == "__main__":
    main()
