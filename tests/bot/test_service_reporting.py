"""Reporting games (bot/service/results/reporting.py, disputes.py) against the SSSg 2016 rules
(Annex A): no concessions (para 13), nothing counts after a
match is decided (para 14), the tile draw and alternating starts (para 15), the deciding
game (para 16), the winner (on a tie the starter) reports (para 23), a copy of the slip to
both players and 24 hours to raise a discrepancy (para 24), disputes to a TD who does not
play in the match (para 19).

The club cup: a 4-player single knockout, SF best of 3 (M1 Ann v Dev, M2 Ben v Cai), Final
best of 5 (M3, winners of M1 and M2).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.people.entries import import_players
from bot.service.platform import deadlines, prompts
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.prompts import PromptKind
from bot.service.platform.unit import Request
from bot.service.results import disputes, reporting, rulings
from bot.service.results.matches import match_state, matches_of_event
from bot.service.results.reporting import SaidResult
from bot.store.db import Database, open_database
from core.knockout.match import StartReason
from tests.bot.club_chat import linked_definition

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
IDS = {"Tara TD": 9001, "Ann Lee": 9011, "Ben Ong": 9012, "Cai Wen": 9013, "Dev Rao": 9014}
PHONES = {"Tara TD": "8333 6301", "Ann Lee": "9123 4567"}
EVENT = 1
M1, M2, FINAL = 1, 2, 3  # ids of the draw with seed 2026


def definition(extra_rules: str = "") -> str:
    return linked_definition(None, ids=IDS, phones=PHONES) + extra_rules


async def _setup(path: Path | str, extra_rules: str = "") -> Database:
    db = await open_database(path)
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(definition(extra_rules)),
                                     by=Actor.cli(), now=NOW)
        assert created.event_id == EVENT
        await make_draw(tx, EVENT, seed=2026, by=Actor.cli(), now=NOW)
        await open_round_in(tx, EVENT, "SF", by=Actor.cli(), now=NOW, unpaid_ok=True, why="test")
    return db


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await _setup(db_target)
    yield database
    await database.close()


_updates = iter(range(1, 10_000))


def player(name: str, at: datetime = NOW) -> Request:
    return Request(now=at, label=f"tg:{IDS[name]}", tg_user_id=IDS[name], tg_name=name,
                   update_id=next(_updates), chat_id=IDS[name])


def td(at: datetime = NOW) -> Request:
    return Request.cli(at)


async def outbox_since(db: Database, after: int) -> list[tuple[str, str, str | None]]:
    """(person name, text, buttons) of the messages written after outbox id ``after``."""
    async with db.transaction() as tx:
        rows = await tx.all(
            "SELECT COALESCE(p.name, CAST(o.chat_id AS TEXT)) AS who, o.text_html, o.buttons_json FROM outbox o"
            " LEFT JOIN people p ON p.id = o.person_id OR p.tg_user_id = o.chat_id"
            " WHERE o.id > ? ORDER BY o.id", (after,))
    return [(str(r[0]), r[1], r[2]) for r in rows]


async def last_outbox(db: Database) -> int:
    async with db.transaction() as tx:
        return int(await tx.scalar("SELECT COALESCE(MAX(id), 0) FROM outbox"))


async def one(db: Database, sql: str, params: tuple[object, ...] = ()) -> object:
    async with db.transaction() as tx:
        return await tx.scalar(sql, params)


# --- P1: a TD enters games from paper slips -----------------------------------------


async def test_game_1_needs_the_tile_draw_and_nothing_is_written_without_it(db: Database) -> None:
    with pytest.raises(Invalid, match=r"say who started game 1 with --starter NAME: the players "
                                      r"drew tiles for game 1 \(para 15\)"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (412, 380))
    assert await one(db, "SELECT count(*) FROM games") == 0
    assert await one(db, "SELECT count(*) FROM journal WHERE action = 'game.report'") == 0


async def test_later_starts_alternate_and_a_wrong_starter_is_refused(db: Database) -> None:
    first = await reporting.enter_game(db, td(), EVENT, ("Dev Rao", "Ann Lee"), (380, 412),
                                       starter="dev rao")
    assert (first.match, first.game, first.score) == ("M1", 1, "1-0 (+32)")
    assert first.next_starter == "Ann Lee" and first.deciding is False  # para 15: alternate
    with pytest.raises(Invalid, match=r"Ann Lee starts game 2 \(starts alternate, para 15\), "
                                      r"not Dev Rao"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (400, 390),
                                   starter="Dev Rao")
    # core.names: a TD may type a shorter name when it fits one player only
    second = await reporting.enter_game(db, td(), EVENT, ("ann", "Rao"), (350, 390),
                                        starter="A")
    assert second.starter == 0 and second.score == "1-1 (-8)"
    # para 16a/b: level on wins, Dev is ahead on spread, so Dev starts the deciding game
    assert second.deciding and second.next_starter == "Dev Rao"
    assert second.next_start is not None and second.next_start.reason.value == "ahead on spread"


async def test_both_players_hear_the_score_the_next_starter_and_the_deciding_game(
    db: Database,
) -> None:
    await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (412, 380),
                               starter="Ann Lee")
    mark = await last_outbox(db)
    await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (390, 400))
    told = {who: text for who, text, _ in await outbox_since(db, mark)}
    assert set(told) == {"Ann Lee", "Dev Rao"}
    assert "Game 2: you 390, Dev Rao 400 (Dev Rao started)" in told["Ann Lee"]
    assert "Score: Ann Lee 1-1 Dev Rao (+22)" in told["Ann Lee"]
    assert ("Next: game 3, the deciding game: you start (ahead on spread, para 16b)."
            in told["Ann Lee"])
    assert "Score: Dev Rao 1-1 Ann Lee (-22)" in told["Dev Rao"]
    assert "Next: game 3, the deciding game: Ann Lee starts" in told["Dev Rao"]


async def test_a_decided_match_feeds_the_final_and_tells_both_where_they_go(db: Database) -> None:
    await reporting.enter_game(db, td(), EVENT, ("Ben Ong", "Cai Wen"), (400, 300),
                               starter="Ben Ong")
    await reporting.enter_game(db, td(), EVENT, ("Ben Ong", "Cai Wen"), (420, 333))
    await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (412, 380),
                               starter="Ann Lee")
    mark = await last_outbox(db)
    done = await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (405, 399))
    assert done.decided and done.winner == "Ann Lee" and done.next_starter is None
    assert done.as_json() == {"match": "M1", "game": 2, "score": "2-0 (+38)",
                              "next_starter": None, "deciding": False, "decided": True,
                              "winner": "Ann Lee", "tie": False}
    async with db.transaction() as tx:
        row = await tx.one("SELECT state, winner_side FROM matches WHERE id = ?", (M1,))
        final = await tx.one("SELECT state, entry_a, entry_b FROM matches WHERE id = ?", (FINAL,))
    assert tuple(row) == ("decided", 0)
    assert final["state"] == "ready" and final["entry_a"] and final["entry_b"]
    told = await outbox_since(db, mark)
    # a TD's paper slip is final at once: each player reads the game, the match and what
    # comes next in one message
    decided = {who: text for who, text, _ in told if who in ("Ann Lee", "Dev Rao")}
    assert [who for who, _, _ in told].count("Ann Lee") == 1, told
    assert [who for who, _, _ in told].count("Dev Rao") == 1, told
    assert ("Score: Ann Lee 2-0 Dev Rao (+38)\nYou win the match.\nYour next match: "
            "<b>Final</b> against <b>Ben Ong</b>, best of 5.") in decided["Ann Lee"]
    assert "once its round opens" in decided["Ann Lee"]  # the Final is not open yet
    assert "Ann Lee wins the match." in decided["Dev Rao"]
    assert "That was your last match in Club Cup &lt;2026&gt;." in decided["Dev Rao"]
    # Ben, already waiting in the Final, learns his opponent
    ben = [text for who, text, _ in told if who == "Ben Ong"]
    assert len(ben) == 1 and "Your next match: <b>Final</b> against <b>Ann Lee</b>" in ben[0]
    # para 14: no further game counts
    with pytest.raises(Invalid, match=r"is decided \(Ann Lee won, Ann Lee 2-0 Dev Rao \(\+38\)\): "
                                      r"no further games count .* \(SSSg para 14\)"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (400, 300))


async def test_a_concession_is_refused_with_para_13(db: Database) -> None:
    with pytest.raises(Invalid, match=r"Dev Rao scored 0, .* may not concede games \(SSSg para 13\)"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (150, 0),
                                   starter="Ann Lee")
    with pytest.raises(Invalid, match=r"score 4120 cannot be a game's score"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (4120, 380),
                                   starter="Ann Lee")
    assert await one(db, "SELECT count(*) FROM games") == 0


async def test_games_wait_for_their_round_and_their_players(db: Database) -> None:
    with pytest.raises(NotFound, match="Ann Lee and Ben Ong have no match together"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Ben Ong"), (400, 300),
                                   starter="Ann Lee")
    with pytest.raises(NotFound, match="no player called 'Zed'"):
        await reporting.enter_game(db, td(), EVENT, ("Zed", "Ben Ong"), (400, 300))
    with pytest.raises(Invalid, match=r"--starter 'Ben Ong' is not a player of this match"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (400, 300),
                                   starter="Ben Ong")
    with pytest.raises(Invalid, match=r"'A' could be Ann Lee or Ann Tan: give more of the "
                                      r"name \(players of club-cup\)"):
        async with db.transaction() as tx:  # a second Ann, entered but not drawn
            ann_tan = await tx.insert("INSERT INTO people (name, created_at) VALUES ('Ann Tan', ?)",
                                      (NOW.isoformat(),))
            await tx.execute("INSERT INTO entries (event_id, person_id, created_at) VALUES"
                             " (?, ?, ?)", (EVENT, ann_tan, NOW.isoformat()))
        await reporting.enter_game(db, td(), EVENT, ("A", "Dev Rao"), (400, 300))
    with pytest.raises(Invalid, match="cannot have been played in the future"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (400, 300),
                                   starter="Ann Lee", played_at=NOW + timedelta(hours=1))


async def test_only_a_td_enters_paper_slips(db: Database) -> None:
    with pytest.raises(NotAllowed, match="only a TD or organiser"):
        await reporting.enter_game(db, player("Ann Lee"), EVENT, ("Ann Lee", "Dev Rao"),
                                   (400, 300), starter="Ann Lee")


# --- P2: a player's result slip -------------------------------------------------------


async def _slip(db: Database, name: str, said: SaidResult, *, starter: int | None = None,
                at: datetime = NOW) -> reporting.SlipAnswer:
    """A player reports and confirms; for game 1 they first say who started (a side)."""
    draft = await reporting.report_result(db, player(name, at), said)
    assert isinstance(draft, reporting.SlipAnswer)
    if draft.kind == "ask_starter":
        assert starter is not None
        draft = await reporting.set_starter(db, player(name, at), draft.slip.id, starter)
    assert draft.kind == "draft", draft
    return await reporting.confirm_slip(db, player(name, at), draft.slip.id)


async def test_game_1_asks_who_started_then_the_slip_counts_at_once(db: Database) -> None:
    draft = await reporting.report_result(db, player("Ann Lee"), SaidResult(412, 380, text="412-380"))
    assert isinstance(draft, reporting.SlipAnswer) and draft.kind == "ask_starter"
    slip = draft.slip
    assert (slip.game, slip.code, slip.opponent, slip.scores, slip.best_of) == (
        1, "M1", "Dev Rao", (412, 380), 3)
    assert slip.start_reason is not None and slip.start_reason.value == "tile draw"
    with pytest.raises(Invalid, match="first say who started game 1"):
        await reporting.confirm_slip(db, player("Ann Lee"), slip.id)
    with pytest.raises(NotAllowed, match="only the player who sent this result"):
        await reporting.set_starter(db, player("Dev Rao"), slip.id, 1)
    assert await one(db, "SELECT count(*) FROM games") == 0  # a draft counts for nothing
    ready = await reporting.set_starter(db, player("Ann Lee"), slip.id, 1)
    assert ready.kind == "draft" and ready.slip.starter == 1
    mark = await last_outbox(db)
    done = await reporting.confirm_slip(db, player("Ann Lee"), slip.id)
    assert done.kind == "submitted" and done.slip.state == "pending"
    assert done.slip.closes_at == "Tue 03 Mar 2026 17:00 (+08)"  # 24 hours (para 24)
    async with db.transaction() as tx:
        assert (await match_state(tx, M1)).score_line() == "1-0 (+32)"
        assert await tx.scalar("SELECT state FROM matches WHERE id = ?", (M1,)) == "playing"
        window = [d for d in await deadlines.open_deadlines(tx) if d.kind == "slip.window"]
    assert [(d.subject, d.due_at, d.payload) for d in window] == [
        ("match:1", NOW + timedelta(hours=24), {"slip_id": slip.id})]
    copies = {who: (text, buttons) for who, text, buttons in await outbox_since(db, mark)}
    assert set(copies) == {"Ann Lee", "Dev Rao"}  # para 24: a copy to both players at once
    ann, ann_buttons = copies["Ann Lee"]
    dev, dev_buttons = copies["Dev Rao"]
    assert "your result slip is in" in ann and ann_buttons is None
    assert "Game 1: you 412, Dev Rao 380 (Dev Rao started)" in ann
    assert "Next: game 2, you start." in ann
    assert "Dev Rao can dispute it until Tue 03 Mar 2026 17:00 (+08)" in ann
    assert "Ann Lee reported a result" in dev and "Game 1: you 380, Ann Lee 412" in dev
    assert "Score: Dev Rao 0-1 Ann Lee (-32)" in dev
    assert dev_buttons is not None and "slip:agree:" in dev_buttons and "slip:dispute:" in dev_buttons
    # repeated presses do nothing more
    again = await reporting.confirm_slip(db, player("Ann Lee"), slip.id)
    assert again.kind == "unchanged" and await one(db, "SELECT count(*) FROM games") == 1


async def test_the_opponent_agrees_and_only_the_opponent_may(db: Database) -> None:
    done = await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    with pytest.raises(Invalid, match=r"you sent this slip, so it is for Dev Rao to agree or "
                                      r"dispute; .* final at Tue 03 Mar 2026 17:00"):
        await reporting.agree_slip(db, player("Ann Lee"), done.slip.id)
    with pytest.raises(NotAllowed, match="only the two players of this match"):
        await reporting.agree_slip(db, player("Ben Ong"), done.slip.id)
    mark = await last_outbox(db)
    agreed = await reporting.agree_slip(db, player("Dev Rao"), done.slip.id)
    assert agreed.kind == "agreed" and agreed.slip.state == "agreed"
    told = [(w, t) for w, t, _ in await outbox_since(db, mark)]
    assert [w for w, t in told if "Dev Rao agreed" in t] == ["Ann Lee"]
    async with db.transaction() as tx:
        edits = await tx.all("SELECT text_html, buttons_json FROM outbox WHERE edit_of IS NOT NULL")
    assert len(edits) == 1 and edits[0][1] is None and "You agreed" in edits[0][0]
    again = await reporting.agree_slip(db, player("Dev Rao"), done.slip.id)
    assert again.kind == "unchanged" and again.slip.state == "agreed"
    # the window's deadline finds it agreed and does nothing
    async with db.transaction() as tx:
        window = next(d for d in await deadlines.open_deadlines(tx) if d.kind == "slip.window")
        assert not await deadlines.fire_due(tx, window.id, NOW + timedelta(days=2))
        assert await tx.scalar("SELECT state FROM slips WHERE id = ?", (done.slip.id,)) == "agreed"


async def test_a_slip_nobody_disputes_is_final_when_its_window_closes(db_target: Path | str) -> None:
    db = await _setup(db_target, "\n[rules]\nslip_window_hours = 12\n")
    try:
        done = await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
        assert done.slip.closes_at == "Tue 03 Mar 2026 05:00 (+08)"  # 12 hours, as set
        async with db.transaction() as tx:
            window = next(d for d in await deadlines.open_deadlines(tx) if d.kind == "slip.window")
            assert window.due_at == NOW + timedelta(hours=12)
            assert not await deadlines.fire_due(tx, window.id, NOW + timedelta(hours=11))
            assert await deadlines.fire_due(tx, window.id, NOW + timedelta(hours=12))
            assert not await deadlines.fire_due(tx, window.id, NOW + timedelta(hours=13))
            assert await tx.scalar("SELECT state FROM slips WHERE id = ?", (done.slip.id,)) == "final"
            edit = await tx.one("SELECT text_html, buttons_json FROM outbox WHERE edit_of IS NOT NULL")
        assert edit is not None and edit[1] is None and "✅ Final since" in edit[0]
        late = await reporting.agree_slip(db, player("Dev Rao"), done.slip.id)
        assert late.kind == "unchanged" and late.slip.state == "final"
    finally:
        await db.close()


async def test_a_report_by_the_loser_is_accepted_and_marked(db: Database) -> None:
    done = await _slip(db, "Dev Rao", SaidResult(380, 412), starter=1)
    assert done.kind == "submitted" and done.slip.responsible == 0 and done.slip.reporter_side == 1
    copies = [t for _, t, _ in await outbox_since(db, 0) if "reported a result" in t]
    assert any("(Sent by Dev Rao; para 23 asks the winner to report" in t for t in copies)
    async with db.transaction() as tx:
        detail = await tx.scalar("SELECT detail_json FROM journal WHERE action = 'game.report'")
    assert '"by_responsible": false' in detail
    tie = await _slip(db, "Ann Lee", SaidResult(400, 400))  # Ann started game 2: she reports
    assert tie.slip.responsible == 0 == tie.slip.reporter_side


async def test_both_report_the_same_game_the_same_way_final_at_once(db: Database) -> None:
    done = await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    mark = await last_outbox(db)
    draft = await reporting.report_result(db, player("Dev Rao"), SaidResult(380, 412))
    assert isinstance(draft, reporting.SlipAnswer) and draft.kind == "draft"
    assert draft.slip.game == 1 and draft.slip.second == "same"
    both = await reporting.confirm_slip(db, player("Dev Rao"), draft.slip.id)
    assert both.kind == "both"
    async with db.transaction() as tx:
        states = [r[0] for r in await tx.all("SELECT state FROM slips ORDER BY id")]
        assert states == ["agreed", "agreed"] and await tx.scalar("SELECT count(*) FROM games") == 1
    told = [t for _, t, _ in await outbox_since(db, mark)]
    assert sum("You both reported the same result" in t for t in told) == 2
    assert done.slip.game == 1


async def test_a_second_report_that_differs_is_not_counted_and_goes_to_the_tds(
    db: Database,
) -> None:
    """Both players report game 1 at once, differently: the first confirmed counts, the
    second is void and opens a discrepancy for the TDs (para 24, para 19)."""
    ann = await reporting.report_result(db, player("Ann Lee"), SaidResult(412, 380))
    dev = await reporting.report_result(db, player("Dev Rao"), SaidResult(380, 402))
    assert isinstance(ann, reporting.SlipAnswer) and isinstance(dev, reporting.SlipAnswer)
    await reporting.set_starter(db, player("Ann Lee"), ann.slip.id, 0)
    await reporting.set_starter(db, player("Dev Rao"), dev.slip.id, 0)
    assert (await reporting.confirm_slip(db, player("Ann Lee"), ann.slip.id)).kind == "submitted"
    mark = await last_outbox(db)
    differs = await reporting.confirm_slip(db, player("Dev Rao"), dev.slip.id)
    assert differs.kind == "differs" and differs.slip.state == "void"
    async with db.transaction() as tx:
        assert (await match_state(tx, M1)).score_line() == "1-0 (+32)"  # only Ann's counts
        assert await tx.scalar("SELECT state FROM slips WHERE id = ?", (ann.slip.id,)) == "disputed"
        dispute = await tx.one("SELECT raised_by, reason, state FROM disputes")
    assert dispute["state"] == "open"
    assert dispute["reason"] == "Dev Rao reported game 1 differently: Ann Lee 402, Dev Rao 380"
    told = {who: text for who, text, _ in await outbox_since(db, mark) if "⚖️" in text}
    assert "Tara TD" in told and "Ann Lee and Dev Rao reported game 1 differently" \
        in told["Tara TD"]
    assert "Dev Rao reported: Ann Lee 402, Dev Rao 380 (Ann Lee started)." in told["Tara TD"]
    assert "\nPhone: Ann Lee 9123 4567.\n" in told["Tara TD"]  # Dev has none: left out
    # the players read who rules and what comes next in plain words: no paragraph, no phone
    assert "Tara TD will rule on it, and I will tell you both the ruling." in told["Ann Lee"]
    assert "8333" not in told["Ann Lee"] and "para" not in told["Ann Lee"]
    # the disputed slip is frozen: its window does not make it final
    async with db.transaction() as tx:
        window = next(d for d in await deadlines.open_deadlines(tx) if d.kind == "slip.window")
        assert not await deadlines.fire_due(tx, window.id, NOW + timedelta(days=2))
        assert await tx.scalar("SELECT state FROM slips WHERE id = ?", (ann.slip.id,)) == "disputed"


async def test_a_new_result_after_the_opponents_slip_is_the_next_game(db: Database) -> None:
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    draft = await reporting.report_result(db, player("Dev Rao"), SaidResult(420, 300))
    assert isinstance(draft, reporting.SlipAnswer)
    assert draft.slip.game == 2 and draft.slip.second == "" and draft.slip.open_game == 1
    assert draft.slip.starter == 1  # para 15: Dev starts game 2


async def test_the_match_is_found_by_the_opponents_name(db_target: Path | str) -> None:
    """A player in two matches at once (here: Ann also plays Ben, a match the test adds in
    an open round) names the opponent; without a name the bot lists them."""
    db = await _setup(db_target)
    try:
        async with db.transaction() as tx:
            ann = await tx.scalar("SELECT id FROM entries WHERE person_id = ("
                                  "SELECT id FROM people WHERE name = 'Ann Lee')")
            ben = await tx.scalar("SELECT id FROM entries WHERE person_id = ("
                                  "SELECT id FROM people WHERE name = 'Ben Ong')")
            await tx.execute("UPDATE matches SET entry_a = ?, entry_b = ?, state = 'playing'"
                             " WHERE id = ?", (ann, ben, M2))
        choice = await reporting.report_result(db, player("Ann Lee"), SaidResult(400, 300))
        assert isinstance(choice, reporting.Choice)
        assert [opp for _, opp, _ in choice.matches] == ["Dev Rao", "Ben Ong"]
        named = await reporting.report_result(db, player("Ann Lee"),
                                              SaidResult(400, 300, opponent="ben"))
        assert isinstance(named, reporting.SlipAnswer) and named.slip.code == "M2"
        with pytest.raises(Invalid, match="none of your matches being played is against 'Cai'"):
            await reporting.report_result(db, player("Ann Lee"),
                                          SaidResult(400, 300, opponent="Cai"))
        # core.names: a whole word beats the start of one; two opponents at the same level
        # are refused, naming them, rather than guessed
        async with db.transaction() as tx:
            await tx.execute("UPDATE people SET name = 'Devi Ong' WHERE name = 'Ben Ong'")
        dev = await reporting.report_result(db, player("Ann Lee"),
                                            SaidResult(400, 300, opponent="dev"))
        assert isinstance(dev, reporting.SlipAnswer) and dev.slip.code == "M1"
        with pytest.raises(Invalid, match=r"'De' could be Dev Rao or Devi Ong: give more of "
                                          r"the name, e.g. 400-300 v Dev Rao"):
            await reporting.report_result(db, player("Ann Lee"),
                                          SaidResult(400, 300, opponent="De"))
    finally:
        await db.close()


async def test_words_that_name_nobody_are_chatter_a_wrong_name_is_refused(db: Database) -> None:
    chat = await reporting.report_result(db, player("Ann Lee"),
                                         SaidResult(412, 380, opponent="great game"))
    assert isinstance(chat, reporting.SlipAnswer) and chat.slip.opponent == "Dev Rao"
    with pytest.raises(Invalid, match="none of your matches being played is against 'Ben'; "
                                      "you play Dev Rao"):
        await reporting.report_result(db, player("Ann Lee"), SaidResult(412, 380, opponent="Ben"))


async def test_cancel_and_nothing_to_report(db: Database) -> None:
    draft = await reporting.report_result(db, player("Ann Lee"), SaidResult(412, 380))
    assert isinstance(draft, reporting.SlipAnswer)
    cancelled = await reporting.cancel_slip(db, player("Ann Lee"), draft.slip.id)
    assert cancelled.kind == "cancelled"
    assert (await reporting.cancel_slip(db, player("Ann Lee"), draft.slip.id)).kind == "unchanged"
    assert (await reporting.confirm_slip(db, player("Ann Lee"), draft.slip.id)).kind == "unchanged"
    assert await one(db, "SELECT count(*) FROM games") == 0
    with pytest.raises(Invalid, match="you have no match being played right now"):
        await reporting.report_result(db, player("Tara TD"), SaidResult(400, 300))


async def test_a_decided_match_takes_no_more_slips(db: Database) -> None:
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    await _slip(db, "Ann Lee", SaidResult(400, 350))
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM matches WHERE id = ?", (M1,)) == "decided"
    # Dev's result after the decision: the last game is still open, so it is about that one
    late = await reporting.report_result(db, player("Dev Rao"), SaidResult(390, 300))
    assert isinstance(late, reporting.SlipAnswer) and late.slip.game == 2
    assert late.slip.second == "differs"
    with pytest.raises(Invalid, match=r"SSSg para 14"):
        await reporting.report_result(db, player("Dev Rao"), SaidResult(390, 300, game=3))


# --- P3: disputes ---------------------------------------------------------------------


async def test_dispute_freezes_the_slip_and_the_reason_goes_to_the_td(db: Database) -> None:
    done = await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    mark = await last_outbox(db)
    asked = await disputes.dispute_slip(db, player("Dev Rao"), done.slip.id)
    assert asked.kind == "ask_reason" and asked.rulers == ["Tara TD"]
    assert await prompts.awaited_kind(db, player("Dev Rao")) is PromptKind.DISPUTE_REASON
    assert await prompts.awaited_kind(db, player("Ann Lee")) is None
    noted = await disputes.give_reason(db, player("Dev Rao"), "I had 390, not 380")
    assert noted.kind == "reason_noted" and noted.rulers == ["Tara TD"]
    assert await prompts.awaited_kind(db, player("Dev Rao")) is None
    told = [(w, t) for w, t, _ in await outbox_since(db, mark)]
    to_tara = [t for w, t in told if w == "Tara TD"]
    # the notice, then its edit holding the reason (one message on Tara's phone)
    assert len(to_tara) == 2 and "says:" not in to_tara[0] and "I asked" not in to_tara[0]
    assert "\nDev Rao says: I had 390, not 380\n" in to_tara[1]
    async with db.transaction() as tx:
        edited = await tx.scalar("SELECT edit_of FROM outbox WHERE text_html = ?", (to_tara[1],))
        assert await tx.scalar("SELECT text_html FROM outbox WHERE id = ?", (edited,)) \
            == to_tara[0]
    again = await disputes.dispute_slip(db, player("Dev Rao"), done.slip.id)
    assert again.kind == "unchanged" and again.slip_state == "disputed"
    async with db.transaction() as tx:
        window = next(d for d in await deadlines.open_deadlines(tx) if d.kind == "slip.window")
        assert not await deadlines.fire_due(tx, window.id, NOW + timedelta(days=2))


async def test_dispute_command_with_its_reason(db: Database) -> None:
    with pytest.raises(Invalid, match="none of your results is open to dispute"):
        await disputes.dispute_latest(db, player("Dev Rao"), "wrong")
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    raised = await disputes.dispute_latest(db, player("Dev Rao"), "Ann <b>miscounted</b>")
    assert raised.kind == "raised" and raised.game == 1
    async with db.transaction() as tx:
        reason = await tx.scalar("SELECT reason FROM disputes")
        to_tara = await tx.scalar("SELECT text_html FROM outbox WHERE text_html LIKE '%disputes game%'")
    assert reason == "Ann <b>miscounted</b>"
    assert "Dev Rao says: Ann &lt;b&gt;miscounted&lt;/b&gt;" in to_tara  # user text escaped


# --- P3: rulings ----------------------------------------------------------------------


async def _disputed(db: Database, name: str, said: SaidResult, starter: int | None = None,
                    disputer: str = "Dev Rao") -> reporting.SlipAnswer:
    done = await _slip(db, name, said, starter=starter)
    await disputes.dispute_latest(db, player(disputer), "the scores are wrong")
    return done


async def test_a_td_upholds_a_disputed_slip(db: Database) -> None:
    with pytest.raises(Invalid, match="M1 has no game 1: 0 game"):
        await rulings.rule_game(db, td(), EVENT, "M1", 1, uphold=True, why="x")
    done = await _disputed(db, "Ann Lee", SaidResult(412, 380), starter=0)
    with pytest.raises(Invalid, match="rule one way"):
        await rulings.rule_game(db, td(), EVENT, "m1", 1, uphold=True, void=True, why="x")
    with pytest.raises(Invalid, match="say why with --why TEXT"):
        await rulings.rule_game(db, td(), EVENT, "m1", 1, uphold=True, why=" ")
    with pytest.raises(NotAllowed):
        await rulings.rule_game(db, player("Ann Lee"), EVENT, "M1", 1, uphold=True, why="mine")
    mark = await last_outbox(db)
    ruled = await rulings.rule_game(db, td(), EVENT, "m1", 1, uphold=True,
                                    why="the board photo shows 412-380")
    assert (ruled.ruling, ruled.score_line, ruled.reopened) == ("upheld", "1-0 (+32)", False)
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM slips WHERE id = ?", (done.slip.id,)) == "final"
        assert await tx.scalar("SELECT state FROM disputes") == "ruled"
    told = {w: t for w, t, _ in await outbox_since(db, mark)}
    assert "a TD ruled on game 1: the result stands as reported." in told["Dev Rao"]
    assert "Why: the board photo shows 412-380" in told["Ann Lee"]
    with pytest.raises(Invalid, match="game 1 of M1 has no open dispute"):
        await rulings.rule_game(db, td(), EVENT, "M1", 1, uphold=True, why="again")


async def test_a_ruling_that_changes_the_winner_reopens_the_match(db: Database) -> None:
    """Ann's slips decide M1 2-0 and seat her in the Final against Ben; Dev disputes game 2
    and the TD finds Dev won it: 1-1, the deciding game is to come, and Ben's Final
    opponent is not known any more."""
    await reporting.enter_game(db, td(), EVENT, ("Ben Ong", "Cai Wen"), (400, 300),
                               starter="Ben Ong")
    await reporting.enter_game(db, td(), EVENT, ("Ben Ong", "Cai Wen"), (400, 300))
    first = await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    await _disputed(db, "Ann Lee", SaidResult(400, 350))
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT state FROM matches WHERE id = ?", (FINAL,)) == "ready"
    mark = await last_outbox(db)
    ruled = await rulings.rule_game(db, td(), EVENT, "M1", 2, scores=(350, 400),
                                    why="Dev's scoresheet, agreed by both")
    assert ruled.reopened and not ruled.decided and ruled.score_line == "1-1 (-18)"
    async with db.transaction() as tx:
        m1 = await tx.one("SELECT state, winner_side FROM matches WHERE id = ?", (M1,))
        final = await tx.one("SELECT state, entry_a, entry_b FROM matches WHERE id = ?", (FINAL,))
        assert tuple(m1) == ("playing", None)
        assert final["state"] == "waiting" and None in (final["entry_a"], final["entry_b"])
    told = await outbox_since(db, mark)
    dev = next(t for w, t, _ in told if w == "Dev Rao")
    assert "the scores are you 400, Ann Lee 350." in dev
    assert "Next: game 3, the deciding game: you start (ahead on spread, para 16b)." in dev
    # Ben was never told he meets Ann (her result was disputed, so never final): he has
    # no opponent to lose
    assert not [t for w, t, _ in told if w == "Ben Ong"], told
    # Dev then wins the deciding game: he is seated in the Final instead, and Ben is told
    # so once that result is final
    third = await _slip(db, "Dev Rao", SaidResult(420, 300))
    async with db.transaction() as tx:
        assert tuple(await tx.one("SELECT state, winner_side FROM matches WHERE id = ?",
                                  (M1,))) == ("decided", 1)
        assert await tx.scalar("SELECT state FROM matches WHERE id = ?", (FINAL,)) == "ready"
    await reporting.agree_slip(db, player("Dev Rao"), first.slip.id)
    assert not any("Final" in t for w, t, _ in await outbox_since(db, mark) if w == "Ben Ong")
    await reporting.agree_slip(db, player("Ann Lee"), third.slip.id)
    [told_ben] = [t for w, t, _ in await outbox_since(db, mark) if w == "Ben Ong"]
    assert "Your next match: <b>Final</b> against <b>Dev Rao</b>" in told_ben


async def test_a_void_game_is_replaced_by_the_next_one(db: Database) -> None:
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    await _disputed(db, "Dev Rao", SaidResult(400, 350), disputer="Ann Lee")
    ruled = await rulings.rule_game(db, td(), EVENT, "M1", 2, void=True,
                                    why="played in another rated event (para 20)")
    assert ruled.ruling == "void" and ruled.score_line == "1-0 (+32)"
    draft = await reporting.report_result(db, player("Dev Rao"), SaidResult(400, 350))
    assert isinstance(draft, reporting.SlipAnswer) and draft.slip.game == 2  # replaces it


async def test_a_ruling_that_would_unseat_a_player_with_games_needs_confirming(db: Database) -> None:
    await reporting.enter_game(db, td(), EVENT, ("Ben Ong", "Cai Wen"), (400, 300),
                               starter="Ben Ong")
    await reporting.enter_game(db, td(), EVENT, ("Ben Ong", "Cai Wen"), (400, 300))
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    await _disputed(db, "Ann Lee", SaidResult(400, 350))
    async with db.transaction() as tx:  # the Final is opened and played meanwhile
        await open_round_in(tx, EVENT, "Final", by=Actor.cli(), now=NOW, unpaid_ok=True, why="t")
    await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Ben Ong"), (400, 300),
                               starter="Ann Lee")
    with pytest.raises(Invalid, match=r"voids later match\(es\) M3 \(1 game\(s\) played\)\. "
                                      r"Nothing was changed: confirm"):
        await rulings.rule_game(db, td(), EVENT, "M1", 2, scores=(350, 400), why="late")
    async with db.transaction() as tx:  # rolled back: nothing changed
        assert await tx.scalar("SELECT state FROM disputes") == "open"
        assert await tx.scalar("SELECT score_a FROM games WHERE match_id = ? AND seq = 2",
                               (M1,)) == 400


async def test_sssg_qualifying_losers_go_to_the_plate_and_hear_their_match(
    tmp_path: Path,
) -> None:
    """SSSg para 3: the plate is drawn when the qualifying round is over. A qualifier's
    loser is told so; when the last qualifier is decided, the plate is seated and its
    players are told their matches."""
    root = Path(__file__).resolve().parents[2]
    players = "name,rating\n" + "".join(f"Player {i:02},{2100 - 20 * i}\n" for i in range(1, 25))
    at = datetime(2016, 8, 1, 1, 0, tzinfo=UTC)  # the qualifying round of SSSg 2016
    db = await open_database(tmp_path / "sssg.sqlite3")
    try:
        async with db.transaction() as tx:
            created = await create_event(
                tx, parse_definition((root / "examples" / "sssg2016.toml").read_text()),
                by=Actor.cli(), now=at)
            await import_players(tx, created.event_id, players, by=Actor.cli(), now=at)
            await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=at)
            await open_round_in(tx, created.event_id, "Qual Rd", by=Actor.cli(), now=at,
                             unpaid_ok=True, why="test")
            qualifiers = [m for m in await matches_of_event(tx, created.event_id)
                          if m.code.startswith("Q")]
        mark = await last_outbox(db)
        for m in qualifiers:
            a, b = m.names
            assert a is not None and b is not None
            for game in range(m.best_of // 2 + 1):
                await reporting.enter_game(db, td(at), created.event_id, (a, b), (400, 300),
                                           starter=a if game == 0 else None)
            if m is qualifiers[0]:
                told = {w: t for w, t, _ in await outbox_since(db, mark)
                        if "the match." in t}
                assert "You go to the <b>Plate</b>, which is drawn when the qualifying round " \
                       "is over" in told[b]
                assert "Your next match: <b>Ro16</b> against <b>Player" in told[a]
        plate = [t for _, t, _ in await outbox_since(db, mark)
                 if "Your next match: <b>Plate" in t]
        assert len(plate) == len(qualifiers)  # every loser learns their plate match
    finally:
        await db.close()


async def test_a_level_deciding_game_asks_who_won_the_draw(db: Database) -> None:
    """Para 16c: level on wins and spread before the deciding game, the players draw
    tiles: the TD must name the starter, and a player reporting it is asked."""
    await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (400, 300),
                               starter="Ann Lee")
    level = await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (300, 400))
    assert level.deciding and level.next_starter is None
    with pytest.raises(Invalid, match=r"game 3 is the deciding game and the players are level "
                                      r"on wins and spread, so they drew tiles \(para 16c\)"):
        await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Dev Rao"), (400, 390))
    asked = await reporting.report_result(db, player("Ann Lee"), SaidResult(400, 390))
    assert isinstance(asked, reporting.SlipAnswer) and asked.kind == "ask_starter"
    assert asked.slip.deciding and asked.slip.start_reason is StartReason.DRAW_TO_START
