"""What the bot loads as it starts: every format (``formats.registry.load_all``: no
player's first message waits for a format's package), and the live pages' web server
(aiohttp, the pages, Pillow) only when it serves them (``[site] port``). Speed itself is
never asserted here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Starts a bot on the fake Telegram (serving the pages on the port given, if one is),
#: then prints the modules loaded, as JSON.
RUNNER = """
import asyncio, json, sys, tempfile
from pathlib import Path
from bot.telegram.harness import BotUnderTest

async def main(port):
    with tempfile.TemporaryDirectory() as folder:
        async with BotUnderTest(Path(folder) / "db.sqlite3", site_port=port) as bot:
            assert bot.telegram.calls("setMyCommands"), "the bot did not start"
            return sorted(sys.modules)

print(json.dumps(asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else None))))
"""

PACKAGES = tuple(f"bot.service.formats.{p}.format" for p in ("knockout", "rounds", "club",
                                                            "ladder"))


def _loaded(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout.splitlines()[-1]))


def test_a_bot_without_pages_loads_every_format_and_not_the_web_server() -> None:
    modules = _loaded()
    assert [p for p in PACKAGES if p not in modules] == []
    assert [m for m in modules if m.startswith("bot.web")] == []


def test_a_bot_that_serves_the_pages_loads_their_server() -> None:
    assert "bot.web.server" in _loaded("0")
