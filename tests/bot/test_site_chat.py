"""END-TO-END: the live pages beside the running bot, and the chat's links to them.

The real PTB ``Application`` against the fake Bot API, started with its page server on a
port of 127.0.0.1 (``TDBOT_SITE_PORT``) and a public address (``TDBOT_PUBLIC_URL``). A public
weekly Swiss played in the chat: the group's round opening, each result and the standings
after it link their pages, and /standings does; the pages the bot serves change as the
results come in. A private event's messages link nothing, and its pages are not found.
"""

from __future__ import annotations

import re
from pathlib import Path

import aiohttp

from bot.fakebot import FakeChat, FakeUser
from bot.fakebot.state import StoredMessage
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.results import finality
from bot.store import matches_repo
from bot.telegram.app import SITE_PORT
from bot.telegram.harness import BotUnderTest
from core.knockout.match import MatchStage
from tests.bot.club_chat import club_cup_bot, linked_definition
from tests.bot.round_event import IDS, definition, winner_scores
from tests.bot.test_round_events_e2e import play_round, say, tap, until, user
from tests.bot.test_site import text_of

URL = "https://scrabble.example.org"
#: Ann's name in bold in a bracket picture: through (bot/web/svg.py).
BOLD_ANN = r'<text [^>]*font-weight="bold"[^>]*>Ann Lee</text>'


def links(bot: BotUnderTest, who: FakeUser | FakeChat) -> list[list[str]]:
    """The links of each message ``who`` was sent, in order."""
    return [[e["url"] for e in [*m.entities, *m.caption_entities] if e["type"] == "text_link"]
            for m in bot.telegram.sent(who)]


async def page(bot: BotUnderTest, path: str) -> tuple[int, str]:
    assert bot.app is not None
    port = bot.app.bot_data[SITE_PORT]
    async with aiohttp.ClientSession() as session, \
            session.get(f"http://127.0.0.1:{port}{path}") as response:
        return response.status, await response.text()


def last(messages: list[StoredMessage]) -> StoredMessage:
    return messages[-1]


async def test_a_public_event_played_in_the_chat_links_its_live_pages(
        tmp_path: Path, db_target: Path | str) -> None:
    public = definition(ids=True).replace('format = "rounds"', 'format = "rounds"\npublic = true')
    async with club_cup_bot(tmp_path, public, ids=IDS, draw=False, open_sf=False, site_port=0,
                            public_url=URL, db=db_target) as bot:
        tg = bot.telegram
        group = tg.add_group("Club", [user(bot, n) for n in IDS])
        tg.user_sends(user(bot, "Tara TD"), "/link weekly-swiss", chat=group)
        await bot.settle()
        await say(bot, "Tara TD", "/draw 5")
        status, html = await page(bot, "/e/weekly-swiss/standings.html")
        assert status == 200 and "No round of 5 complete yet" in html

        await say(bot, "Tara TD", f"/openround 1 until {await until(bot)}")
        assert links(bot, group)[-1] == [f"{URL}/e/weekly-swiss/"]  # the pairings' post
        await play_round(bot, 1)
        posted = [found for found in links(bot, group) if found]
        assert [f"{URL}/e/weekly-swiss/standings.html"] in posted
        assert any(found[0].startswith(f"{URL}/e/weekly-swiss/m/R1-") for found in posted)

        table = await say(bot, "Hal Ng", "/standings")
        assert "standings after round 1 of 5" in table
        assert links(bot, user(bot, "Hal Ng"))[-1] == [f"{URL}/e/weekly-swiss/standings.html"]

        # the bot's own server shows the results as they are now
        status, html = await page(bot, "/e/weekly-swiss/standings.html")
        assert status == 200 and "After round 1 of 5" in html
        assert html.index("Ann Lee") < html.index("Ivy Goh")
        status, html = await page(bot, "/e/weekly-swiss/round-1.html")
        assert "Ann Lee</a> ✓</span>" in html and "5 of 5 matches decided" in html
        status, html = await page(bot, "/e/weekly-swiss/log.html")
        assert status == 200 and "opened Round 1" in html and "Ann Lee: reported" not in html
        assert "entered game 1 of R1-1" in html or "agreed to the result" in html
        assert str(IDS["Ann Lee"]) not in html  # who reported is named, never by Telegram id
        status, html = await page(bot, "/e/weekly-swiss/m/R1-1.html")
        assert status == 200 and "Match R1-1" in html and "Results and rulings" in html
        ann = re.search(r'href="\.\./(p/\d+\.html)">Ann Lee<', html)  # her page's link
        assert ann is not None, html
        status, html = await page(bot, f"/e/weekly-swiss/{ann.group(1)}")
        assert status == 200 and "<h1>Ann Lee</h1>" in html and "R1-1" in html


async def test_a_private_event_links_nothing_and_has_no_pages(tmp_path: Path) -> None:
    async with club_cup_bot(tmp_path, linked_definition(), site_port=0,
                            public_url=URL) as bot:
        tg = bot.telegram
        ann = user(bot, "Ann Lee")
        await say(bot, "Ann Lee", "/bracket")
        await bot.settle()
        assert tg.sent(ann)[-1].photo is not None
        assert links(bot, ann)[-1] == []
        status, html = await page(bot, "/e/club-cup/")
        assert status == 404 and "Club Cup" not in html


async def test_a_public_knockout_links_its_bracket(tmp_path: Path) -> None:
    public = linked_definition().replace('format = "single"', 'format = "single"\npublic = true')
    async with club_cup_bot(tmp_path, public, site_port=0, public_url=URL) as bot:
        ann = user(bot, "Ann Lee")
        await say(bot, "Ann Lee", "/bracket")
        await bot.settle()
        assert links(bot, ann)[-1] == [f"{URL}/e/club-cup/"]
        status, html = await page(bot, "/e/club-cup/")
        assert status == 200 and "bracket-single.html" in html
        status, html = await page(bot, "/e/club-cup/bracket-single.html")
        assert status == 200 and "Ann Lee" in html and "Dev Rao" in html


async def test_a_result_awaiting_agreement_is_not_shown_as_decided(
        tmp_path: Path, db_target: Path | str) -> None:
    """A reported game counts at once but its opponent can dispute it until the window
    closes (SSSg para 24): the pages say it awaits agreement, and count it decided only
    once it is final."""
    public = definition(ids=True).replace('format = "rounds"', 'format = "rounds"\npublic = true')
    async with club_cup_bot(tmp_path, public, ids=IDS, draw=False, open_sf=False, site_port=0,
                            public_url=URL, db=db_target) as bot:
        tg = bot.telegram
        group = tg.add_group("Club", [user(bot, n) for n in IDS])
        tg.user_sends(user(bot, "Tara TD"), "/link weekly-swiss", chat=group)
        await bot.settle()
        await say(bot, "Tara TD", "/draw 5")
        await say(bot, "Tara TD", f"/openround 1 until {await until(bot)}")
        async with bot.runtime.db.transaction() as tx:
            state = await load_rounds_event(tx, bot.event_id)  # type: ignore[attr-defined]
        first = state.matches_of(1)[0]
        win, lose, ws, ls = winner_scores(first.label(0), first.label(1))
        await say(bot, win, f"{ws}-{ls}")
        await tap(bot, win, "✅ Confirm")
        async with bot.runtime.db.transaction() as tx:
            view = await matches_repo.get(tx, first.id)
            assert view is not None and view.state == MatchStage.DECIDED  # counted at once
            assert not await finality.is_final(tx, view)
        _, html = await page(bot, f"/e/weekly-swiss/m/{view.code}.html")
        words = text_of(html)
        assert re.search(r"Awaiting agreement until \w+ \d+ \w+ \d{4} \d\d:\d\d", words), words
        assert "Decided" not in words and "✓" not in words
        _, html = await page(bot, "/e/weekly-swiss/round-1.html")
        assert "1 of 5 matches decided" in text_of(html)  # the bye only
        _, html = await page(bot, "/e/weekly-swiss/")
        assert "1 of 5 matches decided" in text_of(html)

        _, html = await page(bot, "/e/weekly-swiss/log.html")
        assert "opened Round 1" in html and "Reason:" not in html  # the TD gave none
        await tap(bot, lose, "Agree")
        _, html = await page(bot, f"/e/weekly-swiss/m/{view.code}.html")
        assert "Awaiting" not in html and "Decided" in text_of(html)
        _, html = await page(bot, "/e/weekly-swiss/round-1.html")
        assert "2 of 5 matches decided" in text_of(html)


async def test_a_bye_page_says_what_the_bye_is_worth(tmp_path: Path) -> None:
    """The odd player's bye is a win worth the event's bye spread (Director's Manual,
    "Odd Number of Players"): its page says so, not "Score: none yet"."""
    public = definition(ids=True).replace('format = "rounds"', 'format = "rounds"\npublic = true')
    async with club_cup_bot(tmp_path, public, ids=IDS, draw=False, open_sf=False, site_port=0,
                            public_url=URL) as bot:
        await say(bot, "Tara TD", "/draw 5")
        await say(bot, "Tara TD", f"/openround 1 until {await until(bot)}")
        _, html = await page(bot, "/e/weekly-swiss/round-1.html")
        code = re.search(r'href="m/([^"]+)\.html">[^<]+</a></td><td>(?:(?!</tr>).)*\(bye\)',
                         html)
        assert code is not None, html
        status, html = await page(bot, f"/e/weekly-swiss/m/{code[1]}.html")
        words = text_of(html)
        assert status == 200 and "has a bye. Bye: a win with +50 spread." in words, words
        assert "none yet" not in words and "No game reported yet" not in words


async def test_a_knockout_result_awaiting_agreement_reads_as_final_nowhere(
        tmp_path: Path) -> None:
    """Ann wins M1 2-0 by her own slips, which Dev can still dispute (SSSg para 24): the
    log does not say it "was decided", the bracket's picture marks nobody through (no bold
    name, a note of what it waits for) and its table, the match page and Ann's page mark
    no winner. Once Dev agrees to both games, every page says it."""
    public = linked_definition().replace('format = "single"', 'format = "single"\npublic = true')
    async with club_cup_bot(tmp_path, public, site_port=0, public_url=URL) as bot:
        from tests.bot.club_chat import report_game

        await report_game(bot, "Ann Lee", "400-300", starter="I started")
        await report_game(bot, "Ann Lee", "401-299")
        async with bot.runtime.db.transaction() as tx:
            view = await matches_repo.of_code(tx, bot.event_id, "M1")  # type: ignore[attr-defined]
            assert view is not None and view.state == MatchStage.DECIDED  # counted at once
            assert not await finality.is_final(tx, view)
        _, log = await page(bot, "/e/club-cup/log.html")
        words = text_of(log)
        assert "was decided" not in words and "decided" not in words.lower(), words
        assert re.search(r"M1 \(Ann Lee v Dev Rao\): Ann Lee won [^.]*awaiting agreement", words)
        _, bracket = await page(bot, "/e/club-cup/bracket-single.html")
        svg = bracket.split("<h2>Matches</h2>")[0]
        assert not re.search(BOLD_ANN, svg) and "awaiting agreement" in svg
        assert "✓" not in bracket and "decided" not in text_of(bracket).split("Matches")[-1]
        _, match = await page(bot, "/e/club-cup/m/M1.html")
        assert "✓" not in match and "Decided" not in text_of(match)
        ann = re.search(r'href="\.\./(p/\d+\.html)">Ann Lee', match)
        assert ann is not None
        _, player = await page(bot, f"/e/club-cup/{ann[1]}")
        assert "✓" not in player and "decided" not in text_of(player)

        for _ in range(2):
            await tap(bot, "Dev Rao", "Agree")
        async with bot.runtime.db.transaction() as tx:
            assert await finality.is_final(tx, view)
        _, log = await page(bot, "/e/club-cup/log.html")
        assert "M1 (Ann Lee v Dev Rao) was decided: Ann Lee won" in text_of(log)
        _, bracket = await page(bot, "/e/club-cup/bracket-single.html")
        assert re.search(BOLD_ANN, bracket) and re.search(r"Ann Lee</a> ✓", bracket)
        _, player = await page(bot, f"/e/club-cup/{ann[1]}")
        assert "✓" in player


async def test_the_next_match_names_a_player_only_once_the_result_that_sends_them_is_final(
        tmp_path: Path) -> None:
    """Ann wins M1 2-0 by her own slips, which Dev can still dispute (SSSg para 24): the
    Final's box in the bracket's picture, its line in the table and its own page name
    her as the chat does, "winner of Ann Lee v Dev Rao", and link nobody; her page does
    not list the Final. Once Dev agrees to both games, they name and link her."""
    public = linked_definition().replace('format = "single"', 'format = "single"\npublic = true')
    async with club_cup_bot(tmp_path, public, site_port=0, public_url=URL) as bot:
        from tests.bot.club_chat import report_game

        await report_game(bot, "Ann Lee", "400-300", starter="I started")
        await report_game(bot, "Ann Lee", "401-299")
        async with bot.runtime.db.transaction() as tx:
            final = await matches_repo.of_code(tx, bot.event_id, "M3")  # type: ignore[attr-defined]
            assert final is not None and final.names[0] == "Ann Lee"  # stored: she goes on
        _, bracket = await page(bot, "/e/club-cup/bracket-single.html")
        svg, table = bracket.split("<h2>Matches</h2>")
        for picture in svg.split("<svg")[1:]:  # as wide and one match a row
            assert picture.count(">Ann Lee</text>") == 1  # in M1's box only
            assert picture.count(">Winner of M1</text>") == 1
        m3 = re.search(r'<tr><td><a href="m/M3\.html">M3</a></td><td>(.*?)</td>', table)
        assert m3 is not None and m3[1].startswith("winner of Ann Lee v Dev Rao v "), table
        assert "<a" not in m3[1].split(" v ")[0]
        _, match = await page(bot, "/e/club-cup/m/M3.html")
        assert "winner of Ann Lee v Dev Rao" in text_of(match)
        assert not re.search(r'href="\.\./p/\d+\.html">Ann Lee', match)
        _, m1 = await page(bot, "/e/club-cup/m/M1.html")
        ann = re.search(r'href="\.\./(p/\d+\.html)">Ann Lee', m1)
        assert ann is not None
        _, player = await page(bot, f"/e/club-cup/{ann[1]}")
        assert "M3" not in text_of(player) and "M1" in text_of(player)

        for _ in range(2):
            await tap(bot, "Dev Rao", "Agree")
        _, bracket = await page(bot, "/e/club-cup/bracket-single.html")
        svg, table = bracket.split("<h2>Matches</h2>")
        for picture in svg.split("<svg")[1:]:
            assert picture.count(">Ann Lee</text>") == 2 and "Winner of M1" not in picture
        assert re.search(r'<a href="m/M3\.html">M3</a></td><td><a href="p/\d+\.html">Ann Lee</a> v ',
                         table), table
        _, match = await page(bot, "/e/club-cup/m/M3.html")
        assert "Ann Lee v winner of Ben Ong v Cai Wen" in text_of(match)
        _, player = await page(bot, f"/e/club-cup/{ann[1]}")
        assert "M3" in text_of(player)
