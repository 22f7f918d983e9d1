"""Bracket pictures: PNGs of a knockout event, sized for a phone (``bot.pictures.layout``).

``bracket_pngs`` is what the bot (``/bracket``) and the command line (``tdbot files simulate
--png``) call. Where things go is worked out by ``bot.pictures.layout`` (pure, tested
on its own); this module only draws that with Pillow.

Font: DejaVu Sans where the system has it (it draws accented names: "Zoë"), else the
font Pillow ships (``ImageFont.load_default``, Pillow >= 10.1), which has only plain
Latin letters: with it an accented letter is drawn as its plain letter with its accent
drawn over (or, a cedilla, under) it, so a French picture reads "Deuxième", "Zoë",
"Français", not a box; a ligature is drawn as its letters ("oe"), and bold as a thin
outline. Text is drawn as given: it is never HTML.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.pictures.layout import Box, BoxRow, Layout, RowStyle, Text, division_layouts
from core.knockout import sssg

BACKGROUND = "#ffffff"
INK = "#1f2933"
MUTED = "#7b8794"
FAINT = "#b6bec8"
BORDER = "#7b8794"
BORDER_EMPTY = "#c5ccd3"
FILL_FADED = "#f3f5f7"
WIN_FILL = "#dff3e4"
WIN_INK = "#0b6b2e"
NOTE_INK = "#a15c07"

_DEJAVU = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
_BUILTIN_EXTRA = "…·"  # what the built-in font draws besides ASCII
#: Letters the built-in font lacks that are not a letter and its accents, as it draws them.
_SPELLED = {"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss", "’": "'", "‘": "'",
            "«": "\"", "»": "\"", "—": "-", "–": "-"}
#: The accents the built-in font's letters are given (combining marks, ``_draw_accent``).
GRAVE, ACUTE, CIRCUMFLEX, TILDE, DIAERESIS, RING, CEDILLA = (
    "\u0300", "\u0301", "\u0302", "\u0303", "\u0308", "\u030a", "\u0327")
_DRAWN_MARKS = {GRAVE, ACUTE, CIRCUMFLEX, TILDE, DIAERESIS, RING, CEDILLA}


def _letters(text: str) -> list[tuple[str, str]]:
    """Each character of ``text`` as the built-in font draws it: (plain text, the accents
    to draw over it). An accented Latin letter is its base letter and its marks ("è":
    "e" and a grave accent); anything else it cannot draw is spelled (``_SPELLED``) or
    left to its box."""
    out = []
    for ch in text:
        if ch.isascii() or ch in _BUILTIN_EXTRA:
            out.append((ch, ""))
            continue
        if ch in _SPELLED:
            out.append((_SPELLED[ch], ""))
            continue
        parts = unicodedata.normalize("NFD", ch)
        base, marks = parts[:1], "".join(c for c in parts[1:] if c in _DRAWN_MARKS)
        if base.isascii() and base.isalpha():
            out.append((base, marks))
        else:
            plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if c.isascii())
            out.append((plain or ch, ""))
    return out


FontType = ImageFont.FreeTypeFont | ImageFont.ImageFont


@dataclass
class Fonts:
    """The fonts a picture is drawn with, by size and weight, and how wide a text is in
    them (the layout's ``Measure``)."""

    files: tuple[str, str] | None  # (regular, bold) TrueType files; None: Pillow's own
    _cache: dict[tuple[int, bool], FontType] = field(default_factory=dict)

    @staticmethod
    @cache
    def default() -> Fonts:
        """DejaVu Sans if installed (Debian: fonts-dejavu-core), else Pillow's font;
        one for the process, so that fonts are loaded once."""
        try:
            for name in _DEJAVU:
                ImageFont.truetype(name, 12)
        except OSError:
            return Fonts.builtin()
        return Fonts(_DEJAVU)

    @staticmethod
    def builtin() -> Fonts:
        return Fonts(None)

    def font(self, px: int, bold: bool) -> FontType:
        key = (px, bold)
        if key not in self._cache:
            if self.files is None:
                self._cache[key] = ImageFont.load_default(size=px)
            else:
                self._cache[key] = ImageFont.truetype(self.files[bold], px)
        return self._cache[key]

    def shown(self, text: str) -> str:
        """The text as this font can draw it: Pillow's own font has no accented letters,
        so they are drawn as their plain letters, each accent drawn over it after
        (``accents``)."""
        if self.files is not None:
            return text
        return "".join(plain for plain, _ in _letters(text))

    def accents(self, text: str) -> list[tuple[int, str]]:
        """Where ``shown`` drew a plain letter for an accented one: (its index in the shown
        text, its accents as combining marks); none for a font that has the letters."""
        if self.files is not None:
            return []
        out, at = [], 0
        for plain, marks in _letters(text):
            if marks:
                out.append((at, marks))
            at += len(plain)
        return out

    def stroke(self, px: int, bold: bool) -> int:
        """Pillow's font has no bold: an outline of 1 px stands in for it."""
        return 1 if bold and self.files is None and px >= 18 else 0

    def measure(self, text: str, px: int, bold: bool) -> float:
        font = self.font(px, bold)
        width = float(font.getlength(self.shown(text)))
        return width + 2 * self.stroke(px, bold)


def _text(
    draw: ImageDraw.ImageDraw,
    fonts: Fonts,
    xy: tuple[float, float],
    text: str,
    px: int,
    *,
    bold: bool = False,
    fill: str = INK,
    anchor: str = "la",
) -> None:
    stroke = fonts.stroke(px, bold)
    shown = fonts.shown(text)
    font = fonts.font(px, bold)
    draw.text(xy, shown, font=font, fill=fill, anchor=anchor, stroke_width=stroke,
              stroke_fill=fill)
    accents = fonts.accents(text)
    if not accents:
        return
    # where the text starts, whatever the anchor: its accents go over its letters
    left = draw.textbbox(xy, shown, font=font, anchor=anchor)[0] - font.getbbox(shown)[0]
    for at, marks in accents:
        x = left + font.getlength(shown[:at])
        glyph = draw.textbbox((x, xy[1]), shown[at], font=font, anchor="l" + anchor[1])
        for mark in marks:
            _draw_accent(draw, glyph, mark, px, fill)


def _draw_accent(draw: ImageDraw.ImageDraw, glyph: tuple[float, float, float, float],
                 mark: str, px: int, fill: str) -> None:
    """One accent over (a cedilla: under) a letter whose ink is ``glyph`` (left, top,
    right, bottom), in strokes scaled to the font's size ``px``."""
    left, top, right, bottom = glyph
    mid = (left + right) / 2
    half = max(2.0, (right - left) * 0.3)
    width = max(1, round(px / 14))
    low, high = top - max(2, px * 0.08), top - max(4, px * 0.26)
    if mark == ACUTE:
        draw.line((mid - half * 0.6, low, mid + half * 0.6, high), fill=fill, width=width)
    elif mark == GRAVE:
        draw.line((mid + half * 0.6, low, mid - half * 0.6, high), fill=fill, width=width)
    elif mark == CIRCUMFLEX:
        draw.line((mid - half, low, mid, high, mid + half, low), fill=fill, width=width,
                  joint="curve")
    elif mark == TILDE:
        centre = (low + high) / 2
        draw.line((mid - half, centre + 1, mid - half / 3, centre - 2, mid + half / 3,
                   centre + 2, mid + half, centre - 1), fill=fill, width=width, joint="curve")
    elif mark == DIAERESIS:
        dot = max(1.5, px * 0.06)
        centre = (low + high) / 2
        for x in (mid - half * 0.7, mid + half * 0.7):
            draw.ellipse((x - dot, centre - dot, x + dot, centre + dot), fill=fill)
    elif mark == RING:
        ring = max(2.0, px * 0.09)
        centre = (low + high) / 2
        draw.ellipse((mid - ring, centre - ring, mid + ring, centre + ring), outline=fill,
                     width=width)
    elif mark == CEDILLA:
        foot = bottom + max(3, px * 0.22)
        draw.line((mid, bottom, mid, foot, mid - half * 0.7, foot), fill=fill, width=width)


_ROW_INK = {
    RowStyle.WINNER: WIN_INK,
    RowStyle.LOSER: MUTED,
    RowStyle.PLAYER: INK,
    RowStyle.PENDING: MUTED,
    RowStyle.BYE: FAINT,
}


def _draw_row(
    draw: ImageDraw.ImageDraw, fonts: Fonts, layout: Layout, box: Box, side: int, row: BoxRow
) -> None:
    s = layout.sizes
    top = box.rows_top + side * box.row_h
    if row.style is RowStyle.WINNER:
        draw.rectangle((box.x + 1, top + 1, box.x + box.w - 1, top + box.row_h - 1), fill=WIN_FILL)
    y = box.row_mid(side)
    x = box.x + s.pad
    if row.seed:
        _text(draw, fonts, (x, y), row.seed, s.small, fill=MUTED, anchor="lm")
    x += box.seed_w
    bold = row.style is RowStyle.WINNER
    ink = _ROW_INK[row.style]
    _text(draw, fonts, (x, y), row.text, s.name, bold=bold, fill=ink, anchor="lm")
    if row.score:
        right = (box.x + box.w - s.pad, y)
        _text(draw, fonts, right, row.score, s.name, bold=bold, fill=ink, anchor="rm")


def _draw_box(draw: ImageDraw.ImageDraw, fonts: Fonts, layout: Layout, box: Box) -> None:
    s = layout.sizes
    label_y = box.y + s.label_h // 2
    _text(draw, fonts, (box.x, label_y), box.label, s.small, bold=True, fill=MUTED, anchor="lm")
    if box.note:
        ink = NOTE_INK if box.alert else MUTED
        _text(draw, fonts, (box.x + box.w, label_y), box.note, s.small, fill=ink, anchor="rm")
    rect = (box.x, box.rows_top, box.x + box.w, box.y + box.h)
    unknown = all(r.style in (RowStyle.PENDING, RowStyle.BYE) for r in box.rows)
    fill = FILL_FADED if box.faded else BACKGROUND
    draw.rectangle(rect, fill=fill)
    for side, row in enumerate(box.rows):
        _draw_row(draw, fonts, layout, box, side, row)
    draw.rectangle(rect, outline=BORDER_EMPTY if unknown or box.faded else BORDER)
    mid = box.rows_top + box.row_h
    draw.line((box.x, mid, box.x + box.w, mid), fill=BORDER_EMPTY, width=1)


def _draw_text(draw: ImageDraw.ImageDraw, fonts: Fonts, t: Text) -> None:
    fill = MUTED if t.muted else INK
    _text(draw, fonts, (t.x, t.y), t.text, t.px, bold=t.bold, fill=fill)


def render(layout: Layout, fonts: Fonts) -> bytes:
    """The picture of a layout, as PNG bytes."""
    image = Image.new("RGB", (layout.width, layout.height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for box in layout.boxes:
        _draw_box(draw, fonts, layout, box)
    for t in layout.texts:
        _draw_text(draw, fonts, t)
    out = io.BytesIO()
    image.save(out, format="PNG")  # optimize=True: 3x slower for 2 % smaller
    return out.getvalue()


def bracket_pngs(
    event: sssg.KnockoutEvent, *, title: str, fonts: Fonts | None = None
) -> list[tuple[str, bytes]]:
    """(name, PNG) for every picture of the event as it stands, in order: "qualifying",
    then each division ("top", "plate", or a plain knockout's "single" / "double"), a
    double elimination as "<division>-upper", "-lower" and "-final", a part too long for
    one picture in pages ("single-1", "single-2"; ``bot.pictures.layout``, on size).
    Drawing takes a few tenths of a second (``python -m bench.pictures``): the bot should
    call it off its event loop (``asyncio.to_thread``)."""
    fonts = fonts or Fonts.default()
    layouts = division_layouts(event, title=title, measure=fonts.measure)
    return [(layout.name, render(layout, fonts)) for layout in layouts]


def write_pngs(
    event: sssg.KnockoutEvent, folder: Path, *, title: str, fonts: Fonts | None = None
) -> list[Path]:
    """Each picture of ``bracket_pngs`` as ``folder/<name>.png``, making the folder
    if need be; returns the paths written. An existing file of that name is replaced."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, png in bracket_pngs(event, title=title, fonts=fonts):
        path = folder / f"{name}.png"
        path.write_bytes(png)
        paths.append(path)
    return paths
