"""Where everything goes in a bracket picture: boxes, the text in them, and headings.

Pure: the core event in, plain frozen values out; no Pillow. The one thing it needs from
the drawing side is how wide a text is (``Measure``), so that long names are cut with an
ellipsis where they would not fit, and so the tests can check that nothing overlaps.

What a picture shows, per division of the event (``core.knockout.sssg.derive``):

- a knockout bracket (the SSSg top division and plate, or a plain single or double
  elimination) round by round, top to bottom: a heading per round ("QF · best of 13"),
  then its matches, two a row, in bracket order; each match a box of two rows (seed,
  player, games won); who went through is bold on green, the loser grey; a bye is a row
  reading "bye"; a match not yet played is a box whose rows say where its players come
  from ("Winner of T3", "Loser of T9"), by the match ids the bot and the TDs use, which
  is how the rounds link up;
- a match under way shows its running score and "in play" (game-points so far);
- a double elimination as three pictures: its upper bracket, its lower bracket (minor and
  major rounds, SSSg "Schedule and Details") and the grand final, whose heading says who
  starts how many games up and whose score counts the head start from the start
  ("T30 · Aaron +1", SSSg para 2);
- the qualifying round as its matches with results, then the players with byes (SSSg
  para 1).

Scores are game-points as the rules count them (``core.knockout.match``): tied games count a
half, a head start is included, and games that do not count (reported after the match
was decided, para 14, or made void, para 28) are left out and noted ("1 void").

Size, for a phone: Telegram shows a photo fitted to the chat's width, about 390 CSS px
(1080 device px on most phones), and keeps it at up to 2560 px on its longest side,
scaling anything bigger down. So every picture is ``WIDTH`` = 1080 px wide, names
``Sizes.name`` = 32 px high (about 11 CSS px on the phone, like a chat's small print),
and at most ``MAX_HEIGHT`` = 2560 px tall: a part too long for that (a single elimination
of 64, the upper bracket of 128) goes on as a second picture, "(2 of 3)", its round's
heading repeated. How many pictures an event has depends only on its shape, not on names
or results, so a picture can be named when a message is queued and drawn when it is sent.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from bot.words import N_, SOURCE, Words, for_locale
from bot.words.said import Said, plain, said
from core.knockout import bracket as bk
from core.knockout import sssg
from core.knockout.bracket import Part, SlotKind, Status
from core.knockout.match import Decision
from core.knockout.qualifying import TOP_DIVISION_SIZE

#: How wide ``text`` is when drawn ``px`` high, bold or not (the drawing side's font).
Measure = Callable[[str, int, bool], float]

WIDTH = 1080  # a phone's width in device pixels: the picture is shown at (about) 1:1
MAX_HEIGHT = 2560  # the longest side Telegram keeps for a photo; taller is scaled down
COLUMNS = 2  # matches side by side

ELLIPSIS = "…"
DOT = " · "

#: The words a picture is drawn in unless told (the command line's: English, the source).
ENGLISH = for_locale(SOURCE)

#: A division's title, translated where it is drawn (``Words.gettext``).
DIVISION_TITLES = {
    "qualifying": N_("Qualifying round"),
    "top": N_("Top division"),
    "plate": N_("Plate"),
    "single": N_("Single elimination"),
    "double": N_("Double elimination"),
}
_PART_TITLES = {Part.UPPER: N_("upper bracket"), Part.LOWER: N_("lower bracket"),
                Part.FINAL: N_("grand final")}
_DECISIONS = {
    Decision.SPREAD: N_("on spread"),
    Decision.FEWER_STARTS: N_("fewer starts"),
    Decision.MATCH_BYE: N_("match bye"),
    Decision.RULING: N_("TD ruling"),
    Decision.TIED: N_("tied: TD to rule"),
}


class RowStyle(StrEnum):
    WINNER = "winner"  # went through: bold, green
    LOSER = "loser"  # lost, or the row of a match not needed: grey
    PLAYER = "player"  # known, the match not decided yet
    PENDING = "pending"  # not known yet: the row names where the player comes from
    BYE = "bye"


@dataclass(frozen=True)
class BoxRow:
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
    rows: tuple[BoxRow, BoxRow]
    row_h: int
    seed_w: int  # room for seed numbers before the names (0: no seeds in the picture)
    faded: bool = False  # both slots byes, or a bracket reset not needed
    alert: bool = False  # the note asks for attention: void games, a tie for the TD

    @property
    def rows_top(self) -> int:
        return self.y + self.h - 2 * self.row_h

    def row_mid(self, side: int) -> int:
        return self.rows_top + side * self.row_h + self.row_h // 2


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
    """Every length of a picture, in pixels (module docstring, on size)."""

    name: int = 32  # names and scores
    small: int = 26  # match ids, notes, seeds, the line under the headings
    heading: int = 28  # a round's heading
    title: int = 40  # the event's name
    subtitle: int = 32  # which picture this is
    row_h: int = 56
    label_h: int = 40
    heading_h: int = 48
    pad: int = 12
    gap_x: int = 24
    gap_y: int = 24
    margin: int = 28

    def text_h(self, px: int) -> int:
        return math.ceil(px * 1.25)


SIZES = Sizes()


@dataclass(frozen=True)
class Layout:
    """One picture. ``name`` says which: the division ("qualifying", "top", "plate",
    "single", "double"), then for a double elimination its part ("top-upper",
    "top-lower", "top-final"), then, when a part takes more than one picture, its page
    ("single-2"). ``label`` says it in words: "Top division · upper bracket (1 of 2)"."""

    name: str
    label: str
    width: int
    height: int
    sizes: Sizes
    texts: tuple[Text, ...]
    boxes: tuple[Box, ...]


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


def source_said(kind: str, match: str) -> Said:
    """A slot's player by the match that sends them ("Winner of T3", "Loser of T9"), as
    a box names them: ``kind`` is the slot source's, "winner" or "loser"."""
    if kind == "loser":
        return said("Loser of {match}", match=match)
    return said("Winner of {match}", match=match)


def _source_text(source: bk.Source, w: Words) -> str:
    """Where a slot's player will come from: a seat is only unknown before the draw."""
    if source.kind is SlotKind.WINNER:
        return plain(source_said("winner", source.match), w)
    if source.kind is SlotKind.LOSER:
        return plain(source_said("loser", source.match), w)
    return w._("To be drawn")


def _placeholder_text(name: str, w: Words = ENGLISH) -> str | None:
    """'winner of Q3' as a top-division seat (SSSg with 17-24 players) reads 'Winner of Q3'."""
    qid = sssg.placeholder_match(name)
    return None if qid is None else plain(source_said("winner", qid), w)


@dataclass(frozen=True)
class _Content:
    """A match's rows (names not cut yet), label and note."""

    rows: tuple[BoxRow, BoxRow]
    label: str
    note: str
    faded: bool
    alert: bool


def _first_name(name: str, other: str | None) -> str:
    """How the head start is labelled: 'Aaron', or the whole name if both finalists'
    names start the same."""
    first = name.split()[0]
    return name if other is not None and other.split()[0] == first else first


def _upper_winner(view: bk.BracketView | None) -> str | None:
    """The grand final's first player (the upper-bracket winner), once known."""
    first = view.players[0] if view is not None else None
    return first if first is not None and _placeholder_text(first) is None else None


def _scores(m: bk.BracketMatch, view: bk.BracketView | None, d: sssg.Derived) -> list[str]:
    """Each side's game-points: the result, or the running score of a match under way
    once a game counts; before a match with a head start is played, the head start (SSSg para 2: the
    upper-bracket winner starts one game up). Empty when there is nothing to count."""
    res = d.counted.get(m.id)
    state = res.match.state() if res is not None else None
    if state is not None and (state.decided or state.counted):
        if state.decision is Decision.MATCH_BYE:
            return ["", ""]
        return [points(p) for p in state.points]
    if m.head_start and view is not None and view.status is Status.READY:
        return [points(m.head_start), "0"]
    return ["", ""]


def _content(
    m: bk.BracketMatch, view: bk.BracketView | None, d: sssg.Derived, seeds: dict[str, int],
    w: Words,
) -> _Content:
    res = d.counted.get(m.id)
    state = res.match.state() if res is not None else None
    scores = _scores(m, view, d)
    notes: list[str] = []
    rows: list[BoxRow] = []
    for side in (0, 1):
        occ = view.occupants[side] if view is not None else bk.PENDING
        if occ.bye:
            rows.append(BoxRow(w._("bye"), RowStyle.BYE))
            continue
        if occ.player is None:
            rows.append(BoxRow(_source_text(m.slots[side], w), RowStyle.PENDING))
            continue
        waiting = _placeholder_text(occ.player, w)
        if waiting is not None:
            rows.append(BoxRow(waiting, RowStyle.PENDING))
            continue
        assert view is not None
        style = RowStyle.PLAYER
        if view.status is Status.PLAYED:
            style = RowStyle.WINNER if view.winner == occ else RowStyle.LOSER
        elif view.status is Status.WALKOVER:
            style = RowStyle.WINNER
        elif view.status is Status.NOT_NEEDED:
            style = RowStyle.LOSER
        seed = seeds.get(occ.player)
        rows.append(BoxRow(occ.player, style, occ.player, scores[side], str(seed) if seed else ""))
    label = m.id
    if m.head_start:
        first = _upper_winner(view)
        other = view.players[1] if view is not None else None
        who = w._("upper winner") if first is None else _first_name(first, other)
        label += f"{DOT}{who} +{m.head_start}"
    if state is not None:
        if not state.decided and state.counted:
            notes.append(w._("in play"))
        elif state.decision in _DECISIONS:
            notes.append(w.gettext(_DECISIONS[state.decision]))
        if state.void:
            notes.append(w.n_("{n} void", "{n} void", len(state.void)))
    if view is not None and view.status is Status.NOT_NEEDED:
        notes.append(w._("not needed"))
    elif m.reset_of and state is None:
        notes.append(w._("if needed"))
    faded = view is not None and view.status in (Status.EMPTY, Status.NOT_NEEDED)
    alert = state is not None and (bool(state.void) or state.decision is Decision.TIED)
    return _Content((rows[0], rows[1]), label, DOT.join(notes), faded, alert)


def _best_of(best_of: int, w: Words) -> str:
    return w.n_("best of {n}", "best of {n}", best_of)


def _heading(m: bk.BracketMatch, w: Words) -> str:
    return f"{m.round_name}{DOT}{_best_of(m.best_of, w)}"


def _head_start_note(m: bk.BracketMatch, view: bk.BracketView | None, w: Words) -> str:
    """The line under the grand final's heading: who starts how many games up (para 2)."""
    if not m.head_start:
        return ""
    first = _upper_winner(view)
    if first is None:
        return w.n_("The upper-bracket winner starts {n} game up",
                    "The upper-bracket winner starts {n} games up", m.head_start)
    return w.n_("{player}, the upper-bracket winner, starts {n} game up",
                "{player}, the upper-bracket winner, starts {n} games up", m.head_start,
                player=first)


@dataclass(frozen=True)
class _Section:
    """A heading, a line under it if ``note``, then two a row either match boxes
    (id, content) or plain names (the qualifying round's byes)."""

    heading: str
    note: str = ""
    matches: tuple[tuple[str, _Content], ...] = ()
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Frame:
    """Lengths shared by every box of one picture (and of its pages)."""

    s: Sizes
    measure: Measure
    seed_w: int
    score_w: int

    @property
    def box_w(self) -> int:
        s = self.s
        return (WIDTH - 2 * s.margin - (COLUMNS - 1) * s.gap_x) // COLUMNS

    @property
    def name_w(self) -> int:
        return self.box_w - 3 * self.s.pad - self.seed_w - self.score_w

    @property
    def box_h(self) -> int:
        return self.s.label_h + 2 * self.s.row_h

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


def _frame(s: Sizes, measure: Measure, sections: Sequence[_Section]) -> _Frame:
    rows = [r for sec in sections for _, c in sec.matches for r in c.rows]
    has_seeds = any(r.seed for r in rows)
    seed_w = math.ceil(measure("88", s.small, False)) + s.pad if has_seeds else 0
    scores = ["88", *(r.score for r in rows if r.score)]
    score_w = math.ceil(max(measure(t, s.name, True) for t in set(scores)))
    return _Frame(s, measure, seed_w, score_w)


def _header(f: _Frame, lines: Sequence[tuple[str, int, bool, bool]]) -> tuple[list[Text], int]:
    """The lines at the top of a picture ((text, px, bold, muted)), each cut to the width,
    and the y below them. An empty line keeps its room, so every page of a picture starts
    its content at the same height."""
    s = f.s
    texts = []
    y = s.margin
    for text, px, bold, muted in lines:
        if text:
            texts.append(f.text(s.margin, y, text, px, bold=bold, muted=muted,
                                width=WIDTH - 2 * s.margin))
        y += s.text_h(px) + s.pad // 2
    return texts, y + s.gap_y


@dataclass
class _Page:
    texts: list[Text] = field(default_factory=list)
    boxes: list[Box] = field(default_factory=list)


def _paged(
    f: _Frame, name: str, label: str, title: str, status: str, sections: Sequence[_Section],
    w: Words,
) -> list[Layout]:
    """The sections one under another, two matches a row, in as many pictures as it takes
    to keep each within ``MAX_HEIGHT``; a round carried over to the next picture has its
    heading again, "(continued)"."""
    s = f.s
    _, top = _header(f, [("", s.title, True, False), ("", s.subtitle, True, False),
                         ("", s.small, False, True)])
    limit = MAX_HEIGHT - s.margin
    pages = [_Page()]
    y = top
    for sec in sections:
        items: Sequence[tuple[str, _Content] | str] = sec.matches or sec.names
        cell_h, step = (f.box_h, f.box_h + s.gap_y) if sec.matches else (s.row_h, s.row_h)
        note_h = s.text_h(s.small) + s.pad if sec.note else 0
        lone = len(sec.matches) == 1  # a final: in the middle
        for i in range(0, len(items), COLUMNS):
            headed = i == 0 or y == top
            need = cell_h + (s.heading_h + note_h if headed else 0)
            if y + need > limit and y > top:  # no room left: the next picture
                pages.append(_Page())
                y = top
                headed = True
            page = pages[-1]
            if headed:
                heading = sec.heading if i == 0 else w._("{heading} (continued)",
                                                         heading=sec.heading)
                page.texts.append(f.text(s.margin, y, heading, s.heading, bold=True,
                                         width=WIDTH - 2 * s.margin))
                if sec.note:
                    page.texts.append(f.text(s.margin, y + s.heading_h - s.pad // 2, sec.note,
                                             s.small, muted=True, width=WIDTH - 2 * s.margin))
                y += s.heading_h + note_h
            for c, item in enumerate(items[i : i + COLUMNS]):
                x = (WIDTH - f.box_w) // 2 if lone else f.col_x(c)
                if isinstance(item, str):
                    page.texts.append(f.text(x, y, item, s.name, width=f.box_w))
                else:
                    page.boxes.append(f.box(item[0], x, y, item[1]))
            y += step
        y += s.pad
    out = []
    for n, page in enumerate(pages, start=1):
        several = len(pages) > 1
        page_label = (w._("{label} ({n} of {pages})", label=label, n=n, pages=len(pages))
                      if several else label)
        texts, _ = _header(f, [(title, s.title, True, False), (page_label, s.subtitle, True, False),
                               (status, s.small, False, True)])
        texts += page.texts
        bottoms = [b.y + b.h for b in page.boxes] + [t.y + t.h for t in texts]
        out.append(Layout(
            f"{name}-{n}" if several else name, page_label, WIDTH, max(bottoms) + s.margin,
            s, tuple(texts), tuple(page.boxes),
        ))  # fmt: skip
    return out


def _division_count(event: sssg.KnockoutEvent, b: bk.Bracket) -> int:
    """Players in a division, also before it is drawn."""
    if b.seated:
        return len(b.players)
    n = len(event.entrants)
    top = min(n, TOP_DIVISION_SIZE)
    return top if b.name == "top" else n - top


def _status(event: sssg.KnockoutEvent, d: sssg.Derived, b: bk.Bracket, w: Words) -> str:
    """The line under a division's title: its format, players, and how it stands."""
    kind = "double" if b.kind == "double" else "single"
    bits = [] if b.name == kind else [w.gettext(DIVISION_TITLES[kind])]
    bits.append(w.n_("{n} player", "{n} players", _division_count(event, b)))
    if not b.seated:
        bits.append(w._("drawn when the qualifying round is over"))
    else:
        champ = bk.champion(b, {m.id: d.views[m.id] for m in b.matches})
        if champ is not None:
            bits.append(w._("won by {champion}", champion=champ))
    return DOT.join(bits)


_PART_ORDER = {Part.UPPER: 0, Part.LOWER: 1, Part.FINAL: 2}


def bracket_layouts(
    event: sssg.KnockoutEvent,
    d: sssg.Derived,
    b: bk.Bracket,
    *,
    title: str,
    measure: Measure,
    sizes: Sizes = SIZES,
    w: Words = ENGLISH,
) -> list[Layout]:
    """A knockout division (``b`` is ``d.top`` or ``d.plate``): one picture, or for a
    double elimination three (upper bracket, lower bracket, grand final), each paged if
    long. Round by round: upper rounds, then lower rounds by their number (minor before
    major), then the grand final and its reset; a third-place match after its final."""
    seeds = {name: i for i, name in enumerate(b.seeds, start=1)}
    views = {m.id: d.views[m.id] for m in b.matches} if b.seated else {}
    division = w.gettext(DIVISION_TITLES[b.name]) if b.name in DIVISION_TITLES else b.name
    status = _status(event, d, b, w)
    parts = [[Part.UPPER], [Part.LOWER], [Part.FINAL]] if b.kind == "double" else [list(Part)]
    out: list[Layout] = []
    for part in parts:
        rounds: dict[tuple[int, int, bool], list[bk.BracketMatch]] = {}
        for m in b.matches:
            if m.part in part:
                rounds.setdefault((_PART_ORDER[m.part], m.round, m.third_place), []).append(m)
        sections = [
            _Section(
                _heading(ms[0], w),
                _head_start_note(ms[0], views.get(ms[0].id), w),
                tuple((m.id, _content(m, views.get(m.id), d, seeds, w)) for m in ms),
            )
            for _, ms in sorted(rounds.items())
        ]
        name, label = b.name, division
        if len(parts) > 1:
            name = f"{b.name}-{part[0].value}"
            label = f"{division}{DOT}{w.gettext(_PART_TITLES[part[0]])}"
        f = _frame(sizes, measure, sections)
        out += _paged(f, name, label, title, status, sections, w)
    return out


def qualifying_layouts(
    event: sssg.KnockoutEvent, d: sssg.Derived, *, title: str, measure: Measure, sizes: Sizes = SIZES,
    w: Words = ENGLISH,
) -> list[Layout]:
    """The qualifying round (SSSg para 1): its matches, seeded player first, then the
    players with byes."""
    assert event.plan is not None
    qids = [mid for mid, div in d.divisions.items() if div == "qualifying"]
    matches = tuple((qid, _content(d.views[qid].spec, d.views[qid], d, {}, w)) for qid in qids)
    byes = tuple(e.name for e in event.plan.byes)
    best_of = event.plan.best_of
    sections = [_Section(w._("Matches") + DOT + _best_of(best_of, w), matches=matches)]
    if byes:
        sections.append(_Section(w._("Byes"), names=byes))
    status = DOT.join([
        w.n_("{n} match", "{n} matches", len(qids)) + ", " + _best_of(best_of, w),
        w.n_("{n} bye", "{n} byes", len(byes)), w._("seeded player first"),
    ])
    f = _frame(sizes, measure, sections)
    return _paged(f, "qualifying", w.gettext(DIVISION_TITLES["qualifying"]), title, status,
                  sections, w)


def division_layouts(event: sssg.KnockoutEvent, *, title: str, measure: Measure,
                     w: Words = ENGLISH) -> list[Layout]:
    """Every picture of the event, in order: the qualifying round if there is one, then
    each knockout division (a double elimination in three parts), each paged if long
    (module docstring, on size)."""
    d = sssg.derive(event)
    out: list[Layout] = []
    if event.plan is not None and event.plan.needed:
        out += qualifying_layouts(event, d, title=title, measure=measure, w=w)
    for b in (d.top, d.plate):
        if b is not None:
            out += bracket_layouts(event, d, b, title=title, measure=measure, w=w)
    return out


def one_column(layout: Layout, measure: Measure) -> Layout:
    """The picture for a web page on a phone: the same boxes and texts in the same order,
    one match a row instead of ``COLUMNS``, in a picture one box wide.

    A web page shows the picture scaled to its width: at a phone's 390 CSS px, a picture
    ``WIDTH`` wide shows its names about 11 px high (module docstring, on size), smaller
    than a page's 16-px text and too small to read there. One box wide (about half as
    wide), the same picture shows them about 20 px high. The boxes keep their size and
    their names as cut; the title and the headings are cut again to the narrower width.
    Each item keeps its distance below the item above it; items side by side go one
    under the other."""
    s = layout.sizes
    box_w = layout.boxes[0].w if layout.boxes else WIDTH - 2 * s.margin
    width = box_w + 2 * s.margin
    items: list[Box | Text] = sorted([*layout.texts, *layout.boxes], key=lambda i: (i.y, i.x))
    texts: list[Text] = []
    boxes: list[Box] = []
    bottom = 0
    last: Box | Text | None = None
    y = 0
    for item in items:
        if last is None:
            y = item.y
        elif item.y == last.y:  # beside the last one: now under it
            y += (item.h + s.gap_y) if isinstance(item, Box) else s.row_h
        else:
            y += item.y - last.y
        last = item
        if isinstance(item, Box):
            boxes.append(replace(item, x=s.margin, y=y))
        else:
            text = fit(item.text, width - 2 * s.margin, item.px, item.bold, measure)
            texts.append(replace(item, x=s.margin, y=y, text=text,
                                 w=math.ceil(measure(text, item.px, item.bold))))
        bottom = max(bottom, y + item.h)
    return replace(layout, width=width, height=bottom + s.margin, texts=tuple(texts),
                   boxes=tuple(boxes))


@dataclass(frozen=True)
class Unsettled:
    """What a picture must not show as decided yet (``not_final``), as the service
    finds it (``bot.service.results.finality``: a reported game counts at once but can be
    disputed until its window closes, SSSg para 24).

    ``waits``: each match whose result is not final -> what it waits for ("awaiting
    agreement until ..."); ``coming``: each slot (match id, side) of a match not begun
    that such a result fills -> where its player comes from, named by players ("Winner
    of Ann Lee v Dev Rao") and by match id ("Winner of M1") for a box too narrow for
    the first; ``settled``: every result of the event is final. A record among them is
    drawn in the picture's language (a slot's words with a capital first letter)."""

    waits: Mapping[str, str | Said] = field(default_factory=dict)
    coming: Mapping[tuple[str, int], tuple[str | Said, str | Said]] = field(default_factory=dict)
    settled: bool = True


def not_final(layout: Layout, unsettled: Unsettled, measure: Measure,
              w: Words = ENGLISH) -> Layout:
    """``layout`` with nothing shown as decided that is not final yet (``Unsettled``):
    the boxes of the matches whose result is not final drawn as under way (their running
    score, nobody bold on green or greyed as the loser, and the note saying what they
    wait for); the player such a result sends on not named in the next match's box,
    which says where they come from instead, as a slot not filled yet does; and unless
    every result of the event is final, no winner of the division named under its
    title. Until a result is final nobody is shown as through (SSSg para 24)."""
    s = layout.sizes
    texts = layout.texts
    if not unsettled.settled:
        no_winner = _no_winner(w)
        texts = tuple(replace(t, text=no_winner.sub("", t.text)) for t in texts)
    boxes = []
    for b in layout.boxes:
        waiting = unsettled.waits.get(b.match_id)
        waits = None if waiting is None else _drawn(waiting, w)
        rows = list(b.rows)
        for side in (0, 1):
            coming = unsettled.coming.get((b.match_id, side))
            if coming is not None and rows[side].style is not RowStyle.BYE:
                words = _drawn(coming[0], w)
                rows[side] = _coming_row(rows[side], (words[:1].upper() + words[1:],
                                                      _drawn(coming[1], w)), b, s, measure)
            elif waits is not None and rows[side].style in (RowStyle.WINNER, RowStyle.LOSER):
                rows[side] = replace(rows[side], style=RowStyle.PLAYER)
        b = replace(b, rows=(rows[0], rows[1]))
        if waits is not None:
            room = b.w - measure(b.label, s.small, True) - 2 * s.pad
            b = replace(b, alert=True, note=fit(waits, room, s.small, False, measure))
        boxes.append(b)
    return replace(layout, texts=texts, boxes=tuple(boxes))


def _drawn(value: str | Said, w: Words) -> str:
    """Text of ``Unsettled`` as drawn: a record in the picture's language."""
    return value if isinstance(value, str) else plain(value, w)


def _coming_row(row: BoxRow, coming: tuple[str, str], box: Box, s: Sizes,
                measure: Measure) -> BoxRow:
    """A slot whose player is not known for good: where they come from, by players if it
    fits the row, else by match id (which the picture's boxes are labelled with)."""
    room = box.w - 3 * s.pad - box.seed_w - measure(row.score or "88", s.name, True)
    words, short = coming  # drawn regular, not bold (``RowStyle.PENDING``)
    text = words if measure(words, s.name, False) <= room else fit(short, room, s.name, False,
                                                                    measure)
    return BoxRow(text, RowStyle.PENDING, score=row.score)


@dataclass(frozen=True)
class Pictured:
    """An event as its pictures show it: the core event with every result so far and the
    running score of the matches under way, and what of it is not final yet."""

    event: sssg.KnockoutEvent
    unsettled: Unsettled = field(default_factory=Unsettled)

    def layouts(self, title: str, measure: Measure, w: Words = ENGLISH) -> list[Layout]:
        """The pictures (``division_layouts``) in the reader's language (``w``) showing
        nothing as decided that is not final yet (``not_final``): what the chat, the
        command line and the live pages draw."""
        return [not_final(lay, self.unsettled, measure, w)
                for lay in division_layouts(self.event, title=title, measure=measure, w=w)]


def _no_winner(w: Words) -> re.Pattern[str]:
    """The division's winner in the line under its title (``_status``), as cut to fit,
    in the picture's language."""
    before = w.gettext("won by {champion}").split("{champion}")[0]
    return re.compile(f"(?:{re.escape(DOT)})?{re.escape(before)}.*$")
