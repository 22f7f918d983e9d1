"""The draw, fees, opening and closing rounds and the deadlines they open
("Service layer"; SSSg Annex A paras 1-3, 6, 26)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events import my_matches_texts, pending_texts, rounds_texts
from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.readmodels import my_matches, pending
from bot.service.events.rounds import close_round, close_round_in, open_round, open_round_in
from bot.service.events.schedule import find_round, rounds_of
from bot.service.fees.payments import record_payment, record_payment_in, unpaid
from bot.service.people.entries import entries_of, import_players
from bot.service.platform import deadlines, journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.unit import Request
from bot.service.results.matches import matches_of_round
from bot.store.db import Database, open_database
from bot.words.said import english

NOW = datetime(2016, 8, 1, 1, 0, tzinfo=UTC)
DEFINITION = """
[event]
slug = "club-ko"
name = "Club Knockout"
format = "{fmt}"
time_zone = "Asia/Singapore"
fee_per_round = 15

[[tds]]
name = "Tess"
telegram_id = 900

[[rounds]]
name = "QF"
opens = 2016-08-01
closes = 2016-08-31
"""
PLAYERS = "name,rating\n" + "".join(f"P{i},{2000 - 10 * i}\n" for i in range(1, 7))


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _event(db: Database, fmt: str = "single", seed: int = 7) -> int:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(DEFINITION.format(fmt=fmt)),
                                     by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=seed, by=Actor.cli(), now=NOW)
    return created.event_id


async def _pay_all(db: Database, event_id: int, round_ref: str) -> None:
    async with db.transaction() as tx:
        rnd = await find_round(tx, event_id, round_ref)
        for e in await unpaid(tx, rnd):
            await record_payment_in(tx, e.id, rnd.code, by=Actor.cli(), now=NOW)


async def _draw_rows(db: Database, event_id: int) -> list[tuple[str, str, str, str]]:
    async with db.transaction() as tx:
        rows = await tx.all(
            "SELECT code, source_a, source_b, state FROM matches WHERE event_id = ? ORDER BY id",
            (event_id,),
        )
    return [tuple(r) for r in rows]


async def test_single_elimination_draw_gives_byes_to_the_top_seeds(db: Database) -> None:
    """SSSg 2016 Annex A para 2: byes go to the top players by
    rating; no bye against a bye."""
    event_id = await _event(db)
    async with db.transaction() as tx:
        rounds = await rounds_of(tx, event_id)
        assert [r.name for r in rounds] == ["QF", "SF", "Final"]
        qf = await matches_of_round(tx, rounds[0].id)
        byes = [m for m in qf if m.state == "bye"]
        assert sorted(m.names[m.winner] for m in byes) == ["P1", "P2"]  # type: ignore[index]
        # the byes' winners already sit in their semi-finals
        sf = await matches_of_round(tx, rounds[1].id)
        assert {n for m in sf for n in m.names if n} == {"P1", "P2"}
        # the definition's dates are the event's local days
        assert rounds[0].closes_at == datetime(2016, 8, 31, 15, 59, tzinfo=UTC)
        event = await tx.one("SELECT state, draw_seed FROM events WHERE id = ?", (event_id,))
        assert tuple(event) == ("drawn", 7)
        draw_notes = await tx.all("SELECT text_html FROM outbox WHERE text_html LIKE 'The draw%'")
        # the seed is the TDs' (it makes the same draw again), not the players'
        assert len(draw_notes) == 6 and not any("seed" in n[0] for n in draw_notes)


async def test_same_seed_same_draw_and_it_is_made_once(db: Database, tmp_path: Path) -> None:
    first = await _draw_rows(db, await _event(db, seed=3))
    other = await open_database(tmp_path / "other.sqlite3")
    try:
        assert await _draw_rows(other, await _event(other, seed=3)) == first
    finally:
        await other.close()
    async with db.transaction() as tx:
        with pytest.raises(Invalid, match=r"already been drawn \(seed 3\)"):
            await make_draw(tx, 1, seed=4, by=Actor.cli(), now=NOW)


async def test_double_elimination_draw_has_lower_bracket_and_grand_final(db: Database) -> None:
    event_id = await _event(db, fmt="double")
    async with db.transaction() as tx:
        names = [r.name for r in await rounds_of(tx, event_id)]
        assert "Grand Final" in names and any(n.startswith("Minor") for n in names)
        gf = await tx.one("SELECT best_of, head_start_side, head_start_games FROM matches"
                          " WHERE round_id = (SELECT id FROM rounds WHERE name = 'Grand Final')")
        assert (gf["best_of"] + gf["head_start_games"]) % 2 == 1 and gf["head_start_side"] == 0


async def test_a_round_does_not_open_until_everyone_has_paid(db: Database) -> None:
    """SSSg 2016 Annex A para 26: a player not paid-up by the
    commencement of a round is out."""
    event_id = await _event(db)
    async with db.transaction() as tx:
        with pytest.raises(Invalid, match=r"not paid for this round \(SGD 15.00, SSSg rules para 26\): P"):
            await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)
        rnd = await find_round(tx, event_id, "QF")
        e = (await unpaid(tx, rnd))[0]
        with pytest.raises(Invalid, match="is not enough"):
            await record_payment_in(tx, e.id, rnd.code, amount=1000, by=Actor.cli(), now=NOW)
        await record_payment_in(tx, e.id, rnd.code, by=Actor.cli(), now=NOW)
        with pytest.raises(Invalid, match="already paid"):
            await record_payment_in(tx, e.id, rnd.code, by=Actor.cli(), now=NOW)
        # players with a bye play nothing this round and owe nothing for it
        assert len(await unpaid(tx, rnd)) == 3


async def test_opening_a_round_tells_each_player_and_opens_deadlines(db: Database) -> None:
    event_id = await _event(db)
    await _pay_all(db, event_id, "QF")
    async with db.transaction() as tx:
        before = await tx.scalar("SELECT count(*) FROM outbox")
        rnd, _ = await open_round_in(tx, event_id, "qf", by=Actor.cli(), now=NOW)
        msgs = await tx.all("SELECT person_id, text_html FROM outbox WHERE id > ? ORDER BY id", (before,))
        assert len(msgs) == 4  # two matches, two players each; byes are not told again
        assert all("Best of 9" in t and "Deadline: Wed 31 Aug 2016 23:59 (+08)" in t for _, t in msgs)
        assert all("Your opponent: <b>P" in t for _, t in msgs)
        opened = await deadlines.open_deadlines(tx)
        assert [(d.kind, d.payload.get("hours")) for d in opened] == [
            ("round.unarranged", None),  # a week before a long round closes (arranging.py)
            ("round.reminder", 72), ("round.reminder", 24), ("round.close", None)]
        assert opened[-1].due_at == rnd.closes_at
        log = await journal.entries_for(tx, f"round:{rnd.id}")
        assert [e["action"] for e in log] == ["round.open"]
        with pytest.raises(Invalid, match="already open"):
            await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)


async def test_a_later_round_waits_for_its_players(db: Database) -> None:
    event_id = await _event(db)
    async with db.transaction() as tx:
        with pytest.raises(Invalid, match=r"SF cannot open yet: 2 matches wait for earlier results"):
            await open_round_in(tx, event_id, "SF", closes_at=NOW + timedelta(days=30),
                             by=Actor.cli(), now=NOW)


async def test_deadline_fires_once_and_not_after_its_round_closed(db: Database) -> None:
    """docs/architecture.md, "Durable time": compare-and-set; firing twice or late does no harm."""
    event_id = await _event(db)
    await _pay_all(db, event_id, "QF")
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)
        unarranged, reminder, reminder24, close = await deadlines.open_deadlines(tx)
        assert not await deadlines.fire_due(tx, reminder.id, NOW)  # not due yet
        later = reminder.due_at + timedelta(minutes=1)
        assert [d.id for d in await deadlines.due_deadlines(tx, later)] == [unarranged.id,
                                                                            reminder.id]
        count = await tx.scalar("SELECT count(*) FROM outbox")
        assert await deadlines.fire_due(tx, reminder.id, later)
        texts = [r[0] for r in await tx.all("SELECT text_html FROM outbox WHERE id > ?", (count,))]
        assert len(texts) == 4 and all(t.startswith("Reminder: your <b>QF</b>") for t in texts)
        assert not any("Score so far" in t for t in texts)  # nothing played: no "0-0 (+0)"
        assert not await deadlines.fire_due(tx, reminder.id, later)  # second firing: nothing
        assert await tx.scalar("SELECT count(*) FROM outbox") == count + 4
        with pytest.raises(Invalid, match=r"2 unfinished matches"):
            await close_round_in(tx, event_id, "QF", by=Actor.cli(), now=later)
        await close_round_in(tx, event_id, "QF", by=Actor.cli(), now=later, force=True, why="test")
        assert await deadlines.open_deadlines(tx) == []
        # an alarm armed before the close still fires: it finds the row closed and does nothing
        assert not await deadlines.fire_due(tx, reminder24.id, close.due_at)
        log = [e["action"] for e in await journal.entries_for(tx, reminder.subject)]
        assert log == ["round.open", "deadline.fired", "round.close"]


async def test_close_deadline_tells_the_tds_what_is_unfinished(db: Database) -> None:
    event_id = await _event(db)
    await _pay_all(db, event_id, "QF")
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)
        close = (await deadlines.open_deadlines(tx))[-1]
        # the round-open deadline handler sees the round still open
        tess = await tx.scalar("SELECT id FROM people WHERE tg_user_id = 900")
        assert await deadlines.fire_due(tx, close.id, close.due_at)
        text = await tx.scalar("SELECT text_html FROM outbox WHERE person_id = ? ORDER BY id DESC", (tess,))
        assert "has reached its deadline with 2 unfinished matches" in text


async def test_a_player_may_not_draw_open_or_record_payments(db: Database) -> None:
    event_id = await _event(db)
    async with db.transaction() as tx:
        p1 = next(e for e in await entries_of(tx, event_id) if e.name == "P3")
        as_p1 = Actor.person(p1.person_id, "P3")
        rnd = await find_round(tx, event_id, "QF")
        with pytest.raises(NotAllowed):
            await open_round_in(tx, event_id, "QF", by=as_p1, now=NOW, unpaid_ok=True)
        with pytest.raises(NotAllowed):
            await record_payment_in(tx, p1.id, rnd.code, by=as_p1, now=NOW)
        with pytest.raises(NotAllowed):
            await close_round_in(tx, event_id, "QF", by=as_p1, now=NOW)


async def test_a_failure_half_way_through_opening_leaves_nothing(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One transaction per use-case: the round, messages and deadlines all or nothing."""
    event_id = await _event(db)
    await _pay_all(db, event_id, "QF")
    tables = ("outbox", "deadlines", "journal")
    async with db.transaction() as tx:
        counts = [await tx.scalar(f"SELECT count(*) FROM {t}") for t in tables]
    real = outbox.enqueue
    calls = 0

    async def flaky(*args: object, **kwargs: object) -> int | None:
        nonlocal calls
        calls += 1
        if calls == 3:  # the third player's message fails, after two were written
            raise RuntimeError("boom")
        return await real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(outbox, "enqueue", flaky)
    with pytest.raises(RuntimeError, match="boom"):
        async with db.transaction() as tx:
            await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)
    assert calls == 3
    async with db.transaction() as tx:
        assert [await tx.scalar(f"SELECT count(*) FROM {t}") for t in tables] == counts
        qf = await find_round(tx, event_id, "QF")
        assert qf.state == "planned"
        assert {m.state for m in await matches_of_round(tx, qf.id)} == {"ready", "bye"}


async def test_a_deadline_whose_round_moved_on_is_cancelled_not_fired(db: Database) -> None:
    """The compare half of compare-and-set: the row is open but its round is not."""
    event_id = await _event(db)
    await _pay_all(db, event_id, "QF")
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)
        first = (await deadlines.open_deadlines(tx))[0]
        await tx.execute("UPDATE rounds SET state = 'closed' WHERE code = 'qf'")
        count = await tx.scalar("SELECT count(*) FROM outbox")
        assert not await deadlines.fire_due(tx, first.id, first.due_at)
        assert (await deadlines.get_deadline(tx, first.id)).state == "cancelled"  # type: ignore[union-attr]
        assert await tx.scalar("SELECT count(*) FROM outbox") == count


async def test_late_reminders_give_way_to_a_later_one_in_either_order(db: Database) -> None:
    """docs/architecture.md, "Durable time": overdue rows fire at once after a restart. Both reminders
    overdue: whichever fires first, players get one reminder, not two."""
    event_id = await _event(db)
    await _pay_all(db, event_id, "QF")
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)
        _unarranged, r72, r24, close = await deadlines.open_deadlines(tx)
        late = r24.due_at + timedelta(minutes=1)
        assert await deadlines.fire_due(tx, r24.id, late)  # the later one happens to go first
        assert not await deadlines.fire_due(tx, r72.id, late)
        reminders = await tx.scalar("SELECT count(*) FROM outbox WHERE text_html LIKE 'Reminder%'")
        assert reminders == 4  # two matches, two players, once


async def test_no_reminder_once_the_deadline_has_passed(db: Database) -> None:
    event_id = await _event(db)
    await _pay_all(db, event_id, "QF")
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)
        _unarranged, r72, _r24, close = await deadlines.open_deadlines(tx)
        assert not await deadlines.fire_due(tx, r72.id, close.due_at)  # the bot was down
        assert await tx.scalar("SELECT count(*) FROM outbox WHERE text_html LIKE 'Reminder%'") == 0
        assert await deadlines.fire_due(tx, close.id, close.due_at)


async def test_opening_says_who_was_reached_and_who_waits_for_telegram(db: Database) -> None:
    """A player with no Telegram account linked is written to all the same (the message
    waits until they join); the TD is told how many were reached and who waits, rather
    than that every player has been told, and /pending and tdbot event inbox show who waits."""
    event_id = await _event(db)
    async with db.transaction() as tx:
        await tx.execute("UPDATE people SET tg_user_id = 555 WHERE name = 'P3'")
        qf = await find_round(tx, event_id, "QF")
        playing = sorted(n for m in await matches_of_round(tx, qf.id) if m.state == "ready"
                         for n in m.names if n)
    opened = await open_round(db, Request.cli(NOW), event_id, "QF", unpaid_ok=True, why="test")
    waiting = [n for n in playing if n != "P3"]
    assert (opened.told, opened.not_on_telegram) == (["P3"], waiting)
    said = english(rounds_texts.opened(opened.event, opened.round, opened.told,
                                       opened.not_on_telegram, []))
    assert "1 of 4 players have been told their opponent" in said
    assert f"Not yet on Telegram: {', '.join(waiting)}" in said
    assert "their messages wait until they join" in said and "Every player" not in said
    box = await pending(db, Request.cli(NOW), event_id)
    unlinked = sorted(f"P{i}" for i in range(1, 7) if i != 3)
    assert box.not_on_telegram == unlinked and not box.empty
    shown = english(pending_texts.pending("Club Knockout", box))
    assert (f"<b>Not yet on Telegram (their messages wait until they join)</b> ({len(unlinked)}):"
            f"\n• {', '.join(unlinked)}") in shown


async def test_nobody_waits_for_telegram_before_the_draw(db: Database) -> None:
    """Before the draw nobody has been written to, so nobody's messages wait."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(DEFINITION.format(fmt="single")),
                                     by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=NOW)
    box = await pending(db, Request.cli(NOW), created.event_id)
    assert box.not_on_telegram == [] and box.empty


async def test_a_round_closed_unfinished_shows_its_matches_until_ruled(db: Database) -> None:
    """A round closed with matches unfinished: the TDs keep seeing them (marked "round
    closed, unfinished") and the players see that a TD will rule, not "being played"."""
    event_id = await _event(db)
    await _pay_all(db, event_id, "QF")
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, "QF", by=Actor.cli(), now=NOW)
        qf = await find_round(tx, event_id, "QF")
        playing = [m for m in await matches_of_round(tx, qf.id) if m.state == "playing"]
    closed = await close_round(db, Request.cli(NOW), event_id, "QF", force=True, why="late")
    assert closed.left_unfinished == [m.code for m in playing]
    box = await pending(db, Request.cli(NOW), event_id)
    assert box.unfinished == []
    assert [m.code for m in box.left_unfinished] == [m.code for m in playing]
    shown = english(pending_texts.pending("Club Knockout", box))
    assert f"<b>Closed rounds' unfinished matches (rule on them)</b> ({len(playing)}):" in shown
    assert shown.count("— round closed, unfinished") == len(playing)
    person = playing[0].people[0]
    assert person is not None
    async with db.transaction() as tx:
        mine = await my_matches(tx, person)
    assert [m.state for m in mine if m.code == playing[0].code] == ["unfinished"]
    assert "round closed, unfinished: a TD will rule on it" in english(my_matches_texts.match_line(mine[0]))


DEFINED_ROUNDS = DEFINITION + """
[[rounds]]
name = "Round of 64"
"""


async def test_fees_can_be_paid_before_the_draw(db: Database) -> None:
    """Para 26: a player must be paid up by the commencement of each round, and organisers
    take fees from the start. Before the draw a payment names a round of the definition's
    [[rounds]]; once the draw makes the round, the payment counts for it. A payment for a
    round the draw does not make is reported at the draw, not lost."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(DEFINED_ROUNDS.format(fmt="single")),
                                     by=Actor.cli(), now=NOW)
        event_id = created.event_id
        await import_players(tx, event_id, PLAYERS, by=Actor.cli(), now=NOW)
    paid = await record_payment(db, Request.cli(NOW), event_id, "p3", "QF")
    assert (paid.player, paid.round_name, paid.amount, paid.drawn) == (
        "P3", "QF", "SGD 15.00", False)
    await record_payment(db, Request.cli(NOW), event_id, "P4", "qf", amount=2000)
    await record_payment(db, Request.cli(NOW), event_id, "P5", "Round of 64")
    with pytest.raises(Invalid, match="P3 has already paid for QF"):
        await record_payment(db, Request.cli(NOW), event_id, "P3", "QF")
    with pytest.raises(Invalid, match="is not enough"):
        await record_payment(db, Request.cli(NOW), event_id, "P6", "QF", amount=1000)
    with pytest.raises(NotFound, match=r"no round 'SF' in the definition.*QF \(qf\), Round of 64"):
        await record_payment(db, Request.cli(NOW), event_id, "P6", "SF")
    with pytest.raises(NotFound, match="player 'Zed': no such player in club-ko"):
        await record_payment(db, Request.cli(NOW), event_id, "Zed", "QF")
    # a typed name is matched by core.names: one that fits several players is refused
    with pytest.raises(Invalid, match=r"player 'p' could be P1, P2, P3, P4, P5 or P6: give "
                                      r"more of the name"):
        await record_payment(db, Request.cli(NOW), event_id, "p", "QF")
    async with db.transaction() as tx:
        result = await make_draw(tx, event_id, seed=7, by=Actor.cli(), now=NOW)
        assert result.unmatched_payments == [("P5", "Round of 64")]
        qf = await find_round(tx, event_id, "QF")
        owing = {e.name for e in await unpaid(tx, qf)}
        playing = {n for m in await matches_of_round(tx, qf.id) if m.state == "ready"
                   for n in m.names if n}
        assert owing == playing - {"P3", "P4"} and {"P3", "P4"} <= playing
    again = await record_payment(db, Request.cli(NOW), event_id, "P6", "QF")
    assert again.drawn
