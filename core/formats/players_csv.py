"""The players CSV: the one list of entrants that ``tdbot files draw``, ``tdbot files simulate`` and
``tdbot players import`` all read, by one set of rules, so that the same file and seed give
the same draw whichever way it goes in.

The rules, as an organiser's spreadsheet meets them:

- The first line is a header naming the columns, in any order and any case: ``name`` and
  ``rating`` are required; ``phone``, ``telegram_id``, ``membership_until`` and ``team`` are
  optional (spaces or hyphens count as underscores: "Telegram ID" is ``telegram_id``). Other columns
  (a club, an e-mail) are ignored; a column named twice is refused.
- The separator is the header's: whichever of comma, semicolon or tab it holds most (many
  locales' spreadsheets save "CSV" with semicolons). A byte-order mark is ignored.
- Rows are numbered as the spreadsheet shows them: the header is row 1 and blank rows count,
  so "row 7" is the row the organiser sees as 7. Blank rows are skipped.
- A name is taken as people mean it: Unicode in one form (NFC: "Zoë" typed two ways is one
  name) and runs of spaces as one. Two names equal but for case are one player written
  twice, and refused.
- A rating is a whole number from 0 to 4000. An empty rating means unrated and is 0, as an
  event definition's player without a rating is; the unrated are then seeded last (SSSg
  para 1: byes and seeds go by rating). ``1800.0`` (a spreadsheet's way of writing 1800) is
  1800; ``1800.5`` is refused rather than rounded, as it is a rating nobody has.
- ``telegram_id`` is a Telegram user id: a positive whole number below 2**63 (Telegram's ids
  fit in 64 bits, and so must what the database stores). One id cannot hold two entries.
- ``membership_until`` is the date a player's membership ends (SSSg para 11 asks entrants to
  be members), written 2016-12-31; empty if not known.
- ``team`` is a player's club, school or team, which a round-based event's ``[pairing]
  avoid_teams`` keeps apart (as a definition's ``[[players]] team`` does): read like a name
  (runs of spaces as one), at most 32 characters, the most a TRF file's team line holds
  (FIDE TRF16, line 013); empty for none.
- A row with more values than the header has columns is refused rather than cut short: it is
  nearly always a name with an unquoted comma ("Lim, Aaron"), and dropping the rest would
  enter a wrong name or rating.

Every mistake is a ``PlayersCsvError`` naming the row, e.g. "row 4: rating '18OO' is not a
whole number"; the caller adds the file's name.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

REQUIRED = ("name", "rating")
OPTIONAL = ("phone", "telegram_id", "membership_until", "team")
DELIMITERS = (",", ";", "\t")
MAX_RATING = 4000
#: The longest team name: what a TRF file's team line holds (FIDE TRF16, line 013).
MAX_TEAM = 32
#: Telegram user ids are 64-bit; SQLite's INTEGER is a signed 64-bit number.
TELEGRAM_ID_LIMIT = 2**63


@dataclass(frozen=True)
class PlayerRow:
    """One player of the file, and the row it is on (for later messages about it)."""

    row: int
    name: str
    rating: int
    phone: str = ""
    telegram_id: int | None = None
    membership_until: date | None = None
    team: str = ""


class PlayersCsvError(ValueError):
    """A mistake in a players CSV; ``row`` is the spreadsheet's row (0: the whole file)."""

    def __init__(self, row: int, message: str) -> None:
        super().__init__(f"row {row}: {message}" if row else message)
        self.row = row
        self.message = message

    def where(self, source: str) -> str:
        """The message with the file's name first: "players.csv row 4: ..."."""
        return f"{source} row {self.row}: {self.message}" if self.row else f"{source}: {self.message}"


def clean_name(raw: str) -> str:
    """A name as people mean it: NFC, and runs of white space as one space."""
    return " ".join(unicodedata.normalize("NFC", raw).split())


def _column(raw: str) -> str:
    return "_".join(raw.strip().lower().replace("-", " ").split())


def _delimiter(header_line: str) -> str:
    counts = [header_line.count(d) for d in DELIMITERS]
    return DELIMITERS[counts.index(max(counts))]


def _records(text: str, delimiter: str) -> list[tuple[int, list[str]]]:
    """Each record with the row it starts on. A quoted name may hold a line break (it
    becomes a space in the name), so rows are counted as the reader goes."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    out: list[tuple[int, list[str]]] = []
    start = 1
    try:
        for record in reader:
            out.append((start, record))
            start = reader.line_num + 1
    except csv.Error as exc:
        raise PlayersCsvError(start, f"cannot read this row ({exc}); check its quotes") from None
    return out


def _header(cells: list[str]) -> dict[str, int]:
    columns = [_column(c) for c in cells]
    missing = [c for c in REQUIRED if c not in columns]
    if missing:
        shown = ", ".join(c.strip() for c in cells) or "empty"
        raise PlayersCsvError(
            1,
            f"the header needs the columns name and rating; missing: {', '.join(missing)} "
            f"(the header is: {shown}). Put a first row such as: name,rating,phone",
        )
    index: dict[str, int] = {}
    for i, column in enumerate(columns):
        if column in REQUIRED + OPTIONAL:
            if column in index:
                raise PlayersCsvError(1, f"the column {column} appears twice; keep one")
            index[column] = i
    return index


#: A rating as a spreadsheet writes one: ASCII digits, perhaps with decimals ("1800.0").
#: Not ``Decimal()`` alone: it takes "1_800", "١٨٠٠" and "1e999999999", whose ``int()``
#: would build a billion-digit number.
_RATING = re.compile(r"[+-]?[0-9]{1,12}(?:\.[0-9]{0,12})?")


def _rating(raw: str) -> int:
    if not raw:
        return 0
    if not _RATING.fullmatch(raw):
        raise ValueError(f"rating {_shown(raw)} is not a whole number")
    value = Decimal(raw)
    if value != value.to_integral_value():
        raise ValueError(f"rating {_shown(raw)} is not a whole number")
    rating = int(value)
    if not 0 <= rating <= MAX_RATING:
        raise ValueError(
            f"rating {raw!r} is out of range: ratings go from 0 to {MAX_RATING} (0 if unrated)"
        )
    return rating


def _shown(raw: str) -> str:
    return repr(raw if len(raw) <= 30 else raw[:27] + "...")


def _telegram_id(raw: str) -> int | None:
    if not raw:
        return None
    if not raw.isascii() or not raw.isdigit() or not 0 < int(raw) < TELEGRAM_ID_LIMIT:
        raise ValueError(
            f"telegram_id {raw!r} is not a Telegram user id (a positive whole number "
            "of at most 19 digits); leave it empty if not known"
        )
    return int(raw)


def _membership(raw: str) -> date | None:
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise ValueError(
            f"membership_until {raw!r} is not a date; write it as YYYY-MM-DD"
        ) from None


def _team(raw: str) -> str:
    team = clean_name(raw)
    if len(team) > MAX_TEAM:
        raise ValueError(
            f"team {_shown(team)} is {len(team)} characters long; a team name has at most "
            f"{MAX_TEAM} (what a TRF file holds): shorten it"
        )
    return team


def parse_players_csv(text: str) -> tuple[PlayerRow, ...]:
    """The players of a CSV text, in file order; ``PlayersCsvError`` on the first mistake."""
    text = text.removeprefix("\ufeff")
    if not text.strip():
        raise PlayersCsvError(0, "the file is empty; its first row must be a header: name,rating")
    records = _records(text, _delimiter(text.split("\n", 1)[0]))
    index = _header(records[0][1])
    width = len(records[0][1])
    players: list[PlayerRow] = []
    names: dict[str, int] = {}
    ids: dict[int, int] = {}
    for row, cells in records[1:]:
        if not any(c.strip() for c in cells):
            continue
        if len(cells) > width and any(c.strip() for c in cells[width:]):
            raise PlayersCsvError(
                row,
                f"{len(cells)} values but the header has {width} columns; "
                'put a name that contains a comma in double quotes ("Lim, Aaron")',
            )

        def cell(column: str, cells: list[str] = cells) -> str:
            i = index.get(column)
            return cells[i].strip() if i is not None and i < len(cells) else ""

        name = clean_name(cell("name"))
        if not name:
            raise PlayersCsvError(row, "the name is empty")
        try:
            rating = _rating(cell("rating"))
            telegram_id = _telegram_id(cell("telegram_id"))
            membership = _membership(cell("membership_until"))
            team = _team(cell("team"))
        except ValueError as exc:
            raise PlayersCsvError(row, str(exc)) from None
        key = name.casefold()
        if key in names:
            raise PlayersCsvError(row, f"{name!r} appears twice (also row {names[key]})")
        names[key] = row
        if telegram_id is not None:
            if telegram_id in ids:
                raise PlayersCsvError(
                    row, f"telegram_id {telegram_id} appears twice (also row {ids[telegram_id]})"
                )
            ids[telegram_id] = row
        players.append(PlayerRow(row, name, rating, cell("phone"), telegram_id, membership,
                                 team))
    if not players:
        raise PlayersCsvError(0, "the file has a header but no players; add a row per player")
    return tuple(players)
