"""A French organiser who sends a definition file in the chat reads what is wrong with it in
French, whichever table it is in: the ``[club]`` table and its members, the ``[ladder]``
table's club rules (the core's own refusals, ``core.ladder.LadderRulesError``), the people
tables (``[[players]]``, ``[[tds]]``) and what the format refuses. Nothing is created.

Odile's Telegram app is in French; she may create events (``organisers``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.telegram.harness import BotUnderTest
from tests.bot.club_night_chat import EXAMPLE as CLUB
from tests.bot.ladder_chat import LADDER

ODILE = 500
CUP = (Path(__file__).parent / "data" / "club_cup.toml").read_text()


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[BotUnderTest]:
    under_test = BotUnderTest(tmp_path / "bot.sqlite3", organisers=frozenset({ODILE}))
    async with under_test:
        under_test.telegram.chat_of(under_test.telegram.add_user(
            "Odile", language_code="fr", user_id=ODILE))
        yield under_test


async def _sent(bot: BotUnderTest, text: str) -> str:
    """Odile sends ``text`` as a definition file: the bot's answer (a refusal is answered
    at once, its transaction rolled back: no outbox row), and nothing is stored."""
    odile = bot.telegram.world.users[ODILE]
    bot.telegram.user_sends_document(odile, text.encode(), "event.toml")
    await bot.settle()
    async with bot.runtime.db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM events") == 0  # nothing created
        assert await tx.scalar("SELECT count(*) FROM people") == 0
    return bot.telegram.last_sent(odile).text or ""


async def test_a_bad_club_table_is_told_in_french(bot: BotUnderTest) -> None:
    text = CLUB.replace("student_fee = 3", "student_fee = 9")
    answer = await _sent(bot, text)
    assert "club.student_fee : est une réduction, donc au plus le tarif du club (5)" in answer
    answer = await _sent(bot, CLUB.replace('[club.members."Ann Lee"]', '[club.members."Zed"]'))
    assert ("club.members.Zed : ne nomme personne dans [[players]] : ajoutez la personne, ou "
            "vérifiez l'orthographe") in answer, answer
    answer = await _sent(bot, CUP + '\n[club]\nmethod = "koth"\n')
    assert ("club : est réservé aux soirées de club : mettez format = \"club\" dans [event], "
            "ou retirez [club] (cet événement est en « single »)") in answer, answer
    answer = await _sent(bot, CLUB + '\n[[rounds]]\nname = "R1"\n')
    assert "une soirée de club n'a pas de [[rounds]]" in answer, answer
    for english in ("is a discount", "names nobody", "club nights", "has no"):
        assert english not in answer


async def test_a_bad_ladder_table_is_told_in_french(bot: BotUnderTest) -> None:
    answer = await _sent(bot, LADDER.replace("[ladder]\n", "[ladder]\nrungs = 3\n"))
    assert "règle(s) d'échelle inconnue(s) rungs : les règles sont " in answer, answer
    answer = await _sent(bot, LADDER.replace("best_of = 1 ", "best_of = 4 "))
    assert ("best_of = 4 : indiquez 1 ou un nombre impair (3, 5, ...) pour qu'un défi ait un "
            "vainqueur") in answer, answer
    answer = await _sent(bot, LADDER.replace('on_win = "leapfrog"', 'on_win = "jump"'))
    assert "on_win = 'jump' : indiquez 'leapfrog' ou 'swap'" in answer, answer
    answer = await _sent(bot, LADDER.replace("play_days = 7 ", "play_days = 0 "))
    assert "play_days = 0 : indiquez un nombre entier de jours, 1 ou plus" in answer, answer
    answer = await _sent(bot, CUP + "\n[ladder]\nbest_of = 3\n")
    assert ("une table [ladder] est réservée à format = \"ladder\" ; cet événement est en "
            "format = \"single\"") in answer, answer
    for english in ("unknown ladder rule", "give 1 or", "give a whole", "is for format"):
        assert english not in answer


async def test_bad_people_tables_are_told_in_french(bot: BotUnderTest) -> None:
    answer = await _sent(bot, CUP + '\n[[players]]\nname = "Ann Lee"\n')
    assert "players[4].name : « Ann Lee » apparaît deux fois (aussi en players[0])" in answer
    answer = await _sent(bot, CUP.replace('name = "Dev Rao"', f'name = "{"D" * 101}"'))
    assert "players[3].name : doit faire au plus 100 caractères" in answer, answer
    answer = await _sent(bot, CUP.replace('name = "Tara TD"', "name = 7"))
    assert "tds[0].name : doit être un texte entre guillemets" in answer, answer
    for english in ("appears twice", "at most", "String should", "Input should"):
        assert english not in answer


async def test_an_unknown_pairing_system_is_told_in_french(bot: BotUnderTest) -> None:
    """The names there are stay as typed in a definition (they are the file's words); the
    sentence around them is French."""
    swiss = (Path(__file__).parents[2] / "examples" / "weekly_swiss.toml").read_text()
    answer = await _sent(bot, swiss.replace('system = "swiss"', 'system = "swizz"'))
    assert ("pairing.system : système d'appariement « swizz » inconnu : choisissez parmi "
            "double-rr, ") in answer, answer
    assert "king-of-the-hill (= koth)" in answer, answer
    assert answer.rstrip().endswith("ou fpN (fp4, fp6, ...)") or "ou fpN (fp4, fp6, ...)" in answer
    assert "unknown" not in answer and "choose one" not in answer, answer
