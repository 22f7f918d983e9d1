"""tsh ``.t`` division files: read them into divisions and write them back.

Director's Manual (NASPA Director's Manual, "Tournament Data Submission Formats", tsh Format):
each player line is ``Last, First RATING opp1 opp2 ...; score1 score2 ...``; opponent
``n`` is the n-th player listed in the division, opponent ``0`` is a bye or forfeit
whose score is the player's spread for the round ("typically +50 or -50"); a
``#division NAME`` line starts each division; "some applications may add
application-specific data after another semicolon".

tsh itself writes that data as ``; key value value ...`` fields (``board``, ``p12``,
``newr``, ``off``, ``team``, ...). We read the ones the model needs and keep the rest
verbatim, so that read then write gives back the same file modulo whitespace:

- ``p12``: who went first, by round (tsh's TSH::Player::First: 1 went first, 2 went
  second, 0 no game/bye, 3 must draw, 4 not known yet). It becomes ``Game.first``.
- ``off``: present when the player has withdrawn (TSH::Player::Active), so
  ``Player.active`` is False.
- ``team``: the player's team, ``Player.team``.

A bye with spread 0 counts as half a win, as in tsh (result = spread <=> 0).
Rounds that are paired but not scored yet are not games; they come back as
``TshDivision.pending`` so that writing the file keeps them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from core.formats import FormatError, is_digits, is_signed_digits, too_long
from core.tournament import Division, Game, GameKind, Pairings, Player

# [0-9], not \d: \d also matches other scripts' digits ("١٥٠٠"), which tsh never writes.
_HEAD = re.compile(r"^(?P<name>.*?\S)\s+(?P<rating>[0-9]+)(?P<opps>(?:\s+[0-9]+)*)\s*$")
_DIVISION = re.compile(r"^#\s*division\s+(?P<name>\S.*?)\s*$", re.IGNORECASE)

META_LINE = "tsh"  # a '#' line after the division header, kept for the round trip
META_PREAMBLE = "tsh-pre"  # a '#' line before the division header
META_HEADER = "tsh-division"  # the file named this division with a '#division' line


@dataclass(frozen=True)
class TshDivision:
    """A division as a ``.t`` file holds it: scored games plus rounds paired ahead."""

    division: Division
    pending: tuple[Pairings, ...] = ()


@dataclass(frozen=True)
class _Row:
    line: int
    name: str
    rating: int
    opponents: tuple[int, ...]
    scores: tuple[int, ...]
    fields: tuple[tuple[str, str], ...]


def _points(mine: int, theirs: int) -> float:
    return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5


def _ints(text: str, line: int, what: str) -> tuple[int, ...]:
    tokens = text.split()
    bad = next((t for t in tokens if not is_signed_digits(t)), None)
    if bad is not None:
        raise FormatError(line, f"{what} must be whole numbers written with 0-9, found {bad!r}")
    too_long(tokens, line, what)
    return tuple(int(token) for token in tokens)


def _parse_row(text: str, line: int) -> _Row:
    parts = text.split(";")
    head = _HEAD.match(parts[0].strip())
    if head is None:
        raise FormatError(
            line,
            "expected 'Last, First RATING opponent...; score...' "
            f"(Director's Manual, tsh Format), found {parts[0].strip()[:40]!r}",
        )
    too_long([head["rating"]], line, "the rating")
    too_long(head["opps"].split(), line, "opponent numbers")
    scores = _ints(parts[1], line, "scores") if len(parts) > 1 else ()
    fields = []
    for part in parts[2:]:
        part = part.strip()
        if part:
            key, _, value = part.partition(" ")
            fields.append((key, value.strip()))
    return _Row(
        line=line,
        name=head["name"],
        rating=int(head["rating"]),
        opponents=tuple(int(t) for t in head["opps"].split()),
        scores=scores,
        fields=tuple(fields),
    )


def _field(row: _Row, key: str) -> str | None:
    for name, value in row.fields:
        if name == key:
            return value
    return None


def _build(
    name: str, rows: list[_Row], meta: list[tuple[str, str]]
) -> TshDivision:
    n = len(rows)
    p12: list[tuple[int, ...]] = []
    for p, row in enumerate(rows, start=1):
        if len(row.scores) > len(row.opponents):
            raise FormatError(
                row.line,
                f"{row.name} has {len(row.scores)} scores but only "
                f"{len(row.opponents)} opponents; each score needs a pairing",
            )
        raw = _field(row, "p12")
        p12.append(_ints(raw, row.line, "p12 values") if raw else ())
        for r, opp in enumerate(row.opponents, start=1):
            if opp > n:
                raise FormatError(
                    row.line,
                    f"round {r}: opponent {opp} is not a player of division {name} "
                    f"(players are numbered 1-{n})",
                )
            if opp == p:
                raise FormatError(row.line, f"round {r}: {row.name} is paired with themself")

    def first_of(p: int, o: int, r: int) -> int | None:
        mine = p12[p - 1][r - 1] if r <= len(p12[p - 1]) else 4
        theirs = p12[o - 1][r - 1] if r <= len(p12[o - 1]) else 4
        if mine == 1 or theirs == 2:
            return p
        if mine == 2 or theirs == 1:
            return o
        return None

    games: list[Game] = []
    pending: dict[int, tuple[list[tuple[int, int]], list[int]]] = {}
    for p, row in enumerate(rows, start=1):
        for r, o in enumerate(row.opponents, start=1):
            score = row.scores[r - 1] if r <= len(row.scores) else None
            if o == 0:
                if score is None:
                    pending.setdefault(r, ([], []))[1].append(p)
                else:
                    kind = GameKind.BYE if score >= 0 else GameKind.FORFEIT
                    games.append(Game(r, p, None, _points(score, 0), score_a=score, kind=kind))
                continue
            other = rows[o - 1]
            if r > len(other.opponents) or other.opponents[r - 1] != p:
                found = other.opponents[r - 1] if r <= len(other.opponents) else "nobody"
                raise FormatError(
                    row.line,
                    f"round {r}: {row.name} (#{p}) is paired with {other.name} (#{o}), "
                    f"but {other.name}'s round {r} opponent is {found}",
                )
            if p > o:
                continue
            their = other.scores[r - 1] if r <= len(other.scores) else None
            if (score is None) != (their is None):
                who, whom = (row, other) if score is not None else (other, row)
                raise FormatError(
                    row.line,
                    f"round {r}: {who.name} (line {who.line}) has a score but their "
                    f"opponent {whom.name} (line {whom.line}) has none; enter both scores "
                    "or neither",
                )
            first = first_of(p, o, r)
            if score is None or their is None:
                pair = (o, p) if first == o else (p, o)
                pending.setdefault(r, ([], []))[0].append(pair)
                continue
            games.append(
                Game(
                    r, p, o, _points(score, their), _points(their, score),
                    score_a=score, score_b=their, first=first,
                )
            )
    players = tuple(
        Player(
            number=p,
            name=row.name,
            rating=row.rating,
            team=_field(row, "team") or "",
            active=_field(row, "off") is None,
            extra="; ".join(f"{k} {v}".rstrip() for k, v in row.fields),
        )
        for p, row in enumerate(rows, start=1)
    )
    division = Division(
        name=name,
        players=players,
        games=tuple(sorted(games, key=lambda g: (g.round, g.a))),
        rounds=max((len(row.opponents) for row in rows), default=0),
        meta=tuple(meta),
    )
    paired = tuple(
        Pairings(round=r, pairs=tuple(pairs), byes=tuple(byes))
        for r, (pairs, byes) in sorted(pending.items())
    )
    return TshDivision(division, paired)


def parse_tsh(text: str, default_name: str = "A") -> tuple[TshDivision, ...]:
    """Every division of a ``.t`` file, with its rounds paired but not yet scored.

    A file without ``#division`` lines is one division named ``default_name`` (tsh
    keeps one division per file and names it in its configuration).
    """
    blocks: list[tuple[str, list[_Row], list[tuple[str, str]]]] = []
    name = default_name
    rows: list[_Row] = []
    meta: list[tuple[str, str]] = []
    started = False  # a '#division' line or a player has been seen for this block
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        header = _DIVISION.match(line)
        if header is not None:
            if started:
                blocks.append((name, rows, meta))
                meta = []
            else:  # '#' lines before the first header belong in front of it
                meta = [(META_PREAMBLE, value) for _, value in meta]
            name, rows, started = header["name"], [], True
            meta.append((META_HEADER, name))
        elif line.startswith("#"):
            meta.append((META_LINE, line))
        else:
            rows.append(_parse_row(line, number))
            started = True
    if started or meta:
        blocks.append((name, rows, meta))
    names = [block[0] for block in blocks]
    for i, block_name in enumerate(names):
        if block_name in names[:i]:
            raise FormatError(0, f"division {block_name!r} appears twice; give each a unique name")
    return tuple(_build_with_hint(*block) for block in blocks)


def _build_with_hint(name: str, rows: list[_Row], meta: list[tuple[str, str]]) -> TshDivision:
    """``_build``, with a hint when the bad line's name holds a number: the name ends
    where the numbers begin, so a typo among the rating or opponents (``20 x 13``)
    makes the parser read "Last, First 1959 26 20 x" as the name, and the error it
    then finds (too many scores, a one-sided pairing) would not point at the typo."""
    try:
        return _build(name, rows, meta)
    except FormatError as exc:
        row = next((r for r in rows if r.line == exc.line), None)
        numbers = [] if row is None else [t for t in row.name.split() if is_digits(t)]
        if row is None or not numbers:
            raise
        raise FormatError(
            exc.line,
            f"{exc.message} (the name was read as {row.name!r}: is there a typo among "
            "the rating and opponent numbers? they must all be whole numbers)",
        ) from None


def read_tsh(text: str, default_name: str = "A") -> tuple[Division, ...]:
    """The divisions of a ``.t`` file (scored games only)."""
    return tuple(item.division for item in parse_tsh(text, default_name))


def _fields(extra: str) -> list[tuple[str, str]]:
    fields = []
    for part in extra.split(";"):
        part = part.strip()
        if part:
            key, _, value = part.partition(" ")
            fields.append((key, value.strip()))
    return fields


def _set_field(fields: list[tuple[str, str]], key: str, value: str | None) -> None:
    for i, (name, _) in enumerate(fields):
        if name == key:
            if value is None:
                del fields[i]
            else:
                fields[i] = (key, value)
            return
    if value is not None:
        fields.append((key, value))
        fields.sort(key=lambda item: item[0])  # tsh writes its fields in key order


def _player_lines(division: Division, pending: Sequence[Pairings]) -> list[str]:
    n = len(division.players)
    opps: list[dict[int, int]] = [{} for _ in range(n + 1)]
    scores: list[dict[int, int]] = [{} for _ in range(n + 1)]
    firsts: list[dict[int, int]] = [{} for _ in range(n + 1)]
    byes: list[set[int]] = [set() for _ in range(n + 1)]

    def put(p: int, r: int, opp: int) -> None:
        if r in opps[p]:
            raise ValueError(
                f"{division.name}: {division.player(p).name} has two pairings in round {r}"
            )
        opps[p][r] = opp

    for g in division.games:
        if g.kind == GameKind.UNPLAYED:
            raise ValueError(
                f"{division.name} round {g.round}: tsh cannot record an unplayed round "
                f"for {division.player(g.a).name}; give it a bye or forfeit spread"
            )
        if g.b is None:
            if g.score_a is None:
                raise ValueError(
                    f"{division.name} round {g.round}: the bye of "
                    f"{division.player(g.a).name} has no spread, which tsh needs"
                )
            put(g.a, g.round, 0)
            scores[g.a][g.round] = g.score_a
            byes[g.a].add(g.round)
            continue
        if g.score_a is None or g.score_b is None:
            raise ValueError(
                f"{division.name} round {g.round}: game {g.a}-{g.b} has no scores; "
                "a tsh file records every game's scores"
            )
        put(g.a, g.round, g.b)
        put(g.b, g.round, g.a)
        scores[g.a][g.round] = g.score_a
        scores[g.b][g.round] = g.score_b
        if g.first is not None:
            firsts[g.a][g.round] = 1 if g.first == g.a else 2
            firsts[g.b][g.round] = 1 if g.first == g.b else 2
    for pairing in pending:
        for a, b in pairing.pairs:
            put(a, pairing.round, b)
            put(b, pairing.round, a)
        for bye in pairing.byes:
            put(bye, pairing.round, 0)

    lines = []
    for player in division.players:
        p = player.number
        last = max(opps[p], default=0)
        missing = [r for r in range(1, last + 1) if r not in opps[p]]
        if missing:
            raise ValueError(
                f"{division.name}: {player.name} has no pairing in round {missing[0]}; "
                "a tsh file needs one for every round up to the last"
            )
        scored = max(scores[p], default=0)
        gap = [r for r in range(1, scored + 1) if r not in scores[p]]
        if gap:
            raise ValueError(
                f"{division.name}: {player.name} has a score in round {scored} but none in "
                f"round {gap[0]}; tsh records scores round by round"
            )
        # Player.extra holds tsh fields only when the player came from a .t file.
        fields = [] if player.extra.startswith("001") else _fields(player.extra)
        raw_p12 = dict(fields).get("p12", "")
        p12 = {r: int(v) for r, v in enumerate(raw_p12.split(), start=1)}
        p12.update(firsts[p])
        for r in byes[p]:
            p12.setdefault(r, 0)  # tsh's p12 is 0 for a round without a game
        if firsts[p] or raw_p12:
            top = max(p12)
            _set_field(fields, "p12", " ".join(str(p12.get(r, 4)) for r in range(1, top + 1)))
        if player.team and dict(fields).get("team") != player.team:
            _set_field(fields, "team", player.team)
        if player.active:
            _set_field(fields, "off", None)
        elif "off" not in dict(fields):
            _set_field(fields, "off", "0")
        _check_name(division, player.number, player.name)
        head = " ".join([f"{player.name:<22}", str(player.rating)] + [str(opps[p][r]) for r in range(1, last + 1)])
        line = head + "; " + " ".join(str(scores[p][r]) for r in range(1, scored + 1))
        line += "".join(f"; {k} {v}".rstrip() for k, v in fields)
        lines.append(line.rstrip())
    return lines


def _check_name(division: Division, number: int, name: str) -> None:
    """A name tsh would read back as something else is refused, not written: a ``.t``
    line is "name rating opponents; scores" (Director's Manual, tsh Format), so a name that ends
    in a number loses that number to the rating, and a ';' ends the name's field."""
    if not name.strip() or ";" in name or name.startswith("#") or re.search(r"(^|\s)[0-9]+$", name):
        raise ValueError(
            f"{division.name}: player {number}'s name {name!r} cannot be written to a .t "
            "file (it must not be empty, start with '#', hold ';' or end in a number); "
            "rename the player, e.g. 'Last, First'"
        )


def write_tsh(divisions: Sequence[Division | TshDivision]) -> str:
    """A ``.t`` file holding ``divisions`` (Director's Manual, tsh Format).

    ``#division`` lines are written when there is more than one division or the file
    read had them. Raises ``ValueError`` for what tsh cannot hold (a game without
    scores, a round with no pairing for someone).
    """
    items = [d if isinstance(d, TshDivision) else TshDivision(d) for d in divisions]
    out: list[str] = []
    for item in items:
        division = item.division
        out.extend(value for key, value in division.meta if key == META_PREAMBLE)
        if len(items) > 1 or any(key == META_HEADER for key, _ in division.meta):
            out.append(f"#division {division.name}")
        out.extend(value for key, value in division.meta if key == META_LINE)
        out.extend(_player_lines(division, item.pending))
    return "\n".join(out) + "\n"
