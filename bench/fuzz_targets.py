"""The properties that every reader of outside text must hold, shared by the test suite
(``tests/core/test_fuzz_parsers.py``, a few hundred examples each) and ``python -m
bench.fuzz`` (thousands each).

The property: whatever text comes in (a chat message, a command's words, an uploaded
file), the reader either returns a value or raises its documented refusal type with a
message that says what was wrong. A bare ``ValueError``/``IndexError``/``KeyError`` from
deep inside, an empty message, or a message that only repeats Python's own words
("invalid literal for int()") is a failure: the person who typed the text could not fix
it from that.

Inputs are arbitrary text, arbitrary bytes as the readers would see them (UTF-8 with
replacement, or Latin-1 so that every byte, NUL included, is a character), and near-valid
mutations of a valid sample: one line replaced, the text cut short, an odd character
(NUL, BOM, CR, another script's digit, a superscript, a huge number) put in anywhere.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from hypothesis import HealthCheck, Verbosity, given, settings
from hypothesis import strategies as st

from bot.service.events.definitions import parse_definition
from bot.service.events.schedule import parse_closing
from bot.service.platform.errors import Invalid, ServiceError
from bot.service.platform.limits import SEED, amount_of_money, whole_number
from bot.service.results.rulings import parse_scores
from bot.telegram.handlers.expel import expel_args
from bot.telegram.handlers.fees import cost_args, paid_args
from bot.telegram.handlers.hold import hold_round_args
from bot.telegram.handlers.report import parse_report
from bot.telegram.handlers.td import open_round_args
from core.durations import DurationError, parse_duration
from core.formats import FormatError
from core.formats.players_csv import PlayersCsvError, parse_players_csv
from core.formats.trf import read_trf
from core.formats.tsh import parse_tsh
from core.slip import SlipRefused, parse_slip

ROOT = Path(__file__).resolve().parent.parent
ZONES = (ZoneInfo("UTC"), ZoneInfo("Asia/Singapore"), ZoneInfo("Pacific/Kiritimati"),
         ZoneInfo("Pacific/Pago_Pago"))

#: Python's words that mean an internal error leaked into a refusal unexplained.
_LEAKS = ("invalid literal for int()", "Exceeds the limit", "object has no attribute",
          "index out of range", "unsupported operand", "NoneType", "Traceback")

#: Characters that break naive readers: NUL, a BOM, CR, a line separator, Arabic-Indic
#: and full-width digits, a superscript two, an underscore in a number, a minus sign.
ODD = ("\x00", "\ufeff", "\r", "\r\n", "\u2028", "\u0661\u0662", "\uff11", "\u00b2", "1_000",
       "\u2212", "\t", ";", ",", ":", "-", "#", '"', "9" * 30, "9" * 5000, "1e999999999",
       "nan", "inf", "-1", " ", "9999-12-31", "0001-01-01", "23:59", "T")


@dataclass(frozen=True)
class Target:
    """One reader: its name, a valid sample input, how to call it, what it refuses with."""

    name: str
    sample: str
    read: Callable[[str], object]
    refusal: type[Exception] | tuple[type[Exception], ...]


def check(target: Target, text: str) -> None:
    """The property: ``target.read(text)`` returns, or refuses with a message that says
    what was wrong. Any other exception propagates (and so fails the test)."""
    try:
        target.read(text)
    except target.refusal as exc:
        message = exc.message if isinstance(exc, ServiceError) else str(exc)
        assert message.strip(), f"{target.name}: an empty refusal for {text[:200]!r}"
        # A refusal may quote the input: Python's words count only if the input lacks them.
        leak = next((word for word in _LEAKS if word in message and word not in text), None)
        assert leak is None, f"{target.name}: {message[:300]!r} for {text[:200]!r}"


@st.composite
def mutated(draw: st.DrawFn, sample: str) -> str:
    """``sample`` changed in one place: a line replaced, cut short, or an odd piece put in;
    or a line replaced by a value nested deep in brackets (a reader that recurses once per
    level, as tomllib does, overflows Python's stack at a few hundred)."""
    how = draw(st.sampled_from(("line", "cut", "insert", "crlf", "bom", "nest")))
    if how == "nest":
        lines = sample.split("\n")
        depth = draw(st.integers(1, 2000))
        opening, closing = draw(st.sampled_from((("[", "]"), ("{a = ", "}"))))
        lines[draw(st.integers(0, len(lines) - 1))] = (
            "x = " + opening * depth + "1" + closing * draw(st.sampled_from((0, depth))))
        return "\n".join(lines)
    if how == "line":
        lines = sample.split("\n")
        i = draw(st.integers(0, len(lines) - 1))
        lines[i] = draw(st.text(max_size=60) | st.sampled_from(ODD)
                        | st.just(lines[i][: len(lines[i]) // 2]))
        return "\n".join(lines)
    if how == "cut":
        return sample[: draw(st.integers(0, len(sample)))]
    if how == "crlf":
        return sample.replace("\n", "\r\n")
    if how == "bom":
        return "\ufeff" + sample
    at = draw(st.integers(0, len(sample)))
    piece = draw(st.sampled_from(ODD) | st.text(min_size=1, max_size=5))
    end = at + draw(st.integers(0, 3))
    return sample[:at] + piece + sample[end:]


def inputs(sample: str) -> st.SearchStrategy[str]:
    """Arbitrary text, arbitrary bytes decoded two ways, and mutations of ``sample``."""
    return st.one_of(
        st.text(),
        st.binary().map(lambda b: b.decode("utf-8", "replace")),
        st.binary().map(lambda b: b.decode("latin-1")),
        mutated(sample),
        mutated(sample),  # twice: near-valid input finds the deep paths
    )


def _closing(text: str) -> None:
    """A closing time as a TD types it, in zones either side of UTC; the moment must also
    convert to UTC (as it is stored) without overflowing."""
    for zone in ZONES:
        parse_closing(text, zone).astimezone(UTC)


def _open_round(text: str) -> None:
    asked = open_round_args(text)
    if asked.closing is not None:
        _closing(asked.closing)


def _hold_round(text: str) -> None:
    _, date, _ = hold_round_args(text)
    _closing(date)


#: SQLite keeps 64-bit integers; every number a definition stores must fit.
_SQLITE = range(-(2**63), 2**63)


def _definition(text: str) -> None:
    """A definition that parses must also be usable: its windows and reminders added to a
    date stay dates, and its numbers fit the database."""
    found = parse_definition(text)
    rules, later = found.rules, datetime(2100, 1, 1, tzinfo=UTC)
    for hours in (rules.slip_window_hours, rules.photo_window_hours, rules.photo_reminder_hours,
                  rules.fee_reminder_hours or 0, *rules.reminder_hours):
        later + timedelta(hours=hours)
    for days in rules.fee_reminder_days or ():
        later - timedelta(days=days)
    numbers = [rules.game_bye_spread, rules.forfeit_spread, rules.ratings_officer_chat or 0,
               found.event.fee_minor, *(r.head_start for r in found.rounds),
               *(p.telegram_id or 0 for p in (*found.players, *found.tds, *found.organisers,
                                              *found.adjudicators))]
    assert all(n in _SQLITE for n in numbers), f"a number too big for the database: {numbers}"


def _typed_numbers(text: str) -> None:
    SEED.parse(text)


def _read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def targets() -> tuple[Target, ...]:
    """Every reader of outside text, with a valid sample to mutate."""
    return (
        Target("slip", "lost 380-412 v Ricky Purnomo", parse_slip, SlipRefused),
        Target("report", "/report won 412-380 v Ricky game 3", parse_report, Invalid),
        Target("amend", "412 380", parse_scores, Invalid),
        Target("tsh", _read("tests/data/tsh_a_2023.t"), parse_tsh, FormatError),
        Target("trf", _read("tests/data/swiss_small.trf"), read_trf, FormatError),
        Target("players_csv", _read("examples/players24.csv"), parse_players_csv,
               PlayersCsvError),
        Target("definition", _read("examples/sssg2016.toml"), _definition, Invalid),
        Target("duration", "1h 30m", parse_duration, DurationError),
        Target("closing", "2016-09-30T18:00", _closing, Invalid),
        Target("seed", "12345", _typed_numbers, Invalid),
        Target("whole_number", "-42", lambda t: whole_number(t, "the count", -100, 100), Invalid),
        Target("money", "15.50", lambda t: amount_of_money(t, positive=True), Invalid),
        Target("openround", "qual until 2016-09-30 18:00 anyway: paid by bank", _open_round,
               Invalid),
        Target("holdround", "Ro16 until 2016-10-15 18:00: Causeway Open", _hold_round, Invalid),
        Target("expel", "Ricky Purnomo: did not pay (para 26)", expel_args, Invalid),
        Target("paid", "Ricky Purnomo qual", lambda t: paid_args(t.split()), Invalid),
        Target("cost", "120.50 venue hire", lambda t: cost_args(t.split()), Invalid),
    )


class TooSlow(Exception):
    """An input took longer than the time limit: a hang, as a failure hypothesis can shrink."""


def _too_slow(signum: int, frame: object) -> None:
    raise TooSlow("one input took longer than the time limit (a hang?)")


def run(target: Target, examples: int, *, seconds: float = 5.0,
        seen: Callable[[str], None] | None = None) -> None:
    """Check ``target`` on ``examples`` inputs; raises on the first failure, after
    hypothesis has shrunk it (the last input ``seen`` is then the smallest failing one).
    An input that takes over ``seconds`` fails (``TooSlow``; a SIGALRM timer, so call
    this from the main thread)."""

    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), verbosity=Verbosity.quiet,
              print_blob=False)
    @given(inputs(target.sample))
    def holds(text: str) -> None:
        if seen is not None:
            seen(text)
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            check(target, text)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    previous = signal.signal(signal.SIGALRM, _too_slow)
    try:
        holds()
    finally:
        signal.signal(signal.SIGALRM, previous)
