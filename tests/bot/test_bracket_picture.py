"""Bracket pictures (``bot.pictures``): the layout is checked on its own (names, who went
through, scores, sources of matches not played, nothing overlapping, a size a phone can
read: each picture 1080 px wide and names drawn at least 28 px high at the size Telegram
keeps), then the PNGs and ``tdbot files simulate --png``.

Events are drawn from ``examples/players24.csv`` (its first 8, 16 or all 24 players) and
played with ``core.knockout.sssg.random_match`` for some rounds of play: just drawn, halfway,
finished. Layouts are measured with the font Pillow ships, so they are the same on every
machine.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image
from typer.testing import CliRunner

from bot.cli import app
from bot.cli.knockout_cmds import read_players
from bot.pictures import layout as lay
from bot.pictures.bracket import Fonts, bracket_pngs
from bot.pictures.layout import Box, Layout, RowStyle, division_layouts
from core.knockout import bracket as bk
from core.knockout import sssg
from core.knockout.bracket import SlotKind, Status
from core.knockout.match import Match, MatchGame, award_match_bye, rule_tied_match
from core.knockout.seeding import Entrant
from core.schedule import plain_schedule

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "players24.csv"
PLAYERS = read_players(EXAMPLE)
FONTS = Fonts.builtin()
STAGES = {"drawn": 0, "halfway": 3, "finished": 99}


def play_rounds(event: sssg.KnockoutEvent, rng: random.Random, rounds: int) -> sssg.KnockoutEvent:
    """Play ``rounds`` rounds of play: every match ready at the start of one is played."""
    ratings = {e.name: e.rating for e in event.entrants}
    for _ in range(rounds):
        ready = sssg.playable(event)
        if not ready:
            break
        for pm in ready:
            rating = (ratings[pm.players[0]], ratings[pm.players[1]])
            event = sssg.record(
                event, pm.id, sssg.random_match(pm.best_of, pm.head_start, rating, rng)
            )
    return event


def sssg_event(n: int, stage: str, seed: int = 7) -> sssg.KnockoutEvent:
    event = sssg.draw_sssg(PLAYERS[:n], seed)
    return play_rounds(event, random.Random(f"{n}:{stage}:{seed}"), STAGES[stage])


def layouts(event: sssg.KnockoutEvent) -> list[Layout]:
    return division_layouts(event, title="Test event", measure=FONTS.measure)


def boxes_of(layouts_: list[Layout]) -> dict[str, Box]:
    return {b.match_id: b for layout in layouts_ for b in layout.boxes}


CASES = [(n, stage) for n in (8, 16, 24) for stage in STAGES]


@pytest.mark.parametrize(("n", "stage"), CASES)
def test_every_player_of_a_division_is_in_its_picture(n, stage):
    event = sssg_event(n, stage)
    d = sssg.derive(event)
    pictures = layouts(event)
    for b in (d.top, d.plate):
        if b is None or not b.seated:
            continue
        mine = [p for p in pictures if p.name.split("-")[0] == b.name]
        shown = {r.player for p in mine for box in p.boxes for r in box.rows}
        real = {p for p in b.players if sssg.placeholder_match(p) is None}
        assert real and real <= shown
    if event.plan is not None and event.plan.needed:
        qual = next(p for p in pictures if p.name == "qualifying")
        shown = {r.player for box in qual.boxes for r in box.rows}
        assert {n for pair in event.plan.pairings for n in pair.players} == shown
        assert {e.name for e in event.plan.byes} <= {t.text for t in qual.texts}


@pytest.mark.parametrize(("n", "stage"), CASES)
def test_who_went_through_is_marked_and_appears_in_the_box_it_feeds(n, stage):
    event = sssg_event(n, stage)
    d = sssg.derive(event)
    boxes = boxes_of(layouts(event))
    checked = 0
    for b in (d.top, d.plate):
        if b is None or not b.seated:
            continue
        for m in b.matches:
            v = d.views[m.id]
            if v.status is not Status.PLAYED:
                continue
            sides = {r.player: r.style for r in boxes[m.id].rows}
            assert sides[v.winner.player] is RowStyle.WINNER
            assert sides[v.loser.player] is RowStyle.LOSER
            for later in b.matches:
                for side, src in enumerate(later.slots):
                    if src.match == m.id and later.id in boxes:
                        who = v.winner if src.kind is SlotKind.WINNER else v.loser
                        assert boxes[later.id].rows[side].player == who.player
                        checked += 1
    assert checked or stage == "drawn"


def assert_laid_out_cleanly(layout: Layout) -> None:
    """No box or text touches another, all inside the picture, and the picture within
    the size Telegram keeps without scaling it down."""
    rects = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in layout.boxes]
    rects += [(t.x, t.y, t.x + t.w, t.y + t.h) for t in layout.texts]
    for x0, y0, x1, y1 in rects:
        assert 0 <= x0 < x1 <= layout.width and 0 <= y0 < y1 <= layout.height
    for a, b in combinations(rects, 2):
        apart = a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]  # a gap between
        assert apart, (layout.name, a, b)
    assert layout.width == lay.WIDTH and layout.height <= lay.MAX_HEIGHT


#: A phone shows a photo fitted to its width, ~1080 device px; Telegram keeps a photo at
#: up to 2560 px on its longest side and scales a bigger one down.
PHONE_PX = 1080
KEPT_PX = 2560
#: The smallest a name may be drawn, in device px on the phone (~10 CSS px at 3x).
MIN_NAME_PX = 28


def name_heights(layout: Layout) -> list[tuple[str, float]]:
    """Every name in the picture (or where a player comes from) with the height it is
    drawn at on a phone: its font size as laid out, times the scaling Telegram and the
    phone apply to the picture."""
    shown = min(1.0, KEPT_PX / max(layout.width, layout.height)) * layout.width
    scale = min(1.0, PHONE_PX / shown) * shown / layout.width
    names = [(r.text, layout.sizes.name * scale) for b in layout.boxes for r in b.rows]
    names += [(t.text, t.px * scale) for t in layout.texts if not t.bold and not t.muted]
    return names


def assert_readable_on_a_phone(layout: Layout) -> None:
    assert PHONE_PX <= layout.width <= 1280, (layout.name, layout.width)
    assert layout.height <= KEPT_PX and layout.width + layout.height <= 10000
    for name, px in name_heights(layout):
        assert px >= MIN_NAME_PX, (layout.name, name, px)


@pytest.mark.parametrize(("n", "stage"), CASES)
def test_nothing_overlaps_and_everything_is_inside_the_picture(n, stage):
    for layout in layouts(sssg_event(n, stage)):
        assert_laid_out_cleanly(layout)


@pytest.mark.parametrize(("n", "stage"), CASES)
def test_the_picture_is_readable_on_a_phone_and_fits_telegram(n, stage):
    for layout in layouts(sssg_event(n, stage)):
        assert_readable_on_a_phone(layout)
        assert any(name_heights(layout))


def test_the_sssg_24_event_is_five_phone_sized_pictures():
    """The SSSg 2016 event (examples/sssg2016.toml, 24 players): the qualifying round,
    the top division's upper bracket, lower bracket and grand final, and the plate. Each
    1080 px wide, none taller than Telegram keeps, every name at least 28 px high."""
    pictures = layouts(sssg_event(24, "halfway"))
    assert [(p.name, p.label) for p in pictures] == [
        ("qualifying", "Qualifying round"),
        ("top-upper", "Top division · upper bracket"),
        ("top-lower", "Top division · lower bracket"),
        ("top-final", "Top division · grand final"),
        ("plate", "Plate"),
    ]
    for picture in pictures:
        assert_readable_on_a_phone(picture)
        assert_laid_out_cleanly(picture)
    # The old single picture of the top division was 2101 x 1363: names 20 px, drawn
    # at 10 px on a phone. Now names are drawn at their full 32 px.
    assert min(px for p in pictures for _, px in name_heights(p)) == lay.SIZES.name == 32
    heights = {p.name: p.height for p in pictures}
    assert max(heights.values()) < 2000 and heights["top-final"] < 600


def test_a_64_player_single_elimination_is_three_pictures_the_rounds_carried_over():
    event = play_rounds(plain("single", 64), random.Random(3), 2)
    pictures = layouts(event)
    assert [p.name for p in pictures] == ["single-1", "single-2", "single-3"]
    assert [p.label for p in pictures] == [f"Single elimination ({n} of 3)" for n in (1, 2, 3)]
    for picture in pictures:
        assert_readable_on_a_phone(picture)
        assert_laid_out_cleanly(picture)
    shown = [b.match_id for p in pictures for b in p.boxes]
    assert shown == [m.id for m in sssg.derive(event).top.matches]  # each once, in order
    headings = [t.text for t in pictures[1].texts if t.bold]
    assert "Ro64 · best of 3 (continued)" in headings and "Ro32 · best of 3" in headings
    # every row is a named player (the first two rounds played) or where one comes from
    assert all(r.text for p in pictures for b in p.boxes for r in b.rows)


@settings(max_examples=15)
@given(
    n=st.integers(2, 48),
    fmt=st.sampled_from(["sssg", "single", "double"]),
    rounds=st.integers(0, 12),
    seed=st.integers(0, 1000),
)
def test_any_event_at_any_stage_is_laid_out_cleanly(n, fmt, rounds, seed):
    if fmt == "sssg":
        event = sssg.draw_sssg(field(n), seed)
    else:
        event = sssg.draw_plain(field(n), seed, fmt, plain_schedule(3, 0, n, grand_final="reset"))
    event = play_rounds(event, random.Random(seed), rounds)
    for picture in layouts(event):
        assert_laid_out_cleanly(picture)
        assert_readable_on_a_phone(picture)


def test_the_sssg_top_division_is_its_upper_and_lower_brackets_and_the_grand_final():
    event = sssg_event(16, "finished")
    upper, lower, final = layouts(event)
    d = sssg.derive(event)
    assert (upper.name, lower.name, final.name) == ("top-upper", "top-lower", "top-final")
    parts = {m.id: m.part for m in d.top.matches}
    for picture, part in ((upper, bk.Part.UPPER), (lower, bk.Part.LOWER), (final, bk.Part.FINAL)):
        assert {b.match_id for b in picture.boxes} == {i for i, p in parts.items() if p is part}
    assert {"Ro16 · best of 11", "QF · best of 13", "Winners' Final · best of 17"} <= {
        t.text for t in upper.texts
    }
    assert {"Minor QF · best of 13", "Major QF · best of 13", "Losers' Final · best of 17"} <= {
        t.text for t in lower.texts
    }
    assert "Grand Final · best of 18" in {t.text for t in final.texts}
    champion = sssg.placements(event).top[0]
    for picture in (upper, lower, final):
        assert any(f"won by {champion}" in t.text for t in picture.texts if t.muted)


def test_the_grand_final_shows_the_head_start_and_counts_it_in_the_score():
    """SSSg para 2: the upper-bracket winner starts the best-of-18 one game up."""
    event = sssg_event(16, "finished")
    d = sssg.derive(event)
    gf = d.top.matches[-1]
    box = boxes_of(layouts(event))[gf.id]
    upper_winner = d.views[gf.id].occupants[0].player
    assert upper_winner is not None
    assert box.label == f"{gf.id} · {upper_winner.split()[0]} +1"
    state = d.counted[gf.id].match.state()
    assert [r.score for r in box.rows] == [lay.points(p) for p in state.points]
    assert state.points[0] == d.counted[gf.id].match.wins(0) + 1
    final = next(p for p in layouts(event) if p.name == "top-final")
    assert f"{upper_winner}, the upper-bracket winner, starts 1 game up" in {
        t.text for t in final.texts
    }


def test_a_grand_final_not_yet_played_shows_the_head_start_as_its_score():
    """Para 2: before game 1 the upper-bracket winner is already one game up."""
    event, rng = sssg_event(16, "drawn"), random.Random(4)
    while sssg.playable(event)[0].round_name != "Grand Final":
        event = play_rounds(event, rng, 1)
    (gf,) = sssg.playable(event)
    box = boxes_of(layouts(event))[gf.id]
    assert [(r.player, r.score) for r in box.rows] == [(gf.players[0], "1"), (gf.players[1], "0")]
    assert box.note == "" and {r.style for r in box.rows} == {RowStyle.PLAYER}


def test_before_the_grand_final_its_head_start_names_the_upper_bracket_winner():
    event = sssg_event(16, "drawn")
    gf = sssg.derive(event).top.matches[-1]
    box = boxes_of(layouts(event))[gf.id]
    assert box.label == f"{gf.id} · upper winner +1"
    assert [r.text for r in box.rows] == ["Winner of T23", "Winner of T29"]
    assert [r.score for r in box.rows] == ["", ""]
    final = next(p for p in layouts(event) if p.name == "top-final")
    assert "The upper-bracket winner starts 1 game up" in {t.text for t in final.texts}


def test_a_match_not_played_shows_where_its_players_come_from():
    event = sssg_event(24, "drawn")
    d = sssg.derive(event)
    boxes = boxes_of(layouts(event))
    for m in d.top.matches:
        for side, src in enumerate(m.slots):
            row = boxes[m.id].rows[side]
            if src.kind is SlotKind.SEAT:  # 17-24 players: seeds face "winner of Qk"
                name = d.top.seating[src.seat]
                qid = sssg.placeholder_match(name or "")
                expected = f"Winner of {qid}" if qid else name
            else:
                expected = f"{src.kind.value.capitalize()} of {src.match}"
            assert row.text == expected
            assert (row.style is RowStyle.PENDING) == (row.player is None)
    plate = next(p for p in layouts(event) if p.name == "plate")
    first = [b for b in plate.boxes if b.match_id in {"P1", "P2", "P3", "P4"}]
    assert {r.text for b in first for r in b.rows} == {"To be drawn"}
    assert any("drawn when the qualifying round is over" in t.text for t in plate.texts)


def test_scores_are_game_points_and_void_games_are_noted_not_counted():
    """Para 14: a game reported after the match is decided is not counted (void)."""
    event = sssg.draw_sssg(PLAYERS[:8], 7)
    pm = sssg.playable(event)[0]
    match = Match(pm.best_of)
    for _ in range(7):
        match = match.with_game(MatchGame.played(0, 400, 350))
    match = match.with_game(MatchGame.played(1, 300, 420)).with_game(MatchGame.played(0, 380, 380))
    assert match.state().decided and len(match.state().void) == 2
    event = sssg.record(event, pm.id, match)
    box = boxes_of(layouts(event))[pm.id]
    assert [r.score for r in box.rows] == ["7", "0"]
    assert box.note == "2 void" and box.alert
    assert [r.style for r in box.rows] == [RowStyle.WINNER, RowStyle.LOSER]


def test_a_match_being_played_shows_the_score_so_far():
    event = sssg.draw_sssg(PLAYERS[:8], 7)
    pm = sssg.playable(event)[0]
    match = (
        Match(pm.best_of).with_game(MatchGame.played(0, 400, 400)).with_game(MatchGame.played(1, 300, 410))
    )
    event = sssg.record(event, pm.id, match)
    box = boxes_of(layouts(event))[pm.id]
    assert [(r.text, r.score) for r in box.rows] == [(pm.players[0], "0.5"), (pm.players[1], "1.5")]
    assert box.note == "in play" and not box.alert
    assert {r.style for r in box.rows} == {RowStyle.PLAYER}


def test_a_match_recorded_with_no_game_counted_shows_no_score():
    event = sssg.draw_sssg(PLAYERS[:8], 7)
    pm = sssg.playable(event)[0]
    event = sssg.record(event, pm.id, Match(pm.best_of))
    box = boxes_of(layouts(event))[pm.id]
    assert [r.score for r in box.rows] == ["", ""] and box.note == ""


def test_a_tied_match_asks_for_the_td_and_then_shows_the_ruling():
    """Para 17 exhausted (level on games, spread and starts): the TD rules (para 30)."""
    event = sssg.draw_plain(field(2), 1, "single", plain_schedule(2, 0, 2, grand_final="single"))
    (pm,) = sssg.playable(event)
    tied = Match(2).with_game(MatchGame.played(0, 400, 350)).with_game(MatchGame.played(1, 350, 400))
    event = sssg.record(event, pm.id, tied)
    (box,) = layouts(event)[0].boxes
    assert box.note == "tied: TD to rule" and box.alert
    assert [r.score for r in box.rows] == ["1", "1"]
    assert {r.style for r in box.rows} == {RowStyle.PLAYER}
    ruled = rule_tied_match(tied, 1, "lots drawn by the TD (para 30)")
    event = sssg.record(event, pm.id, ruled)
    (box,) = layouts(event)[0].boxes
    assert box.note == "TD ruling" and not box.alert
    assert [r.style for r in box.rows] == [RowStyle.LOSER, RowStyle.WINNER]


def test_a_match_bye_shows_who_went_through_without_a_score():
    """Para 27: a match bye advances a player and voids the games played."""
    event = sssg.draw_sssg(PLAYERS[:8], 7)
    pm = sssg.playable(event)[0]
    started = Match(pm.best_of).with_game(MatchGame.played(0, 400, 350))
    event = sssg.record(event, pm.id, award_match_bye(started, 1).match)
    box = boxes_of(layouts(event))[pm.id]
    assert box.note == "match bye · 1 void"
    assert [(r.style, r.score) for r in box.rows] == [(RowStyle.LOSER, ""), (RowStyle.WINNER, "")]


def field(n: int, long_name: str = "") -> list[Entrant]:
    names = [f"Player {i}" for i in range(1, n + 1)]
    if long_name:
        names[2] = long_name
    return [Entrant(name, 2000 - 10 * i) for i, name in enumerate(names)]


def plain(kind: str, n: int, grand_final: str = "reset", **kw: object) -> sssg.KnockoutEvent:
    schedule = plain_schedule(3, 0, n, grand_final=grand_final)
    if kind == "single":
        return sssg.draw_plain(field(n), 1, kind, schedule, **kw)  # type: ignore[arg-type]
    return sssg.draw_plain(field(n), 1, kind, schedule, grand_final=grand_final)


def test_a_bye_is_a_row_and_its_player_goes_through_without_a_score():
    event = plain("single", 6)
    d = sssg.derive(event)
    boxes = boxes_of(layouts(event))
    walkovers = [m.id for m in d.top.matches if d.views[m.id].status is Status.WALKOVER]
    assert len(walkovers) == 2
    for mid in walkovers:
        rows = boxes[mid].rows
        styles = sorted(r.style for r in rows)
        assert styles == sorted([RowStyle.BYE, RowStyle.WINNER])
        assert all(r.score == "" for r in rows)
        assert d.views[mid].winner.player in {r.player for r in rows}
    for picture in layouts(event):
        assert_laid_out_cleanly(picture)


def test_a_third_place_match_comes_after_the_final_with_its_own_heading():
    event = play_rounds(plain("single", 8, third_place=True), random.Random(2), 99)
    (picture,) = layouts(event)
    boxes = {b.match_id: b for b in picture.boxes}
    final, third = boxes["M7"], boxes["M8"]
    assert third.x == final.x and third.y > final.y + final.h
    heading = next(t for t in picture.texts if t.text == "3rd place · best of 3")
    assert final.y + final.h < heading.y < third.y
    assert_laid_out_cleanly(picture)


def test_a_bracket_reset_not_needed_is_faded():
    """The upper-bracket winner (slot 0) wins the grand final: the reset is not played."""
    event, rng = plain("double", 4), random.Random(5)
    while sssg.playable(event)[0].round_name != "Grand Final":
        event = play_rounds(event, rng, 1)
    (gf,) = sssg.playable(event)
    won = Match(gf.best_of).with_game(MatchGame.played(0, 400, 300)).with_game(MatchGame.played(1, 400, 300))
    event = sssg.record(event, gf.id, won)
    reset = sssg.derive(event).top.matches[-1]
    final = next(p for p in layouts(event) if p.name == "double-final")
    box = boxes_of([final])[reset.id]
    assert box.faded and box.note == "not needed"
    assert {r.style for r in box.rows} == {RowStyle.LOSER}
    assert_laid_out_cleanly(final)


def test_a_reset_before_the_grand_final_says_it_is_played_only_if_needed():
    event = plain("double", 4)
    reset = sssg.derive(event).top.matches[-1]
    box = boxes_of(layouts(event))[reset.id]
    assert box.note == "if needed" and not box.faded


def test_long_names_are_cut_with_an_ellipsis_and_text_is_kept_as_given():
    long_name = "Nur <Aisyah> & Binte Abdul Rahman Al-Habshi"
    event = sssg.draw_plain(
        field(8, long_name), 1, "single", plain_schedule(3, 0, 8, grand_final="single")
    )
    (picture,) = layouts(event)
    s = picture.sizes
    boxes = [b for b in picture.boxes if any(r.player == long_name for r in b.rows)]
    assert boxes
    for box in boxes:
        (r,) = [r for r in box.rows if r.player == long_name]
        assert r.text.endswith("…") and long_name.startswith(r.text[:-1])
        assert "&lt;" not in r.text
        room = box.w - 3 * s.pad - box.seed_w - FONTS.measure("88", s.name, True)
        assert room - 2 * s.name < FONTS.measure(r.text, s.name, True) <= room
    short = [r for b in picture.boxes for r in b.rows if r.player == "Player 1"]
    assert short and all(r.text == "Player 1" for r in short)


def test_fit_keeps_the_longest_start_that_fits():
    def measure(text: str, px: int, bold: bool) -> float:
        return float(len(text))

    assert lay.fit("Evelyn Koh", 10, 20, False, measure) == "Evelyn Koh"
    assert lay.fit("Evelyn Koh", 9, 20, False, measure) == "Evelyn K…"
    assert lay.fit("Evelyn Koh", 8, 20, False, measure) == "Evelyn…"  # no space before …


def test_a_double_elimination_is_its_upper_and_lower_brackets_and_its_final_in_pages():
    event = plain("double", 32, grand_final="head_start")
    pictures = layouts(event)
    names = [p.name for p in pictures]
    assert names == ["double-upper-1", "double-upper-2", "double-lower-1", "double-lower-2",
                     "double-final"]
    assert pictures[1].label == "Double elimination · upper bracket (2 of 2)"
    d = sssg.derive(event)
    parts = {m.id: m.part for m in d.top.matches}
    for picture in pictures:
        part = bk.Part(picture.name.split("-")[1])
        assert {parts[b.match_id] for b in picture.boxes} == {part}
        assert_laid_out_cleanly(picture)
        assert_readable_on_a_phone(picture)
    assert sorted(b.match_id for p in pictures for b in p.boxes) == sorted(parts)


def test_how_many_pictures_an_event_has_does_not_depend_on_names_or_results():
    """The bot names a picture when it queues a message and draws it when it sends it."""
    for n in (24, 40):
        drawn = layouts(sssg.draw_sssg(field(n, "Nur Aisyah Binte Abdul Rahman Al-Habshi"), 3))
        finished = layouts(play_rounds(sssg.draw_sssg(field(n), 5), random.Random(n), 99))
        assert [p.name for p in drawn] == [p.name for p in finished]


def test_an_unseated_top_division_is_drawn_empty_until_qualifying_ends():
    """25-32 players: the top division is drawn after the qualifying round (para 3)."""
    extra = [Entrant(f"Extra {i}", 1200 - i) for i in range(4)]
    event = sssg.draw_sssg([*PLAYERS, *extra], 3)
    top = [p for p in layouts(event) if p.name.startswith("top-")]
    assert len(top) == 3 and all(r.player is None for p in top for b in p.boxes for r in b.rows)
    assert all("drawn when the qualifying round is over" in p.texts[2].text for p in top)
    finished = play_rounds(event, random.Random(1), 99)
    upper = next(p for p in layouts(finished) if p.name == "top-upper")
    assert len({r.player for b in upper.boxes for r in b.rows} - {None}) == 16


@pytest.mark.parametrize("fonts", [Fonts.builtin(), Fonts.default()], ids=["builtin", "default"])
def test_bracket_pngs_gives_a_png_per_division(fonts):
    event = sssg_event(24, "halfway")
    pngs = bracket_pngs(event, title="Scrabble Shootout Singapore", fonts=fonts)
    assert [name for name, _ in pngs] == ["qualifying", "top-upper", "top-lower", "top-final",
                                          "plate"]
    expected = division_layouts(event, title="Scrabble Shootout Singapore", measure=fonts.measure)
    for (_, data), layout in zip(pngs, expected, strict=True):
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.size == (layout.width, layout.height)
        # Something is drawn: green for who went through, not only the background.
        colours = {c for _, c in image.getcolors(maxcolors=1 << 16) or []}
        assert len(colours) > 10


def test_the_builtin_font_draws_an_accented_letter_as_its_plain_letter_and_its_accent():
    """Pillow's own font lacks "ë": it draws "e" and the accent over it (``accents``; the
    pixels: test_bracket_picture_in_french.py)."""
    assert Fonts.builtin().shown("Zoë Ng · Ángel…") == "Zoe Ng · Angel…"
    assert Fonts.builtin().accents("Zoë Ng · Ángel…") == [(2, "\u0308"), (9, "\u0301")]
    assert Fonts.builtin().shown("Œuvre") == "OEuvre"
    assert Fonts(("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")).shown("Zoë") == "Zoë"


def test_simulate_writes_a_png_per_division(tmp_path):
    out = tmp_path / "pictures"
    result = CliRunner().invoke(
        app, ["files", "simulate", "--players", str(EXAMPLE), "--seed", "1", "--png", str(out)]
    )
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in out.iterdir())
    assert written == ["plate.png", "qualifying.png", "top-final.png", "top-lower.png",
                       "top-upper.png"]
    for name in written:
        assert f"Wrote {out / name}" in result.stdout
        assert Image.open(out / name).format == "PNG"


def test_simulate_json_keeps_stdout_json_and_reports_pictures_on_stderr(tmp_path):
    import json

    result = CliRunner().invoke(
        app,
        ["files", "simulate", "--players", str(EXAMPLE), "--seed", "1", "--json", "--png", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["seed"] == 1
    assert "Wrote" in result.stderr and (tmp_path / "top-upper.png").exists()


def test_simulate_png_refuses_a_file_for_a_folder(tmp_path):
    target = tmp_path / "top.png"
    target.write_bytes(b"")
    result = CliRunner().invoke(
        app, ["files", "simulate", "--players", str(EXAMPLE), "--seed", "1", "--png", str(target)]
    )
    assert result.exit_code != 0
    assert "that is a file; give a folder" in result.output


@pytest.mark.parametrize(("n", "stage"), CASES)
def test_the_web_pages_phone_picture_is_the_same_boxes_one_a_row(n, stage):
    """``one_column`` (the bracket page on a phone): every box of the picture, unchanged
    but for where it stands, one under another in the picture's order, every text kept in
    order; nothing overlaps, all inside a picture one box wide, so a page 390 px wide shows
    the names at least 16 CSS px high."""
    for layout in layouts(sssg_event(n, stage)):
        narrow = lay.one_column(layout, FONTS.measure)
        assert [replace(b, x=0, y=0) for b in narrow.boxes] == [
            replace(b, x=0, y=0) for b in sorted(layout.boxes, key=lambda b: (b.y, b.x))]
        assert [b.x for b in narrow.boxes] == [layout.sizes.margin] * len(narrow.boxes)
        ys = [b.y for b in narrow.boxes]
        assert ys == sorted(ys) and len(set(ys)) == len(ys)
        assert len(narrow.texts) == len(layout.texts)
        rects = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in narrow.boxes]
        rects += [(t.x, t.y, t.x + t.w, t.y + t.h) for t in narrow.texts]
        for x0, y0, x1, y1 in rects:
            assert 0 <= x0 < x1 <= narrow.width and 0 <= y0 < y1 <= narrow.height
        for a, b in combinations(rects, 2):
            assert a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1], (a, b)
        page_px = 390 - 2 * 12  # the page's padding
        assert layout.sizes.name * page_px / narrow.width >= 16


def test_a_result_not_final_is_drawn_under_way_and_its_next_box_names_nobody():
    """SSSg para 24: a result that can still be disputed is drawn as under way (its
    score, nobody through, what it waits for); the box it feeds says where its player
    comes from, by players where that fits the row and by match id where it does not;
    no winner of the division is named. A final result is drawn as decided."""
    event = sssg.draw_plain(field(4), 1, "single", plain_schedule(1, 0, 4, grand_final="single"))
    first = sssg.playable(event)[0]
    event = sssg.record(event, first.id, Match(1).with_game(MatchGame.played(0, 400, 350)))
    nxt = next(m for m in sssg.derive(event).top.matches if m.id not in
               {p.id for p in sssg.playable(event)} and m.id != first.id)
    winner = first.players[0]
    decided = layouts(event)[0]
    assert winner in [r.text for r in boxes_of([decided])[nxt.id].rows]
    side = [r.text for r in boxes_of([decided])[nxt.id].rows].index(winner)

    def drawn(words: str) -> dict[str, Box]:
        shown = lay.Pictured(event, lay.Unsettled(
            {first.id: "awaiting agreement"},
            {(nxt.id, side): (words, f"Winner of {first.id}")}, settled=False))
        return boxes_of(shown.layouts("Test event", FONTS.measure))

    boxes = drawn("Winner of P1 v P4")
    assert [(r.text, r.score, r.style) for r in boxes[first.id].rows] == [
        (first.players[0], "1", RowStyle.PLAYER), (first.players[1], "0", RowStyle.PLAYER)]
    assert boxes[first.id].note == "awaiting agreement" and boxes[first.id].alert
    row = boxes[nxt.id].rows[side]
    assert (row.text, row.style, row.player) == ("Winner of P1 v P4", RowStyle.PENDING, None)
    long = drawn(f"Winner of {'Bartholomew Featherstonehaugh'} v {'Maximiliana Oyelaran'}")
    assert long[nxt.id].rows[side].text == f"Winner of {first.id}"
    assert winner not in [r.text for b in long.values() for r in b.rows if b.match_id != first.id]
    settled = boxes_of(lay.Pictured(event).layouts("Test event", FONTS.measure))
    assert settled == boxes_of([decided])
