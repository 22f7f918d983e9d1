"""A knockout round's name in each reader's language: the draw stores SSSg's English names
("SF", "Minor F", "Grand Final"; ``core.knockout.round_names``) and ``round_said`` words
them, the English exactly as stored, the French as a French director says them; a name
the draw does not make stays as written.

The club cup of tests/bot/club_chat.py: its SF is Ann Lee (English) v Dev Rao (French,
who joins after the round opened, as tests/bot/test_french_stakes).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service.events.schedule import round_said
from bot.telegram.harness import BotUnderTest
from bot.words import for_locale
from bot.words.said import Said, english, render, said
from core.knockout.double_elim import double_elimination
from core.knockout.single_elim import single_elimination
from core.schedule import BestOfSchedule
from tests.bot.club_chat import TD_PHONE, club_cup_bot, linked_definition
from tests.bot.test_french_player import ANN, DEV, WITHOUT_DEV, _dev, _rows_for

FR = for_locale("fr")


def _both(name: str) -> tuple[str, str]:
    line: Said = said("{round}", round=round_said(name))
    return english(line), render(line, FR)


def test_every_round_a_draw_names_reads_as_stored_in_english_and_in_french() -> None:
    names = {m.round_name for size in (16, 64) for m in
             double_elimination(size, BestOfSchedule(3), grand_final="reset").matches
             + single_elimination(size, BestOfSchedule(3), third_place=True).matches}
    for name in names | {f"Plate {n}" for n in names} | {"Qual Rd"}:
        in_english, in_french = _both(name)
        assert in_english == name.replace("'", "&#x27;") or in_english == name, name
        assert in_french != in_english, name


@pytest.mark.parametrize(("name", "french"), [
    ("Qual Rd", "Tour qualificatif"),
    ("Ro16", "Huitièmes de finale"),
    ("Ro32", "Seizièmes de finale"),
    ("Ro64", "Tour des 64"),
    ("QF", "Quart de finale"),
    ("SF", "Demi-finale"),
    ("Final", "Finale"),
    ("3rd place", "3e place"),
    ("Winners' Final", "Finale des gagnants"),
    ("Minor QF", "Quart mineur"),
    ("Major SF", "Demi-finale majeure"),
    ("Minor F", "Finale mineure"),
    ("Major Ro16", "Tour des 16 majeur"),
    ("Losers' Final", "Finale des perdants"),
    ("Grand Final", "Grande finale"),
    ("Grand Final (reset)", "Grande finale (revanche)"),
    ("Plate SF", "Demi-finale (consolante)"),
])
def test_a_knockout_round_in_french(name: str, french: str) -> None:
    assert _both(name)[1] == french


@pytest.mark.parametrize("name", ["Final Four", "Minor Final", "Semis", "Round robin"])
def test_a_name_the_draw_does_not_make_is_kept_as_written(name: str) -> None:
    assert _both(name) == (name, name)


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path, linked_definition(ids=WITHOUT_DEV, phones=TD_PHONE),
                            ids=WITHOUT_DEV) as under_test:
        yield under_test


async def test_the_semi_final_is_named_in_each_readers_language(bot: BotUnderTest) -> None:
    dev = _dev(bot)
    async with bot.runtime.db.transaction() as tx:
        code = await tx.scalar("SELECT i.code FROM invites i JOIN people p ON p.id = i.person_id"
                               " WHERE p.name = 'Dev Rao'")
        stored = await tx.scalar("SELECT name FROM rounds WHERE code = 'sf'")
    assert stored == "SF"
    await bot.say(dev, f"/start {code}")
    await bot.say(dev, "/matches")
    await bot.say(bot.telegram.world.users[ANN], "/matches")

    dev_rows = await _rows_for(bot, DEV)
    opening = next(t for t in dev_rows if "est ouverte" in t)
    assert "Demi-finale" in opening, opening
    assert "Demi-finale" in dev_rows[-1], dev_rows[-1]
    assert not [t for t in dev_rows if "SF" in t.replace("/", " ").split()]
    ann_rows = await _rows_for(bot, ANN)
    assert "SF" in next(t for t in ann_rows if "is open" in t)
    assert "SF" in ann_rows[-1]
    assert not [t for t in ann_rows if "Demi-finale" in t]
