"""An event's fees as a treasurer's spreadsheet (CSV): what each player owes and paid for
each round, or each club night, with the totals, in exact decimals of the event's
currency.

Who owes what is the rule the bot already keeps, read here, not made again: a round's fee
is owed by the players of its matches (SSSg Annex A para 26: "$15 per round"; a bye is no
match to pay for, and an expelled player owes nothing more: ``payments_repo._OWING``), and
by anyone who paid for it ahead (a payment recorded before the draw, or before their match
was known); a club night's fee is owed from check-in, free for a newcomer's first nights
or at the student or senior rate (Director's Manual, Player Fees at Club:
``core.club.session_fee``, stored with each check-in).

Lines, told apart by the first column (``line``): ``player`` (one player, one round or
night), ``round total`` after each round's players, ``player total`` (one per player,
every round), and ``total``.
"""

from __future__ import annotations

import csv
import io
from decimal import Decimal

from bot.service.events.definitions import definition_of
from bot.service.events.lookup import Event
from bot.service.events.schedule import round_code
from bot.service.formats.registry import format_of
from bot.service.formats.seam import FeeLine as FeeLine
from bot.store import entries_repo, payments_repo, rounds_repo
from bot.store.db import Tx

HEADER = ["line", "round", "player", "due", "paid", "owed", "currency", "note"]


def amount(minor: int) -> str:
    """Minor units as an exact decimal: 1500 -> "15.00" (no float on the way)."""
    return f"{Decimal(minor) / 100:.2f}"


async def round_lines(tx: Tx, event: Event) -> list[FeeLine]:
    names = {e.id: e.name for e in await entries_repo.of_event(tx, event.id)}
    stored = await rounds_repo.of_event(tx, event.id)
    planned = {round_code(r.name): r.name for r in definition_of(event).rounds}
    rounds = [(r.code, r.name, r.fee) for r in stored]
    known = {code for code, _, _ in rounds}
    payments = await payments_repo.of_event(tx, event.id)
    for p in payments:  # paid before the draw made the round (or for one it did not make)
        if p.round_code not in known:
            known.add(p.round_code)
            rounds.append((p.round_code, planned.get(p.round_code, p.round_code),
                           event.fee_per_round))
    code_of = {r.id: r.code for r in stored}
    lines: dict[tuple[str, int], FeeLine] = {}
    fee = {code: fee for code, _, fee in rounds}
    name_of = {code: name for code, name, _ in rounds}
    for round_id, entry in await payments_repo.owing_of_event(tx, event.id):
        code = code_of[round_id]
        if fee[code] > 0:
            lines[(code, entry)] = FeeLine(name_of[code], names[entry], fee[code])
    for p in payments:
        line = lines.setdefault((p.round_code, p.entry_id), FeeLine(
            name_of[p.round_code], names[p.entry_id], fee[p.round_code]))
        line.paid += p.amount
        line.note = "; ".join(n for n in (line.note, p.note) if n)
    order = {code: i for i, (code, _, _) in enumerate(rounds)}
    return [lines[k] for k in sorted(lines, key=lambda k: (order[k[0]], lines[k].player))]


async def fees_csv(tx: Tx, event: Event) -> str:
    """The sheet's text (``HEADER``): every player's line, round by round with its total,
    then each player's total, then the event's. The lines are the format's
    (``seam.Format.fee_lines``: a club's are its nights, the others' ``round_lines``)."""
    lines = await format_of(event).fee_lines(tx, event)
    out = io.StringIO()
    sheet = csv.writer(out)
    sheet.writerow(HEADER)

    def row(kind: str, rnd: str, player: str, due: int, paid: int, note: str = "") -> None:
        sheet.writerow([kind, rnd, player, amount(due), amount(paid), amount(due - paid),
                        event.currency, note])

    rounds: dict[str, list[FeeLine]] = {}
    for line in lines:
        rounds.setdefault(line.round, []).append(line)
    for rnd, of_round in rounds.items():
        for line in of_round:
            row("player", rnd, line.player, line.due, line.paid, line.note)
        row("round total", rnd, "", sum(x.due for x in of_round), sum(x.paid for x in of_round))
    players: dict[str, list[FeeLine]] = {}
    for line in lines:
        players.setdefault(line.player, []).append(line)
    for player in sorted(players, key=str.casefold):
        mine = players[player]
        row("player total", "", player, sum(x.due for x in mine), sum(x.paid for x in mine))
    row("total", "", "", sum(x.due for x in lines), sum(x.paid for x in lines))
    return out.getvalue()
