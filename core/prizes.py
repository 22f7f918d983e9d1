"""Prize pools of an SSSg event: fees in, costs out, 90% to prizes, guarantees checked.

Source: SSSg 2016, Annex A paras 7-9 and 26.

- Para 26: the entry fee is per person per round, so a division's fees are what its
  players actually paid, round by round.
- Para 9: each division's pool comes only from its own players' fees, and the qualifying
  round's fees go to the top division. Costs are shared between the divisions in
  proportion to their fees (qualifying fees counted as the top division's) relative to
  all fees before costs.
- Para 7: about 90% of the fees after costs is the prize pool; the rest, not less than
  10%, goes to the association (the SA).
- Para 8: some prizes are guaranteed, as multiples of the fees the prize winner paid
  (see ``para8_guarantees``); when the guarantees exceed the pool, the report says by how
  much (the shortfall), since the guarantee stands whatever the pool.

Money is exact: whole minor units (cents) in and out. Rounding never creates money:

- cost shares add up to the costs exactly: each division's share is rounded down to the
  cent, and the cents left over go one each to the divisions with the largest dropped
  fractions (ties: the division listed first);
- a prize pool is rounded down to the cent, and the remainder (at least 10% of the net,
  para 7) goes to the association;
- a guarantee "at least 2.5x" is rounded up to the cent (the prize must reach it), and
  "more than" the fees paid means at least one cent more.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from core.knockout.sssg import TOP_PRIZES, plate_prize_count
from core.ordinals import ordinal
from core.phrases import Phrase, phrase

#: Para 7: "approximately 90% of all fees collected after costs".
PRIZE_SHARE = Fraction(9, 10)
#: Para 7: the association's remainder "shall not be less than 10%".
MAX_PRIZE_SHARE = Fraction(9, 10)

# Para 8's table: the multiple of the fees the prize winner paid that a prize must at
# least reach; None means "greater than the total entry fees paid".
TOP_MULTIPLES: tuple[Fraction | None, ...] = (Fraction(5, 2), Fraction(2), Fraction(3, 2), None)
PLATE_FIRST_MULTIPLE = Fraction(3, 2)


def _check_money(value: object, what: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{what} must be a whole number of cents, 0 or more; got {value!r}")


@dataclass(frozen=True)
class Cost:
    """One cost of running the event (para 9), in cents."""

    what: str
    amount: int

    def __post_init__(self) -> None:
        _check_money(self.amount, f"the cost '{self.what}'")


@dataclass(frozen=True)
class Guarantee:
    """A prize place's guaranteed minimum (para 8), in cents.

    ``least`` is the smallest prize that keeps the guarantee. When the guarantee is a
    multiple of the fees the winner of the place paid (para 8), ``paid`` holds those
    fees and ``multiple`` the factor ("at least 2.5x"), or None for "more than the fees
    paid"; for a fixed guaranteed amount both are None.
    """

    place: str
    least: int
    paid: int | None = None
    multiple: Fraction | None = None

    def __post_init__(self) -> None:
        _check_money(self.least, f"the guarantee for {self.place}")
        if self.paid is None:
            if self.multiple is not None:
                raise ValueError(f"{self.place}: a multiple needs the fees paid it multiplies")
            return
        _check_money(self.paid, f"the fees paid by {self.place}")
        if self.multiple is None and self.least <= self.paid:
            raise ValueError(f"{self.place}: 'more than the fees paid' needs least > paid")
        if self.multiple is not None and self.least < self.multiple * self.paid:
            raise ValueError(f"{self.place}: least is below {self.multiple} x the fees paid")


def prize_places(plate: bool, players: int) -> int:
    """How many prize places para 8 guarantees: First to Fourth in the top division (fewer
    if it has fewer players), and in the plate the number of plate players / 4 rounded
    down, at least one (``core.knockout.sssg.plate_prize_count``)."""
    if players < 0:
        raise ValueError(f"a division can't have {players} players")
    return plate_prize_count(players) if plate else min(TOP_PRIZES, players)


def para8_guarantees(plate: bool, players: int, paid: Sequence[int]) -> tuple[Guarantee, ...]:
    """Para 8's guaranteed prizes, place by place, for the fees each prize winner paid.

    ``paid[i]`` is the entry fees (cents) paid by the player in place ``i + 1``; before
    the event ends, pass what the place will have paid at most (para 26: fees per round
    played), so that the guarantee is not underestimated. Top division: First at least
    2.5x, Second 2x, Third 1.5x, Fourth more than the fees paid. Plate: First at least
    1.5x, every other prize place more than the fees paid.
    """
    places = prize_places(plate, players)
    if len(paid) != places:
        division = "the plate" if plate else "the top division"
        raise ValueError(
            f"{division} with {players} players has {places} prize places (para 8); "
            f"got fees paid for {len(paid)}"
        )
    guarantees = []
    for place, fees in enumerate(paid, start=1):
        _check_money(fees, f"the fees paid by place {place}")
        if plate:
            multiple = PLATE_FIRST_MULTIPLE if place == 1 else None
        else:
            multiple = TOP_MULTIPLES[place - 1]
        least = fees + 1 if multiple is None else _ceil(multiple * fees)
        guarantees.append(Guarantee(str(ordinal(place)), least, fees, multiple))
    return tuple(guarantees)


def _ceil(x: Fraction) -> int:
    return -((-x.numerator) // x.denominator)


@dataclass(frozen=True)
class DivisionPurse:
    """One division's money: its players' fees and its guaranteed prizes.

    ``fees`` are the entry fees its players paid for the division's own rounds;
    ``qualifying_fees`` the qualifying round's, which para 9 gives to the top division
    (so a plate has none).
    """

    name: str
    players: int
    fees: int
    qualifying_fees: int = 0
    plate: bool = False
    guarantees: tuple[Guarantee, ...] = ()

    def __post_init__(self) -> None:
        _check_money(self.fees, f"{self.name}'s fees")
        _check_money(self.qualifying_fees, f"{self.name}'s qualifying fees")
        if self.plate and self.qualifying_fees:
            raise ValueError(
                f"{self.name}: the qualifying round's fees go to the top division (SSSg para 9), "
                "not to the plate"
            )
        places = prize_places(self.plate, self.players)
        if len(self.guarantees) > places:
            raise ValueError(
                f"{self.name} has {places} prize places (para 8) but {len(self.guarantees)} "
                "guarantees"
            )
        if not isinstance(self.guarantees, tuple):
            object.__setattr__(self, "guarantees", tuple(self.guarantees))

    @property
    def total_fees(self) -> int:
        return self.fees + self.qualifying_fees


@dataclass(frozen=True)
class DivisionPrizes:
    """What para 7-9 make of one division's money, in cents.

    ``net`` is fees less the division's share of costs (negative when costs exceed the
    fees); ``pool`` the prizes; ``to_association`` the rest of the net; ``shortfall`` how
    much the guarantees exceed the pool (0 when they fit); ``left`` what the pool holds
    beyond the guarantees, for the other prizes para 7 leaves to the organizers.
    """

    division: DivisionPurse
    cost_share: int
    net: int
    pool: int
    to_association: int
    guaranteed: int
    shortfall: int
    prize_places: int

    @property
    def left(self) -> int:
        return max(0, self.pool - self.guaranteed)


@dataclass(frozen=True)
class PrizeReport:
    divisions: tuple[DivisionPrizes, ...]
    costs: tuple[Cost, ...]
    share: Fraction

    @property
    def fees(self) -> int:
        return sum(d.division.total_fees for d in self.divisions)

    @property
    def total_costs(self) -> int:
        return sum(c.amount for c in self.costs)

    @property
    def shortfall(self) -> int:
        return sum(d.shortfall for d in self.divisions)


def prize_pools(
    divisions: Sequence[DivisionPurse],
    costs: Sequence[Cost] = (),
    share: Fraction | Decimal = PRIZE_SHARE,
) -> PrizeReport:
    """Each division's share of costs, net, prize pool and guarantees (paras 7-9)."""
    fraction = Fraction(share)
    if not 0 < fraction <= MAX_PRIZE_SHARE:
        raise ValueError(
            f"the prize share must be more than 0 and at most 90% (SSSg para 7: the "
            f"association keeps at least 10% of the fees after costs); got {float(fraction):.0%}"
        )
    names = [d.name for d in divisions]
    if len(set(names)) != len(names):
        raise ValueError(f"division names must differ, got {names}")
    total_costs = sum(c.amount for c in costs)
    shares = _cost_shares(total_costs, [d.total_fees for d in divisions])
    out = []
    for division, cost_share in zip(divisions, shares, strict=True):
        net = division.total_fees - cost_share
        pool = net * fraction.numerator // fraction.denominator if net > 0 else 0
        guaranteed = sum(g.least for g in division.guarantees)
        out.append(
            DivisionPrizes(
                division=division,
                cost_share=cost_share,
                net=net,
                pool=pool,
                to_association=net - pool,
                guaranteed=guaranteed,
                shortfall=max(0, guaranteed - pool),
                prize_places=prize_places(division.plate, division.players),
            )
        )
    return PrizeReport(tuple(out), tuple(costs), fraction)


def _cost_shares(total: int, fees: Sequence[int]) -> list[int]:
    """Para 9: costs in proportion to fees, to the cent, adding up to ``total`` exactly
    (largest remainder; see the module docstring)."""
    all_fees = sum(fees)
    if all_fees == 0:
        if total:
            raise ValueError(
                "no fees recorded, so the costs cannot be shared between the divisions "
                "(SSSg para 9 shares them in proportion to fees)"
            )
        return [0 for _ in fees]
    shares = [total * f // all_fees for f in fees]
    dropped = [total * f % all_fees for f in fees]
    left = total - sum(shares)
    for i in sorted(range(len(fees)), key=lambda i: (-dropped[i], i))[:left]:
        shares[i] += 1
    return shares


# --- for a TD's phone ---------------------------------------------------------------------


def money(cents: int, currency: str = "$") -> str:
    """'$1,234.56'; '-$5.00' below zero."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}{currency}{whole:,}.{part:02d}"


def _times(multiple: Fraction) -> str:
    return f"{float(multiple):g}x"


def summary(report: PrizeReport, currency: str = "$") -> str:
    """The prize pools as plain English text for a TD to read on a phone (escape it for
    HTML): ``summary_lines``, one per line."""
    return "\n".join(str(line) for line in summary_lines(report, currency))


def summary_lines(report: PrizeReport, currency: str = "$") -> tuple[Phrase, ...]:
    """The prize pools line by line, in no language yet (``core.phrases``), so that each
    reader reads them in their own; an empty phrase is a blank line between divisions."""

    def m(cents: int) -> str:
        return money(cents, currency)

    lines = [
        phrase("Prize pools (SSSg paras 7-9)"),
        phrase("Fees {fees}, costs {costs}.", fees=m(report.fees), costs=m(report.total_costs)),
    ]
    percent = f"{float(report.share) * 100:g}%"
    for d in report.divisions:
        div = d.division
        lines.append(Phrase(""))
        if d.prize_places == 1:
            lines.append(phrase("{division}: {players} players, 1 prize", division=div.name,
                                players=div.players))
        else:
            lines.append(phrase("{division}: {players} players, {places} prizes",
                                division=div.name, players=div.players,
                                places=d.prize_places))
        if div.qualifying_fees:
            lines.append(phrase("Fees {fees} (qualifying round {qualifying})",
                                fees=m(div.total_fees), qualifying=m(div.qualifying_fees)))
        else:
            lines.append(phrase("Fees {fees}", fees=m(div.total_fees)))
        if d.net < 0:
            lines.append(phrase("Share of costs {share}: {over} more than the fees",
                                share=m(d.cost_share), over=m(-d.net)))
            lines.append(phrase("No prize pool."))
        else:
            lines.append(phrase("Share of costs {share}, leaving {net}", share=m(d.cost_share),
                                net=m(d.net)))
            lines.append(phrase("Prizes ({percent}) {pool}, to the SA {association}",
                                percent=percent, pool=m(d.pool),
                                association=m(d.to_association)))
        if div.guarantees:
            lines.append(phrase("Guaranteed (para 8):"))
            lines += [_guaranteed(g, m) for g in div.guarantees]
            if d.shortfall:
                lines.append(phrase(
                    "SHORT by {short}: the guarantees need {need}, the pool is {pool}. The "
                    "organizers must add the difference: para 8 guarantees these prizes.",
                    short=m(d.shortfall), need=m(d.guaranteed), pool=m(d.pool)))
            else:
                lines.append(phrase("Guarantees {guaranteed}; {left} left for other prizes.",
                                    guaranteed=m(d.guaranteed), left=m(d.left)))
    return tuple(lines)


def _place(place: str) -> Phrase | str:
    """A prize place as ``ordinal`` wrote it in English ('1st', '22nd'), as its phrase
    again, so that each language writes its own ordinal; a place named otherwise, as it
    is."""
    found = _ORDINAL.fullmatch(place)
    return place if found is None else ordinal(int(found[1]))


_ORDINAL = re.compile(r"(\d+)(st|nd|rd|th)")


def _guaranteed(g: Guarantee, m: Callable[[int], str]) -> Phrase:
    place = _place(g.place)
    if g.paid is None:
        return phrase("{place} {least}", place=place, least=m(g.least))
    if g.multiple is None:
        return phrase("{place} {least} (more than {paid} paid)", place=place,
                      least=m(g.least), paid=m(g.paid))
    return phrase("{place} {least} ({times} {paid} paid)", place=place, least=m(g.least),
                  times=_times(g.multiple), paid=m(g.paid))
