"""A bracket picture as SVG for the live pages: the layout the bot's PNGs are drawn from
(``bot.pictures.layout``: boxes, rows, headings, cut names), drawn by the browser instead.

One copy of where things go: the page shows what the chat's picture shows (names, games
won or the running score of a match in play, who went through in bold on green, the grand
final's head start in its heading), scaled to the reader's width by the ``viewBox``, so a
phone shows it like the picture. Every text is escaped; the picture has a title for screen
readers, and the page lists the same matches as a table beside it (``pages``).
"""

from __future__ import annotations

from html import escape

from bot.pictures.bracket import (
    BACKGROUND,
    BORDER,
    BORDER_EMPTY,
    FAINT,
    FILL_FADED,
    INK,
    MUTED,
    NOTE_INK,
    WIN_FILL,
    WIN_INK,
)
from bot.pictures.layout import Box, Layout, RowStyle

_ROW_INK = {RowStyle.WINNER: WIN_INK, RowStyle.LOSER: MUTED, RowStyle.PLAYER: INK,
            RowStyle.PENDING: MUTED, RowStyle.BYE: FAINT}


def _t(x: float, y: float, text: str, px: int, *, ink: str = INK, bold: bool = False,
       anchor: str = "start") -> str:
    """A line of text whose middle is at ``y`` (Pillow's "lm" and "rm" anchors)."""
    weight = ' font-weight="bold"' if bold else ""
    end = ' text-anchor="end"' if anchor == "end" else ""
    return (f'<text x="{x:g}" y="{y:g}" font-size="{px}" fill="{ink}"{weight}{end} '
            f'dominant-baseline="central">{escape(text)}</text>')


def _box(layout: Layout, box: Box, link: str | None) -> str:
    s = layout.sizes
    parts = []
    label_y = box.y + s.label_h // 2
    parts.append(_t(box.x, label_y, box.label, s.small, ink=MUTED, bold=True))
    if box.note:
        parts.append(_t(box.x + box.w, label_y, box.note, s.small,
                        ink=NOTE_INK if box.alert else MUTED, anchor="end"))
    unknown = all(r.style in (RowStyle.PENDING, RowStyle.BYE) for r in box.rows)
    rows_h = box.y + box.h - box.rows_top
    parts.append(f'<rect x="{box.x}" y="{box.rows_top}" width="{box.w}" height="{rows_h}" '
                 f'fill="{FILL_FADED if box.faded else BACKGROUND}"/>')
    for side, row in enumerate(box.rows):
        top = box.rows_top + side * box.row_h
        if row.style is RowStyle.WINNER:
            parts.append(f'<rect x="{box.x + 1}" y="{top + 1}" width="{box.w - 2}" '
                         f'height="{box.row_h - 2}" fill="{WIN_FILL}"/>')
        y = box.row_mid(side)
        x = box.x + s.pad
        if row.seed:
            parts.append(_t(x, y, row.seed, s.small, ink=MUTED))
        bold = row.style is RowStyle.WINNER
        ink = _ROW_INK[row.style]
        parts.append(_t(x + box.seed_w, y, row.text, s.name, ink=ink, bold=bold))
        if row.score:
            parts.append(_t(box.x + box.w - s.pad, y, row.score, s.name, ink=ink, bold=bold,
                            anchor="end"))
    parts.append(f'<rect x="{box.x}" y="{box.rows_top}" width="{box.w}" height="{rows_h}" '
                 f'fill="none" stroke="{BORDER_EMPTY if unknown or box.faded else BORDER}"/>')
    mid = box.rows_top + box.row_h
    parts.append(f'<path d="M{box.x} {mid}h{box.w}" stroke="{BORDER_EMPTY}"/>')
    drawn = "".join(parts)
    if link is None:
        return drawn
    return f'<a href="{escape(link)}">{drawn}</a>'


def bracket_svg(layout: Layout, links: dict[str, str] | None = None, *,
                shape: str = "wide") -> str:
    """The picture as an inline ``<svg>`` that fills the page's width; each match box
    links to its page when ``links`` (match id -> address) names it. ``shape`` is its
    class, "wide" or "narrow" (``layout.one_column``): the page's stylesheet shows one."""
    links = links or {}
    body = "".join(_box(layout, b, links.get(b.match_id)) for b in layout.boxes)
    texts = "".join(
        f'<text x="{t.x}" y="{t.y}" font-size="{t.px}" fill="{MUTED if t.muted else INK}"'
        f'{" font-weight=" + chr(34) + "bold" + chr(34) if t.bold else ""} '
        f'dominant-baseline="text-before-edge">{escape(t.text)}</text>'
        for t in layout.texts)
    title = f"svg-title-{shape}"
    return (f'<svg class="bracket {shape}" viewBox="0 0 {layout.width} {layout.height}" '
            f'role="img" aria-labelledby="{title}" '
            f'font-family="DejaVu Sans, Verdana, sans-serif">'
            f'<title id="{title}">{escape(layout.label)}: the bracket as a picture; '
            f'the table below lists the same matches</title>'
            f'<rect width="100%" height="100%" fill="{BACKGROUND}"/>{body}{texts}</svg>')
