"""The registry names the formats that come with the bot and loads each one's package the
first time an event of that format is asked about (``bot.service.formats.registry``); a
format of its own package (the tests' ``highscore``) is one registration."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bot.service.formats import registry
from tests.bot.formats_fixture.format import HIGHSCORE

ROOT = Path(__file__).resolve().parents[2]

#: In a fresh interpreter: the format packages loaded after each step, as JSON.
STEPS = """
import json, sys
from bot.service.formats import registry

def packages():
    return sorted({m.split(".")[3] for m in sys.modules
                   if m.startswith("bot.service.formats.") and m.count(".") >= 4})

seen = {"imported": packages()}
names = registry.names()
seen["named"] = packages()
registry.named("club")
seen["club"] = packages()
registry.format_of(type("Ev", (), {"format": "double"})())
seen["double"] = packages()
registry.load_all()
seen["all"] = packages()
print(json.dumps([names, seen]))
"""


def test_a_format_s_package_is_loaded_when_first_asked_for_and_not_before() -> None:
    done = subprocess.run([sys.executable, "-c", STEPS], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=True)
    names, seen = json.loads(done.stdout.splitlines()[-1])
    assert names == ["sssg", "single", "double", "rounds", "club", "ladder"]
    assert seen == {"imported": [], "named": [], "club": ["club"],
                    "double": ["club", "knockout"],
                    "all": ["club", "knockout", "ladder", "rounds"]}


def test_each_built_in_name_loads_the_format_of_that_name() -> None:
    """The table names each format's object rightly: a key that loaded another format
    would give events of one format the rules of another."""
    for name in registry.BUILT_IN:
        assert registry.named(name).name == name
    assert [f.name for f in registry.formats()] == list(registry.BUILT_IN)


def test_a_built_in_name_cannot_be_taken_by_another_format() -> None:
    with pytest.raises(ValueError, match="format 'club' is registered already"):
        registry.register(replace(HIGHSCORE, name="club"))
    assert registry.named("club").kind != HIGHSCORE.kind


def test_a_format_of_its_own_is_one_registration_and_gone_once_unregistered() -> None:
    assert "highscore" not in registry.names()
    registry.register(HIGHSCORE)
    try:
        registry.register(HIGHSCORE)  # again: harmless
        assert registry.names()[-1] == "highscore"
        assert registry.named("highscore") is HIGHSCORE
    finally:
        registry.unregister("highscore")
    with pytest.raises(LookupError, match="no format 'highscore' is known .*sssg, single"):
        registry.named("highscore")
