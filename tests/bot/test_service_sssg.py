"""The SSSg 2016 event through the service: the example definition, the draw stored as the
core makes it, results flowing on, adjudicators (para 19) and the read models."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.readmodels import match_score_line, my_matches, td_inbox
from bot.service.events.rounds import open_round_in
from bot.service.events.schedule import rounds_of
from bot.service.formats.knockout.bridge import sync_matches
from bot.service.people.entries import import_players
from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.results.adjudicators import eligible_adjudicators
from bot.service.results.matches import get_match
from bot.store.db import Database, Tx, open_database
from core.times import local_text

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2016, 7, 30, 4, 0, tzinfo=UTC)
PLAYERS = "name,rating\n" + "".join(f"Player {i:02},{2100 - 20 * i}\n" for i in range(1, 23)) + (
    "Ricky Purnomo,1500\nJeremy Khoo,1490\n"
)


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _sssg(tx: Tx, seed: int = 1) -> int:
    text = (ROOT / "examples" / "sssg2016.toml").read_text()
    created = await create_event(tx, parse_definition(text), by=Actor.cli(), now=NOW)
    await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=NOW)
    await make_draw(tx, created.event_id, seed=seed, by=Actor.cli(), now=NOW)
    return created.event_id


async def _match(tx: Tx, event_id: int, code: str) -> int:
    return int(await tx.scalar("SELECT id FROM matches WHERE event_id = ? AND code = ?", (event_id, code)))


async def _play(tx: Tx, match_id: int, games: list[tuple[int, int, int]]) -> None:
    for seq, (starter, a, b) in enumerate(games, start=1):
        await tx.insert(
            "INSERT INTO games (match_id, seq, kind, starter_side, score_a, score_b, played_at)"
            " VALUES (?, ?, 'played', ?, ?, ?, ?)", (match_id, seq, starter, a, b, NOW.isoformat()),
        )


async def test_24_players_have_the_sssg_2016_shape(db: Database) -> None:
    """SSSg 2016, Annex A paras 1-2 and the schedule table: 8 best-of-9 qualifying matches, byes for the 8
    highest-rated, a 16-player double elimination to a best-of-18 grand final with a
    one-game head start, and an 8-player plate (footnote 4: best-of-9 first)."""
    async with db.transaction() as tx:
        event_id = await _sssg(tx)
        rounds = {r.name: r for r in await rounds_of(tx, event_id)}
        assert rounds["Qual Rd"].best_of == 9 and rounds["Ro16"].best_of == 11
        assert rounds["Grand Final"].best_of == 18 and rounds["Plate QF"].best_of == 9
        q = await tx.all("SELECT m.state FROM matches m JOIN rounds r ON r.id = m.round_id"
                         " WHERE r.name = 'Qual Rd'")
        assert [r[0] for r in q] == ["ready"] * 8
        ro16 = await tx.all("SELECT source_a, source_b FROM matches m JOIN rounds r"
                            " ON r.id = m.round_id WHERE r.name = 'Ro16' ORDER BY m.id")
        seeded = sorted(a.removeprefix("seat:") for a, _ in ro16)
        assert seeded == [f"Player {i:02}" for i in range(1, 9)]  # the byes, top 8 by rating
        assert all(b.startswith("winner:Q") for _, b in ro16)
        gf = await tx.one("SELECT head_start_side, head_start_games FROM matches WHERE code ="
                          " (SELECT m.code FROM matches m JOIN rounds r ON r.id = m.round_id"
                          "  WHERE r.name = 'Grand Final' AND m.event_id = ?)", (event_id,))
        assert tuple(gf) == (0, 1)
        plate = await tx.scalar("SELECT count(*) FROM matches WHERE code LIKE 'P%' AND source_a LIKE 'draw:%'")
        assert plate == 4  # seated once the qualifying round is over (para 3)
        log = await journal.entries_for(tx, f"event:{event_id}")
        assert any(e["action"] == "event.draw" and e["detail"]["seed"] == 1 for e in log)


async def test_a_definition_best_of_that_breaks_the_rules_is_refused(db: Database) -> None:
    text = (ROOT / "examples" / "sssg2016.toml").read_text().replace(
        'name = "Ro16"\nbest_of = 11', 'name = "Ro16"\nbest_of = 13')
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(text), by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=NOW)
        with pytest.raises(Invalid, match=r"rounds\[1\]\.best_of: Ro16 is best of 11 under the SSSg rules"):
            await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)


async def test_a_decided_qualifier_moves_into_the_round_of_16(db: Database) -> None:
    async with db.transaction() as tx:
        event_id = await _sssg(tx)
        q1 = await _match(tx, event_id, "Q1")
        await _play(tx, q1, [(0, 300, 400), (1, 350, 420), (0, 380, 390), (1, 300, 450),
                             (0, 410, 420)])
        names = (await get_match(tx, q1)).names
        assert await match_score_line(tx, q1) == f"{names[0]} 0-5 {names[1]} (-340)"
        assert await match_score_line(tx, q1, side=1) == f"{names[1]} 5-0 {names[0]} (+340)"
        await tx.execute("UPDATE matches SET state = 'decided', winner_side = 1 WHERE id = ?", (q1,))
        winner = (await get_match(tx, q1)).names[1]
        ready = await sync_matches(tx, event_id)
        ro16 = await tx.one("SELECT id FROM matches WHERE event_id = ? AND source_b = 'winner:Q1'", (event_id,))
        m = await get_match(tx, ro16["id"])
        assert ready == [m.id] and m.names[1] == winner and m.state == "ready"


async def test_para_19_a_td_never_rules_on_their_own_match(db: Database) -> None:
    """SSSg 2016, Annex A para 19: where Ricky plays, Jeremy adjudicates and vice-versa; if they play each
    other, the neutral third party."""
    async with db.transaction() as tx:
        event_id = await _sssg(tx)
        ricky = await tx.scalar("SELECT id FROM people WHERE name = 'Ricky Purnomo'")
        jeremy = await tx.scalar("SELECT id FROM people WHERE name = 'Jeremy Khoo'")
        neutral = await tx.scalar("SELECT id FROM people WHERE name = 'Neutral Adjudicator'")
        # the players named like the TDs are the TDs themselves: one person each
        assert await tx.scalar("SELECT count(*) FROM people WHERE name = 'Ricky Purnomo'") == 1
        ricky_match = await tx.scalar(
            "SELECT m.id FROM matches m JOIN entries e ON e.id IN (m.entry_a, m.entry_b)"
            " WHERE e.person_id = ? AND m.state = 'ready'", (ricky,))
        assert await eligible_adjudicators(tx, ricky_match) == [jeremy]
        other = await tx.scalar(
            "SELECT m.id FROM matches m JOIN entries a ON a.id = m.entry_a JOIN entries b"
            " ON b.id = m.entry_b WHERE m.state = 'ready' AND a.person_id NOT IN (?, ?)"
            " AND b.person_id NOT IN (?, ?)", (ricky, jeremy, ricky, jeremy))
        assert sorted(await eligible_adjudicators(tx, other)) == sorted([ricky, jeremy])
        # Ricky v Jeremy: put them in one match and ask again
        rj = await _match(tx, event_id, "Q8")
        ea = await tx.scalar("SELECT id FROM entries WHERE person_id = ?", (ricky,))
        eb = await tx.scalar("SELECT id FROM entries WHERE person_id = ?", (jeremy,))
        await tx.execute("UPDATE matches SET entry_a = ?, entry_b = ? WHERE id = ?", (ea, eb, rj))
        assert await eligible_adjudicators(tx, rj) == [neutral]


async def test_my_matches_and_the_td_inbox(db: Database) -> None:
    async with db.transaction() as tx:
        event_id = await _sssg(tx)
        inbox = await td_inbox(tx, event_id)
        assert inbox.unpaid and inbox.unpaid[0][0] == "Qual Rd" and len(inbox.unpaid[0][1]) == 16
        await open_round_in(tx, event_id, "qual-rd", by=Actor.cli(), now=NOW, unpaid_ok=True,
                         why="test")
        q2 = await get_match(tx, await _match(tx, event_id, "Q2"))
        person = q2.people[0]
        assert person is not None
        # nothing played yet: no "0-0 (+0)" score line to show
        assert [x.score_line for x in await my_matches(tx, person)] == [""]
        await _play(tx, q2.id, [(1, 300, 420), (0, 401, 400)])
        mine = await my_matches(tx, person)
        assert [(x.code, x.opponent, x.best_of, x.state) for x in mine] == [
            ("Q2", q2.names[1], 9, "playing")]
        assert mine[0].score_line == f"{q2.names[0]} 1-1 {q2.names[1]} (-119)"
        assert mine[0].next_game == 3 and local_text(mine[0].closes_at) == "Wed 31 Aug 2016 23:59 (+08)"
        # para 15: starts alternate; side 1 started game 1, so side 1 starts game 3
        assert mine[0].next_starter == q2.names[1]
        inbox = await td_inbox(tx, event_id)
        assert len(inbox.unfinished) == 8 and not inbox.empty


FORMATS_DEF = """
[event]
slug = "prop"
name = "Property"
format = "{fmt}"
"""


@settings(max_examples=25, deadline=None)
@given(fmt=st.sampled_from(["sssg", "single", "double"]), players=st.integers(2, 40),
       seed=st.integers(0, 10**6))
async def test_stored_draw_matches_the_core_for_any_field(fmt: str, players: int, seed: int) -> None:
    """Whatever the field: one row per core match, every ready match has two different
    players, byes go through at once, and the draw is what the core draws with that seed."""
    from core.knockout import sssg
    from core.knockout.qualifying import Entrant

    db = await open_database(":memory:")
    try:
        async with db.transaction() as tx:
            created = await create_event(tx, parse_definition(FORMATS_DEF.format(fmt=fmt)),
                                         by=Actor.cli(), now=NOW)
            csv = "name,rating\n" + "".join(f"P{i},{1000 + (i * 37) % 500}\n" for i in range(players))
            await import_players(tx, created.event_id, csv, by=Actor.cli(), now=NOW)
            await make_draw(tx, created.event_id, seed=seed, by=Actor.cli(), now=NOW)
            rows = await tx.all("SELECT * FROM matches WHERE event_id = ?", (created.event_id,))
            entrants = [Entrant(f"P{i}", 1000 + (i * 37) % 500) for i in range(players)]
            core_event = (sssg.draw_sssg(entrants, seed) if fmt == "sssg" else None)
            for r in rows:
                if r["state"] in ("ready", "playing"):
                    assert r["entry_a"] and r["entry_b"] and r["entry_a"] != r["entry_b"]
                if r["state"] == "bye" and (r["entry_a"] or r["entry_b"]):
                    assert r["winner_side"] in (0, 1)
            if core_event is not None:
                expected = len(core_event.top.matches) + (
                    len(core_event.plate.matches) if core_event.plate else 0) + (
                    len(core_event.plan.pairings) if core_event.plan else 0)
                assert len(rows) == expected
                ready = {pm.id for pm in sssg.playable(core_event)}
                assert {r["code"] for r in rows if r["state"] == "ready"} == ready
    finally:
        await db.close()


async def test_fee_reminders_before_a_round_and_the_tds_notice(db: Database) -> None:
    """SSSg 2016, Annex A para 26: fees are due by the commencement of each round; the example definition asks
    for a reminder 72 hours before a round opens, and a notice to the TDs when it is due."""
    from bot.service.events.schedule import find_round
    from bot.service.fees.payments import record_payment_in
    from bot.service.platform import deadlines

    async with db.transaction() as tx:
        event_id = await _sssg(tx)
        rows = await deadlines.open_deadlines(tx)
        ro16 = await find_round(tx, event_id, "ro16")
        qual = await find_round(tx, event_id, "qual-rd")
        kinds = {(d.kind, d.subject) for d in rows}
        assert ("round.opens", f"round:{qual.id}") in kinds
        fee = next(d for d in rows if d.kind == "round.fee_due" and d.subject == f"round:{ro16.id}")
        assert fee.due_at == datetime(2016, 8, 28, 16, 0, tzinfo=UTC)  # 1 Sep 00:00 SGT - 72 h
        seeded = await tx.all("SELECT DISTINCT entry_a FROM matches WHERE round_id = ?", (ro16.id,))
        await record_payment_in(tx, seeded[0][0], ro16.code, by=Actor.cli(), now=NOW)
        before = await tx.scalar("SELECT max(id) FROM outbox")
        assert await deadlines.fire_due(tx, fee.id, fee.due_at)
        texts = [r[0] for r in await tx.all("SELECT text_html FROM outbox WHERE id > ?", (before,))]
        assert len(texts) == 7 and all("SGD 15.00" in t and "para 26" in t for t in texts)
        notice = next(d for d in rows if d.kind == "round.opens" and d.subject == f"round:{qual.id}")
        assert await deadlines.fire_due(tx, notice.id, notice.due_at)
        ricky = await tx.scalar("SELECT id FROM people WHERE name = 'Ricky Purnomo'")
        told = await tx.scalar("SELECT text_html FROM outbox WHERE person_id = ? ORDER BY id DESC", (ricky,))
        assert "Qual Rd</b> is due to open now" in told and "Not paid yet:" in told
        assert "/openround qual-rd" in told


async def test_a_seeded_player_is_told_who_their_opponent_may_be(db: Database) -> None:
    """SSSg para 1: the 8 highest-rated go straight to the round of 16 and meet qualifiers.
    "against winner of Q5" leaves a player to look up a code they were never told; the
    draw message names the two who play for the place."""
    async with db.transaction() as tx:
        event_id = await _sssg(tx)
        top = await tx.scalar("SELECT e.person_id FROM entries e JOIN people p ON"
                              " p.id = e.person_id WHERE p.name = 'Player 01'")
        told = await tx.scalar("SELECT text_html FROM outbox WHERE person_id = ? AND text_html"
                               " LIKE '%The draw%'", (top,))
        t = await get_match(tx, await tx.scalar(
            "SELECT id FROM matches WHERE event_id = ? AND round_id = (SELECT id FROM rounds"
            " WHERE event_id = ? AND code = 'ro16') AND (entry_a = (SELECT id FROM entries"
            " WHERE person_id = ?) OR entry_b = (SELECT id FROM entries WHERE person_id = ?))",
            (event_id, event_id, top, top)))
        feeder_code = t.label(1).removeprefix("winner of ")
        feeder = await get_match(tx, await _match(tx, event_id, feeder_code))
        assert (f"against <b>the winner of {feeder.label(0)} v {feeder.label(1)}</b>"
                in told), told
        assert feeder_code not in told


async def test_a_fee_reminder_whose_time_passed_before_the_draw_goes_out_at_once(
    db: Database,
) -> None:
    """Para 26: fees are due by the commencement of each round. The qualifying round opens
    within 72 hours of this draw, so its reminder's time (72 h before) has passed when the
    schedule becomes known: it is sent at once, and the TD who drew is told so, instead of
    being dropped without a word."""
    from bot.service.events.schedule import find_round
    from bot.service.platform import deadlines

    async with db.transaction() as tx:
        text = (ROOT / "examples" / "sssg2016.toml").read_text()
        created = await create_event(tx, parse_definition(text), by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=NOW)
        result = await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        assert result.late_fee_reminders == ["Qual Rd"]
        from bot.service.events.draw_texts import made
        from bot.words.said import english

        told_td = english(made("SSSg", result))
        assert "Fee reminders for Qual Rd were due before this draw: they go out now." in told_td
        qual = await find_round(tx, created.event_id, "qual-rd")
        fee = next(d for d in await deadlines.open_deadlines(tx)
                   if d.kind == "round.fee_due" and d.subject == f"round:{qual.id}")
        assert fee.due_at == NOW  # at once
        before = await tx.scalar("SELECT max(id) FROM outbox")
        assert await deadlines.fire_due(tx, fee.id, NOW)
        sent = [r[0] for r in await tx.all("SELECT text_html FROM outbox WHERE id > ?", (before,))]
        assert len(sent) == 16 and all("Qual Rd (SGD 15.00)" in t for t in sent)
        assert all("is due before the round opens on Mon 01 Aug 2016 00:00 (+08)" in t
                   for t in sent)


async def test_each_match_says_what_it_decides(db: Database) -> None:
    """SSSg: a qualifying match sends its winner into the top division and its loser to the
    plate (para 3); every top-division match of the double elimination says where its
    winner and loser go (Annex A), read from the stored draw (``stakes.knockout_stakes``).
    The same line reaches the player's /matches."""
    from bot.service.events.lookup import get_event
    from bot.service.formats.knockout.stakes import knockout_stakes
    from bot.words.said import english

    async with db.transaction() as tx:
        event_id = await _sssg(tx)
        event = await get_event(tx, event_id)
        decides = await knockout_stakes(tx, event)
        assert tuple(english(line) for line in decides["Q1"]) == (
            "Win and you go into the top division; lose and you play in the plate.",) * 2
        q1 = await get_match(tx, await _match(tx, event_id, "Q1"))
        mine = await my_matches(tx, q1.people[0])
        assert mine[0].stakes == decides["Q1"][0]
        # the top division's shape is drawn already: its first upper-bracket matches
        lines = {english(line) for pair in decides.values() for line in pair}
        assert any("lose and you play the lower bracket's" in line for line in lines), lines


async def test_the_plate_is_not_seated_on_a_qualifying_result_that_can_be_disputed(
    db_target: Path | str,
) -> None:
    """SSSg para 3: the plate is drawn after the qualifying round, from who lost in it
    (para 2). The last qualifier's deciding game, reported by its winner, counts at once
    but can be disputed for 24 hours (para 24): until it is final nobody is placed in a
    plate match, told one, nor is the plate's draw kept; once the opponent agrees, it is
    drawn and every plate player hears their match."""
    from bot.service.platform.unit import Request
    from bot.service.results import reporting
    from bot.service.results.reporting import SaidResult
    from bot.store import draw_repo

    ids = {f"Player {i:02}": 7000 + i for i in range(1, 25)}
    csv = "name,rating,telegram_id\n" + "".join(
        f"{name},{2100 - 20 * i},{ids[name]}\n" for i, name in enumerate(ids, start=1))
    db = await open_database(db_target)
    try:
        async with db.transaction() as tx:
            created = await create_event(
                tx, parse_definition((ROOT / "examples" / "sssg2016.toml").read_text()),
                by=Actor.cli(), now=NOW)
            event_id = created.event_id
            await import_players(tx, event_id, csv, by=Actor.cli(), now=NOW)
            await make_draw(tx, event_id, seed=1, by=Actor.cli(), now=NOW)
            await open_round_in(tx, event_id, "Qual Rd", by=Actor.cli(), now=NOW,
                                unpaid_ok=True, why="test")
            qualifiers = [await get_match(tx, await _match(tx, event_id, f"Q{i}"))
                          for i in range(1, 9)]
        *first, last = qualifiers
        for m in first:  # entered by a TD from paper slips: final at once
            a, b = m.names
            assert a is not None and b is not None
            for game in range(5):
                await reporting.enter_game(db, Request.cli(NOW), event_id, (a, b), (400, 300),
                                           starter=a if game == 0 else None)
        a, b = last.names
        assert a is not None and b is not None
        for game in range(4):
            await reporting.enter_game(db, Request.cli(NOW), event_id, (a, b), (400, 300),
                                       starter=a if game == 0 else None)
        async with db.transaction() as tx:
            mark = int(await tx.scalar("SELECT COALESCE(MAX(id), 0) FROM outbox"))

        updates = iter(range(1, 100))

        def as_player(name: str) -> Request:
            return Request(now=NOW, label=f"tg:{ids[name]}", tg_user_id=ids[name], tg_name=name,
                           chat_id=ids[name], update_id=next(updates))

        draft = await reporting.report_result(db, as_player(a), SaidResult(400, 300))
        done = await reporting.confirm_slip(db, as_player(a), draft.slip.id)
        assert done.kind == "submitted" and done.slip.state == "pending"

        async def plate() -> list[tuple[str, int | None, int | None]]:
            async with db.transaction() as tx:
                rows = await tx.all("SELECT state, entry_a, entry_b FROM matches WHERE event_id = ?"
                                    " AND code LIKE 'P%' ORDER BY code", (event_id,))
            return [(r[0], r[1], r[2]) for r in rows]

        async def told_plate() -> list[str]:
            async with db.transaction() as tx:
                rows = await tx.all("SELECT text_html FROM outbox WHERE id > ?", (mark,))
            return [r[0] for r in rows if "<b>Plate" in r[0]]

        async with db.transaction() as tx:
            assert (await get_match(tx, last.id)).state == "decided"  # it counts (para 24)
            record = await draw_repo.draw_record(tx, event_id)
            assert record is not None and not record.get("pinned")  # no plate draw kept
        assert {state for state, _, _ in await plate()} == {"waiting"}
        assert all(x is None and y is None for _, x, y in await plate())
        assert await told_plate() == []
        await reporting.agree_slip(db, as_player(b), done.slip.id)
        seated = await plate()
        assert [state for state, _, _ in seated[:4]] == ["ready"] * 4
        assert all(None not in (x, y) for _, x, y in seated[:4])
        async with db.transaction() as tx:
            record = await draw_repo.draw_record(tx, event_id)
            assert record is not None and [p["division"] for p in record["pinned"]] == ["plate"]
        assert len(await told_plate()) == 8  # every plate player hears their match
    finally:
        await db.close()


async def test_my_matches_lists_the_match_to_play_now_first_and_the_finished_last(
    db: Database,
) -> None:
    """/matches for a player in two events: the match they can play now first, then the
    ones to come, then one a closed round left to the TDs, the finished last; each kind by
    event, then round."""
    csv = "name,rating,telegram_id\n" + "".join(
        f"Player {i:02},{2100 - 20 * i},{7100 + i}\n" for i in range(1, 17))

    async def cup(tx: Tx, slug: str) -> int:
        created = await create_event(tx, parse_definition(FORMATS_DEF.replace(
            'slug = "prop"', f'slug = "{slug}"').format(fmt="single")), by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, csv, by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        return created.event_id

    async def entry(tx: Tx, event_id: int, tg: int) -> int:
        return int(await tx.scalar("SELECT e.id FROM entries e JOIN people p ON p.id ="
                                   " e.person_id WHERE e.event_id = ? AND p.tg_user_id = ?",
                                   (event_id, tg)))

    async def place(tx: Tx, event_id: int, code: str, state: str, round_state: str) -> None:
        """Player 01 in ``code``, at ``state``, in a round at ``round_state``."""
        if code not in first.values():
            await tx.execute("UPDATE matches SET entry_a = ?, entry_b = ? WHERE event_id = ?"
                             " AND code = ?", (await entry(tx, event_id, 7101),
                                               await entry(tx, event_id, 7109), event_id, code))
        await tx.execute("UPDATE matches SET state = ?, winner_side = ? WHERE event_id = ?"
                         " AND code = ?", (state, None, event_id, code))
        await tx.execute("UPDATE rounds SET state = ? WHERE id = (SELECT round_id FROM matches"
                         " WHERE event_id = ? AND code = ?)", (round_state, event_id, code))

    async with db.transaction() as tx:
        autumn, winter = await cup(tx, "autumn"), await cup(tx, "winter")
        first: dict[int, str] = {}
        for event_id in (autumn, winter):
            ann = await entry(tx, event_id, 7101)
            first[event_id] = str(await tx.scalar(
                "SELECT code FROM matches WHERE event_id = ? AND ? IN (entry_a, entry_b)",
                (event_id, ann)))
            await tx.execute("UPDATE matches SET entry_a = NULL, entry_b = NULL, state ="
                             " 'waiting' WHERE event_id = ? AND ? IN (entry_a, entry_b)",
                             (event_id, await entry(tx, event_id, 7109)))  # Player 09's
        await place(tx, autumn, first[autumn], "playing", "closed")  # left to the TDs
        await place(tx, autumn, "M9", "playing", "open")  # the quarter-final, to play now
        await place(tx, winter, first[winter], "decided", "closed")  # no games: no winner
        await place(tx, winter, "M10", "ready", "planned")
        person = await tx.scalar("SELECT id FROM people WHERE tg_user_id = 7101")
        shown = [(x.event_name, x.code, x.state) for x in await my_matches(
            tx, int(person), include_finished=True)]
    assert [(code, state) for _, code, state in shown] == [
        ("M9", "playing"), ("M10", "ready"), (first[autumn], "unfinished"),
        (first[winter], "decided")]
