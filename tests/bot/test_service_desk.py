"""The TD's desk (bot/service/results/desk.py, readmodels.td_inbox): a round's close offers the
TDs its unfinished matches with Extend (SSSg para 21), Match bye (para 27) and Void; /pending
lists what awaits them. The club cup: SF best of 3 (M1 Ann Lee v Dev Rao, M2 Ben v Cai)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.service.events import my_matches_texts, pending_texts
from bot.service.events.readmodels import pending
from bot.service.events.rounds import close_round
from bot.service.events.schedule import find_round
from bot.service.platform import deadlines
from bot.service.platform.errors import Invalid
from bot.service.results import desk
from bot.service.results.matches import get_match, match_state
from bot.service.results.reporting import SaidResult
from bot.store.db import Database
from bot.words import for_locale
from bot.words.said import english, plain, said
from core.knockout.match import Decision
from tests.bot.test_service_reporting import (
    EVENT,
    FINAL,
    M1,
    M2,
    _setup,
    _slip,
    disputes,
    last_outbox,
    outbox_since,
    player,
    td,
)


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await _setup(tmp_path / "t.sqlite3")
    yield database
    await database.close()


async def _round_deadlines(db: Database) -> list[deadlines.Deadline]:
    async with db.transaction() as tx:
        return [d for d in await deadlines.open_deadlines(tx) if d.kind.startswith("round.")]


async def test_the_close_gives_the_tds_each_unfinished_match_with_buttons(db: Database) -> None:
    await _slip(db, "Ann Lee", SaidResult(412, 380, text="412-380"), starter=1)
    (close,) = [d for d in await _round_deadlines(db) if d.kind == "round.close"]
    mark = await last_outbox(db)
    assert await deadlines.fire(db, close.id, close.due_at)
    ((who, text, buttons),) = await outbox_since(db, mark)
    assert who == "Tara TD"
    assert "has reached its deadline with 2 unfinished matches" in text
    assert "M1: Ann Lee v Dev Rao (Ann Lee 1-0 Dev Rao (+32))" in text
    assert "M2: Ben Ong v Cai Wen (no game yet)" in text
    assert "/closeround sf" in text
    assert buttons is not None
    rows = [[(b["text"], b["data"]) for b in row] for row in json.loads(buttons)]
    assert rows[0] == [("M1: match bye to Ann Lee", f"desk:bye:{M1}:0"),
                       ("M1: match bye to Dev Rao", f"desk:bye:{M1}:1")]
    assert rows[1] == [("M1: void match", f"desk:void:{M1}")]
    async with db.transaction() as tx:
        sf = await find_round(tx, EVENT, "SF")
    assert sf.closes_at is not None
    assert rows[-1] == [("Extend 7 days", f"desk:extend:{sf.id}:{int(sf.closes_at.timestamp())}")]


async def test_a_match_bye_decides_the_match_and_seats_the_final(db: Database) -> None:
    await _slip(db, "Ann Lee", SaidResult(380, 412, text="380-412"), starter=1)  # Ann lost
    mark = await last_outbox(db)
    given = await desk.give_match_bye(db, td(), M1, 0, why="Dev cannot play before the deadline")
    assert (given.code, given.winner, given.loser) == ("M1", "Ann Lee", "Dev Rao")
    async with db.transaction() as tx:
        state = await match_state(tx, M1)
        m1, final = await get_match(tx, M1), await get_match(tx, FINAL)
        entry = await tx.one("SELECT why FROM journal WHERE action = 'match.matchbye'")
    assert state.decision is Decision.MATCH_BYE and state.winner == 0 and not state.counted
    assert (m1.state, m1.winner) == ("decided", 0)
    assert final.names[0] == "Ann Lee"  # para 27: the bye advances her
    assert entry is not None and entry[0] == "Dev cannot play before the deadline"
    told = {who: text for who, text, _ in await outbox_since(db, mark)}
    assert {"Ann Lee", "Dev Rao"} <= set(told)
    assert "You win the match by a match bye (para 27)." in told["Ann Lee"]
    with pytest.raises(Invalid, match="M1 is decided: only a match being played"):
        await desk.give_match_bye(db, td(), M1, 1, why="pressed again")


async def test_void_match_voids_its_games_and_it_starts_again(db: Database) -> None:
    await _slip(db, "Ann Lee", SaidResult(412, 380, text="412-380"), starter=1)
    mark = await last_outbox(db)
    done = await desk.void_match(db, td(), M1, why="played with a short tile bag")
    assert (done.code, done.games) == ("M1", 1)
    async with db.transaction() as tx:
        state = await match_state(tx, M1)
        slip_state = await tx.scalar("SELECT state FROM slips WHERE match_id = ?", (M1,))
        m1 = await get_match(tx, M1)
    assert state.counted == () and state.next_game == 1 and m1.state == "playing"
    assert slip_state == "void"
    written = await outbox_since(db, mark)
    said = {who: text for who, text, _ in written}
    assert "starts again from game 1" in said["Dev Rao"]
    assert "played with a short tile bag" in said["Ann Lee"]
    # each copy of the voided slip says so, naming the match as its players know it
    notes = [text for who, text, _ in written if "⚖️ Void:" in text]
    assert {who for who, text, _ in written if "⚖️ Void:" in text} == {"Ann Lee", "Dev Rao"}
    assert all("Void: a TD voided this match's games (played with a short tile bag)" in t
               for t in notes), notes
    with pytest.raises(Invalid, match="no game of M1 counts: there is nothing to void"):
        await desk.void_match(db, td(), M1, why="again")
    with pytest.raises(Invalid, match="say why"):
        await desk.void_match(db, td(), M2, why=" ")


async def test_extend_moves_the_close_and_its_reminders_once(db: Database) -> None:
    async with db.transaction() as tx:
        sf = await find_round(tx, EVENT, "SF")
    assert sf.closes_at is not None
    seen = int(sf.closes_at.timestamp())
    mark = await last_outbox(db)
    done = await desk.extend_round(db, td(), sf.id, extends_from=seen)
    assert done.by_this_press and done.round.closes_at == sf.closes_at + timedelta(days=7)
    assert done.players_told == 4
    due = {d.kind: d.due_at for d in await _round_deadlines(db)}
    assert due["round.close"] == sf.closes_at + timedelta(days=7)
    assert "must now be finished by Mon 16 Mar 2026" in (await outbox_since(db, mark))[0][1]
    again = await desk.extend_round(db, td(), sf.id, extends_from=seen)  # the same button
    assert not again.by_this_press and again.round.closes_at == done.round.closes_at


async def test_closing_early_needs_every_match_decided_or_a_reason(db: Database) -> None:
    with pytest.raises(Invalid, match="2 unfinished match"):
        await close_round(db, td(), EVENT, "SF")
    await desk.give_match_bye(db, td(), M1, 0, why="Dev withdrew")
    await desk.give_match_bye(db, td(), M2, 1, why="Ben withdrew")
    closed = await close_round(db, td(), EVENT, "SF")  # a week early, all decided
    assert closed.round.state == "closed" and closed.left_unfinished == []


async def test_pending_lists_results_awaiting_agreement_and_disputes_with_their_ruler(
    db: Database,
) -> None:
    await _slip(db, "Ann Lee", SaidResult(412, 380, text="412-380"), starter=1)
    await _slip(db, "Ben Ong", SaidResult(400, 350, text="400-350"), starter=0)
    await disputes.dispute_latest(db, player("Cai Wen"), "it was 350-400")
    box = await pending(db, td(), EVENT)
    assert [(s.code, s.game, s.reporter, s.opponent) for s in box.slips_awaiting] == [
        ("M1", 1, "Ann Lee", "Dev Rao")]
    assert box.slips_awaiting[0].final_at == datetime(2026, 3, 3, 17, 0,
                                                      tzinfo=ZoneInfo("Asia/Singapore"))
    ((dispute),) = box.open_disputes
    assert (dispute["code"], dispute["players"], dispute["rulers"]) == (
        "M2", "Ben Ong v Cai Wen", "Tara TD")
    shown = english(pending_texts.pending("Club Cup", box))
    assert "<b>Results awaiting the opponent's agreement</b> (1):" in shown
    assert "• M1 game 1: Ann Lee reported, Dev Rao to agree; final Tue 03 Mar 2026 17:00" in shown
    assert "• M2 (Ben Ong v Cai Wen): it was 350-400 — rules: Tara TD" in shown


def test_a_long_section_lists_every_item_with_no_command_line_to_run() -> None:
    lines = [english(line) for line in pending_texts.section(
        said("Not paid yet"), [said("• {names}", names=f"P{i}") for i in range(12)])]
    assert lines[1] == "<b>Not paid yet</b> (12):"
    assert lines[2:] == [f"• P{i}" for i in range(12)]
    assert "tdbot" not in "\n".join(lines)


async def test_matches_show_slips_awaiting_agreement_and_the_deciding_game(db: Database) -> None:
    from bot.service.events.readmodels import my_matches

    await _slip(db, "Ann Lee", SaidResult(412, 380, text="412-380"), starter=1)
    async with db.transaction() as tx:
        ann, dev = (await get_match(tx, M1)).people
        assert ann is not None and dev is not None
        (mine,) = await my_matches(tx, ann)
        (theirs,) = await my_matches(tx, dev)
    until = datetime(2026, 3, 3, 17, 0, tzinfo=ZoneInfo("Asia/Singapore"))
    assert mine.open_slips == ((1, "Dev Rao", until),) and not mine.next_is_deciding
    assert theirs.open_slips == ((1, "you", until),)
    line = english(my_matches_texts.match_line(theirs))
    assert "Game 1 awaits your agreement until Tue 03 Mar 2026 17:00 (+08)" in line
    assert "Next: game 2, Ann Lee starts" in line  # para 15: Dev started game 1
    await _slip(db, "Dev Rao", SaidResult(420, 400, text="420-400"))
    async with db.transaction() as tx:
        (mine,) = await my_matches(tx, ann)
    assert mine.next_game == 3 and mine.next_is_deciding
    # to Ann herself: "you start", not her own name
    assert "Next: game 3 (the deciding game, para 16), you start" in english(my_matches_texts.match_line(mine))


async def test_only_a_td_uses_the_desk(db: Database) -> None:
    from bot.service.platform.errors import NotAllowed

    with pytest.raises(NotAllowed):
        await desk.give_match_bye(db, player("Ann Lee"), M1, 0, why="I win")
    with pytest.raises(NotAllowed):
        await desk.void_match(db, player("Dev Rao"), M1, why="redo")


async def test_void_is_offered_only_for_a_match_with_a_game_that_counts(db: Database) -> None:
    """M2 has no game yet: the close notice offers no Void for it (its match byes stay),
    only for M1, whose game counts. Once M1's game is voided and the round closed with
    both unfinished, /pending offers their match byes and no Void: nothing is left to
    void in either."""

    await _slip(db, "Ann Lee", SaidResult(412, 380, text="412-380"), starter=1)
    (close,) = [d for d in await _round_deadlines(db) if d.kind == "round.close"]
    mark = await last_outbox(db)
    assert await deadlines.fire(db, close.id, close.due_at)
    ((_, _, buttons),) = await outbox_since(db, mark)
    assert buttons is not None
    labels = [b["text"] for row in json.loads(buttons) for b in row]
    assert "M1: void match" in labels and "M2: void match" not in labels
    assert "M2: match bye to Ben Ong" in labels
    # M1's game voided, the round closed with both unfinished: /pending offers no Void
    await desk.void_match(db, td(), M1, why="played with a short tile bag")
    await close_round(db, td(), EVENT, "SF", force=True, why="the club shut for a month")
    inbox = await pending(db, td(), EVENT)
    assert [m.code for m in inbox.left_unfinished] == ["M1", "M2"]
    shown = [plain(label, for_locale("en"))
             for row in pending_texts.pending_buttons(inbox) for label, _ in row]
    assert "M1: match bye to Ann Lee" in shown and "M2: match bye to Cai Wen" in shown
    assert not [label for label in shown if "void" in label], shown
