"""Bracket pictures (``bot.pictures``): the layout is checked on its own (names, who went
through, scores, sources of matches not played, nothing overlapping, a size a phone can
read), then the PNGs and ``tdbot files simulate --png``.

Events are drawn from ``examples/players24.csv`` (its first 8, 16 or all 24 players) and
played with ``core.sssg.random_match`` for some rounds of play: just drawn, halfway,
finished. Layouts are measured with the font Pillow ships, so they are the same on every
machine.
"""

from __future__ import annotations

import io
import random
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
from core import bracket as bk
from core import sssg
from core.bracket import SlotKind, Status
from core.match import Game, Match, award_match_bye, rule_tied_match
from core.schedule import plain_schedule
from core.seeding import Entrant

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "players24.csv"
PLAYERS = read_players(EXAMPLE)
FONTS = Fonts.builtin()
STAGES = {"drawn": 0, "halfway": 3, "finished": 99}


def play_rounds(event: sssg.Event, rng: random.Random, rounds: int) -> sssg.Event:
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


def sssg_event(n: int, stage: str, seed: int = 7) -> sssg.Event:
    event = sssg.draw_sssg(PLAYERS[:n], seed)
    return play_rounds(event, random.Random(f"{n}:{stage}:{seed}"), STAGES[stage])


def layouts(event: sssg.Event) -> list[Layout]:
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
    """No box or text touches another, all inside the picture, and every connector
    runs from the right edge of a box to the left edge of another."""
    rects = [(b.x, b.y, b.x + b.w, b.y + b.h) for b in layout.boxes]
    rects += [(t.x, t.y, t.x + t.w, t.y + t.h) for t in layout.texts]
    for x0, y0, x1, y1 in rects:
        assert 0 <= x0 < x1 <= layout.width and 0 <= y0 < y1 <= layout.height
    for a, b in combinations(rects, 2):
        apart = a[2] < b[0] or b[2] < a[0] or a[3] < b[1] or b[3] < a[1]  # a gap between
        assert apart, (layout.name, a, b)
    rights = {(b.x + b.w, b.mid) for b in layout.boxes}
    lefts = {(b.x, b.row_mid(side)) for b in layout.boxes for side in (0, 1)}
    for line in layout.lines:
        assert line[0] in rights and line[-1] in lefts


@pytest.mark.parametrize(("n", "stage"), CASES)
def test_nothing_overlaps_and_everything_is_inside_the_picture(n, stage):
    for layout in layouts(sssg_event(n, stage)):
        assert_laid_out_cleanly(layout)


@pytest.mark.parametrize(("n", "stage"), CASES)
def test_the_picture_is_readable_on_a_phone_and_fits_telegram(n, stage):
    """Telegram shows a photo at 1280 px on its longest side until it is opened and
    zoomed, and keeps up to 2560 px: names must stay 10 px or more at 1280 px."""
    for layout in layouts(sssg_event(n, stage)):
        longest = max(layout.width, layout.height)
        assert longest <= lay.MAX_SIDE
        assert layout.sizes.name * 1280 / longest >= 10, (layout.name, longest)
        assert longest / min(layout.width, layout.height) < 20


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
        assert max(picture.width, picture.height) <= lay.MAX_SIDE


def test_the_sssg_top_division_is_one_picture_with_both_brackets_and_the_grand_final():
    event = sssg_event(16, "finished")
    (top,) = layouts(event)
    d = sssg.derive(event)
    assert top.name == "top" and {b.match_id for b in top.boxes} == {m.id for m in d.top.matches}
    headings = {t.text for t in top.texts}
    assert {"Upper bracket", "Lower bracket", "Grand Final · best of 18"} <= headings
    assert {"Minor QF · best of 13", "Major QF · best of 13", "Losers' Final · best of 17"} <= (
        headings
    )
    champion = sssg.placements(event).top[0]
    assert any(champion in t.text for t in top.texts if t.muted)  # "won by ..."


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


def test_before_the_grand_final_its_head_start_names_the_upper_bracket_winner():
    event = sssg_event(16, "drawn")
    gf = sssg.derive(event).top.matches[-1]
    box = boxes_of(layouts(event))[gf.id]
    assert box.label == f"{gf.id} · upper winner +1"
    assert [r.text for r in box.rows] == ["Winner of T23", "Winner of T29"]


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
        match = match.with_game(Game.played(0, 400, 350))
    match = match.with_game(Game.played(1, 300, 420)).with_game(Game.played(0, 380, 380))
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
        Match(pm.best_of).with_game(Game.played(0, 400, 400)).with_game(Game.played(1, 300, 410))
    )
    event = sssg.record(event, pm.id, match)
    box = boxes_of(layouts(event))[pm.id]
    assert [r.score for r in box.rows] == ["0.5", "1.5"]
    assert box.note == "in play" and not box.alert
    assert {r.style for r in box.rows} == {RowStyle.PLAYER}


def test_a_tied_match_asks_for_the_td_and_then_shows_the_ruling():
    """Para 17 exhausted (level on games, spread and starts): the TD rules (para 30)."""
    event = sssg.draw_plain(field(2), 1, "single", plain_schedule(2, 0, 2, grand_final="single"))
    (pm,) = sssg.playable(event)
    tied = Match(2).with_game(Game.played(0, 400, 350)).with_game(Game.played(1, 350, 400))
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
    started = Match(pm.best_of).with_game(Game.played(0, 400, 350))
    event = sssg.record(event, pm.id, award_match_bye(started, 1).match)
    box = boxes_of(layouts(event))[pm.id]
    assert box.note == "match bye · 1 void"
    assert [(r.style, r.score) for r in box.rows] == [(RowStyle.LOSER, ""), (RowStyle.WINNER, "")]


def field(n: int, long_name: str = "") -> list[Entrant]:
    names = [f"Player {i}" for i in range(1, n + 1)]
    if long_name:
        names[2] = long_name
    return [Entrant(name, 2000 - 10 * i) for i, name in enumerate(names)]


def plain(kind: str, n: int, grand_final: str = "reset", **kw: object) -> sssg.Event:
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


def test_a_third_place_match_sits_under_the_final_with_its_own_heading():
    event = play_rounds(plain("single", 8, third_place=True), random.Random(2), 99)
    (picture,) = layouts(event)
    boxes = {b.match_id: b for b in picture.boxes}
    final, third = boxes["M7"], boxes["M8"]
    assert third.x == final.x and third.y > final.y + final.h
    assert any(t.text == "3rd place · best of 3" and t.y < third.y for t in picture.texts)
    assert_laid_out_cleanly(picture)


def test_a_bracket_reset_not_needed_is_faded():
    """The upper-bracket winner (slot 0) wins the grand final: the reset is not played."""
    event, rng = plain("double", 4), random.Random(5)
    while sssg.playable(event)[0].round_name != "Grand Final":
        event = play_rounds(event, rng, 1)
    (gf,) = sssg.playable(event)
    won = Match(gf.best_of).with_game(Game.played(0, 400, 300)).with_game(Game.played(1, 400, 300))
    event = sssg.record(event, gf.id, won)
    reset = sssg.derive(event).top.matches[-1]
    (picture,) = layouts(event)
    box = boxes_of([picture])[reset.id]
    assert box.faded and box.note == "not needed"
    assert {r.style for r in box.rows} == {RowStyle.LOSER}
    assert_laid_out_cleanly(picture)


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
    rows = [r for b in picture.boxes for r in b.rows if r.player == long_name]
    assert rows
    for r in rows:
        assert r.text.endswith("…") and long_name.startswith(r.text[:-1])
        assert "&lt;" not in r.text
        name_w = lay.NAME_EMS[1] * picture.sizes.name
        assert name_w - 20 < FONTS.measure(r.text, picture.sizes.name, True) <= name_w
    short = [r for b in picture.boxes for r in b.rows if r.player == "Player 1"]
    assert short and all(r.text == "Player 1" for r in short)


def test_fit_keeps_the_longest_start_that_fits():
    def measure(text: str, px: int, bold: bool) -> float:
        return float(len(text))

    assert lay.fit("Evelyn Koh", 10, 20, False, measure) == "Evelyn Koh"
    assert lay.fit("Evelyn Koh", 9, 20, False, measure) == "Evelyn K…"
    assert lay.fit("Evelyn Koh", 8, 20, False, measure) == "Evelyn…"  # no space before …


def test_a_double_elimination_of_more_than_16_is_split_into_upper_and_lower_pictures():
    event = plain("double", 30, grand_final="head_start")
    upper, lower = layouts(event)
    assert (upper.name, lower.name) == ("double-upper", "double-lower")
    d = sssg.derive(event)
    parts = {m.id: m.part for m in d.top.matches}
    assert {parts[b.match_id] for b in upper.boxes} == {bk.Part.UPPER, bk.Part.FINAL}
    assert {parts[b.match_id] for b in lower.boxes} == {bk.Part.LOWER}
    assert len(upper.boxes) + len(lower.boxes) == len(d.top.matches)
    for picture in (upper, lower):
        assert max(picture.width, picture.height) <= lay.MAX_SIDE
        assert_laid_out_cleanly(picture)


def test_a_large_single_elimination_is_drawn_smaller_to_fit():
    event = plain("single", 60)
    (picture,) = layouts(event)
    assert picture.sizes.scale < 1 and max(picture.width, picture.height) <= lay.MAX_SIDE
    assert picture.sizes.scale >= lay.MIN_SCALE


def test_an_unseated_top_division_is_drawn_empty_until_qualifying_ends():
    """25-32 players: the top division is drawn after the qualifying round (para 3)."""
    extra = [Entrant(f"Extra {i}", 1200 - i) for i in range(4)]
    event = sssg.draw_sssg([*PLAYERS, *extra], 3)
    top = next(p for p in layouts(event) if p.name == "top")
    assert all(r.player is None for b in top.boxes for r in b.rows)
    finished = play_rounds(event, random.Random(1), 99)
    top = next(p for p in layouts(finished) if p.name == "top")
    assert len({r.player for b in top.boxes for r in b.rows} - {None}) == 16


@pytest.mark.parametrize("fonts", [Fonts.builtin(), Fonts.default()], ids=["builtin", "default"])
def test_bracket_pngs_gives_a_png_per_division(fonts):
    event = sssg_event(24, "halfway")
    pngs = bracket_pngs(event, title="Scrabble Shootout Singapore", fonts=fonts)
    assert [name for name, _ in pngs] == ["qualifying", "top", "plate"]
    expected = division_layouts(event, title="Scrabble Shootout Singapore", measure=fonts.measure)
    for (_, data), layout in zip(pngs, expected, strict=True):
        image = Image.open(io.BytesIO(data))
        assert image.format == "PNG" and image.size == (layout.width, layout.height)
        # Something is drawn: green for who went through, not only the background.
        colours = {c for _, c in image.getcolors(maxcolors=1 << 16) or []}
        assert len(colours) > 10


def test_the_builtin_font_draws_accented_names_without_their_accents():
    assert Fonts.builtin().shown("Zoë Ng · Ángel…") == "Zoe Ng · Angel…"
    assert Fonts(("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")).shown("Zoë") == "Zoë"


def test_simulate_writes_a_png_per_division(tmp_path):
    out = tmp_path / "pictures"
    result = CliRunner().invoke(
        app, ["files", "simulate", "--players", str(EXAMPLE), "--seed", "1", "--png", str(out)]
    )
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in out.iterdir())
    assert written == ["plate.png", "qualifying.png", "top.png"]
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
    assert "Wrote" in result.stderr and (tmp_path / "top.png").exists()


def test_simulate_png_refuses_a_file_for_a_folder(tmp_path):
    target = tmp_path / "top.png"
    target.write_bytes(b"")
    result = CliRunner().invoke(
        app, ["files", "simulate", "--players", str(EXAMPLE), "--seed", "1", "--png", str(target)]
    )
    assert result.exit_code != 0
    assert "that is a file; give a folder" in result.output
