"""The live pages in a real browser: headless Chromium opens them at a phone's width (390
CSS px) and a desktop's (1280), takes screenshots, and reads the page as it laid it out.

The pages hold no script; to read the layout, each page is opened from a copy with one line
of script added at its end that writes the document's scroll width and the bracket
picture's width into an attribute, which ``--dump-dom`` prints. What is checked is what a
reader needs: no sideways scrolling on a phone (standings, a round, the bracket), every
player of the division in the standings, and the winner of a decided match marked. The
screenshots are kept in ``test-output/site/`` (ignored by git) for a person to look at.

Chromium comes from Debian's package (deploy/chromium-for-tests.sh, which CI runs); on a
machine without it these tests are skipped, except in CI (CI=true), where they fail.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.bot.test_site import ODD, RATINGS, ok, swiss

OUTPUT = Path(__file__).parents[2] / "test-output" / "site"
HEIGHT = 1400
#: Headless Chromium lays a page out at least 500 CSS px wide, whatever --window-size says
#: (a 390-px screenshot is a crop of that): so each page is opened in a frame exactly the
#: width asked for, and the frame's own layout is read and photographed.
FRAME = (
    '<!doctype html><html><body style="margin:0"><iframe id="f" src="{src}" '
    'style="border:0;width:{width}px;height:{height}px"></iframe><script>'
    "var f=document.getElementById('f');f.onload=function(){{var c=f.contentDocument,"
    "d=c.documentElement,s=[].filter.call(c.querySelectorAll('svg'),function(e){{"
    "return e.getBoundingClientRect().width>0}})[0],t=s?s.querySelectorAll('text'):[];"
    "document.body.setAttribute('data-probe',"
    "JSON.stringify({{scroll:d.scrollWidth,client:d.clientWidth,"
    "svg:s?s.getBoundingClientRect().right:0,text:c.body.innerText,"
    "winners:[].map.call(c.querySelectorAll('.w'),function(e){{return e.textContent}}),"
    "bold:[].map.call(s?s.querySelectorAll('text[font-weight=bold]'):[],"
    "function(e){{return e.textContent}}),"
    "px:[].map.call(t,function(e){{return [e.textContent,"
    "parseFloat(e.getAttribute('font-size'))*s.getScreenCTM().a]}})}}))}}"
    "</script></body></html>")


def chromium() -> str:
    found = os.environ.get("TDBOT_TEST_CHROMIUM") or shutil.which("chromium") \
        or shutil.which("chromium-browser")
    if found:
        return found
    if os.environ.get("CI") == "true":
        pytest.fail("no chromium: CI installs it with deploy/chromium-for-tests.sh")
    pytest.skip("no chromium installed (apt-get install chromium, or "
                "deploy/chromium-for-tests.sh)")


def browse(page: Path, width: int, *args: str) -> str:
    """Chromium's output for ``page`` shown in a frame ``width`` CSS px wide (``FRAME``)."""
    browser = chromium()
    framed = page.with_name(f"{page.stem}.frame-{width}.html")
    framed.write_text(FRAME.format(src=page.name, width=width, height=HEIGHT), encoding="utf-8")
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--no-first-run", "--disable-extensions", "--allow-file-access-from-files",
         f"--window-size={max(width, 500)},{HEIGHT}", *args, framed.as_uri()],
        capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def laid_out(page: Path, width: int) -> dict[str, Any]:
    """The page as Chromium laid it out at ``width``: its widths (the document's scroll
    width and the bracket picture's right edge), its text as rendered, the names marked as
    winners, the bold names in the bracket picture shown, and each text of that picture
    with its height on the screen in CSS px."""
    dom = browse(page, width, "--dump-dom")
    found = re.search(r'data-probe="([^"]+)"', dom)
    assert found, dom[-2000:]
    probe: dict[str, Any] = json.loads(unescape(found.group(1)))
    return probe


def screenshot(page: Path, width: int, name: str) -> Path:
    """A screenshot of the page at ``width``, kept in ``OUTPUT``; checked to be drawn."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    shot = OUTPUT / f"{name}-{width}.png"
    shot.unlink(missing_ok=True)
    browse(page, width, f"--screenshot={shot}")
    with Image.open(shot) as image:
        framed = image.crop((0, 0, width, HEIGHT))
        framed.save(shot)
        assert len(framed.convert("RGB").getcolors(1_000_000) or []) > 8  # drawn, not blank
    return shot


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The weekly Swiss's pages (round 1 played), and the club cup's with a match decided
    and one in play, as ``tdbot event site`` writes them."""
    tmp = tmp_path_factory.mktemp("site")
    db = swiss(tmp)
    ok("event", "site", "weekly-swiss", "--out", str(tmp / "swiss"), "--db", db)
    cup = tmp / "cup.toml"
    cup.write_text((Path(__file__).parent / "data" / "club_cup.toml").read_text().replace(
        'format = "single"', 'format = "single"\npublic = true'))
    ok("event", "create", str(cup), "--db", db)
    ok("event", "draw", "club-cup", "--seed", "5", "--db", db)
    ok("round", "open", "club-cup", "sf", "--closes", "2026-12-30", "--unpaid-ok", "--why", "x",
       "--db", db)
    show = ok("event", "show", "club-cup", "--db", db)
    (a1, b1), (a2, b2) = re.findall(r"^ +M\d+ +(.+?) v (.+?)  \(playing\)", show, re.M)
    for starter in (a1, b1):
        ok("game", "report", "club-cup", a1, "400", b1, "300", "--starter", starter, "--db", db)
    ok("game", "report", "club-cup", b2, "410", a2, "390", "--starter", a2, "--db", db)
    ok("event", "site", "club-cup", "--out", str(tmp / "cup"), "--db", db)
    (tmp / "cup-winner").write_text(a1)
    return tmp


def test_the_standings_fit_a_phone_and_name_every_player(written: Path) -> None:
    page = written / "swiss" / "standings.html"
    for width in (390, 1280):
        shown = laid_out(page, width)
        assert shown["scroll"] <= shown["client"] == width, shown  # no sideways scroll
        for name in [*RATINGS, ODD]:
            assert name in shown["text"], name
        screenshot(page, width, "standings")


def test_a_round_fits_a_phone_and_marks_each_winner(written: Path) -> None:
    page = written / "swiss" / "round-1.html"
    shown = laid_out(page, 390)
    assert shown["scroll"] <= shown["client"] == 390, shown
    assert len(shown["winners"]) == 5 and "Ann Lee ✓" in shown["winners"]
    screenshot(page, 390, "round-1")
    screenshot(page, 1280, "round-1")


def test_the_bracket_fits_a_phone_and_shows_who_went_through(written: Path) -> None:
    page = written / "cup" / "bracket-single.html"
    winner = (written / "cup-winner").read_text()
    for width in (390, 1280):
        shown = laid_out(page, width)
        assert shown["scroll"] <= shown["client"] == width, shown
        assert 0 < shown["svg"] <= width, shown  # the picture fits the width
        assert winner in shown["bold"]  # bold on green in the picture
        assert f"{winner} ✓" in shown["winners"]  # and marked in the table
        screenshot(page, width, "bracket")


def test_the_bracket_names_are_a_readable_size_on_a_phone(written: Path) -> None:
    """At 390 px the bracket is drawn one match a row (``layout.one_column``): each
    player's name in the picture is at least 16 CSS px high, as the page's own text, and
    nothing in it is under 12 px; a desktop still gets the picture two matches a row."""
    page = written / "cup" / "bracket-single.html"
    names = {"Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"}
    phone = laid_out(page, 390)
    sizes = {text: px for text, px in phone["px"]}
    assert names <= sizes.keys(), sizes
    assert min(sizes[n] for n in names) >= 16, sizes
    assert min(sizes.values()) >= 12, sizes
    desk = laid_out(page, 1280)
    assert min(px for text, px in desk["px"] if text in names) >= 16, desk["px"]
    assert desk["svg"] > 640  # the two-a-row picture, not the phone's
    screenshot(written / "cup" / "index.html", 390, "overview")
    screenshot(written / "swiss" / "m" / "R1-1.html", 390, "match")
    screenshot(written / "swiss" / "log.html", 390, "log")
