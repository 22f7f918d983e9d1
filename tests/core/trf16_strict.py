"""A strict TRF16 checker for the tests: what the pairing programs FIDE endorses demand.

Written apart from ``core.formats.trf`` (sharing none of its code) so that a mistake in
the writer is not repeated by the check. The rules are those of the TRF16 player line
(FIDE handbook C.04 Annex 2) and of bbpPairings' reader:

- ``001`` lines: "001", starting rank right-aligned in columns 5-8, the name in 15-47,
  the rating (blank or digits) in 49-52, the points in 81-84 written ``d.d``, the rank
  in 86-89; columns 4, 9, 14, 48, 53 and 85 blank; then one 10-column block a
  round from column 90: two blanks, the opponent in 92-95 (``0000`` for none), a blank, the colour in
  97, a blank, the result in 99. Nothing but blanks after the last block.
- Colours ``w``, ``b`` or ``-``; results ``1 = 0`` (played), ``W D L`` (played, unrated),
  ``+ -`` (forfeit), ``F H U Z`` (byes, absence); a blank block is a round without a game.
- A played game has an opponent and a colour ``w`` or ``b`` (bbpPairings: "Invalid
  line" otherwise); a round without opponent has colour ``-`` and a bye/absence or
  forfeit code; a bye code never has an opponent.
- Opponents exist and are not the player; pairings are symmetric; the two players of a
  game have opposite colours (a forfeit may have ``-`` for both) and complementary
  results (a double forfeit is ``-`` for both).
- The points column equals the results (1, = 0.5, 0; W D L the same; + 1, - 0; F and U
  1, H 0.5, Z 0); starting ranks run 1..n; ``XXR``/``142`` (total rounds), when present,
  is a whole number at least the number of rounds written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0, "+": 1.0, "-": 0.0,
          "F": 1.0, "H": 0.5, "U": 1.0, "Z": 0.0}
PLAYED = set("1=0WDL")
FORFEIT = set("+-")
NO_GAME = set("FHUZ")
OTHER_SIDE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
BLANK_COLUMNS = (4, 9, 14, 48, 53, 85)


class Trf16Error(ValueError):
    """What is wrong, and on which line of the file."""


@dataclass(frozen=True)
class Round:
    opponent: int  # 0 for none
    colour: str  # "w", "b" or "-"
    result: str  # one of POINTS, or " " for a blank block


@dataclass(frozen=True)
class Entry:
    line: int
    rank: int
    name: str
    rating: int
    points: float
    rounds: tuple[Round, ...]


def _col(text: str, first: int, last: int) -> str:
    return text[first - 1 : last]


def _block(text: str, line: int, r: int) -> Round:
    if text == " " * 10:
        return Round(0, "-", " ")
    if text[:2] != "  " or text[6] != " " or text[8] != " ":
        raise Trf16Error(f"line {line} round {r}: block {text!r} is not '  oooo c r'")
    opponent, colour, result = text[2:6], text[7], text[9]
    if not re.fullmatch(r" *[0-9]+", opponent):
        raise Trf16Error(f"line {line} round {r}: opponent {opponent!r} is not a number")
    if colour not in "wb-":
        raise Trf16Error(f"line {line} round {r}: colour {colour!r} is not w, b or -")
    if result not in POINTS:
        raise Trf16Error(f"line {line} round {r}: result {result!r} is not a TRF16 code")
    number = int(opponent)
    if number == 0:
        if colour != "-":
            raise Trf16Error(f"line {line} round {r}: no opponent but colour {colour!r}")
        if result in PLAYED:
            raise Trf16Error(f"line {line} round {r}: a played result {result!r} without opponent")
    else:
        if result in NO_GAME:
            raise Trf16Error(f"line {line} round {r}: bye/absence code {result!r} with opponent {number}")
        if result in PLAYED and colour == "-":
            raise Trf16Error(f"line {line} round {r}: a played game ({result!r}) needs colour w or b")
    return Round(number, colour, result)


def _entry(text: str, line: int) -> Entry:
    if len(text) < 89:
        raise Trf16Error(f"line {line}: a player line runs to column 89 at least, this is {len(text)}")
    for column in BLANK_COLUMNS:
        if column <= len(text) and text[column - 1] != " ":
            raise Trf16Error(f"line {line}: column {column} must be blank, found {text[column - 1]!r}")
    rank = _col(text, 5, 8)
    if not re.fullmatch(r" *[1-9][0-9]*", rank):
        raise Trf16Error(f"line {line}: starting rank {rank!r} (columns 5-8) is not a right-aligned number")
    name = _col(text, 15, 47).strip()
    if not name:
        raise Trf16Error(f"line {line}: empty name (columns 15-47)")
    rating = _col(text, 49, 52)
    if not re.fullmatch(r" *[0-9]*", rating):
        raise Trf16Error(f"line {line}: rating {rating!r} (columns 49-52) is not a number")
    points = _col(text, 81, 84)
    if not re.fullmatch(r" *[0-9]{1,2}\.[05]", points):
        raise Trf16Error(f"line {line}: points {points!r} (columns 81-84) are not written d.d")
    if not re.fullmatch(r" *[0-9]+", _col(text, 86, 89)):
        raise Trf16Error(f"line {line}: rank {_col(text, 86, 89)!r} (columns 86-89) is not a number")
    rest = text[89:]  # blocks from column 90: two blanks, then the opponent in 92-95
    blocks = []
    for i in range(0, len(rest), 10):
        chunk = rest[i : i + 10]
        if len(chunk) < 8:
            if chunk.strip():
                raise Trf16Error(f"line {line}: {chunk!r} after the last round block")
            break
        blocks.append(_block(chunk.ljust(10), line, i // 10 + 1))
    return Entry(line, int(rank), name, int(rating.strip() or 0), float(points), tuple(blocks))


def read_strict(text: str) -> dict[int, Entry]:
    """The player lines of a TRF16 file by starting rank; ``Trf16Error`` for the first
    thing that a strict reader (or bbpPairings) would refuse."""
    entries: dict[int, Entry] = {}
    total: tuple[int, int] | None = None
    teams: list[tuple[int, str]] = []
    if "\t" in text:
        raise Trf16Error("TRF16 is fixed columns: a tab moves them")
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        if len(line) < 3 or (len(line) > 3 and line[3] != " "):
            raise Trf16Error(f"line {number}: a line starts with a 3-character code and a blank")
        code = line[:3]
        if code == "001":
            entry = _entry(line, number)
            if entry.rank in entries:
                raise Trf16Error(f"line {number}: starting rank {entry.rank} is used twice")
            entries[entry.rank] = entry
        elif code in ("XXR", "142"):
            if not re.fullmatch(r" *[1-9][0-9]*", line[3:].rstrip()):
                raise Trf16Error(f"line {number}: {code} needs the number of rounds")
            total = (number, int(line[3:]))
        elif code == "013":
            teams.append((number, line))
    n = len(entries)
    if sorted(entries) != list(range(1, n + 1)):
        raise Trf16Error(f"starting ranks must run 1-{n}, found {sorted(entries)}")
    for p, entry in entries.items():
        _check_games(entries, p, entry)
        got = sum(POINTS[r.result] for r in entry.rounds if r.result != " ")
        if abs(got - entry.points) > 1e-9:
            raise Trf16Error(f"line {entry.line}: points column {entry.points} but results give {got}")
    rounds = max((len(e.rounds) for e in entries.values()), default=0)
    if total is not None and total[1] < rounds:
        raise Trf16Error(f"line {total[0]}: {total[1]} rounds in all, but {rounds} are written")
    for number, line in teams:
        for token in line[36:].split():
            if not token.isdigit() or int(token) not in entries:
                raise Trf16Error(f"line {number}: team member {token!r} is not a starting rank")
    return entries


def _check_games(entries: dict[int, Entry], p: int, entry: Entry) -> None:
    for r, mine in enumerate(entry.rounds, start=1):
        if mine.opponent == 0:
            continue
        where = f"line {entry.line} round {r}"
        if mine.opponent == p or mine.opponent not in entries:
            raise Trf16Error(f"{where}: opponent {mine.opponent} is not another player")
        other = entries[mine.opponent].rounds
        theirs = other[r - 1] if r <= len(other) else Round(0, "-", " ")
        if theirs.opponent != p:
            raise Trf16Error(f"{where}: #{p} meets #{mine.opponent}, who meets #{theirs.opponent or 'nobody'}")
        double_forfeit = mine.result == theirs.result == "-"
        if not double_forfeit and OTHER_SIDE[mine.result] != theirs.result:
            raise Trf16Error(f"{where}: results {mine.result!r} and {theirs.result!r} do not complement")
        colours = {mine.colour, theirs.colour}
        forfeit = mine.result in FORFEIT
        if colours != {"w", "b"} and not (forfeit and colours == {"-"}):
            raise Trf16Error(f"{where}: colours {mine.colour!r} and {theirs.colour!r} are not w against b")
