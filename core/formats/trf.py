"""FIDE TRF (TRF16) files for chess-style events: read and write.

TRF16 ("Format of TRF (Tournament Report File)", FIDE handbook C.04 Annex 2) is a
fixed-column text file. Each player is a ``001`` line:

    cols 1-3 "001", 5-8 starting rank, 10 sex, 11-13 title, 15-47 name,
    49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date,
    81-84 points, 86-89 rank, then one 10-column block per round:
    cols 92-95 opponent's starting rank (0000 for none), 97 colour (w, b or -),
    99 result.

Results: ``1`` ``=`` ``0`` a played win, draw, loss; ``W`` ``D`` ``L`` the same but
unrated (the game lasted less than one move); ``+`` ``-`` a forfeit win or loss;
``F`` a full-point bye, ``H`` a half-point bye, ``U`` the pairing-allocated bye,
``Z`` (or blank) a zero-point bye, a known absence.

In the model a played game is ``GameKind.PLAYED`` with the White player as
``first`` (in Scrabble the player who went first, tsh's ``p12``, is written as White);
forfeits are ``FORFEIT``; ``F``, ``H`` and ``U`` are ``BYE`` (1, 0.5, 1
point); ``Z`` is ``UNPLAYED``. Where two codes land on one model value (``U``/``F``,
``1``/``W``, a blank block/``Z``) the code is kept in ``Division.meta`` under
``trf-code`` so that writing the division gives the file back; every other line
(headers ``012``..., teams ``013``, ``XX`` extensions) is kept verbatim.

TRF16 gives every played game a colour (``-`` is only for a round without a game:
a bye, an absence), and the pairing programs FIDE endorses read it so: bbpPairings
refuses a played game whose colour is ``-`` as an invalid line. So a played game whose
first player is not known (a ``.t`` file without ``p12``, or ``p12`` 3 or 4) is written
with the lower starting rank as White, the convention :func:`white_of` states. A
forfeit needs no colour, and keeps ``-`` when none is known. ``XXR`` (the JaVaFo/
bbpPairings extension for the total number of rounds) is written when the caller
knows the event's length.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.formats import MAX_DIGITS, FormatError, is_digits
from core.standings import chess_standings
from core.tiebreaks import rounds_of
from core.tournament import Division, Game, GameKind, Player

HEADER_WIDTH = 89  # columns 1-89: everything before the first round block
BLOCK = 10  # each round: "  oooo c r"

META_BEFORE = "trf"  # a non-001 line before the first player, verbatim
META_AFTER = "trf-after"  # a non-001 line after the first player, verbatim
META_CODE = "trf-code"  # "ROUND PLAYER CODE" where the code is not the default one
TOTAL_ROUNDS = ("XXR", "142")  # the total number of rounds: JaVaFo/bbpPairings, TRF16's ITDX

_PLAYED = {"1": 1.0, "=": 0.5, "0": 0.0, "W": 1.0, "D": 0.5, "L": 0.0}
_FORFEIT = {"+": 1.0, "-": 0.0}
_BYES = {"F": 1.0, "H": 0.5, "U": 1.0}
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}


@dataclass(frozen=True)
class _Cell:
    opponent: int
    colour: str
    code: str  # " " for a blank block


def _cut(line: str, first: int, last: int) -> str:
    """Columns ``first``..``last`` (1-based, inclusive), as TRF16 numbers them."""
    return line[first - 1 : last]


def _number(text: str, line: int, what: str) -> int:
    text = text.strip()
    if not text:
        return 0
    if not is_digits(text):
        raise FormatError(line, f"{what} must be a number written with 0-9, found {text!r}")
    return int(text)


def _cells(text: str, line: int) -> list[_Cell]:
    cells = []
    rest = text[HEADER_WIDTH:]
    for i in range(0, len(rest.rstrip()), BLOCK):
        block = rest[i : i + BLOCK].ljust(BLOCK)
        r = i // BLOCK + 1
        if not block.strip():
            cells.append(_Cell(0, "-", " "))
            continue
        opponent = _number(block[2:6], line, f"round {r} opponent (columns {92 + i}-{95 + i})")
        colour = block[7].lower() if block[7] != " " else "-"
        code = block[9].upper() if block[9] != " " else " "
        if colour not in "wb-":
            raise FormatError(line, f"round {r}: colour must be w, b or -, found {block[7]!r}")
        if code not in "10=WDL+-FHUZ ":
            raise FormatError(
                line, f"round {r}: result must be one of 1 = 0 W D L + - F H U Z, found {block[9]!r}"
            )
        cells.append(_Cell(opponent, colour, code))
    return cells


def read_trf(text: str, default_name: str = "TRF") -> Division:
    """A TRF16 file as one division (its name is the ``012`` tournament name)."""
    meta: list[tuple[str, str]] = []
    rows: dict[int, tuple[int, str, int, str, list[_Cell]]] = {}
    name = default_name
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        if not line.startswith("001"):
            if line.startswith("012") and line[4:].strip():
                name = line[4:].strip()
            meta.append((META_AFTER if rows else META_BEFORE, line))
            continue
        start = _number(_cut(line, 5, 8), number, "starting rank (columns 5-8)")
        if start < 1:
            raise FormatError(number, "starting rank (columns 5-8) must be 1 or more")
        if start in rows:
            raise FormatError(number, f"starting rank {start} is used twice (first on line {rows[start][0]})")
        player_name = _cut(line, 15, 47).strip()
        if not player_name:
            raise FormatError(number, "the name (columns 15-47) is empty")
        rating = _number(_cut(line, 49, 52), number, "rating (columns 49-52)")
        rows[start] = (number, player_name, rating, line[:HEADER_WIDTH], _cells(line, number))
    n = len(rows)
    if sorted(rows) != list(range(1, n + 1)):
        missing = next(i for i in range(1, n + 1) if i not in rows)
        raise FormatError(0, f"starting ranks must run 1-{n}; {missing} is missing")

    games: list[Game] = []
    for p in range(1, n + 1):
        at, player_name, _, _, cells = rows[p]
        for r, cell in enumerate(cells, start=1):
            if cell.opponent == 0:
                if cell.code in _BYES:
                    game = Game(r, p, None, _BYES[cell.code], kind=GameKind.BYE)
                elif cell.code in _FORFEIT:
                    game = Game(r, p, None, _FORFEIT[cell.code], kind=GameKind.FORFEIT)
                elif cell.code in "Z ":
                    game = Game(r, p, None, 0.0, kind=GameKind.UNPLAYED)
                else:
                    raise FormatError(
                        at, f"round {r}: result {cell.code!r} needs an opponent, but it is 0000"
                    )
                games.append(game)
                if cell.code in ("F", " "):  # not what the writer would pick
                    meta.append((META_CODE, f"{r} {p} {'_' if cell.code == ' ' else cell.code}"))
                continue
            if cell.opponent > n:
                raise FormatError(at, f"round {r}: opponent {cell.opponent} is not a starting rank (1-{n})")
            if cell.opponent == p:
                raise FormatError(at, f"round {r}: {player_name} is paired with themself")
            other = rows[cell.opponent][4]
            theirs = other[r - 1] if r <= len(other) else _Cell(0, "-", " ")
            if theirs.opponent != p:
                raise FormatError(
                    at,
                    f"round {r}: {player_name} (#{p}) has opponent {cell.opponent}, but "
                    f"{cell.opponent}'s round {r} opponent is {theirs.opponent or 'none'}",
                )
            double_forfeit = cell.code == theirs.code == "-"
            if not double_forfeit and (cell.code not in _MIRROR or _MIRROR[cell.code] != theirs.code):
                raise FormatError(
                    at,
                    f"round {r}: results {cell.code!r} for #{p} and {theirs.code!r} for "
                    f"#{cell.opponent} do not match (a win needs a loss, a draw a draw)",
                )
            if {cell.colour, theirs.colour} not in ({"w", "b"}, {"-"}):
                raise FormatError(
                    at, f"round {r}: #{p} and #{cell.opponent} cannot both have colour {cell.colour!r}"
                )
            if p > cell.opponent:  # each game is recorded once, from the lower number
                continue
            first = p if cell.colour == "w" else cell.opponent if cell.colour == "b" else None
            if cell.code in _FORFEIT:
                points_b = _FORFEIT[theirs.code]
                game = Game(r, p, cell.opponent, _FORFEIT[cell.code], points_b, first=first, kind=GameKind.FORFEIT)
            else:
                game = Game(r, p, cell.opponent, _PLAYED[cell.code], _PLAYED[theirs.code], first=first)
                if cell.code in "WDL":
                    meta.append((META_CODE, f"{r} {p} {cell.code}"))
            games.append(game)

    teams = _teams(meta, n)
    players = tuple(
        Player(number=p, name=rows[p][1], rating=rows[p][2], team=teams.get(p, ""), extra=rows[p][3])
        for p in range(1, n + 1)
    )
    rounds = max((len(rows[p][4]) for p in rows), default=0)
    return Division(
        name=name,
        players=players,
        games=tuple(sorted(games, key=lambda g: (g.round, g.a))),
        rounds=rounds,
        meta=tuple(meta),
    )


def _teams(meta: list[tuple[str, str]], n: int) -> dict[int, str]:
    """Team of each starting rank from TRF ``013`` lines (cols 5-36 the team name,
    then the members' starting ranks), for the USCF guide team scores."""
    found: dict[int, str] = {}
    for key, line in meta:
        if key in (META_BEFORE, META_AFTER) and line.startswith("013"):
            name = _cut(line, 5, 36).strip()
            for token in line[36:].split():
                if is_digits(token) and len(token) <= MAX_DIGITS and 1 <= int(token) <= n:
                    found[int(token)] = name
    return found


def _codes(division: Division) -> dict[tuple[int, int], str]:
    found = {}
    for key, value in division.meta:
        if key == META_CODE:
            r, p, code = value.split()
            found[(int(r), int(p))] = code
    return found


def _put(header: list[str], first: int, last: int, value: str) -> None:
    """Write ``value`` into columns ``first``..``last`` (1-based), padded or cut."""
    width = last - first + 1
    header[first - 1 : last] = list(value.ljust(width)[:width])


def _cell_text(opponent: int, colour: str, code: str) -> str:
    if code == "_":  # a blank block in the file read
        return " " * BLOCK
    return f"  {opponent:>4} {colour} {code}" if opponent else f"  0000 {colour} {code}"


def white_of(game: Game) -> int | None:
    """Who is written as White for ``game``: the player who had White (chess) or went
    first (Scrabble), else, for a played game, the lower starting rank, because TRF16
    gives every played game a colour (``w`` or ``b``; ``-`` is for a round without a
    game) and bbpPairings refuses a played game without one. A forfeit or a bye keeps
    what is known (``None``: written ``-``)."""
    if game.first is not None or game.b is None or game.kind != GameKind.PLAYED:
        return game.first
    return min(game.a, game.b)


def colours_guessed(division: Division) -> int:
    """How many played games have no recorded first player, so are written with the
    lower starting rank as White (:func:`white_of`)."""
    return sum(
        1 for g in division.games if g.b is not None and g.kind == GameKind.PLAYED and g.first is None
    )


def _total_rounds_lines(division: Division, total_rounds: int | None, rounds: int) -> set[str]:
    """The ``XXR``/``142`` lines to drop because ``total_rounds`` replaces them; checks
    that the event is at least as long as the rounds written."""
    if total_rounds is None:
        return set()
    if total_rounds < max(rounds, 1):
        raise ValueError(
            f"the file holds {rounds} rounds, so the event has at least {max(rounds, 1)}; "
            f"a total of {total_rounds} rounds is too few"
        )
    return {value for key, value in division.meta
            if key in (META_BEFORE, META_AFTER) and value[:3] in TOTAL_ROUNDS}


def write_trf(division: Division, total_rounds: int | None = None) -> str:
    """The division as a TRF16 file (one ``001`` line per player).

    Points are recomputed from the games; the rank column keeps what the file had,
    or gets the rank of the USCF guide chess standings for a division that had none.
    ``total_rounds`` (the event's length, when known) is written as an ``XXR`` line,
    replacing any ``XXR``/``142`` line the file read had. Raises ``ValueError`` for what
    TRF's columns cannot hold (a name over 33 characters, a rating over 9999, 100
    points or more, more than 9999 players) rather than cutting it.
    """
    n = len(division.players)
    if n > 9999:
        raise ValueError("TRF numbers players in four columns: at most 9999 players")
    codes = _codes(division)
    cells: dict[tuple[int, int], str] = {}

    def put(r: int, player: int, text: str) -> None:
        if (r, player) in cells:
            raise ValueError(
                f"{division.player(player).name} has two results in round {r}; TRF holds one"
            )
        cells[(r, player)] = text

    for g in division.games:
        if g.b is None:
            if g.kind == GameKind.UNPLAYED:
                code = "Z"
            elif g.kind == GameKind.FORFEIT:
                code = "+" if g.points_a >= 1 else "-"
            else:
                code = "U" if g.points_a >= 1 else "H" if g.points_a > 0 else "Z"
            code = codes.get((g.round, g.a), code)
            put(g.round, g.a, _cell_text(0, "-", code))
            continue
        white = white_of(g)
        for me, them in ((g.a, g.b), (g.b, g.a)):
            mine = g.points_of(me)
            if g.kind == GameKind.FORFEIT:
                code = "+" if mine >= 1 else "-"
            else:
                code = "1" if mine >= 1 else "=" if mine > 0 else "0"
            if (g.round, g.a) in codes and g.kind == GameKind.PLAYED:
                short = codes[(g.round, g.a)]
                code = short if me == g.a else _MIRROR[short]
            colour = "-" if white is None else "w" if white == me else "b"
            put(g.round, me, _cell_text(them, colour, code))
    rounds = rounds_of(division)
    replaced = _total_rounds_lines(division, total_rounds, rounds)
    ranks = {s.number: s.rank for s in chess_standings(division)}
    teams = {p.number: p.team for p in division.players if p.team}
    fresh = teams != _teams(list(division.meta), n)  # teams set or changed since read

    def kept(value: str) -> bool:
        return not (fresh and value.startswith("013")) and value not in replaced

    out = [value for key, value in division.meta if key == META_BEFORE and kept(value)]
    if not out:
        out.append(f"012 {division.name}")
    if total_rounds is not None:
        out.append(f"XXR {total_rounds}")
    for player in division.players:
        if len(player.name) > 33:
            raise ValueError(f"{player.name!r} is longer than TRF's 33-column name field")
        if not 0 <= player.rating <= 9999:
            raise ValueError(
                f"{player.name}'s rating {player.rating} does not fit TRF's four rating columns"
            )
        # Player.extra is a TRF header only when the player came from a TRF file.
        own = player.extra if player.extra.startswith("001") else ""
        header = list(own.ljust(HEADER_WIDTH)[:HEADER_WIDTH])
        points = sum(g.points_of(player.number) for g in division.games_of(player.number))
        if points >= 99.95:
            raise ValueError(f"{player.name} has {points:g} points; TRF's points column holds up to 99.9")
        old_rank = "".join(header[85:89]).strip()

        _put(header, 1, 3, "001")
        _put(header, 5, 8, f"{player.number:>4}")
        _put(header, 15, 47, player.name)
        if _number(_cut("".join(header), 49, 52), 0, "rating") != player.rating:
            _put(header, 49, 52, f"{player.rating:>4}" if player.rating else "")
        _put(header, 81, 84, f"{points:>4.1f}")
        _put(header, 86, 89, f"{old_rank or ranks[player.number]:>4}")
        line = "".join(header) + "".join(
            cells.get((r, player.number), " " * BLOCK) for r in range(1, rounds + 1)
        )
        out.append(line.rstrip())
    out.extend(value for key, value in division.meta if key == META_AFTER and kept(value))
    if fresh:
        out.extend(_team_lines(teams))
    return "\n".join(out) + "\n"


def _team_lines(teams: dict[int, str]) -> list[str]:
    """TRF16 ``013`` lines: the team name in columns 5-36, then each member's starting
    rank in four columns and a space. A team that does not fit in 32 columns is
    refused rather than cut, since a cut name would merge or rename teams."""
    members: dict[str, list[int]] = {}
    for number, team in sorted(teams.items()):
        if len(team) > 32:
            raise ValueError(f"team {team!r} is longer than TRF's 32-column team name")
        members.setdefault(team, []).append(number)
    return [f"013 {team:<32}" + " ".join(f"{n:>4}" for n in numbers)
            for team, numbers in members.items()]


def looks_like_trf(text: str) -> bool:
    """True when the text has TRF player lines (``001`` followed by a space)."""
    return any(line.startswith("001 ") for line in text.splitlines())
