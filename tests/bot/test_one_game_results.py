"""A round-based event whose matches are one game (a weekly Swiss) tells its results as
games, whichever way they were decided: "You won your Round 1 game against Eve Tan
412-380", "... by forfeit (+75)", never a match score ("1-0 (+75)", "wins the match").
The format says whether a match is one game (``seam.Format.single_game``).

A result a TD's ruling or an expulsion decides is one message to each player (the ruling,
or the forfeit, with what follows), and it goes to the event's group like any final result.
The expelled player reads the TD's reason as the TD's, quoted and escaped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.people import expulsions
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import rulings
from bot.service.results.matches import matches_of_event
from bot.store import groups_repo
from bot.store.db import Database, open_database
from bot.store.matches_repo import MatchView
from tests.bot import round_event
from tests.bot.cast import Cast, event_bot

NOW = datetime(2026, 3, 3, 4, 0, tzinfo=UTC)
GROUP = -100777
swiss = Cast(round_event.IDS)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await open_database(tmp_path / "t.sqlite3")
    yield database
    await database.close()


def cli(minutes: int = 0) -> Request:
    return Request.cli(NOW + timedelta(minutes=minutes))


async def _swiss(db: Database) -> tuple[int, MatchView]:
    """The weekly Swiss (one game a round) drawn, its group linked and round 1 open; its
    first match being played."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(round_event.definition()),
                                     by=Actor.cli(), now=NOW)
        await groups_repo.link(tx, created.event_id, GROUP)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        await open_round_in(tx, created.event_id, "1", by=Actor.cli(), now=NOW,
                            closes_at=NOW + timedelta(days=6))
        playing = [m for m in await matches_of_event(tx, created.event_id)
                   if m.state == "playing"]
    return created.event_id, playing[0]


async def _all(db: Database, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]


async def _last_id(db: Database) -> int:
    [(found,)] = await _all(db, "SELECT COALESCE(MAX(id), 0) FROM outbox")
    return int(found)


async def _told(db: Database, person: int | None, after: int) -> list[str]:
    rows = await _all(db, "SELECT text_html FROM outbox WHERE person_id = ? AND id > ? "
                          "ORDER BY id", (person, after))
    return [str(r[0]) for r in rows]


async def _posted(db: Database, after: int) -> list[str]:
    rows = await _all(db, "SELECT text_html FROM outbox WHERE chat_id = ? AND id > ? ORDER BY id",
                      (GROUP, after))
    return [str(r[0]) for r in rows]


async def _row(db: Database, match_id: int) -> tuple[Any, ...]:
    [row] = await _all(db, "SELECT state, winner_side FROM matches WHERE id = ?", (match_id,))
    return row


async def test_a_forfeit_ruled_in_a_one_game_swiss_is_one_message_each_said_as_the_game(
        db: Database) -> None:
    """A TD forfeits the game to the second player (a no-show's "Game to" ruling takes the
    same path): each player reads one message, the ruling with the result as their game
    and what follows; the group gets the result; nobody reads a match score."""
    event_id, m = await _swiss(db)
    first, second = m.label(0), m.label(1)
    before = await _last_id(db)
    await rulings.forfeit(db, cli(1), event_id, m.code, 1, second, why="no show")
    assert await _row(db, m.id) == ("decided", 1)
    [to_winner] = await _told(db, m.people[1], before)
    [to_loser] = await _told(db, m.people[0], before)
    assert "a TD ruled on your game: you win it by forfeit.\n" in to_winner, to_winner
    assert f"a TD ruled on your game: {second} wins it by forfeit" in to_loser, to_loser
    assert f"You won your <b>Round 1</b> game against {first} by forfeit (+75)." in to_winner
    assert f"{second} won your <b>Round 1</b> game by forfeit (-75)." in to_loser, to_loser
    for text in (to_winner, to_loser):
        assert "Round 2 is paired when a TD opens it" in text
        assert "1-0" not in text and "0-1" not in text and "the match" not in text, text
    posted = await _posted(db, before)
    assert any(f"Round 1: {second} beat {first} by forfeit (+75)." in p for p in posted), posted
    assert not any("wins the match" in p for p in posted), posted


async def test_a_swiss_expulsion_tells_the_opponent_once_and_the_player_the_tds_reason(
        db: Database) -> None:
    """The expelled player's opponent reads one message: the game is theirs by forfeit,
    and what follows; the expelled player reads the TD's reason quoted as the TD's,
    escaped; the group sees the result."""
    event_id, m = await _swiss(db)
    out, stays = m.label(0), m.label(1)
    before = await _last_id(db)
    await expulsions.expel(db, cli(1), event_id, out, why="swore at <Ben> & left")
    assert await _row(db, m.id) == ("decided", 1)
    [(state,)] = await _all(db, "SELECT state FROM entries WHERE id = ?", (m.entries[0],))
    assert state == "expelled"
    [told] = await _told(db, m.people[1], before)
    assert (f"{out} has been expelled, so you win your Round 1 game against them by forfeit "
            "(+75).") in told, told
    assert "Round 2 is paired when a TD opens it" in told
    assert "1-0" not in told and "match" not in told
    [notice] = await _told(db, m.people[0], before)
    assert ("you have been expelled from the tournament. The tournament director gave this "
            "reason: “swore at &lt;Ben&gt; &amp; left”.") in notice, notice
    posted = await _posted(db, before)
    assert any(f"{stays} beat {out} by forfeit (+75)." in p for p in posted), posted


async def test_a_disputed_one_game_result_ruled_reads_as_the_game(tmp_path: Path) -> None:
    """Ann reports 420-350, Eve disputes it, the TD upholds it: the dispute says "your
    game", the ruling says the game and its score, not "1-0" and "the match"."""
    async with event_bot(tmp_path / "r.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        await swiss.say(bot, "Tara TD", "/draw 5")
        await swiss.say(bot, "Tara TD", "/openround 1")
        db, event_id = bot.runtime.db, bot.event_id  # type: ignore[attr-defined]
        await swiss.say(bot, "Ann Lee", "420-350")  # Ann goes first: no starter asked
        await swiss.tap(bot, "Ann Lee", "✅ Confirm")
        await swiss.tap(bot, "Eve Tan", "Dispute")
        disputed = [m.text or "" for m in bot.telegram.sent(swiss.user(bot, "Ann Lee"))][-1]
        assert "Eve Tan disputed your game. It counts as reported until a TD rules." in disputed
        async with db.transaction() as tx:
            [m] = [v for v in await matches_of_event(tx, event_id) if "Ann Lee" in v.names]
        ruled = await rulings.rule_game(db, Request.cli(bot.clock()), event_id, m.code, 1,
                                        uphold=True, why="the scoresheet says so")
        await bot.settle()
        assert ruled.decided and ruled.winner == "Ann Lee"
        assert await _row(db, m.id) == ("decided", 0)
        ann = [t.text or "" for t in bot.telegram.sent(swiss.user(bot, "Ann Lee"))][-1]
        eve = [t.text or "" for t in bot.telegram.sent(swiss.user(bot, "Eve Tan"))][-1]
        assert "a TD ruled on your game: the result stands as reported" in ann, ann
        assert "You won your Round 1 game against Eve Tan 420-350." in ann, ann
        assert "Ann Lee won your Round 1 game 420-350." in eve, eve
        for text in (ann, eve):
            assert "1-0" not in text and "0-1" not in text and "the match" not in text, text


async def test_a_no_show_in_a_one_game_match_asks_the_tds_one_plain_question(
        tmp_path: Path) -> None:
    """Ann claims Eve did not come and Eve contests: the TDs are asked whether Ann wins the
    game by forfeit or both get more time (a one-game match has no "next game" beside the
    match); the forfeit decides the match, told as the game, and the group sees it."""
    async with event_bot(tmp_path / "r.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        group = bot.telegram.add_group("Club", [swiss.user(bot, n) for n in ("Tara TD", "Ann Lee")])
        bot.telegram.user_sends(swiss.user(bot, "Tara TD"), "/link weekly-swiss", chat=group)
        await swiss.say(bot, "Tara TD", "/draw 5")
        await swiss.say(bot, "Tara TD", "/openround 1")
        opened = swiss.last(bot, "Ann Lee")
        assert ("The winner of the game (on a tie, the player who started it) reports the "
                "result here") in opened, opened  # one game: not "each game"
        db, event_id = bot.runtime.db, bot.event_id  # type: ignore[attr-defined]
        async with db.transaction() as tx:
            [m] = [v for v in await matches_of_event(tx, event_id) if "Ann Lee" in v.names]
        await swiss.say(bot, "Ann Lee", f"/propose {m.code} tomorrow 15:00")
        await swiss.say(bot, "Eve Tan", f"/agree {m.code}")
        await bot.advance(timedelta(days=1, hours=8))
        await swiss.say(bot, "Ann Lee", f"/noshow {m.code}")
        await swiss.say(bot, "Eve Tan", f"/contest {m.code} I waited an hour")
        asked = swiss.last(bot, "Tara TD")
        assert ("Does Ann Lee win the game by forfeit, or do you give them both 7 more days "
                "to play it?") in asked, asked
        buttons = bot.telegram.buttons_of(swiss.user(bot, "Tara TD"))
        assert {"Forfeit win to Ann Lee", "Extend 7 days"} <= set(buttons), buttons
        assert not any(b.startswith(("Match to", "Game to", "Next game")) for b in buttons)
        await swiss.tap(bot, "Tara TD", "Forfeit win to Ann Lee")
        assert swiss.last(bot, "Tara TD") == f"Ruled: Ann Lee wins {m.code} by forfeit (+75)."
        assert await _row(db, m.id) == ("decided", 0)
        ann = swiss.last(bot, "Ann Lee")
        assert "You won your Round 1 game against Eve Tan by forfeit (+75)." in ann, ann
        posted = [t.text or "" for t in bot.telegram.sent(group)]
        assert any("Ann Lee beat Eve Tan by forfeit (+75)." in p for p in posted), posted


async def test_matches_tells_a_one_game_match_as_its_game(tmp_path: Path) -> None:
    """/matches: "one game", who starts it ("You start" to the one who does), and once
    decided its result as the game's score, never "best of 1" or "Score: 1-0 (+70)"."""
    async with event_bot(tmp_path / "r.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        await swiss.say(bot, "Tara TD", "/draw 5")
        await swiss.say(bot, "Tara TD", "/openround 1")
        ann = await swiss.say(bot, "Ann Lee", "/matches")
        assert "against Eve Tan, one game: being played\nYou start the game." in ann, ann
        assert "Ann Lee starts the game." in await swiss.say(bot, "Eve Tan", "/matches")
        await swiss.say(bot, "Ann Lee", "420-350")
        await swiss.tap(bot, "Ann Lee", "✅ Confirm")
        await swiss.tap(bot, "Eve Tan", "Agree")
        db, event_id = bot.runtime.db, bot.event_id  # type: ignore[attr-defined]
        async with db.transaction() as tx:
            [m] = [v for v in await matches_of_event(tx, event_id) if "Ann Lee" in v.names]
        assert await _row(db, m.id) == ("decided", 0)
        ann = await swiss.say(bot, "Ann Lee", "/matches")
        eve = await swiss.say(bot, "Eve Tan", "/matches")
        assert "against Eve Tan, one game: decided\nResult: you won 420-350" in ann, ann
        assert "against Ann Lee, one game: decided\nResult: you lost 350-420" in eve, eve
        for text in (ann, eve):
            assert "best of 1" not in text and "Score:" not in text, text


async def _disputed_swiss_game(bot: Any) -> tuple[Database, int, MatchView]:
    """Round 1 of the weekly Swiss open; Ann reports 420-350 and Eve disputes it."""
    await swiss.say(bot, "Tara TD", "/draw 5")
    await swiss.say(bot, "Tara TD", "/openround 1")
    await swiss.say(bot, "Ann Lee", "420-350")
    await swiss.tap(bot, "Ann Lee", "✅ Confirm")
    await swiss.tap(bot, "Eve Tan", "Dispute")
    db, event_id = bot.runtime.db, bot.event_id
    async with db.transaction() as tx:
        [m] = [v for v in await matches_of_event(tx, event_id) if "Ann Lee" in v.names]
    return db, event_id, m


async def test_the_td_reads_a_disputed_one_game_match_as_its_game(tmp_path: Path) -> None:
    """The TD's dispute card, the question why and the answer to the ruling name the game,
    never "game 1", a match score or "wins the match"; the ruling decides the match."""
    async with event_bot(tmp_path / "r.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        db, _, m = await _disputed_swiss_game(bot)
        card = swiss.last(bot, "Tara TD")
        assert "Eve Tan disputes their game." in card, card
        assert "Until you rule, the game counts as Ann Lee reported it." in card, card
        await swiss.tap(bot, "Tara TD", "Uphold")
        asked = swiss.last(bot, "Tara TD")
        assert asked.startswith(f"⚖️ {m.code}: uphold the result.\nWhy?"), asked
        await swiss.tap(bot, "Tara TD", "Skip (no reason)")
        done = swiss.last(bot, "Tara TD")
        assert done == (f"✅ {m.code}: upheld: the result stands. Both players are told.\n"
                        "Ann Lee wins the game."), done
        for text in (card, asked, done):
            assert "game 1" not in text and "the match" not in text and "1-0" not in text
        assert await _row(db, m.id) == ("decided", 0)


async def test_a_match_bye_is_no_ruling_on_a_one_game_dispute(tmp_path: Path) -> None:
    """A one-game match's dispute offers no match bye (the game bye decides the same), and
    none is given at the command line or by a match bye button: refused, nothing changed,
    the dispute still open."""
    async with event_bot(tmp_path / "r.sqlite3", round_event.definition(ids=True),
                         round_event.IDS) as bot:
        db, event_id, m = await _disputed_swiss_game(bot)
        buttons = bot.telegram.buttons_of(swiss.user(bot, "Tara TD"))
        assert "Game bye to Eve Tan" in buttons and not any(
            b.startswith("Match bye") for b in buttons), buttons
        with pytest.raises(Invalid, match="is one game, so a match bye would decide the same "
                                          "as a game bye: give the game bye instead"):
            await rulings.rule_game(db, Request.cli(bot.clock()), event_id, m.code, 1,
                                    match_bye="Eve Tan", why="she had the tiles")
        [(dispute_id,)] = await _all(db, "SELECT id FROM disputes WHERE state = 'open'")
        tara = Request(now=bot.clock(), tg_user_id=round_event.IDS["Tara TD"])
        with pytest.raises(Invalid, match="is one game, so a match bye"):
            await rulings.ask_why(db, tara, dispute_id, "match_bye", side=1)
        assert await _row(db, m.id) == ("decided", 0)  # as Ann reported it
        assert await _all(db, "SELECT state FROM disputes") == [("open",)]
        assert await _all(db, "SELECT kind, void, bye_side FROM games WHERE match_id = ?",
                          (m.id,)) == [("played", 0, None)]
