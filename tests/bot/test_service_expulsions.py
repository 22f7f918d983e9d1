"""Expulsion through the service on the SSSg 2016 event (Annex A paras 26, 27, 29): a
qualifier not paid-up for the Ro16 is expelled when the TD opens it; their qualifying
opponent (now in the plate) is the first candidate and takes the slot, leaving their plate
match to its other player unplayed; the stored draw keeps the substitution, so a reload
sees the same bracket; a player expelled mid-match loses it by a match bye (para 27)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.lookup import get_event
from bot.service.events.readmodels import td_inbox
from bot.service.events.rounds import open_round_in
from bot.service.fees.payments import record_payment_in
from bot.service.formats.knockout import slots
from bot.service.formats.knockout.bridge import load_core_event
from bot.service.people import expulsions
from bot.service.people.entries import entries_of, import_players
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import reporting
from bot.service.results.matches import matches_of_event
from bot.store import draw_repo, outbox_repo
from bot.store.db import Database, open_database
from bot.store.matches_repo import MatchView
from bot.words.said import english
from core.knockout import sssg

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2016, 7, 30, 4, 0, tzinfo=UTC)
PLAYERS = "name,rating\n" + "".join(f"Player {i:02},{2100 - 20 * i}\n" for i in range(1, 25))


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _qualified(db: Database) -> int:
    """The SSSg event drawn (seed 1), the qualifying round played: side 0 wins 5-0."""
    async with db.transaction() as tx:
        text = (ROOT / "examples" / "sssg2016.toml").read_text()
        created = await create_event(tx, parse_definition(text), by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        await open_round_in(tx, created.event_id, "qual-rd", by=Actor.cli(), now=NOW,
                            unpaid_ok=True, why="test")
        event_id = created.event_id
        qualifying = [m for m in await matches_of_event(tx, event_id) if m.code.startswith("Q")]
    for m in qualifying:
        names = (str(m.names[0]), str(m.names[1]))
        for game in range(5):
            await reporting.enter_game(db, Request.cli(NOW), event_id, names, (400, 300),
                                       starter=names[game % 2] if game == 0 else None)
    return event_id


async def test_an_unpaid_qualifier_is_expelled_and_their_opponent_moves_up(db: Database) -> None:
    event_id = await _qualified(db)
    async with db.transaction() as tx:
        matches = {m.code: m for m in await matches_of_event(tx, event_id)}
        q1 = matches["Q1"]
        winner, loser = str(q1.names[0]), str(q1.names[1])
        ro16 = next(m for m in matches.values() if winner in m.names and m.code.startswith("T"))
        plate = next(m for m in matches.values() if loser in m.names and m.code.startswith("P"))
        plate_opponent = plate.label(1 - plate.names.index(loser))
        for e in await entries_of(tx, event_id):
            if e.name != winner:
                for rnd in ("ro16", "plate-qf"):
                    await record_payment_in(tx, e.id, rnd, by=Actor.cli(), now=NOW)
        # the TD must say so: a whole field is never expelled by a forgotten flag
        with pytest.raises(Invalid, match=f"not paid for this round .*{winner}.*ro16 expel"):
            await open_round_in(tx, event_id, "ro16", by=Actor.cli(), now=NOW)
        _, expelled = await open_round_in(tx, event_id, "ro16", by=Actor.cli(), now=NOW,
                                          expel_unpaid=True)
    assert [x.name for x in expelled] == [winner]
    done = expelled[0]
    assert done.state == "open" and done.match == ro16.code
    assert done.options[0].name == loser  # his opponent from the previous round (para 29)
    assert "opponent in the previous round" in done.options[0].reason
    assert all(o.name != winner for o in done.options)
    async with db.transaction() as tx:
        held = {m.code: m for m in await matches_of_event(tx, event_id)}[ro16.code]
        assert held.state == "waiting"  # nobody plays it until the slot is filled
        inbox = await td_inbox(tx, event_id)
        assert [(s.expelled, s.match) for s in inbox.open_slots] == [(winner, ro16.code)]

    filled = await slots.replace_player(db, Request.cli(NOW), event_id, winner,
                                             with_name=loser)
    assert (filled.replacement, filled.match, filled.already) == (loser, ro16.code, False)
    again = await slots.replace_player(db, Request.cli(NOW), event_id, winner,
                                            with_name=None)
    assert again.already  # filled once: a second choice changes nothing

    async with db.transaction() as tx:
        now_matches = {m.code: m for m in await matches_of_event(tx, event_id)}
        assert loser in now_matches[ro16.code].names and winner not in now_matches[ro16.code].names
        assert now_matches[ro16.code].state == "ready"
        assert now_matches[plate.code].state == "bye"  # the plate opponent walks over
        texts = [r.text_html for r in await outbox_repo.by_dedupe_prefix(tx, "expel:")]
        assert any(f"{loser} moved to take the place of {winner}" in t for t in texts)
        assert plate_opponent in [m.label(m.winner) for m in now_matches.values()
                                  if m.code == plate.code and m.winner is not None]
        # the substitution is in the stored draw: the core reads the same bracket back
        record = await draw_repo.draw_record(tx, event_id)
        assert record is not None and record["substitutes"]
        view = sssg.derive(await load_core_event(tx, event_id)).views[ro16.code]
        assert loser in view.players
        assert not (await td_inbox(tx, event_id)).open_slots
        games = await tx.scalar("SELECT COUNT(*) FROM games")
    # the expelled player's matches take nothing more; the slot's new match plays on
    with pytest.raises(Invalid, match=f"{winner} was expelled on .*; {loser} took the place "
                                      f"in {ro16.code}"):
        await reporting.enter_game(db, Request.cli(NOW), event_id, (winner, loser), (400, 300))
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT COUNT(*) FROM games") == games
    opponent = now_matches[ro16.code].label(1 - now_matches[ro16.code].names.index(loser))
    entered = await reporting.enter_game(db, Request.cli(NOW), event_id, (loser, opponent),
                                         (400, 300), starter=loser)
    assert (entered.match, entered.game) == (ro16.code, 1)


async def test_a_player_expelled_mid_match_loses_it_by_a_match_bye(db: Database) -> None:
    """Para 29 then 27: the games played are void and the opponent goes through; there is
    no slot left to offer."""
    event_id = await _qualified(db)
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "ro16", by=Actor.cli(), now=NOW, unpaid_ok=True,
                            why="test")
        t1 = {m.code: m for m in await matches_of_event(tx, event_id)}["T1"]
    names = (str(t1.names[0]), str(t1.names[1]))
    await reporting.enter_game(db, Request.cli(NOW), event_id, names, (400, 300),
                               starter=names[0])
    done = await expulsions.expel(db, Request.cli(NOW), event_id, names[0], why="abusive")
    assert done.state == "none" and f"match bye to {names[1]}" in english(done.note)
    async with db.transaction() as tx:
        t1 = {m.code: m for m in await matches_of_event(tx, event_id)}["T1"]
        assert t1.state == "decided" and t1.winner == 1
        event = await get_event(tx, event_id)
        assert event.slug == "sssg-2016"
    with pytest.raises(Invalid, match="already expelled"):
        await expulsions.expel(db, Request.cli(NOW), event_id, names[0], why="again")
    with pytest.raises(Invalid, match="say why"):
        await expulsions.expel(db, Request.cli(NOW), event_id, names[1], why=" ")


async def _opened(db: Database, *, paid: tuple[str, ...] | None = None) -> int:
    """The SSSg event drawn (seed 1) and its qualifying round open: everyone kept in, or,
    with ``paid``, only those players paid-up and the rest expelled as it opens (para 26)."""
    async with db.transaction() as tx:
        text = (ROOT / "examples" / "sssg2016.toml").read_text()
        created = await create_event(tx, parse_definition(text), by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        if paid is None:
            await open_round_in(tx, created.event_id, "qual-rd", by=Actor.cli(), now=NOW,
                                unpaid_ok=True, why="test")
        else:
            for e in await entries_of(tx, created.event_id):
                if e.name in paid:
                    await record_payment_in(tx, e.id, "qual-rd", by=Actor.cli(), now=NOW)
            await open_round_in(tx, created.event_id, "qual-rd", by=Actor.cli(), now=NOW,
                                expel_unpaid=True)
    return created.event_id


async def _rows(db: Database, event_id: int) -> dict[str, MatchView]:
    async with db.transaction() as tx:
        return {m.code: m for m in await matches_of_event(tx, event_id)}


async def _stored(db: Database, event_id: int) -> tuple[int, int, int]:
    """How many games, journal lines and messages the event has: a refused act adds none."""
    async with db.transaction() as tx:
        games = await tx.one("SELECT COUNT(*) AS n FROM games")
        lines = await tx.one("SELECT COUNT(*) AS n FROM journal")
        queued = await tx.one("SELECT COUNT(*) AS n FROM outbox")
    assert games is not None and lines is not None and queued is not None
    return games["n"], lines["n"], queued["n"]


async def test_a_qualifier_expelled_with_nobody_in_the_slot_sends_the_opponent_up(
    db: Database,
) -> None:
    """Paras 29 and 27: Q4's slot offered to nobody is a walkover, stored as such (a bye
    to the opponent); the opponent takes the top seat that waited for Q4's winner, which
    is ready now its other side is known, and both its players are told. A game naming
    the expelled player, or in Q4, is refused, and nothing of it is stored."""
    event_id = await _opened(db)
    q4 = (await _rows(db, event_id))["Q4"]
    expelled, opponent = str(q4.names[0]), str(q4.names[1])
    seat = next(m for m in (await _rows(db, event_id)).values()
                if m.sources[0] == "winner:Q4" or m.sources[1] == "winner:Q4")
    await expulsions.expel(db, Request.cli(NOW), event_id, expelled, why="no show")
    done = await slots.replace_player(db, Request.cli(NOW), event_id, expelled,
                                           with_name=None)
    assert (done.match, done.opponent, done.replacement) == ("Q4", opponent, None)
    rows = await _rows(db, event_id)
    assert (rows["Q4"].state, rows["Q4"].winner) == ("bye", 1)
    assert rows["Q4"].names == (None, opponent)
    after = rows[seat.code]
    side = 0 if after.sources[0] == "winner:Q4" else 1
    assert after.names[side] == opponent and after.state == "ready"
    async with db.transaction() as tx:
        told = [r.text_html for r in await outbox_repo.by_dedupe_prefix(tx, "expel:")]
    assert sum(f"against {opponent}" in t or opponent in t for t in told if "Ro16" in t) >= 1

    before = await _stored(db, event_id)
    with pytest.raises(Invalid, match=f"{expelled} was expelled on .*; Q4 went to {opponent}"):
        await reporting.enter_game(db, Request.cli(NOW), event_id, (expelled, opponent),
                                   (400, 300), starter=opponent)
    assert await _stored(db, event_id) == before
    assert (await _rows(db, event_id))["Q4"].state == "bye"


async def test_both_qualifiers_expelled_as_the_round_opens_leave_q1_unplayed(
    db: Database,
) -> None:
    """Para 26: everyone unpaid is expelled as the qualifying round opens; Q1's two
    players both go, and the slot offered to nobody leaves Q1 not played (no winner) and
    the top seat that waited for its winner a bye: that seat's player goes through."""
    event_id = await _opened(db, paid=("Player 01", "Player 02", "Player 03", "Player 04",
                                       "Player 05", "Player 06", "Player 07", "Player 08"))
    rows = await _rows(db, event_id)
    q1 = rows["Q1"]
    a, b = str(q1.names[0]), str(q1.names[1])
    await slots.replace_player(db, Request.cli(NOW), event_id, a, with_name=None)
    rows = await _rows(db, event_id)
    assert (rows["Q1"].state, rows["Q1"].winner) == ("bye", None)
    seat = next(m for m in rows.values() if "winner:Q1" in m.sources)
    side = seat.sources.index("winner:Q1")
    assert (seat.state, seat.winner, seat.names[side]) == ("bye", 1 - side, None)
    before = await _stored(db, event_id)
    with pytest.raises(Invalid, match=f"{a} was expelled on .*; Q1 is not played"):
        await reporting.enter_game(db, Request.cli(NOW), event_id, (a, b), (400, 300),
                                   starter=a)
    assert await _stored(db, event_id) == before


async def test_a_swiss_player_expelled_mid_round_forfeits_and_is_not_paired_again(
    db: Database,
) -> None:
    """A round-based event has no slot to offer (para 29's is a bracket's): the expelled
    player's game of the open round goes to the opponent by forfeit, with the event's
    forfeit spread (WESPA rules: 75), and they are left out of the next round's pairing."""
    from tests.bot.round_event import definition as swiss

    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(swiss()), by=Actor.cli(), now=NOW)
        event_id = created.event_id
        await make_draw(tx, event_id, seed=1, by=Actor.cli(), now=NOW)
        await open_round_in(tx, event_id, "1", by=Actor.cli(), now=NOW,
                            closes_at=NOW + timedelta(days=6))
    rows = await _rows(db, event_id)
    played = [m for m in rows.values() if m.state == "playing"]
    first = played[0]
    out, opponent = str(first.names[1]), str(first.names[0])
    done = await expulsions.expel(db, Request.cli(NOW), event_id, out, why="abusive")
    assert done.state == "none" and f"{opponent} wins the game by forfeit" in english(done.note)
    after = (await _rows(db, event_id))[first.code]
    assert (after.state, after.winner) == ("decided", 0)
    async with db.transaction() as tx:
        games = await tx.all("SELECT kind, bye_side FROM games WHERE match_id = ?", (first.id,))
        told = [r.text_html for r in await outbox_repo.by_dedupe_prefix(tx, "expel:")]
    assert [(g["kind"], g["bye_side"]) for g in games] == [("forfeit", 0)]
    assert any(f"{out} has been expelled, so you win your Round 1 game" in t for t in told)
    before = await _stored(db, event_id)
    with pytest.raises(Invalid, match=f"{out} was expelled on .*; {first.code} went to "
                                      f"{opponent}"):
        await reporting.enter_game(db, Request.cli(NOW), event_id, (out, opponent), (400, 300))
    assert await _stored(db, event_id) == before
    for m in played[1:]:
        await reporting.enter_game(db, Request.cli(NOW), event_id,
                                   (str(m.names[0]), str(m.names[1])), (400, 300))
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "2", by=Actor.cli(), now=NOW,
                            closes_at=NOW + timedelta(days=6))
    round2 = [m for m in (await _rows(db, event_id)).values() if m.round_name == "Round 2"]
    assert round2 and all(out not in m.names for m in round2)
    assert len([m for m in round2 if m.state == "playing"]) == 4  # 8 left: no bye
