"""What a knockout match decides, read in each player's language: the round's opening and
/matches say "Win and you reach the final; lose and you are out." to an English reader and
the same in French to a French one (``bot/service/formats/knockout/stakes_texts.py``
words ``core.knockout.stakes``' data), with no English left inside the French.

The club cup of tests/bot/club_chat.py: its SF is Ann Lee (English) v Dev Rao, whose
Telegram is in French and who joins after the round opened, so his opening waited for him
as a record and is written in French once he joins (as tests/bot/test_french_player.py).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.telegram.harness import BotUnderTest
from bot.words import for_locale
from bot.words.said import english, render
from core.knockout.double_elim import double_elimination
from core.knockout.single_elim import single_elimination
from core.knockout.stakes import Goes, Stake, stakes
from core.schedule import BestOfSchedule
from tests.bot.club_chat import TD_PHONE, club_cup_bot, linked_definition
from tests.bot.test_french_player import ANN, DEV, WITHOUT_DEV, _dev, _rows_for

ENGLISH = "Win and you reach the final; lose and you are out."
FRENCH = ("Si vous gagnez, vous vous qualifiez pour la finale ; si vous perdez, votre "
          "parcours s'arrête là.")


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    async with club_cup_bot(tmp_path, linked_definition(ids=WITHOUT_DEV, phones=TD_PHONE),
                            ids=WITHOUT_DEV) as under_test:
        yield under_test


async def test_the_opening_and_matches_say_the_stakes_in_each_readers_language(
        bot: BotUnderTest) -> None:
    dev = _dev(bot)
    async with bot.runtime.db.transaction() as tx:
        code = await tx.scalar("SELECT i.code FROM invites i JOIN people p ON p.id = i.person_id"
                               " WHERE p.name = 'Dev Rao'")
    await bot.say(dev, f"/start {code}")
    await bot.say(dev, "/matches")
    ann = bot.telegram.world.users[ANN]
    await bot.say(ann, "/matches")

    dev_rows = await _rows_for(bot, DEV)
    opening = next(t for t in dev_rows if "est ouverte" in t)
    assert FRENCH in opening.splitlines(), opening
    matches = dev_rows[-1]
    assert matches.startswith("<b>Vos matchs</b>"), matches
    assert FRENCH in matches.splitlines(), matches
    assert not [t for t in dev_rows if "Win and" in t or "you reach" in t]

    ann_rows = await _rows_for(bot, ANN)
    opening = next(t for t in ann_rows if "is open" in t)
    assert ENGLISH in opening.splitlines(), opening
    assert ENGLISH in ann_rows[-1].splitlines(), ann_rows[-1]
    assert not [t for t in ann_rows if "Si vous gagnez" in t]


def _both(stake: tuple[Stake, Stake]) -> tuple[str, str]:
    from bot.service.formats.knockout.stakes_texts import stakes_line

    line = stakes_line(*stake)
    return english(line), render(line, for_locale("fr"))


def test_every_round_a_bracket_sends_a_player_to_reads_in_english_and_french() -> None:
    """SSSg Annex A's rounds ("Schedule and Details"): the English as it always read, and
    French with each round's article."""
    b = double_elimination(16, BestOfSchedule(3), grand_final="reset")
    first = b.matches[0]
    assert _both(stakes(b, first.id, 0)) == (
        "Win and you reach the quarter-final; lose and you play the lower bracket's Minor QF.",
        "Si vous gagnez, vous vous qualifiez pour le quart de finale ; si vous perdez, vous "
        "jouez le quart de finale mineur du tableau des perdants.")
    wf = next(m for m in b.matches if m.round_name == "Winners' Final")
    assert _both(stakes(b, wf.id, 0)) == (
        "Win and you reach the Grand Final; lose and you play the Losers' Final.",
        "Si vous gagnez, vous vous qualifiez pour la grande finale ; si vous perdez, vous "
        "jouez la finale des perdants.")
    gf = next(m for m in b.matches if m.round_name == "Grand Final")
    assert _both(stakes(b, gf.id, 1)) == (
        "Win and you force a reset, a second grand final; lose and you finish 2nd.",
        "Si vous gagnez, vous obtenez une revanche, une seconde grande finale ; si vous "
        "perdez, vous terminez 2e.")
    plate = single_elimination(32, BestOfSchedule(3), third_place=True)
    sf = next(m for m in plate.matches if m.round_name == "SF")
    assert _both(stakes(plate, plate.matches[0].id, 0, title=Stake(Goes.PLATE_WINNER))) == (
        "Win and you reach the round of 16; lose and you are out.",
        "Si vous gagnez, vous vous qualifiez pour le tour des 16 ; si vous perdez, votre "
        "parcours s'arrête là.")
    assert _both(stakes(plate, sf.id, 0))[1] == (
        "Si vous gagnez, vous vous qualifiez pour la finale ; si vous perdez, vous jouez le "
        "match pour la 3e place.")
    final = next(m for m in plate.matches if m.round_name == "Final")
    assert _both(stakes(plate, final.id, 0, title=Stake(Goes.PLATE_WINNER))) == (
        "Win and the plate is yours; lose and you finish 2nd.",
        "Si vous gagnez, vous remportez le tableau consolante ; si vous perdez, vous "
        "terminez 2e.")
    assert _both((Stake(Goes.TOP_DIVISION), Stake(Goes.PLATE))) == (
        "Win and you go into the top division; lose and you play in the plate.",
        "Si vous gagnez, vous passez dans le tableau principal ; si vous perdez, vous jouez "
        "dans le tableau consolante.")
