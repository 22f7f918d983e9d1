"""A place is worded by one rule (core/ordinals.py) wherever it is said: the standings and
the chances of a place (outlook), a pairing's reason, the prizes, the live pages and the
command line."""

from __future__ import annotations

import re
from pathlib import Path

from bot.words import for_locale
from bot.words.said import english_text, from_core, render
from core.ordinals import ordinal

ROOT = Path(__file__).resolve().parents[2]

#: A copy of the rule: an ending picked by hand ("{n}st", "nd"), a list of ordinals
#: ("1st", "2nd"), the teens' exception (10 <= n % 100 <= 20).
COPY = re.compile(r"""["'](?:\{n\})?(?:st|nd|rd|th)["']|["']1st["'],\s*["']2nd|% 100 <= 20""")


def test_a_place_reads_as_players_say_it_in_english_and_in_french() -> None:
    places = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 113, 121]
    assert [str(ordinal(n)) for n in places] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st",
        "111th", "112th", "113th", "121st"]
    assert [english_text(from_core(ordinal(n))) for n in places] == [
        str(ordinal(n)) for n in places]
    fr = for_locale("fr")
    assert [render(from_core(ordinal(n)), fr) for n in (1, 2, 3, 11, 21, 22)] == [
        "1re", "2e", "3e", "11e", "21e", "22e"]


def test_the_rule_is_written_once() -> None:
    """No module but core/ordinals.py picks an ordinal's ending: the outlook, the reasons,
    the prizes, the pages, the chances and the command line all ask it."""
    copies = []
    for path in sorted([*(ROOT / "core").rglob("*.py"), *(ROOT / "bot").rglob("*.py")]):
        if path == ROOT / "core" / "ordinals.py":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if COPY.search(line):
                copies.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not copies, copies
