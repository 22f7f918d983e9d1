"""Club nights through the use-cases (bot/service/formats/club/club_nights.py; NASPA Director's Manual,
the club chapters, Director's Manual): the [club] definition, nights, check-in and fees, pairing
rounds into match rows, byes by the club's rule, expert points announced once."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.lookup import get_event
from bot.service.formats.club import club_nights, club_texts
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.unit import Request
from bot.service.results import reporting
from bot.store.db import Database, open_database
from bot.words.said import english

NOW = datetime(2026, 3, 3, 11, 0, tzinfo=UTC)
CLUB = """
[event]
slug = "wed-club"
name = "Wednesday Club"
format = "club"

[club]
method = "{method}"
rounds = 2
newcomer_sessions = 2
protect_top = 1
bye = "{bye}"
fee = 5
senior_fee = 2.5
free_sessions = 1

[club.members."Ann Lee"]
sessions = 30
wins = 49

[club.members."Ben Ong"]
sessions = 10
senior = true

[club.members."Cai Wen"]
sessions = 5

[[tds]]
name = "Tara TD"
""" + "".join(f'\n[[players]]\nname = "{n}"\nrating = {r}\n' for n, r in (
    ("Ann Lee", 1800), ("Ben Ong", 1700), ("Cai Wen", 1600), ("Eve Tan", 0)))


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


def cli(minutes: int = 0) -> Request:
    return Request.cli(NOW + timedelta(minutes=minutes))


async def _club(db: Database, method: str = "koth", bye: str = "spread") -> int:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(CLUB.format(method=method, bye=bye)),
                                     by=Actor.cli(), now=NOW)
    return created.event_id


async def _all(db: Database, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    async with db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, args)]


async def _pairs(db: Database, code: str) -> list[tuple[Any, ...]]:
    return await _all(db, "SELECT pa.name, pb.name, m.state, m.best_of FROM matches m"
                          " JOIN rounds r ON r.id = m.round_id"
                          " JOIN entries ea ON ea.id = m.entry_a JOIN people pa ON pa.id = ea.person_id"
                          " LEFT JOIN entries eb ON eb.id = m.entry_b"
                          " LEFT JOIN people pb ON pb.id = eb.person_id"
                          " WHERE r.code = ? ORDER BY m.id", (code,))


async def _play_round(db: Database, event_id: int, code: str, minutes: int) -> None:
    """The first-named player of each pair wins 400-350 (a TD's paper slip)."""
    for a, b, state, _ in await _pairs(db, code):
        if state == "ready":
            await reporting.enter_game(db, cli(minutes), event_id, (a, b), (400, 350), starter=a)


@pytest.mark.parametrize(("extra", "message"), [
    ('[event]\nslug = "x1"\nname = "X"\nformat = "club"\n',
     'club: is required for format = "club"'),
    ('[event]\nslug = "x1"\nname = "X"\nformat = "single"\n[club]\n',
     'club: is for club nights: set format = "club"'),
    ('[event]\nslug = "x1"\nname = "X"\nformat = "club"\n[club]\n[[rounds]]\nname = "R1"\n',
     "rounds: a club night has no [[rounds]]"),
    ('[event]\nslug = "x1"\nname = "X"\nformat = "club"\n[club]\nfee = 3\nsenior_fee = 4\n',
     "club.senior_fee: is a discount, so at most the club's fee (3)"),
    ('[event]\nslug = "x1"\nname = "X"\nformat = "club"\n[club.members."Zed"]\nwins = 3\n',
     "club.members.Zed: names nobody in [[players]]"),
    ('[event]\nslug = "x1"\nname = "X"\nformat = "club"\n[club]\nmethod = "swiss"\n',
     "club.method: must be one of 'koth', 'ladder' or 'random'"),
    ('[event]\nslug = "x1"\nname = "X"\nformat = "club"\n[club]\nfee = 1.005\n',
     "club.fee: must have at most two decimals"),
])
def test_a_club_definition_is_checked_in_the_organisers_words(extra: str, message: str) -> None:
    with pytest.raises(Invalid) as refused:
        parse_definition(extra)
    assert message in refused.value.message, refused.value.message


async def test_fees_and_newcomers_follow_the_nights_attended(db: Database) -> None:
    """Player Fees at Club: the newcomer's first night free, then the fee; the senior rate;
    a newcomer is one until they have attended ``newcomer_sessions`` nights."""
    event_id = await _club(db)
    seen = []
    for night in range(3):
        await club_nights.start_night(db, cli(night * 1000), event_id)
        eve = await club_nights.check_in_member(db, cli(night * 1000 + 1), event_id, "Eve")
        ben = await club_nights.check_in_member(db, cli(night * 1000 + 2), event_id, "Ben")
        seen.append((eve.fee, eve.newcomer, ben.fee, ben.fee_reason))
        await club_nights.end_night(db, cli(night * 1000 + 3), event_id)
    assert seen == [("", True, "SGD 2.50", "senior rate"),
                    ("SGD 5.00", True, "SGD 2.50", "senior rate"),
                    ("SGD 5.00", False, "SGD 2.50", "senior rate")]


async def test_a_walk_in_newcomer_becomes_a_member_and_a_typo_is_not_one(db: Database) -> None:
    event_id = await _club(db)
    await club_nights.start_night(db, cli(), event_id)
    with pytest.raises(Invalid, match="a newcomer\\? /checkin new Zoe Lim"):
        await club_nights.check_in_member(db, cli(1), event_id, "Zoe Lim")
    done = await club_nights.check_in_member(db, cli(2), event_id, "Zoe Lim", new=True)
    assert done.newcomer and done.fee == "" and done.invite_code
    with pytest.raises(Invalid, match="already checked in"):
        await club_nights.check_in_member(db, cli(3), event_id, "Zoe")


async def test_rounds_are_paired_one_after_another_within_the_nights_limit(db: Database) -> None:
    event_id = await _club(db)
    with pytest.raises(Invalid, match="no night open"):
        await club_nights.pair_round(db, cli(), event_id)
    await club_nights.start_night(db, cli(), event_id)
    with pytest.raises(Invalid, match="a night is still open|still open"):
        await club_nights.start_night(db, cli(1), event_id)
    await club_nights.check_in_member(db, cli(2), event_id, "Ann")
    with pytest.raises(Invalid, match="at least 2"):
        await club_nights.pair_round(db, cli(3), event_id)
    for name in ("Ben", "Cai", "Eve"):
        await club_nights.check_in_member(db, cli(4), event_id, name)
    paired = await club_nights.pair_round(db, cli(5), event_id)
    pairs = await _pairs(db, "n1-r1")
    assert [p[2:] for p in pairs] == [("ready", 1), ("ready", 1)]
    # protect_top = 1: the newcomer Eve does not meet Ann, tonight's top regular
    assert not any({"Eve Tan", "Ann Lee"} == {a, b} for a, b, _, _ in pairs), pairs
    eve_table = next(t for t in paired.tables if "Eve Tan" in t.names)
    assert eve_table.newcomers == ("Eve Tan",) and eve_table.note is not None and (
        "As a newcomer" in english(eve_table.note))
    with pytest.raises(Invalid, match="round 1 is not finished"):
        await club_nights.pair_round(db, cli(6), event_id)
    await club_nights.pair_round(db, cli(7), event_id, anyway=True)
    with pytest.raises(Invalid, match="has had its 2 rounds"):
        await club_nights.pair_round(db, cli(8), event_id, anyway=True)
    ended = await club_nights.end_night(db, cli(9), event_id)
    assert len(ended.unfinished) == 4 and [f.name for f in ended.fees.unpaid] == [
        "Ann Lee", "Ben Ong", "Cai Wen"]
    assert await _all(db, "SELECT DISTINCT state FROM rounds") == [("closed",)]


async def test_a_round_is_paired_whoever_stays_home_and_whatever_the_check_in_order(
        db: Database) -> None:
    """The core pairs players numbered 1..n; a night's are whoever came, in any order,
    with another event's entries before the club's and a walk-in's after: Ann and Eve
    stay home, Cai checks in before Ben, a newcomer walks in."""
    async with db.transaction() as tx:
        await create_event(tx, parse_definition(
            '[event]\nslug = "cup"\nname = "Cup"\nformat = "single"\n'
            '[[players]]\nname = "Ann Lee"\n[[players]]\nname = "Zed Ho"\n'), by=Actor.cli(),
            now=NOW)
    event_id = await _club(db)
    await club_nights.start_night(db, cli(), event_id)
    for name in ("Cai", "Ben"):
        await club_nights.check_in_member(db, cli(1), event_id, name)
    await club_nights.check_in_member(db, cli(2), event_id, "Gil Tay", new=True)
    await club_nights.pair_round(db, cli(3), event_id)
    pairs = [(a, b, state) for a, b, state, _ in await _pairs(db, "n1-r1")]
    # the newcomer does not meet Ben, tonight's top regular (protect_top = 1)
    assert sorted(pairs, key=lambda p: p[2]) == [("Ben Ong", None, "bye"),
                                                  ("Cai Wen", "Gil Tay", "ready")], pairs


async def test_a_latecomer_joins_the_next_round_and_the_odd_one_sits_out(db: Database) -> None:
    """bye = "sit-out": the odd player has no game and no win (no expert point)."""
    event_id = await _club(db, method="ladder", bye="sit-out")
    await club_nights.start_night(db, cli(), event_id)
    for name in ("Ann", "Ben"):
        await club_nights.check_in_member(db, cli(1), event_id, name)
    await club_nights.pair_round(db, cli(2), event_id)
    late = await club_nights.check_in_member(db, cli(3), event_id, "Cai")
    assert late.joins_round == 2
    assert [p[:2] for p in await _pairs(db, "n1-r1")] == [("Ann Lee", "Ben Ong")]
    await _play_round(db, event_id, "n1-r1", 4)
    paired = await club_nights.pair_round(db, cli(5), event_id)
    round2 = await _pairs(db, "n1-r2")
    assert sorted(p[2] for p in round2) == ["bye", "ready"]
    assert english(paired.bye_worth).startswith("no game")
    async with db.transaction() as tx:
        event = await get_event(tx, event_id)
        rules = club_nights.rules_of(club_nights.club_of(event))
        night = (await club_nights.club_games(tx, event, rules))[1]
    sat_out = [g for g in night if g.b is None]
    assert len(sat_out) == 1 and sat_out[0].points_a == 0 and sat_out[0].round == 2


async def test_expert_points_levels_are_announced_once(db: Database) -> None:
    """Expert Points: Ann has 49 club wins on record; her 50th is announced, once, however
    many more results follow."""
    event_id = await _club(db)
    await club_nights.start_night(db, cli(), event_id)
    for name in ("Ann", "Ben", "Cai"):
        await club_nights.check_in_member(db, cli(1), event_id, name)
    for number in (1, 2):
        await club_nights.pair_round(db, cli(10 * number), event_id)
        for a, b, state, _ in await _pairs(db, f"n1-r{number}"):
            if state == "ready":
                winner, loser = (a, b) if a == "Ann Lee" or b != "Ann Lee" else (b, a)
                await reporting.enter_game(db, cli(10 * number + 1), event_id, (winner, loser),
                                           (400, 350), starter=winner)
    announced = await _all(db, "SELECT level FROM club_milestones")
    told = await _all(db, "SELECT count(*) FROM outbox WHERE text_html LIKE '%50th club win%'")
    assert announced == [(50,)] and told == [(1,)]


async def test_a_knockout_is_no_club_and_a_club_has_no_draw(db: Database) -> None:
    event_id = await _club(db)
    async with db.transaction() as tx:
        with pytest.raises(Invalid, match="is a club: there is no draw"):
            await make_draw(tx, event_id, seed=1, by=Actor.cli(), now=NOW)
        knockout = await create_event(tx, parse_definition(
            '[event]\nslug = "ko"\nname = "KO"\nformat = "single"\n'), by=Actor.cli(), now=NOW)
    with pytest.raises(Invalid, match="is not a club"):
        await club_nights.start_night(db, cli(), knockout.event_id)


async def test_the_td_hears_who_was_not_told_and_a_repeat_the_field_forced(db: Database) -> None:
    """Nobody of this club has a chat with the bot yet, so nobody can be told their
    opponent: the TD is not told "each player is told". Two players meet again in round 2
    because nobody else came ("a modified King-of-the-Hill method adjusted to avoid
    repeats", Director's Manual, Pairing Players at Club: here it cannot), and the TD reads
    why. Once the night's last round is paired, a latecomer has no game left and is not
    checked in (no fee)."""
    event_id = await _club(db)
    await club_nights.start_night(db, cli(), event_id)
    for name in ("Ann", "Ben"):
        await club_nights.check_in_member(db, cli(1), event_id, name)
    first = await club_nights.pair_round(db, cli(2), event_id)
    assert first.not_on_telegram == ["Ann Lee", "Ben Ong"]
    text = english(club_texts.round_paired(first))
    assert "Each player is told" not in text
    assert ("Told their opponent: everyone but Ann Lee, Ben Ong, who have no chat with me yet: "
            "tell them yourself") in text
    assert not any(t.again for t in first.tables)
    await _play_round(db, event_id, "n1-r1", 3)
    second = await club_nights.pair_round(db, cli(4), event_id)
    assert [t.again for t in second.tables] == [True]
    assert ("↩ Ben Ong and Ann Lee met earlier tonight: no pairing of those here avoided it"
            in english(club_texts.round_paired(second)))
    with pytest.raises(Invalid, match="all 2 rounds of night 1 are paired: there is no game "
                                      "left for Cai Wen tonight"):
        await club_nights.check_in_member(db, cli(5), event_id, "Cai")
    assert await _all(db, "SELECT count(*) FROM club_checkins") == [(2,)]


async def test_an_expelled_member_forfeits_tonights_game_and_is_not_paired_again(
    db: Database,
) -> None:
    """A club night has no slot to offer: the expelled member's game of the round being
    played goes to the opponent by forfeit, the next round is paired without them, and
    they are not checked in again."""
    from bot.service.people import expulsions
    from bot.store import outbox_repo

    event_id = await _club(db)
    await club_nights.start_night(db, cli(), event_id)
    for name in ("Ann", "Ben", "Cai", "Eve"):
        await club_nights.check_in_member(db, cli(1), event_id, name)
    await club_nights.pair_round(db, cli(2), event_id)
    a, b, _, _ = (await _pairs(db, "n1-r1"))[0]
    done = await expulsions.expel(db, cli(3), event_id, b, why="cheating")
    assert f"{a} wins the game by forfeit" in english(done.note)
    assert (await _pairs(db, "n1-r1"))[0][2] == "decided"
    [(winner, kind)] = await _all(db, "SELECT m.winner_side, g.kind FROM matches m JOIN games g"
                                      " ON g.match_id = m.id WHERE m.code = ?", (done.match,))
    assert (winner, kind) == (0, "forfeit")
    with pytest.raises(Invalid, match=f"{b} was expelled on .*; {done.match} went to {a}"):
        await reporting.enter_game(db, cli(4), event_id, (a, b), (400, 350), starter=a)
    await _play_round(db, event_id, "n1-r1", 5)
    await club_nights.pair_round(db, cli(6), event_id)
    assert all(b not in pair[:2] for pair in await _pairs(db, "n1-r2"))
    async with db.transaction() as tx:
        assert await outbox_repo.by_dedupe_prefix(tx, "expel:")
    await club_nights.end_night(db, cli(7), event_id)
    await club_nights.start_night(db, cli(1000), event_id)
    with pytest.raises(Invalid, match=f"{b} was expelled on "):
        await club_nights.check_in_member(db, cli(1001), event_id, b)
