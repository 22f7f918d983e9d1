"""The range of every number a person types: seeds, ratings, amounts of money, counts and
record numbers, each said in the error when a number falls outside it.

A number from outside (the command line, a chat message, a definition file) is checked
where it comes in, so the core never meets a seed SQLite cannot store (it keeps 64-bit
integers) or a rating whose odds overflow a float. The ranges are wide enough for any
real event; they are here, once, so that the command line, the chat and the service say
the same thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from bot.service.platform.errors import Invalid
from bot.words.said import Said, said

#: Only ASCII digits: ``int()`` also takes "١٢" or "1_000", which nobody types on purpose.
_WHOLE = re.compile(r"[+-]?[0-9]+")
#: An amount as typed: ASCII digits, an optional point and decimals (and an exponent, as
#: ``Decimal`` writes one). ``Decimal()`` alone also takes "1_000" and "١٢", which
#: nobody types for an amount of money.
_MONEY = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
#: More digits than this cannot be in any range here; refused before int() reads them.
_MAX_DIGITS = 20


def whole_number(text: str, what: Said | str, lo: int, hi: int) -> int:
    """``text`` as a whole number from ``lo`` to ``hi``, or ``Invalid`` saying the range,
    e.g. "the seed must be a whole number from 0 to 999999999, not '1e9'"."""
    cleaned = text.strip()
    if _WHOLE.fullmatch(cleaned) and len(cleaned) <= _MAX_DIGITS:
        value = int(cleaned)
        if lo <= value <= hi:
            return value
    raise Invalid(_outside(what, lo, hi, _shown(text)))


def _outside(what: Said | str, lo: int, hi: int, shown: str) -> Said:
    return said("{what} must be a whole number from {lo} to {hi}, not {shown}", what=what,
                lo=lo, hi=hi, shown=shown)


def _shown(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:27] + "...")


@dataclass(frozen=True)
class Range:
    """A named range of whole numbers; ``what`` starts the error ("the seed must be...")."""

    what: Said
    lo: int
    hi: int

    def parse(self, text: str) -> int:
        return whole_number(text, self.what, self.lo, self.hi)

    def check(self, value: int) -> int:
        """A number that arrived as an int (a service call, a typed option) checked the same."""
        if not isinstance(value, bool) and isinstance(value, int) and self.lo <= value <= self.hi:
            return value
        shown = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a longer one"
        raise Invalid(_outside(self.what, self.lo, self.hi, shown))


#: A draw's random seed (recorded with the event, printed so anyone can re-run the draw).
SEED = Range(said("the seed"), 0, 999_999_999)
#: How many journal entries to show.
JOURNAL_LIMIT = Range(said("the number of entries"), 1, 10_000)
#: An event's id, typed in place of its name (``tdbot event list`` shows both).
EVENT_ID = Range(said("an event's id"), 1, 999_999_999)
#: A join request's number as a TD types it (``tdbot event inbox`` lists them).
REQUEST_NUMBER = Range(said("a join request's number"), 1, 999_999_999)
#: A newcomer's rating on a club night or a ladder (0: unrated), as /checkin new NAME
#: [RATING] and /join NAME [RATING] take it.
RATING = Range(said("the rating"), 0, 4000)

#: The most a fee or a payment can be, in the event's currency.
MONEY_MAX = Decimal(100_000)


def amount_of_money(value: str | int | float | Decimal, *, positive: bool) -> Decimal:
    """An amount as typed (``15``, ``15.50``) or read from TOML (``15.5``): exact (a Decimal;
    a float by its shortest repr), finite, at most two decimals (cents), at most
    ``MONEY_MAX``, and more than 0 if ``positive`` (a payment) or else 0 or more (a fee).

    ``Invalid`` says what is wrong starting at "must..." or "give...", for the caller to
    put after the name of what was typed: "--amount '15.005': must have at most two
    decimals (cents)", "event.fee_per_round: must be 0 or more and at most 100000".
    """
    not_money = said("give an amount such as 15 or 15.50 (at most {most})", most=MONEY_MAX)
    if isinstance(value, bool):
        raise Invalid(not_money)
    if isinstance(value, str) and not _MONEY.fullmatch(value.strip()):
        raise Invalid(not_money)
    try:
        amount = Decimal(repr(value) if isinstance(value, float) else str(value).strip())
    except InvalidOperation:
        raise Invalid(not_money) from None
    if not amount.is_finite():
        raise Invalid(not_money)
    if amount > MONEY_MAX or amount < 0 or (positive and amount == 0):
        raise Invalid(said("must be more than 0 and at most {most}", most=MONEY_MAX) if positive
                      else said("must be 0 or more and at most {most}", most=MONEY_MAX))
    if amount != amount.quantize(Decimal("0.01")):  # in range, so quantize cannot overflow
        raise Invalid(said("must have at most two decimals (cents)"))
    return amount


def minor_units(amount: Decimal) -> int:
    """An amount checked by :func:`amount_of_money`, in cents, exactly."""
    return int(amount * 100)
