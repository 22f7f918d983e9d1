"""The live pages (bot/web, bot/service/events/site.py) of events entered at the command line.

A round-based event (the weekly Swiss of tests/bot/round_event.py, made public, with a
player whose name is HTML and everyone's phone and Telegram id in the definition) and a
knockout (the club cup, and the SSSg 2016 example for the grand final's head start). The
pages are read from the bot's HTTP server on 127.0.0.1 and written by ``tdbot event site``;
both must show the same pages.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from html import escape
from pathlib import Path

import aiohttp
import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.service.events import site, site_links
from bot.service.events.definitions import parse_definition
from bot.service.formats.rounds import site_standings
from bot.store.db import Database, open_database
from bot.web import routes
from bot.web.server import SiteServer
from bot.words import for_locale
from bot.words.said import english, render
from tests.bot.round_event import IDS, RATINGS, definition

NOW = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)
EXAMPLES = Path(__file__).parents[2] / "examples"
DATA = Path(__file__).parent / "data"
ODD = "Zoë <b>O'Neil</b> & co"  # a name that is HTML: it must be shown, never obeyed
PHONE = "+6591234567"


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def ok(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 0, err
    return out


def swiss_definition(*, public: bool = True) -> str:
    text = definition(ids=True).replace('format = "rounds"', 'format = "rounds"'
                                        + ("\npublic = true" if public else ""))
    text = text.replace("rating = 1900\n", f'rating = 1900\nphone = "{PHONE}"\n', 1)
    return text + f'\n[[players]]\nname = "{ODD}"\nrating = 1000\n'


def swiss(tmp_path: Path, *, public: bool = True, slug: str = "weekly-swiss") -> str:
    """The weekly Swiss with round 1 played (the higher rating wins each) and round 2
    open, one of its games reported and one match bye'd by a TD's forfeit ruling."""
    db = str(tmp_path / "t.db")
    toml = tmp_path / f"{slug}.toml"
    toml.write_text(swiss_definition(public=public).replace("weekly-swiss", slug))
    ok("event", "create", str(toml), "--db", db)
    ok("event", "draw", slug, "--seed", "3", "--db", db)
    ok("round", "open", slug, "1", "--closes", "2026-12-30", "--unpaid-ok", "--why", "x",
       "--db", db)
    pairs = json.loads(ok("event", "pairings", slug, "--json", "--db", db))["pairings"]
    ratings = {**RATINGS, ODD: 1000}
    for a, b in pairs:  # the higher rating wins
        win, lose = sorted((a["name"], b["name"]), key=lambda name: -ratings[name])
        ws, ls = (500, 100) if win == "Ann Lee" else (400, 350)
        ok("game", "report", slug, win, str(ws), lose, str(ls), "--db", db)
    return db


@pytest.fixture
def swiss_db(tmp_path: Path) -> str:
    return swiss(tmp_path)


async def cli(*args: str) -> str:
    """``ok`` from a test that runs in the event loop (the command runs its own)."""
    return await asyncio.to_thread(ok, *args)


@pytest.fixture
async def server(swiss_db: str) -> AsyncIterator[tuple[str, Database]]:
    db = await open_database(swiss_db)
    pages = SiteServer(db, lambda: NOW, "127.0.0.1", 0, max_age=0)
    port = await pages.start()
    try:
        yield f"http://127.0.0.1:{port}", db
    finally:
        await pages.stop()
        await db.close()


async def get(url: str) -> tuple[int, str, dict[str, str]]:
    async with aiohttp.ClientSession() as session, session.get(url) as response:
        return response.status, await response.text(), dict(response.headers)


def text_of(html: str) -> str:
    """The page's words as a reader reads them (tags dropped, entities kept)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


async def test_the_standings_page_ranks_as_tdbot_event_standings(
        server: tuple[str, Database], tmp_path: Path) -> None:
    base, _ = server
    status, html, headers = await get(f"{base}/e/weekly-swiss/standings.html")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert "script-src" not in headers["Content-Security-Policy"]  # no script at all
    ranked = json.loads(await cli("event", "standings", "weekly-swiss", "--json", "--db",
                           str(tmp_path / "t.db")))
    shown = re.findall(r'<tr><td>(\d+)<td><a href="p/\d+\.html">([^<]*)</a>', html)
    names = [n for _, n in shown]
    assert len(names) == len(ranked) == 10
    assert names == [escape(r["name"]) for r in ranked]
    assert [int(rank) for rank, _ in shown] == [r["rank"] for r in ranked]
    first = ranked[0]
    assert first["wins"] == 1 and f"<td>1-0<td>{first['spread']:+d}" in html
    assert "After round 1 of 5" in html


async def test_a_round_page_shows_its_pairs_and_who_won(
        server: tuple[str, Database], swiss_db: str) -> None:
    base, _ = server
    status, html, _ = await get(f"{base}/e/weekly-swiss/round-1.html")
    assert status == 200
    words = text_of(html)
    pairs = json.loads(await cli("event", "pairings", "weekly-swiss", "--round", "1", "--json",
                                 "--db", swiss_db))["pairings"]
    ratings = {**RATINGS, ODD: 1000}
    for a, b in pairs:
        first, second = escape(a["name"]), escape(b["name"])
        if ratings[a["name"]] > ratings[b["name"]]:
            assert f"{first} ✓ v {second}" in words, (first, second)
        else:
            assert f"{first} v {second} ✓" in words, (first, second)
    assert "500-100" in words and "5 of 5 matches decided" in words
    assert html.count("<tr>") == 1 + 5  # the header row and the five pairs


async def test_a_match_page_shows_its_games_starters_and_corrections(
        server: tuple[str, Database], tmp_path: Path) -> None:
    base, _ = server
    await cli("game", "correct", "weekly-swiss", "R1-1", "--game", "1", "--scores", "480", "120",
       "--why", "the slip was misread", "--db", str(tmp_path / "t.db"))
    status, html, _ = await get(f"{base}/e/weekly-swiss/m/R1-1.html")
    assert status == 200
    words = text_of(html)
    assert "Match R1-1" in words and "Round 1, best of 1" in words
    assert "1 Ann Lee 480-120" in words  # game 1, who started it, the score now
    assert "Reason: the slip was misread" in words
    # the log: the correction above the entry it corrects (newest first)
    assert words.index("corrected game 1") < words.index("entered game 1")


async def test_a_player_page_lists_their_matches_and_place(
        server: tuple[str, Database]) -> None:
    base, db = server
    found = await site_standings.standings(db, "weekly-swiss")
    ann = found.players[next(r["number"] for r in found.rows if r["name"] == "Ann Lee")]
    status, html, _ = await get(f"{base}/e/weekly-swiss/p/{ann}.html")
    assert status == 200
    words = text_of(html)
    assert "<h1>Ann Lee</h1>" in html and '<a href="../standings.html">' in html
    assert re.search(r"R1-\d+ Ann Lee ✓ v [^<]+ 500-100 decided", words), words


async def test_the_log_is_newest_first_with_nothing_private(
        server: tuple[str, Database], tmp_path: Path) -> None:
    base, _ = server
    db = str(tmp_path / "t.db")
    await cli("players", "expel", "weekly-swiss", "Hal Ng", "--why", "left the club", "--db", db)
    status, html, _ = await get(f"{base}/e/weekly-swiss/log.html")
    assert status == 200
    words = text_of(html)
    assert words.index("expelled Hal Ng") < words.index("Reason: left the club") \
        < words.index("opened Round 1")
    assert "made the draw" in words and "entered game 1" in words
    # every page: no phone, no Telegram id, no invite
    for path in await routes.every_path(await open_database(db), "weekly-swiss"):
        _, page, _ = await get(f"{base}/e/weekly-swiss/{path}")
        assert PHONE not in page and "start=" not in page
        assert not any(str(tg) in page for tg in IDS.values()), path


async def test_every_name_is_escaped(server: tuple[str, Database]) -> None:
    base, db = server
    for path in await routes.every_path(db, "weekly-swiss"):
        status, html, _ = await get(f"{base}/e/weekly-swiss/{path}")
        assert status == 200, path
        assert "<b>O'Neil</b>" not in html and "<Tuesdays>" not in html, path
    _, html, _ = await get(f"{base}/e/weekly-swiss/standings.html")
    assert "Zoë &lt;b&gt;O&#x27;Neil&lt;/b&gt; &amp; co" in html
    assert "Weekly Swiss &lt;Tuesdays&gt;" in html


async def test_a_private_event_is_not_found_like_an_unknown_one(tmp_path: Path) -> None:
    await asyncio.to_thread(swiss, tmp_path, public=False, slug="private-swiss")
    db = await open_database(tmp_path / "t.db")
    pages = SiteServer(db, lambda: NOW, "127.0.0.1", 0, max_age=0)
    port = await pages.start()
    try:
        base = f"http://127.0.0.1:{port}"
        answers = [await get(f"{base}/e/{slug}/{path}")
                   for slug in ("private-swiss", "no-such-event")
                   for path in ("", "standings.html", "m/R1-1.html", "p/1.html", "log.html")]
        assert {status for status, _, _ in answers} == {404}
        assert len({html for _, html, _ in answers}) == 1  # one answer, whatever the reason
        assert "Swiss" not in answers[0][1] and "Ann" not in answers[0][1]
        status, _, _ = await get(f"{base}/")
        assert status == 404
    finally:
        await pages.stop()
        await db.close()
    code, _, err = await asyncio.to_thread(run, "event", "site", "private-swiss", "--out", str(tmp_path / "out"),
                       "--db", str(tmp_path / "t.db"))
    assert code == 2 and "private-swiss is not public" in err and "public = true" in err
    assert not (tmp_path / "out").exists()


def test_an_event_is_private_unless_its_definition_says_public() -> None:
    assert parse_definition(definition()).event.public is False
    assert parse_definition(swiss_definition()).event.public is True


async def test_the_site_command_writes_the_pages_the_server_serves(
        server: tuple[str, Database], tmp_path: Path) -> None:
    base, db = server
    out = tmp_path / "site"
    said = await cli("event", "site", "weekly-swiss", "--out", str(out), "--db", str(tmp_path / "t.db"))
    paths = await routes.every_path(db, "weekly-swiss")
    assert f"Wrote {len(paths)} pages" in said
    assert {"index.html", "standings.html", "log.html", "round-1.html", "round-5.html",
            "m/R1-1.html", "p/1.html"} <= set(paths)
    footer = re.compile(r"Updated [^;]*;")
    for path in paths:
        _, served, _ = await get(f"{base}/e/weekly-swiss/{path}")
        written = (out / path).read_text(encoding="utf-8")
        assert footer.sub("", written) == footer.sub("", served), path
        assert len(written.encode()) < 100_000, path
    # the links between the pages lead to pages that were written
    for path in paths:
        for href in re.findall(r'href="([^"]+)"', (out / path).read_text(encoding="utf-8")):
            assert (out / path).parent.joinpath(href).resolve().is_file(), (path, href)


async def test_a_knockout_bracket_page_shows_scores_in_play_and_who_went_through(
        tmp_path: Path) -> None:
    db_path = str(tmp_path / "k.db")
    toml = tmp_path / "cup.toml"
    toml.write_text((DATA / "club_cup.toml").read_text().replace(
        'format = "single"', 'format = "single"\npublic = true'))
    await cli("event", "create", str(toml), "--db", db_path)
    await cli("event", "draw", "club-cup", "--seed", "5", "--db", db_path)
    await cli("round", "open", "club-cup", "sf", "--closes", "2026-12-30", "--unpaid-ok", "--why", "x",
       "--db", db_path)
    show = await cli("event", "show", "club-cup", "--db", db_path)
    (a1, b1), (a2, b2) = re.findall(r"^ +M\d+ +(.+?) v (.+?)  \(playing\)", show, re.M)
    for starter in (a1, b1):  # two games to a1: decided, best of 3
        await cli("game", "report", "club-cup", a1, "400", b1, "300", "--starter", starter,
           "--db", db_path)
    await cli("game", "report", "club-cup", b2, "410", a2, "390", "--starter", a2, "--db", db_path)
    db = await open_database(db_path)
    try:
        view = await site.overview(db, "club-cup")
        assert [name for name, _ in view.pictures] == ["single"]
        html = await routes.page(db, "club-cup", site_links.bracket_page("single"), NOW)
    finally:
        await db.close()
    words = text_of(html)
    assert f"{a1} ✓ v {b1}" in words and "2-0 (+200)" in words  # decided: the winner marked
    assert f"{a2} v {b2} 0-1 (-20) in play" in words  # the running score
    # the picture: the winner's row bold on green, the match in play noted
    assert re.search(rf'font-weight="bold"[^>]*>{a1}</text>', html)
    assert ">in play</text>" in html and "<svg" in html and "<title" in html
    assert "Winner of M2" in html  # the final: a slot still says where its player comes from


async def test_the_grand_final_page_says_who_starts_a_game_up(tmp_path: Path) -> None:
    db_path = str(tmp_path / "s.db")
    toml = tmp_path / "sssg.toml"
    toml.write_text((EXAMPLES / "sssg2016.toml").read_text().replace(
        'format = "sssg"', 'format = "sssg"\npublic = true', 1))
    await cli("event", "create", str(toml), "--db", db_path)
    await cli("players", "import", "sssg-2016", str(EXAMPLES / "players24.csv"), "--db", db_path)
    await cli("event", "draw", "sssg-2016", "--seed", "7", "--db", db_path)
    db = await open_database(db_path)
    try:
        view = await site.overview(db, "sssg-2016")
        names = [name for name, _ in view.pictures]
        assert names == ["qualifying", "top-upper", "top-lower", "top-final", "plate"]
        final = await routes.page(db, "sssg-2016", site_links.bracket_page("top-final"), NOW)
        qualifying = await routes.page(db, "sssg-2016", "bracket-qualifying.html", NOW)
    finally:
        await db.close()
    assert "The upper-bracket winner starts 1 game up" in final
    assert "upper winner +1" in final
    players = [line.split(",")[0] for line in
               (EXAMPLES / "players24.csv").read_text().splitlines()[1:] if line.strip()]
    assert all(name in qualifying for name in players)  # 16 play, 8 have byes: all shown


def test_the_public_address_is_checked_and_kept_without_its_slash() -> None:
    from pydantic import ValidationError

    from bot.settings import Settings

    assert Settings(public_url="https://scrabble.example.org/").public_url == \
        "https://scrabble.example.org"
    with pytest.raises(ValidationError, match="TDBOT_PUBLIC_URL must be an https://"):
        Settings(public_url="scrabble.example.org")


async def test_a_link_needs_a_public_event_and_a_public_address(db_target: Path | str) -> None:
    db = await open_database(db_target)
    try:
        async with db.transaction() as tx:
            from bot.service.events.event_setup import create_event
            from bot.service.platform.actors import Actor

            public = await create_event(tx, parse_definition(swiss_definition()),
                                        by=Actor.cli(), now=NOW)
            private = await create_event(tx, parse_definition(
                swiss_definition(public=False).replace("weekly-swiss", "quiet-swiss")),
                by=Actor.cli(), now=NOW)
        async with db.transaction() as tx:
            from bot.service.events.lookup import get_event

            shown, hidden = (await get_event(tx, public.event_id),
                             await get_event(tx, private.event_id))
            assert await site_links.link(tx, shown) is None  # no address set yet
        await site_links.set_public_url(db, "https://scrabble.example.org")
        async with db.transaction() as tx:
            standings = await site_links.link(tx, shown, site_links.STANDINGS)
            assert standings is not None and english(standings) == (
                '<a href="https://scrabble.example.org/e/weekly-swiss/standings.html">'
                'Live pages</a>')
            # a record: its words in the reader's language
            assert render(standings, for_locale("fr")) == (
                '<a href="https://scrabble.example.org/e/weekly-swiss/standings.html">'
                'Pages en direct</a>')
            assert await site_links.link(tx, hidden) is None
        await site_links.set_public_url(db, None)  # the bot started without it: no links
        async with db.transaction() as tx:
            assert await site_links.link(tx, shown) is None
    finally:
        await db.close()


def test_a_round_opening_in_the_log_names_nobody_who_has_not_paid() -> None:
    from bot.service.platform import journal_texts
    from bot.store.journal_repo import JournalEntry

    opened = JournalEntry("cli", "round.open", "round:1", {
        "closes_at": "2026-03-09T15:59:00+00:00", "unpaid": ["Ben Ong"],
        "expelled": ["Cai Wen"], "membership_ends": ["Dev Rao"]}, "", "2026-03-02T01:00:00+00:00")
    from bot.store.events_repo import Event

    event = Event(1, "weekly-swiss", "Weekly Swiss", "rounds", "UTC", "SGD", 0, "running", 1,
                  "{}")
    names = journal_texts.Names(event, rounds={1: "Round 1"})
    said = journal_texts.what(site.public_entry(opened), names)
    assert said.startswith("opened Round 1, closing")
    assert not any(n in said for n in ("Ben Ong", "Cai Wen", "Dev Rao", "paid"))
    assert "Ben Ong" in journal_texts.what(opened, names)  # the TD's journal keeps it


async def test_the_log_says_a_one_game_result_as_the_players_would(
        server: tuple[str, Database], swiss_db: str) -> None:
    """A one-game match's result is its score from the winner's side ("Hal Ng won
    415-377"), never a games score from the first-named player's side ("0-1 (-38)")."""
    base, _ = server
    _, html, _ = await get(f"{base}/e/weekly-swiss/log.html")
    words = text_of(html)
    pairs = json.loads(await cli("event", "pairings", "weekly-swiss", "--round", "1", "--json",
                                 "--db", swiss_db))["pairings"]
    ratings = {**RATINGS, ODD: 1000}
    for a, b in pairs:
        win = max((a["name"], b["name"]), key=lambda name: ratings[name])
        ws, ls = (500, 100) if win == "Ann Lee" else (400, 350)
        assert f"was decided: {escape(win)} won {ws}-{ls}" in words, (win, words)
    assert "on games" not in words and "(-" not in words


async def test_forfeits_byes_and_struck_out_games_read_in_plain_words(tmp_path: Path) -> None:
    """A forfeited game is noted with who it went to, nobody under "Started"; a player
    expelled mid-match gives the match bye (SSSg para 26) and the games played no longer
    count, said in words; a best-of-three result is its games score, winner's side first."""
    db_path = str(tmp_path / "k.db")
    toml = tmp_path / "cup.toml"
    toml.write_text((DATA / "club_cup.toml").read_text().replace(
        'format = "single"', 'format = "single"\npublic = true'))
    await cli("event", "create", str(toml), "--db", db_path)
    await cli("event", "draw", "club-cup", "--seed", "5", "--db", db_path)
    await cli("round", "open", "club-cup", "sf", "--closes", "2026-12-30", "--unpaid-ok",
              "--why", "x", "--db", db_path)
    show = await cli("event", "show", "club-cup", "--db", db_path)
    (a1, b1), (a2, b2) = re.findall(r"^ +M\d+ +(.+?) v (.+?)  \(playing\)", show, re.M)
    await cli("game", "forfeit", "club-cup", "M1", "--game", "1", "--to", b1, "--why",
              "no show", "--confirm", "--db", db_path)
    await cli("game", "report", "club-cup", b1, "400", a1, "300", "--starter", a1,
              "--db", db_path)
    await cli("game", "report", "club-cup", b2, "410", a2, "390", "--starter", a2,
              "--db", db_path)
    await cli("players", "expel", "club-cup", a2, "--why", "left", "--db", db_path)
    db = await open_database(db_path)
    try:
        log = text_of(await routes.page(db, "club-cup", site_links.LOG, NOW))
        page = await routes.page(db, "club-cup", site_links.match_page("M1"), NOW)
    finally:
        await db.close()
    assert "game(s)" not in log and "[" not in log and "0-0 (+0)" not in log, log
    assert f"{b1} won on games, 2-0 (+" in log, log
    assert f"{b2} won by a match bye" in log and "game 1 no longer counts" in log, log
    rows = re.findall(r"<tr><td class=n>(\d)</td><td>([^<]*)</td><td class=n>([^<]*)</td>"
                      r"<td>([^<]*)</td></tr>", page)
    assert rows[0] == ("1", "", "", f"forfeit: {escape(b1)} wins it"), rows
    assert rows[1] == ("2", escape(a1), "300-400", ""), rows




async def test_a_player_page_gives_their_place_and_unpaired_rounds_say_so(
        server: tuple[str, Database]) -> None:
    """The player page gives their place and record; a round not paired yet says so
    rather than "0 of 0"; every page has the same menu."""
    base, db = server
    found = await site_standings.standings(db, "weekly-swiss")
    ann = found.players[next(r["number"] for r in found.rows if r["name"] == "Ann Lee")]
    _, html, _ = await get(f"{base}/e/weekly-swiss/p/{ann}.html")
    assert "Where they stand: 1st of 10, 1-0, +400 in the standings" in text_of(html)
    _, html, _ = await get(f"{base}/e/weekly-swiss/round-2.html")
    words = text_of(html)
    assert "Round 2: not yet paired." in words and "0 of 0" not in words, words
    _, html, _ = await get(f"{base}/e/weekly-swiss/")
    assert "0/0" not in html and "not paired yet" in text_of(html)
    menus = set()
    for path in await routes.every_path(db, "weekly-swiss"):
        _, html, _ = await get(f"{base}/e/weekly-swiss/{path}")
        menu = re.search(r"<nav[^>]*>(.*?)</nav>", html)
        assert menu is not None, path
        menus.add(re.sub(r'href="[^"]*"', "", menu[1]))
    assert menus == {"<a >Overview</a><a >Standings</a><a >Log</a>"}, menus
