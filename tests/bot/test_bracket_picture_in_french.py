"""The bracket pictures in the reader's language: headings, where a slot's player comes
from, the grand final's head start and every other drawn word come from the catalogue
(``bot/pictures/layout.py``), so a French reader's picture reads "Division principale ·
tableau principal", "Vainqueur de T23"; the English picture is as it was. Pillow's own
font has no accented letters: it draws the plain letter and its accent over it."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from bot.pictures import layout as lay
from bot.pictures.bracket import Fonts, _text
from bot.pictures.layout import Layout, division_layouts
from bot.service.results import opponents_texts
from bot.words import for_locale
from core.knockout import sssg
from core.knockout.match import Match, MatchGame
from core.schedule import plain_schedule
from tests.bot.test_bracket_picture import PLAYERS, boxes_of, field, play_rounds, sssg_event

FONTS = Fonts.builtin()
FR = for_locale("fr")


def french(event: sssg.KnockoutEvent) -> list[Layout]:
    return division_layouts(event, title="Tournoi test", measure=FONTS.measure, w=FR)


def texts(layout: Layout) -> set[str]:
    return {t.text for t in layout.texts}


def test_the_sssg_24_event_s_pictures_are_named_in_french_and_keep_their_names() -> None:
    """The pictures' names (what a message queues, a page links) are the same in every
    language; what they show in words is French."""
    pictures = french(sssg_event(24, "halfway"))
    assert [(p.name, p.label) for p in pictures] == [
        ("qualifying", "Tour qualificatif"),
        ("top-upper", "Division principale · tableau principal"),
        ("top-lower", "Division principale · tableau des perdants"),
        ("top-final", "Division principale · grande finale"),
        ("plate", "Consolante"),
    ]
    qualifying = pictures[0]
    assert "Matchs · au meilleur des 9 parties" in texts(qualifying), texts(qualifying)
    status = [t.text for t in qualifying.texts if t.muted]
    assert status == ["8 matchs, au meilleur des 9 parties · 8 exemptions · "
                      "tête de série en premier"], status
    assert "Exemptions" in texts(qualifying)
    upper = pictures[1]
    assert "Ro16 · au meilleur des 11 parties" in texts(upper), texts(upper)
    assert any(t.text.startswith("Double élimination · 16 joueurs") for t in upper.texts)


def test_the_grand_final_s_head_start_and_slots_are_drawn_in_french() -> None:
    """SSSg para 2: the upper-bracket winner starts the grand final one game up; before it
    is known the box and the line under the heading say so in French, and its slots say
    where their players come from."""
    event = sssg_event(16, "drawn")
    gf = sssg.derive(event).top.matches[-1]
    final = next(p for p in french(event) if p.name == "top-final")
    box = boxes_of([final])[gf.id]
    assert box.label == f"{gf.id} · vainq. tableau principal +1"
    assert [r.text for r in box.rows] == ["Vainqueur de T23", "Vainqueur de T29"]
    assert "Le vainqueur du tableau principal commence avec 1 partie d'avance" in texts(final)
    assert "Grand Final · au meilleur des 18 parties" in texts(final)


def test_a_finished_division_names_its_winner_in_french_until_a_result_is_open() -> None:
    event = sssg_event(16, "finished")
    champion = sssg.placements(event).top[0]
    upper = french(event)[0]
    assert any(f"remportée par {champion}" in t.text for t in upper.texts if t.muted)
    open_ = lay.not_final(upper, lay.Unsettled(settled=False), FONTS.measure, FR)
    muted = [t.text for t in open_.texts if t.muted]
    assert muted and not any("remportée" in t or champion in t for t in muted), muted


def test_a_slot_whose_player_is_not_final_is_drawn_in_the_picture_s_language() -> None:
    """A result open to a dispute (SSSg para 24): the next match's slot says where its
    player comes from by players, a record drawn in the picture's language with a capital
    first letter, and by match id where that does not fit; what the result waits for too."""
    event = sssg.draw_plain(field(4), 1, "single", plain_schedule(1, 0, 4, grand_final="single"))
    first = sssg.playable(event)[0]
    event = sssg.record(event, first.id, Match(1).with_game(MatchGame.played(0, 400, 350)))
    nxt = next(m for m in sssg.derive(event).top.matches if m.id not in
               {p.id for p in sssg.playable(event)} and m.id != first.id)
    side = [s.match for s in nxt.slots].index(first.id)
    names = first.players
    from bot.words.said import said

    unsettled = lay.Unsettled(
        {first.id: said("awaiting agreement")},
        {(nxt.id, side): (opponents_texts.fed_by("winner", names, "SF"),
                          lay.source_said("winner", first.id))}, settled=False)
    def narrow(text: str, px: int, bold: bool) -> float:  # a font whose letters are thin
        return len(text) * px * 0.25

    shown = {lang: boxes_of(lay.Pictured(event, unsettled).layouts(
        "Test", narrow, for_locale(lang))) for lang in ("en", "fr")}
    assert shown["en"][nxt.id].rows[side].text == f"Winner of {names[0]} v {names[1]}"
    assert shown["fr"][nxt.id].rows[side].text == (
        f"Vainqueur du match {names[0]} contre {names[1]}")
    assert shown["en"][first.id].note == "awaiting agreement"
    assert shown["fr"][first.id].note == "en attente de l'accord de l'adversaire"


def _ink(text: str, px: int = 32) -> Image.Image:
    image = Image.new("L", (400, 80), 0)
    _text(ImageDraw.Draw(image), FONTS, (10, 40), text, px, fill="white", anchor="lm")
    return image


def test_pillow_s_own_font_draws_french_accents() -> None:
    """Pillow's built-in font has no "é": it draws an "e" with an accent over it (ink above
    the plain letter's), not a box, at the width it was measured; "Deuxième" likewise."""
    plain, accented = _ink("e"), _ink("é")
    plain_box, accented_box = plain.getbbox(), accented.getbbox()
    assert plain_box is not None and accented_box is not None
    assert accented_box[1] < plain_box[1] - 3  # ink well above the letter: its accent
    assert accented.crop((0, plain_box[1], 400, 80)).tobytes() == plain.crop(
        (0, plain_box[1], 400, 80)).tobytes()  # below it, the plain letter, not a box
    assert FONTS.measure("Deuxième", 32, False) == FONTS.measure("Deuxieme", 32, False)
    word, bare = _ink("Deuxième"), _ink("Deuxieme")
    assert word.tobytes() != bare.tobytes() and word.getbbox()[1] < bare.getbbox()[1]
    for letter in "àâçèêëîïôùûüÉÀÇ":
        assert _ink(letter).tobytes() != _ink(letter.encode("ascii", "ignore").decode()
                                              or FONTS.shown(letter)).tobytes(), letter


def test_a_french_picture_drawn_with_pillow_s_own_font_has_its_accents() -> None:
    """A whole picture in French drawn with the built-in font differs from the same
    picture with its accents taken off: they are drawn."""
    from bot.pictures.bracket import render

    event = play_rounds(sssg.draw_sssg(PLAYERS[:8], 7), random.Random(3), 1)
    picture = french(event)[0]
    assert any("é" in t.text or "è" in t.text for t in picture.texts)
    bare = lay.replace(picture, texts=tuple(lay.replace(t, text=FONTS.shown(t.text))
                                            for t in picture.texts))
    assert render(picture, FONTS) != render(bare, FONTS)


@pytest.mark.parametrize("fonts", [Fonts.builtin(), Fonts.default()], ids=["builtin", "default"])
@pytest.mark.parametrize("stage", ["drawn", "halfway", "finished"])
def test_a_french_16_player_double_elimination_s_words_fit_their_boxes(
        fonts: Fonts, stage: str) -> None:
    """Every word the French pictures of a 16-player double elimination draw fits where it
    is drawn, measured in the font that draws it: a box's label and note inside the box,
    a slot's words in its row, the grand final's head start on its line. Only a player's
    own name may be cut in its row; the picture's own words are short forms ("vainq.
    tableau principal") where the chat's would not fit."""
    event = sssg_event(16, stage)
    for picture in division_layouts(event, title="Tournoi test", measure=fonts.measure, w=FR):
        s = picture.sizes
        for box in picture.boxes:
            label = fonts.measure(box.label, s.small, True)
            note = fonts.measure(box.note, s.small, False) if box.note else 0
            assert label + note + s.pad <= box.w, (picture.name, box.label, box.note)
            assert lay.ELLIPSIS not in box.label + box.note, (picture.name, box.label)
            for row in box.rows:
                room = box.w - 3 * s.pad - box.seed_w
                assert fonts.measure(row.text, s.name, True) <= room, (picture.name, row.text)
                if row.player is None:
                    assert lay.ELLIPSIS not in row.text, (picture.name, row.text)
        for t in picture.texts:
            assert t.x + fonts.measure(t.text, t.px, t.bold) <= picture.width - s.margin, t
            assert lay.ELLIPSIS not in t.text, (picture.name, t.text)
