"""Where everything goes in a bracket picture: boxes, the text in them, and the lines.

Pure: the core event in, plain frozen values out; no Pillow. The one thing it needs from
the drawing side is how wide a text is (``Measure``), so that long names are cut with an
ellipsis where they would not fit, and so the tests can check that nothing overlaps.

What a picture shows, per division of the event (``core.sssg.derive``):

- a knockout bracket (the SSSg top division and plate, or a plain single or double
  elimination) as a tree: one column per round, each match a box of two rows (player,
  games won); who went through is bold on green, the loser grey; a bye is a row reading
  "bye"; a match not yet played is an empty box whose rows say where its players come
  from ("Winner of T3", "Loser of T9"), by the match ids the bot and the TDs use;
- a double elimination as its upper bracket, its lower bracket (minor and major rounds,
  SSSg "Schedule and Details") and the grand final, with the head start of the
  upper-bracket winner in its label ("T30 · Aaron +1", SSSg para 2);
- the qualifying round as a list of pairings with results and the players with byes
  (SSSg para 1).

Scores are game-points as the rules count them (``core.match``): tied games count a
half, a head start is included, and games that do not count (reported after the match
was decided, para 14, or made void, para 28) are left out and noted ("1 void").

Size (``division_layouts``): Telegram keeps a photo at up to 2560 px a side and shows it
scaled to 1280 px on its longest side until it is opened and zoomed. One picture per
division, names 20 px high: the SSSg top division (a double elimination of 16 seats,
seven columns) is then about 2200 x 1400 px, names about 11 px high at 1280 px, and
stays whole, so that the road from any match to the grand final is in one picture. A
double elimination of more than 16 seats is split in two pictures: the upper bracket
with the grand final, and the lower bracket. A picture still longer than 2560 px (from
64 seats) is drawn smaller, down to 60 % (names 12 px); beyond that it stays big, which
Telegram takes up to 10000 px of width and height together: up to 256 seats. Bigger
brackets need sending as a document.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import partial

from core import bracket as bk
from core import sssg
from core.bracket import Part, SlotKind, Status
from core.match import Decision
from core.qualifying import TOP_DIVISION_SIZE

#: How wide ``text`` is when drawn ``px`` high, bold or not (the drawing side's font).
Measure = Callable[[str, int, bool], float]

MAX_SIDE = 2560  # the largest side Telegram keeps for a photo
MIN_SCALE = 0.6
WHOLE_DOUBLE_SEATS = 16  # a double elimination with more seats is drawn in two parts
NAME_EMS = (7.5, 10)  # the name column is as wide as the widest name, within these (x px)

ELLIPSIS = "…"
DOT = " · "

DIVISION_TITLES = {
    "qualifying": "Qualifying round",
    "top": "Top division",
    "plate": "Plate",
    "single": "Single elimination",
    "double": "Double elimination",
}
_PART_NAMES = {Part.UPPER: "upper", Part.LOWER: "lower"}
_DECISIONS = {
    Decision.SPREAD: "on spread",
    Decision.FEWER_STARTS: "fewer starts",
    Decision.MATCH_BYE: "match bye",
    Decision.RULING: "TD ruling",
    Decision.TIED: "tied: TD to rule",
}


class RowStyle(StrEnum):
    WINNER = "winner"  # went through: bold, green
    LOSER = "loser"  # lost, or the row of a match not needed: grey
    PLAYER = "player"  # known, the match not decided yet
    PENDING = "pending"  # not known yet: the row names where the player comes from
    BYE = "bye"


@dataclass(frozen=True)
class Row:
    """One slot of a match box. ``text`` is what is drawn (a long name is cut with an
    ellipsis); ``player`` is the full name when the slot holds a player."""

    text: str
    style: RowStyle
    player: str | None = None
    score: str = ""
    seed: str = ""


@dataclass(frozen=True)
class Box:
    """A match: a label line (match id, notes) above two rows, in a ``w`` x ``h`` area
    whose top-left corner is ``x``, ``y``."""

    match_id: str
    x: int
    y: int
    w: int
    h: int
    label: str
    note: str
    rows: tuple[Row, Row]
    row_h: int
    seed_w: int  # room for seed numbers before the names (0: no seeds in the picture)
    faded: bool = False  # both slots byes, or a bracket reset not needed
    alert: bool = False  # the note asks for attention: void games, a tie for the TD

    @property
    def rows_top(self) -> int:
        return self.y + self.h - 2 * self.row_h

    def row_mid(self, side: int) -> int:
        return self.rows_top + side * self.row_h + self.row_h // 2

    @property
    def mid(self) -> int:
        """Halfway between the two rows: where a line to the next round starts."""
        return self.rows_top + self.row_h


@dataclass(frozen=True)
class Text:
    """A free text (title, headings, a bye-holder's name): top-left ``x``, ``y``;
    ``w`` and ``h`` as measured, for checking that nothing overlaps."""

    x: int
    y: int
    w: int
    h: int
    text: str
    px: int
    bold: bool = False
    muted: bool = False


@dataclass(frozen=True)
class Sizes:
    """Every length of a picture, in pixels, from one scale."""

    scale: float
    name: int  # names and scores
    small: int  # match ids, notes, seeds
    heading: int
    title: int
    subtitle: int
    row_h: int
    label_h: int
    heading_h: int
    pad: int
    gap_x: int
    gap_y: int
    margin: int
    line: int  # connector width

    @staticmethod
    def at(scale: float) -> Sizes:
        def px(v: float) -> int:
            return max(1, round(v * scale))

        return Sizes(
            scale=scale,
            name=px(20),
            small=px(14),
            heading=px(16),
            title=px(28),
            subtitle=px(17),
            row_h=px(30),
            label_h=px(20),
            heading_h=px(26),
            pad=px(8),
            gap_x=px(40),
            gap_y=px(14),
            margin=px(24),
            line=px(2),
        )

    def text_h(self, px: int) -> int:
        return math.ceil(px * 1.25)


@dataclass(frozen=True)
class Layout:
    """One picture. ``name`` is the division ("qualifying", "top", "plate", "single",
    "double"), or a part of one ("double-upper", "double-lower") when it is split."""

    name: str
    width: int
    height: int
    sizes: Sizes
    texts: tuple[Text, ...]
    boxes: tuple[Box, ...]
    lines: tuple[tuple[tuple[int, int], ...], ...]


def fit(text: str, width: float, px: int, bold: bool, measure: Measure) -> str:
    """``text``, or its longest start that fits ``width`` with an ellipsis."""
    if measure(text, px, bold) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS, px, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def points(value: float) -> str:
    """Game-points: '5', or '4.5' with a tied game."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def _source_text(source: bk.Source) -> str:
    """Where a slot's player will come from: a seat is only unknown before the draw."""
    if source.kind is SlotKind.WINNER:
        return f"Winner of {source.match}"
    if source.kind is SlotKind.LOSER:
        return f"Loser of {source.match}"
    return "To be drawn"


def _placeholder_text(name: str) -> str | None:
    """'winner of Q3' as a top-division seat (SSSg with 17-24 players) reads 'Winner of Q3'."""
    qid = sssg.placeholder_match(name)
    return None if qid is None else f"Winner of {qid}"


@dataclass(frozen=True)
class _Content:
    """A match's rows (names not cut yet), label and note."""

    rows: tuple[Row, Row]
    label: str
    note: str
    faded: bool
    alert: bool


def _first_name(name: str, other: str | None) -> str:
    """How the head start is labelled: 'Aaron', or the whole name if both finalists'
    names start the same."""
    first = name.split()[0]
    return name if other is not None and other.split()[0] == first else first


def _content(
    m: bk.BracketMatch, view: bk.MatchView | None, d: sssg.Derived, seeds: dict[str, int]
) -> _Content:
    res = d.counted.get(m.id)
    state = res.match.state() if res is not None else None
    notes: list[str] = []
    rows: list[Row] = []
    for side in (0, 1):
        occ = view.occupants[side] if view is not None else bk.PENDING
        if occ.bye:
            rows.append(Row("bye", RowStyle.BYE))
            continue
        if occ.player is None:
            rows.append(Row(_source_text(m.slots[side]), RowStyle.PENDING))
            continue
        waiting = _placeholder_text(occ.player)
        if waiting is not None:
            rows.append(Row(waiting, RowStyle.PENDING))
            continue
        assert view is not None
        style = RowStyle.PLAYER
        if view.status is Status.PLAYED:
            style = RowStyle.WINNER if view.winner == occ else RowStyle.LOSER
        elif view.status is Status.WALKOVER:
            style = RowStyle.WINNER
        elif view.status is Status.NOT_NEEDED:
            style = RowStyle.LOSER
        score = ""
        if state is not None and state.decision is not Decision.MATCH_BYE:
            score = points(state.points[side])
        seed = seeds.get(occ.player)
        rows.append(Row(occ.player, style, occ.player, score, str(seed) if seed else ""))
    label = m.id
    if m.head_start:
        first, other = view.players if view is not None else (None, None)
        who = "upper winner"
        if first is not None and _placeholder_text(first) is None:
            who = _first_name(first, other)
        label += f"{DOT}{who} +{m.head_start}"
    if state is not None:
        if not state.decided:
            notes.append("in play")
        elif state.decision in _DECISIONS:
            notes.append(_DECISIONS[state.decision])
        if state.void:
            notes.append(f"{len(state.void)} void")
    if view is not None and view.status is Status.NOT_NEEDED:
        notes.append("not needed")
    elif m.reset_of and state is None:
        notes.append("if needed")
    faded = view is not None and view.status in (Status.EMPTY, Status.NOT_NEEDED)
    alert = state is not None and (bool(state.void) or state.decision is Decision.TIED)
    return _Content((rows[0], rows[1]), label, DOT.join(notes), faded, alert)


def _heading(m: bk.BracketMatch) -> str:
    return f"{m.round_name}{DOT}best of {m.best_of}"


@dataclass
class _Frame:
    """Lengths shared by every box of one picture."""

    s: Sizes
    measure: Measure
    seed_w: int
    name_w: int
    score_w: int

    @property
    def box_w(self) -> int:
        return self.s.pad + self.seed_w + self.name_w + self.s.pad + self.score_w + self.s.pad

    @property
    def box_h(self) -> int:
        return self.s.label_h + 2 * self.s.row_h

    @property
    def pitch(self) -> int:
        return self.box_h + self.s.gap_y

    def col_x(self, col: int) -> int:
        return self.s.margin + col * (self.box_w + self.s.gap_x)

    def box(self, match_id: str, x: int, y: int, c: _Content) -> Box:
        rows = tuple(
            replace(r, text=fit(r.text, self.name_w, self.s.name, True, self.measure))
            for r in c.rows
        )
        note = fit(c.note, self.box_w * 0.6, self.s.small, False, self.measure) if c.note else ""
        room = self.box_w - (self.measure(note, self.s.small, False) if note else 0) - self.s.pad
        label = fit(c.label, room, self.s.small, True, self.measure)
        return Box(
            match_id, x, y, self.box_w, self.box_h, label, note, (rows[0], rows[1]),
            row_h=self.s.row_h, seed_w=self.seed_w, faded=c.faded, alert=c.alert,
        )  # fmt: skip

    def text(
        self,
        x: int,
        y: int,
        text: str,
        px: int,
        *,
        bold: bool = False,
        muted: bool = False,
        width: float | None = None,
    ) -> Text:
        if width is not None:
            text = fit(text, width, px, bold, self.measure)
        w = math.ceil(self.measure(text, px, bold))
        return Text(x, y, w, self.s.text_h(px), text, px, bold, muted)


def _frame(s: Sizes, measure: Measure, contents: Sequence[_Content]) -> _Frame:
    widest = max((measure(r.text, s.name, True) for c in contents for r in c.rows), default=0.0)
    name_w = math.ceil(min(max(widest, NAME_EMS[0] * s.name), NAME_EMS[1] * s.name))
    has_seeds = any(r.seed for c in contents for r in c.rows)
    seed_w = math.ceil(measure("88", s.small, False)) + s.pad if has_seeds else 0
    score_w = math.ceil(measure("10.5", s.name, True))
    return _Frame(s, measure, seed_w, name_w, score_w)


def _elbow(a: Box, b: Box, side: int, gap_x: int) -> tuple[tuple[int, int], ...]:
    """A line from box ``a`` (the feeder) to slot ``side`` of box ``b``."""
    x1, y1 = a.x + a.w, a.mid
    x2, y2 = b.x, b.row_mid(side)
    xm = x2 - gap_x // 2
    return ((x1, y1), (xm, y1), (xm, y2), (x2, y2))


def _title_block(
    f: _Frame, title: str, subtitle: str, content_w: int
) -> tuple[list[Text], int, int]:
    """The title and the subtitle; returns them, the y below them and the width they
    need (titles are cut to the content's width, or 640 px at scale 1 if it is less)."""
    s = f.s
    room = max(content_w, round(640 * s.scale))
    t = f.text(s.margin, s.margin, title, s.title, bold=True, width=room)
    sub = f.text(s.margin, t.y + t.h + s.pad // 2, subtitle, s.subtitle, muted=True, width=room)
    return [t, sub], sub.y + sub.h + s.gap_y, max(t.w, sub.w)


def _division_count(event: sssg.Event, b: bk.Bracket) -> int:
    """Players in a division, also before it is drawn."""
    if b.seated:
        return len(b.players)
    n = len(event.entrants)
    top = min(n, TOP_DIVISION_SIZE)
    return top if b.name == "top" else n - top


def _subtitle(event: sssg.Event, d: sssg.Derived, b: bk.Bracket, parts: frozenset[Part]) -> str:
    title = DIVISION_TITLES.get(b.name, b.name)
    kind = "double elimination" if b.kind == "double" else "single elimination"
    bits = [title] if title.lower() == kind else [title, kind]
    bits.append(f"{_division_count(event, b)} players")
    if b.kind == "double" and parts != frozenset(Part):
        bits.append("lower bracket" if Part.LOWER in parts else "upper bracket, grand final")
    if not b.seated:
        bits.append("drawn when the qualifying round is over")
    else:
        views = {m.id: d.views[m.id] for m in b.matches}
        champ = bk.champion(b, views)
        if champ is not None:
            bits.append(f"won by {champ}")
    return DOT.join(bits)


def bracket_layout(
    event: sssg.Event,
    d: sssg.Derived,
    b: bk.Bracket,
    *,
    title: str,
    measure: Measure,
    scale: float = 1.0,
    parts: frozenset[Part] = frozenset(Part),
) -> Layout:
    """A knockout division (``b`` is ``d.top`` or ``d.plate``), or some parts of it.

    Columns are rounds: upper and lower rounds by their number, the grand final (and its
    reset) to the right of both. A first-round match (or a first minor round's, whose
    players drop from the upper bracket) is stacked under the one before; any other sits
    level with the middle of the matches whose winners it takes. A third-place match
    sits under its final.
    """
    s = Sizes.at(scale)
    seeds = {name: i for i, name in enumerate(b.seeds, start=1)}
    matches = [m for m in b.matches if m.part in parts]
    views = {m.id: d.views[m.id] for m in matches} if b.seated else {}
    contents = {m.id: _content(m, views.get(m.id), d, seeds) for m in matches}
    f = _frame(s, measure, list(contents.values()))
    main_cols = max((m.round for m in matches if m.part is not Part.FINAL), default=0)

    def col(m: bk.BracketMatch) -> int:
        return main_cols + m.round - 1 if m.part is Part.FINAL else m.round - 1

    cols = max(col(m) for m in matches) + 1
    content_w = cols * f.box_w + (cols - 1) * s.gap_x
    texts, y, title_w = _title_block(f, title, _subtitle(event, d, b, parts), content_w)
    boxes: dict[str, Box] = {}
    own_heading: set[str] = set()
    for part in (Part.UPPER, Part.LOWER, Part.FINAL):
        mine = [m for m in matches if m.part is part]
        if not mine:
            continue
        if part is not Part.FINAL:
            if b.kind == "double":
                name = f"{_PART_NAMES[part].capitalize()} bracket"
                texts.append(f.text(s.margin, y, name, s.heading + 2, bold=True))
                y += s.heading_h + s.pad // 2
            headings: dict[int, str] = {}
            for m in mine:
                if not m.third_place:
                    headings.setdefault(col(m), _heading(m))
            for c, h in headings.items():
                texts.append(f.text(f.col_x(c), y, h, s.heading, bold=True, width=f.box_w))
            y += s.heading_h
        stack = y
        for m in mine:
            fed = [
                boxes[src.match]
                for src in m.slots
                if src.kind is SlotKind.WINNER and src.match in boxes
            ]
            if m.third_place:
                final = next(boxes[o.id] for o in mine if o.round == m.round and not o.third_place)
                top = final.y + final.h + s.gap_y + s.heading_h
            elif fed:
                top = round(sum(a.mid for a in fed) / len(fed)) - s.label_h - s.row_h
            else:
                top = stack
                stack += f.pitch
            if part is Part.FINAL or m.third_place:
                own_heading.add(m.id)
            boxes[m.id] = f.box(m.id, f.col_x(col(m)), top, contents[m.id])
        y = max(bx.y + bx.h for bx in boxes.values()) + s.gap_y * 2
    for match_id in own_heading:
        bx = boxes[match_id]
        m = b.match(match_id)
        texts.append(
            f.text(bx.x, bx.y - s.heading_h, _heading(m), s.heading, bold=True, width=f.box_w)
        )
    lines = []
    for m in matches:
        for side, src in enumerate(m.slots):
            if src.kind is SlotKind.WINNER and src.match in boxes:
                lines.append(_elbow(boxes[src.match], boxes[m.id], side, s.gap_x))
    width = 2 * s.margin + max(content_w, title_w)
    height = max(bx.y + bx.h for bx in boxes.values()) + s.margin
    suffix = "" if parts == frozenset(Part) else "-" + _PART_NAMES[min(parts - {Part.FINAL})]
    return Layout(
        b.name + suffix, width, height, s, tuple(texts), tuple(boxes.values()), tuple(lines)
    )


QUALIFYING_PER_COLUMN = 8


def qualifying_layout(
    event: sssg.Event, d: sssg.Derived, *, title: str, measure: Measure, scale: float = 1.0
) -> Layout:
    """The qualifying round (SSSg para 1): its matches, seeded player first, in columns
    of up to eight, then the players with byes."""
    assert event.plan is not None
    s = Sizes.at(scale)
    qids = [mid for mid, div in d.divisions.items() if div == "qualifying"]
    contents = {}
    for qid in qids:
        spec = d.views[qid].spec
        contents[qid] = _content(spec, d.views[qid], d, {})
    byes = [e.name for e in event.plan.byes]
    f = _frame(s, measure, list(contents.values()))
    per_col = min(QUALIFYING_PER_COLUMN, max(1, math.ceil(len(qids) / 2)))
    match_cols = math.ceil(len(qids) / per_col)
    # The byes in columns as long as the matches' (or 8 names, if that is longer).
    per_bye_col = max(QUALIFYING_PER_COLUMN, per_col * f.pitch // s.row_h)
    cols = match_cols + math.ceil(len(byes) / per_bye_col)
    content_w = cols * f.box_w + (cols - 1) * s.gap_x
    best_of = event.plan.best_of
    subtitle = DOT.join(
        [f"{len(qids)} matches, best of {best_of}", f"{len(byes)} byes", "seeded player first"]
    )
    texts, y, title_w = _title_block(f, title, f"Qualifying round{DOT}{subtitle}", content_w)
    texts.append(f.text(s.margin, y, f"Matches{DOT}best of {best_of}", s.heading, bold=True))
    y += s.heading_h
    boxes = [
        f.box(qid, f.col_x(i // per_col), y + (i % per_col) * f.pitch, contents[qid])
        for i, qid in enumerate(qids)
    ]
    if byes:
        texts.append(f.text(f.col_x(match_cols), y - s.heading_h, "Byes", s.heading, bold=True))
        for i, name in enumerate(byes):
            x = f.col_x(match_cols + i // per_bye_col)
            texts.append(f.text(x, y + (i % per_bye_col) * s.row_h, name, s.name, width=f.box_w))
    bottoms = [bx.y + bx.h for bx in boxes] + [t.y + t.h for t in texts]
    width = 2 * s.margin + max(content_w, title_w)
    return Layout("qualifying", width, max(bottoms) + s.margin, s, tuple(texts), tuple(boxes), ())


def _longest(layout: Layout) -> int:
    return max(layout.width, layout.height)


def _fitted(make: Callable[..., Layout]) -> Layout:
    """``make(scale=1)``, or smaller (not below MIN_SCALE) to keep within MAX_SIDE."""
    scale = 1.0
    layout = make(scale=scale)
    while _longest(layout) > MAX_SIDE and scale > MIN_SCALE:
        scale = max(MIN_SCALE, scale * MAX_SIDE / _longest(layout) * 0.99)
        layout = make(scale=scale)
    return layout


def division_layouts(event: sssg.Event, *, title: str, measure: Measure) -> list[Layout]:
    """Every picture of the event: the qualifying round if there is one, then each
    knockout division; a double elimination of more than 16 seats is split in two
    (module docstring, on size)."""
    d = sssg.derive(event)
    out: list[Layout] = []
    if event.plan is not None and event.plan.needed:
        out.append(_fitted(partial(qualifying_layout, event, d, title=title, measure=measure)))
    for b in (d.top, d.plate):
        if b is None:
            continue
        whole = b.kind != "double" or b.size <= WHOLE_DOUBLE_SEATS
        split = [frozenset({Part.UPPER, Part.FINAL}), frozenset({Part.LOWER})]
        for parts in [frozenset(Part)] if whole else split:
            out.append(
                _fitted(
                    partial(bracket_layout, event, d, b, title=title, measure=measure, parts=parts)
                )
            )
    return out
