"""Every number a person types has a range, and the error says it: seeds, ratings, fees and
payments, journal lengths, join request numbers and event ids, on the command line, in
the chat and in a definition file (``bot/service/platform/limits.py``). The inputs here are the
ones a fuzzer and new users found crashing (OverflowError, decimal.InvalidOperation)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.service.events import event_setup
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.lookup import find_event
from bot.service.platform import limits
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.store.db import open_database
from bot.telegram.harness import BotUnderTest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "sssg2016.toml"
CLUB = (Path(__file__).parent / "data" / "club_cup.toml").read_text()
HUGE = "99999999999999999999999"

runner = CliRunner()


def cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


# --- the helpers ------------------------------------------------------------------------


def test_a_whole_number_in_range_is_read() -> None:
    assert limits.whole_number(" 2016 ", "the seed", 0, 999_999_999) == 2016
    assert limits.SEED.parse("0") == 0 and limits.SEED.check(999_999_999) == 999_999_999


@pytest.mark.parametrize("text", ["-1", "1000000000", HUGE, "2016.0", "1e9", "²", "١٢", "1_000",
                                  "", "seven", "9" * 5000])
def test_anything_else_names_the_range(text: str) -> None:
    with pytest.raises(Invalid) as refused:
        limits.SEED.parse(text)
    assert refused.value.message.startswith(
        "the seed must be a whole number from 0 to 999999999, not '")


def test_an_int_from_a_caller_is_checked_too() -> None:
    with pytest.raises(Invalid, match="from 0 to 999999999, not 1000000000$"):
        limits.SEED.check(1_000_000_000)
    with pytest.raises(Invalid, match="not a longer one$"):
        limits.SEED.check(10**5000)  # too long even to print in full
    with pytest.raises(Invalid):
        limits.SEED.check(True)  # type: ignore[arg-type]


@given(st.text(max_size=12))
def test_parsing_any_text_gives_a_number_in_range_or_invalid(text: str) -> None:
    try:
        value = limits.JOURNAL_LIMIT.parse(text)
    except Invalid as exc:
        assert "from 1 to 10000" in exc.message
    else:
        assert 1 <= value <= 10_000 and str(value) == text.strip().lstrip("+").lstrip("0")


@pytest.mark.parametrize(
    ("value", "positive", "problem"),
    [
        (float("inf"), False, "give an amount such as 15 or 15.50 (at most 100000)"),
        ("NaN", True, "give an amount such as 15 or 15.50 (at most 100000)"),
        (1e30, False, "must be 0 or more and at most 100000"),
        ("1E+999999999", True, "must be more than 0 and at most 100000"),
        ("0", True, "must be more than 0 and at most 100000"),
        ("-5", False, "must be 0 or more and at most 100000"),
        ("15.005", True, "must have at most two decimals (cents)"),
        ("1E-999999999", True, "must have at most two decimals (cents)"),
        (True, False, "give an amount such as 15 or 15.50 (at most 100000)"),
    ],
)
def test_amounts_of_money_say_what_is_wrong(
    value: str | float | bool, positive: bool, problem: str
) -> None:
    with pytest.raises(Invalid) as refused:
        limits.amount_of_money(value, positive=positive)
    assert refused.value.message == problem


def test_amounts_of_money_are_exact() -> None:
    assert limits.amount_of_money(15.1, positive=True) == Decimal("15.1")  # not 15.0999...
    assert limits.minor_units(limits.amount_of_money("100000", positive=False)) == 10_000_000


# --- the command line ---------------------------------------------------------------------


@pytest.fixture
def event_db(tmp_path: Path) -> str:
    db = str(tmp_path / "t.db")
    assert cli("event", "create", str(EXAMPLE), "--db", db, "--bot-username", "B")[0] == 0
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating\n" + "".join(f"P{i},{2000 - i}\n" for i in range(1, 9)))
    assert cli("players", "import", "sssg-2016", str(csv), "--db", db)[0] == 0
    return db


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("event", "draw", "sssg-2016", "--seed", HUGE),
         f"--seed: the seed must be a whole number from 0 to 999999999, not '{HUGE}'"),
        (("event", "draw", "sssg-2016", "--seed", "-3"),
         "--seed: the seed must be a whole number from 0 to 999999999, not '-3'"),
        (("event", "journal", "sssg-2016", "--limit", "0"),
         "--limit: the number of entries must be a whole number from 1 to 10000, not '0'"),
        (("event", "journal", "sssg-2016", "--limit", HUGE),
         f"--limit: the number of entries must be a whole number from 1 to 10000, not '{HUGE}'"),
        (("players", "approve", "sssg-2016", HUGE),
         "REQUEST: a join request's number must be a whole number from 1 to 999999999, "
         f"not '{HUGE}'"),
        (("players", "reject", "sssg-2016", "0"),
         "REQUEST: a join request's number must be a whole number from 1 to 999999999, not '0'"),
        (("fees", "pay", "sssg-2016", "P1", "qual-rd", "--amount", "1e30"),
         "--amount '1e30': must be more than 0 and at most 100000"),
        (("event", "show", HUGE),
         f"an event's id must be a whole number from 1 to 999999999, not {HUGE}"),
    ],
)
def test_numbers_out_of_range_on_the_command_line(
    event_db: str, args: tuple[str, ...], message: str
) -> None:
    code, out, err = cli(*args, "--db", event_db)
    assert (code, out, err) == (2, "", f"tdbot: error: {message}\n")


def test_numbers_in_range_still_work(event_db: str) -> None:
    code, out, err = cli("event", "draw", "sssg-2016", "--seed", "999999999", "--db", event_db)
    assert code == 0 and "drawn with seed 999999999" in out, err
    code, out, err = cli("event", "journal", "sssg-2016", "--limit", "10000", "--db", event_db)
    assert code == 0, err


def test_knockout_seeds_and_ratings_have_ranges(tmp_path: Path) -> None:
    players = tmp_path / "p.csv"
    players.write_text("name,rating\nAnn,1000000\nBen,1500\nCai,1200\nDev,900\n")
    code, _, err = cli("files", "simulate", "--players", str(players), "--seed", "1")
    assert code == 2
    assert err == (f"tdbot: error: --players {players} row 2: rating '1000000' is out of "
                   "range: ratings go from 0 to 4000 (0 if unrated)\n")
    players.write_text("name,rating\nAnn,4000\nBen,0\nCai,1200\nDev,900\n")
    for command in ("draw", "simulate"):
        code, _, err = cli("files", command, "--players", str(players), "--seed", "1000000000")
        assert code == 2 and err == ("tdbot: error: --seed: the seed must be a whole number "
                                     "from 0 to 999999999, not '1000000000'\n")
        code, out, err = cli("files", command, "--players", str(players), "--seed", "999999999")
        assert code == 0, err


# --- definition files ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fee", "problem"),
    [
        ("inf", "give an amount such as 15 or 15.50 (at most 100000)"),
        ("nan", "give an amount such as 15 or 15.50 (at most 100000)"),
        ("1e30", "must be 0 or more and at most 100000"),
        ("100000.01", "must be 0 or more and at most 100000"),
    ],
)
def test_a_fee_out_of_range_names_the_key_and_the_range(fee: str, problem: str) -> None:
    with pytest.raises(Invalid) as refused:
        parse_definition(CLUB.replace("fee_per_round = 5", f"fee_per_round = {fee}"), "club.toml")
    assert refused.value.message == f"club.toml: event.fee_per_round: {problem}"


# --- the service and the chat ---------------------------------------------------------------


async def test_the_service_checks_a_seed_and_an_event_id(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "t.sqlite3")
    try:
        async with db.transaction() as tx:
            created = await event_setup.create_event(tx, parse_definition(CLUB), by=Actor.cli(),
                                                     now=_now())
        with pytest.raises(Invalid, match="the seed must be a whole number from 0 to 999999999"):
            async with db.transaction() as tx:
                await make_draw(tx, created.event_id, seed=-1, by=Actor.cli(), now=_now())
        async with db.transaction() as tx:
            assert (await find_event(tx, str(created.event_id))).slug == "club-cup"
            with pytest.raises(Invalid, match="an event's id must be"):
                await find_event(tx, HUGE)
    finally:
        await db.close()


def _now():  # type: ignore[no-untyped-def]
    from datetime import UTC, datetime

    return datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


async def test_draw_in_the_chat_with_a_huge_seed_says_the_range(tmp_path: Path) -> None:
    under_test = BotUnderTest(tmp_path / "bot.sqlite3")
    async with under_test:
        text = CLUB.replace('name = "Tara TD"', 'name = "Tara TD"\ntelegram_id = 9001')
        async with under_test.runtime.db.transaction() as tx:
            await event_setup.create_event(tx, parse_definition(text), by=Actor.cli(),
                                           now=under_test.clock())
        tara = under_test.telegram.add_user("Tara", user_id=9001)
        under_test.telegram.chat_of(tara)
        under_test.telegram.user_sends(tara, f"/draw {HUGE}")
        await under_test.settle()
        reply = under_test.telegram.last_sent(tara).text or ""
        assert "The seed must be a whole number from 0 to 999999999" in reply, reply
        under_test.telegram.user_sends(tara, "/draw 2026")
        await under_test.settle()
        assert "2026" in (under_test.telegram.last_sent(tara).text or "")
