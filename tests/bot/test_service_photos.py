"""Board photos (bot/service/results/photos.py) against SSSg 2016 Annex A para 25: the winner (on a
tie the starter) sends a photo of the finished board within 24 hours, "failing which the game
may be awarded as a bye to the loser" (+100 spread, para 28).

The club cup: SF best of 3, M1 Ann Lee v Dev Rao; TDs Tara (and Uma where two are needed).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.platform import deadlines
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.unit import Request
from bot.service.results import disputes, photos, reporting, rulings
from bot.service.results.matches import match_state
from bot.service.results.reporting import SaidResult
from bot.store.db import Database, open_database
from tests.bot.club_chat import DEFINITION, linked_definition

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
IDS = {"Tara TD": 9001, "Uma TD": 9002, "Ann Lee": 9011, "Ben Ong": 9012, "Cai Wen": 9013,
       "Dev Rao": 9014}
OFFICER = -100555
EVENT, M1, FINAL = 1, 1, 3
UMA = '\n[[tds]]\nname = "Uma TD"\n'


def definition(extra: str) -> str:
    return linked_definition(None, base=DEFINITION + extra, ids=IDS)


async def _setup(path: Path | str, extra: str = "") -> Database:
    db = await open_database(path)
    async with db.transaction() as tx:
        await create_event(tx, parse_definition(definition(extra)), by=Actor.cli(), now=NOW)
        await make_draw(tx, EVENT, seed=2026, by=Actor.cli(), now=NOW)
        await open_round_in(tx, EVENT, "SF", by=Actor.cli(), now=NOW, unpaid_ok=True, why="test")
    return db


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await _setup(db_target,
                            f"\n[rules]\nratings_officer_chat = {OFFICER}\n")
    yield database
    await database.close()


_updates = iter(range(1, 10_000))


def person(name: str, at: datetime = NOW) -> Request:
    return Request(now=at, label=f"tg:{IDS[name]}", tg_user_id=IDS[name], tg_name=name,
                   update_id=next(_updates), chat_id=IDS[name])


async def play(db: Database, name: str, mine: int, theirs: int, *, starter: int | None = None,
               at: datetime = NOW) -> None:
    """``name`` reports and confirms a game of M1 (``starter``: the side, for game 1)."""
    draft = await reporting.report_result(db, person(name, at), SaidResult(mine, theirs))
    if draft.kind == "ask_starter":
        assert starter is not None
        await reporting.set_starter(db, person(name, at), draft.slip.id, starter)
    done = await reporting.confirm_slip(db, person(name, at), draft.slip.id)
    assert done.kind == "submitted"


async def rows(db: Database, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    async with db.transaction() as tx:
        return [tuple(r) for r in await tx.all(sql, params)]


async def outbox_after(db: Database, mark: int) -> list[tuple[object, ...]]:
    """(recipient name or chat id, text, buttons, photo, edit_of) written after ``mark``."""
    found = await rows(db, "SELECT p.name, o.chat_id, o.text_html, o.buttons_json,"
                           " o.photo_file_id, o.edit_of FROM outbox o"
                           " LEFT JOIN people p ON p.id = o.person_id WHERE o.id > ? ORDER BY o.id",
                       (mark,))
    return [(name if name is not None else chat, *rest) for name, chat, *rest in found]


async def mark(db: Database) -> int:
    return int((await rows(db, "SELECT COALESCE(MAX(id), 0) FROM outbox"))[0][0])  # type: ignore[arg-type]


async def photo_deadlines(db: Database, window: int | None = None
                          ) -> list[tuple[int, str, datetime]]:
    async with db.transaction() as tx:
        return [(d.id, d.kind, d.due_at) for d in await deadlines.open_deadlines(tx)
                if d.kind.startswith("photo.") and window in (None, int(d.subject[6:]))]


async def fire(db: Database, kind: str, at: datetime, window: int | None = None) -> bool:
    """Fire the open photo deadline of ``kind`` (of ``window``), as the alarm clock would."""
    found = [d for d in await photo_deadlines(db, window) if d[1] == kind]
    assert len(found) == 1, found
    return await deadlines.fire(db, found[0][0], at)


async def window_states(db: Database) -> list[object]:
    return [r[0] for r in await rows(db, "SELECT state FROM photo_windows ORDER BY id")]


async def test_a_confirmed_game_opens_the_window_and_the_winners_photo_discharges_it(
    db: Database,
) -> None:
    await play(db, "Ann Lee", 412, 380, starter=1)  # Ann won: para 25 makes her responsible
    assert await rows(db, "SELECT responsible_side, closes_at FROM photo_windows") == [
        (0, (NOW + timedelta(hours=24)).isoformat())]
    assert sorted((k, due) for _, k, due in await photo_deadlines(db)) == [
        ("photo.reminder", NOW + timedelta(hours=22)), ("photo.window", NOW + timedelta(hours=24))]
    before = await mark(db)
    got = await photos.receive_photo(db, person("Ann Lee", NOW + timedelta(hours=3)), "AgACann")
    assert got.kind == "attached" and got.discharged and not got.late
    assert (got.games[0].code, got.games[0].game, got.games[0].opponent) == ("M1", 1, "Dev Rao")
    assert await window_states(db) == ["received"]
    assert await rows(db, "SELECT g.seq, p.file_id FROM photos p JOIN games g ON g.id = p.game_id"
                      ) == [(1, "AgACann")]
    # forwarded to the ratings officer, with a caption naming event, match, game and score
    (to, caption, _, photo, _), answered = await outbox_after(db, before)
    assert (to, photo) == (OFFICER, "AgACann")
    # and Ann, in her chat, is thanked: nothing more to send
    assert answered[1] == ("📷 Board photo of game 1 v Dev Rao received. Thank you: nothing "
                           "more to send for this game.")
    assert "Club Cup &lt;2026&gt;" in caption and "M1 game 1: Ann Lee 412, Dev Rao 380" in caption
    # the reminder and the close find the window discharged and do nothing
    assert not await fire(db, "photo.reminder", NOW + timedelta(hours=22))
    assert not await fire(db, "photo.window", NOW + timedelta(hours=24))
    assert await window_states(db) == ["received"]


async def test_the_other_players_photo_is_kept_but_does_not_discharge(db: Database) -> None:
    await play(db, "Ann Lee", 412, 380, starter=1)
    got = await photos.receive_photo(db, person("Dev Rao"), "AgACdev")
    assert got.kind == "attached" and not got.discharged and not got.games[0].responsible
    assert await window_states(db) == ["open"]
    assert await rows(db, "SELECT count(*) FROM photos WHERE game_id IS NOT NULL") == [(1,)]


async def test_a_photo_with_no_game_waiting_says_what_to_do(db: Database) -> None:
    with pytest.raises(Invalid, match=r"no game of yours is waiting for a board photo\. Report "
                                      r"the result first \(e\.g\. 412-380\), then send"):
        await photos.receive_photo(db, person("Ann Lee"), "AgACx")
    assert await rows(db, "SELECT count(*) FROM photos") == [(0,)]


async def test_with_several_games_waiting_the_player_picks_one(db: Database) -> None:
    await play(db, "Ann Lee", 412, 380, starter=1)
    await play(db, "Ann Lee", 405, 399)  # Ann wins game 2 too: two photos owed
    got = await photos.receive_photo(db, person("Ann Lee"), "AgACtwo")
    assert got.kind == "choose" and [g.game for g in got.games] == [1, 2]
    assert await rows(db, "SELECT game_id FROM photos") == [(None,)]  # kept, not yet placed
    with pytest.raises(NotAllowed, match="only the player who sent this photo"):
        await photos.pick_game(db, person("Dev Rao"), got.photo_id, got.games[1].window_id)
    picked = await photos.pick_game(db, person("Ann Lee"), got.photo_id, got.games[1].window_id)
    assert picked.kind == "attached" and picked.discharged and picked.games[0].game == 2
    assert await window_states(db) == ["open", "received"]
    again = await photos.pick_game(db, person("Ann Lee"), got.photo_id, got.games[0].window_id)
    assert again.kind == "unchanged" and await window_states(db) == ["open", "received"]


async def test_the_responsible_player_is_reminded_before_the_close(db: Database) -> None:
    await play(db, "Ann Lee", 412, 380, starter=1)
    before = await mark(db)
    assert not await fire(db, "photo.reminder", NOW + timedelta(hours=21))  # not due yet
    assert await fire(db, "photo.reminder", NOW + timedelta(hours=22))
    (to, text, *_), = await outbox_after(db, before)
    assert to == "Ann Lee"
    assert "board photo of game 1 v Dev Rao is due by Tue 03 Mar 2026 17:00 (+08)" in text
    assert "Send the picture here." in text


async def test_a_player_who_set_their_zone_reads_the_photo_times_in_it(db: Database) -> None:
    """/timezone: the reminder, and a TD's extension, give the time the photo is due by in
    the zone the player set, naming it; the opponent reads the event's."""
    from bot.service.between.arranging import set_zone

    await set_zone(db, person("Ann Lee"), "Europe/London")
    await play(db, "Ann Lee", 412, 380, starter=1)
    before = await mark(db)
    assert await fire(db, "photo.reminder", NOW + timedelta(hours=22))
    (to, text, *_), = await outbox_after(db, before)
    assert to == "Ann Lee"
    assert ("board photo of game 1 v Dev Rao is due by Tue 03 Mar 2026 09:00 "
            "(GMT, Europe/London)") in text, text
    assert await fire(db, "photo.window", NOW + timedelta(hours=24))
    before = await mark(db)
    ruled = await photos.rule_photo(db, Request.cli(NOW + timedelta(hours=24)), EVENT, "M1", 1,
                                    extend="24h", why="her phone broke")
    assert ruled.until == "Wed 04 Mar 2026 17:00 (+08)"  # the TD reads the event's zone
    told = {to: text for to, text, *_ in await outbox_after(db, before)}
    assert "until Wed 04 Mar 2026 09:00 (GMT, Europe/London)" in str(told["Ann Lee"])
    assert "until Wed 04 Mar 2026 17:00 (+08)" in str(told["Dev Rao"])


async def _ann_wins_m1_and_sends_only_game_1s_photo(db: Database) -> int:
    """Ann wins M1 2-0 (she waits in the Final) and sends the photo of game 1 only; returns
    the window id of game 2."""
    await play(db, "Ann Lee", 412, 380, starter=1)
    await play(db, "Ann Lee", 405, 399)
    assert await rows(db, "SELECT state FROM matches WHERE id = ?", (M1,)) == [("decided",)]
    got = await photos.receive_photo(db, person("Ann Lee"), "AgACg1")
    await photos.pick_game(db, person("Ann Lee"), got.photo_id, got.games[0].window_id)
    assert await window_states(db) == ["received", "open"]
    return got.games[1].window_id


async def test_window_closes_and_a_td_gives_the_loser_the_game(db: Database) -> None:
    window = await _ann_wins_m1_and_sends_only_game_1s_photo(db)
    closes = NOW + timedelta(hours=24)
    before = await mark(db)
    assert await fire(db, "photo.window", closes, window)
    assert await window_states(db) == ["received", "overdue"]
    (to, question, buttons, *_), = await outbox_after(db, before)
    assert to == "Tara TD"
    assert "no board photo of M1 game 2: Ann Lee 405, Dev Rao 399" in question
    assert "The game may go to Dev Rao as a bye (+100, para 28)" in question
    assert f"photo:rule:{window}:bye" in str(buttons) and f"photo:rule:{window}:waive" in str(buttons)
    with pytest.raises(NotAllowed, match=r"you play in M1, so Tara TD rules on it \(SSSg para 19\)"):
        await photos.rule_photo_button(db, person("Ann Lee", closes), window, "bye")
    before = await mark(db)
    ruled = await photos.rule_photo_button(db, person("Tara TD", closes), window, "bye")
    assert (ruled.kind, ruled.by, ruled.score_line, ruled.decided, ruled.reopened) == (
        "bye", "Tara TD", "1-1 (-68)", False, True)  # para 28: +100 to Dev
    async with db.transaction() as tx:
        assert (await match_state(tx, M1)).score_line() == "1-1 (-68)"
        assert await tx.scalar("SELECT state FROM matches WHERE id = ?", (M1,)) == "playing"
        # the Final no longer has M1's winner: the bracket was synced from the rows
        assert await tx.scalar("SELECT entry_a FROM matches WHERE id = ?", (FINAL,)) is None
        assert await tx.scalar("SELECT kind || ':' || bye_side FROM games WHERE seq = 2"
                               " AND match_id = ?", (M1,)) == "bye:1"
    told = await outbox_after(db, before)
    texts = {str(to): text for to, text, _, _, edit in told if edit is None}
    assert "no board photo of game 2 came in time, so the game goes to Dev Rao as a bye" in str(
        texts["Ann Lee"])
    assert "so the game is yours as a bye (para 25). Decided by Tara TD." in str(texts["Dev Rao"])
    assert "Score: Dev Rao 1-1 Ann Lee (+68)" in str(texts["Dev Rao"])
    edits = [text for _, text, _, _, edit in told if edit is not None]
    assert len(edits) == 1 and "✅ Tara TD decided: game bye to Dev Rao." in str(edits[0])
    # the deciding game is next (para 16): the match is played on
    assert await rows(db, "SELECT count(*) FROM journal WHERE action = 'photo.bye'") == [(1,)]


async def test_automatic_mode_gives_the_bye_at_once(db_target: Path | str) -> None:
    db = await _setup(db_target, '\n[rules]\nphoto_bye = "automatic"\n')
    try:
        await play(db, "Ann Lee", 412, 380, starter=1)
        before = await mark(db)
        assert await fire(db, "photo.window", NOW + timedelta(hours=24))
        assert await window_states(db) == ["bye"]
        async with db.transaction() as tx:
            assert (await match_state(tx, M1)).score_line() == "0-1 (-100)"
        told = await outbox_after(db, before)
        assert {str(to) for to, *_ in told} == {"Ann Lee", "Dev Rao"}  # no TD question
        assert any("Decided by the event's rules" in str(t) for _, t, *_ in told)
    finally:
        await db.close()


async def test_two_tds_press_at_once_one_decides_the_other_is_told(db_target: Path | str) -> None:
    db = await _setup(db_target, UMA)
    try:
        await play(db, "Ann Lee", 412, 380, starter=1)
        closes = NOW + timedelta(hours=24)
        before = await mark(db)
        assert await fire(db, "photo.window", closes)
        asked = {str(to) for to, *_ in await outbox_after(db, before)}
        assert asked == {"Tara TD", "Uma TD"}  # para 19: both TDs, neither plays in M1
        (window,), = await rows(db, "SELECT id FROM photo_windows")
        assert isinstance(window, int)
        first, second = await asyncio.gather(
            photos.rule_photo_button(db, person("Tara TD", closes), window, "waive"),
            photos.rule_photo_button(db, person("Uma TD", closes), window, "bye"),
        )
        winner, loser = (first, second) if first.kind != "already" else (second, first)
        assert loser.kind == "already" and loser.by == winner.by
        assert await window_states(db) == [winner.state]
        edits = [r for r in await outbox_after(db, before) if r[4] is not None]
        assert len(edits) == 2  # both TDs' copies say who decided, buttons gone
        assert all(f"✅ {winner.by} decided" in str(e[1]) and e[2] is None for e in edits)
    finally:
        await db.close()


async def test_an_extension_reopens_the_window_and_stale_deadlines_do_nothing(
    db: Database,
) -> None:
    await play(db, "Ann Lee", 412, 380, starter=1)
    closes = NOW + timedelta(hours=24)
    (window,), = await rows(db, "SELECT id FROM photo_windows")
    assert isinstance(window, int)
    with pytest.raises(Invalid, match="is open until Tue 03 Mar 2026 17:00 .* rule once it closes"):
        await photos.rule_photo(db, Request.cli(NOW), EVENT, "M1", 1, waive=True, why="x")
    assert await fire(db, "photo.reminder", NOW + timedelta(hours=22))
    assert await fire(db, "photo.window", closes)
    with pytest.raises(Invalid, match="rule one way"):
        await photos.rule_photo(db, Request.cli(closes), EVENT, "M1", 1, why="x")
    with pytest.raises(Invalid, match="--extend 'soon'"):
        await photos.rule_photo(db, Request.cli(closes), EVENT, "M1", 1, extend="soon", why="x")
    ruled = await photos.rule_photo(db, Request.cli(closes), EVENT, "M1", 1, extend="24h",
                                    why="phone died")
    assert ruled.kind == "extended" and ruled.until == "Wed 04 Mar 2026 17:00 (+08)"
    assert await window_states(db) == ["open"]
    assert sorted((k, due) for _, k, due in await photo_deadlines(db)) == [
        ("photo.reminder", closes + timedelta(hours=22)),
        ("photo.window", closes + timedelta(hours=24))]
    late = await photos.receive_photo(db, person("Ann Lee", closes + timedelta(hours=1)), "AgACl")
    assert late.discharged and await window_states(db) == ["received"]
    assert not await fire(db, "photo.window", closes + timedelta(hours=24))


async def test_a_photo_after_the_close_is_kept_and_the_tds_told(db: Database) -> None:
    await play(db, "Ann Lee", 412, 380, starter=1)
    closes = NOW + timedelta(hours=24)
    assert await fire(db, "photo.window", closes)
    before = await mark(db)
    late = await photos.receive_photo(db, person("Ann Lee", closes + timedelta(hours=1)), "AgACz")
    assert late.late and not late.discharged and await window_states(db) == ["overdue"]
    told = {str(to): str(text) for to, text, *_ in await outbox_after(db, before)}
    assert "Ann Lee sent the board photo of M1 game 1 late" in told["Tara TD"]
    assert str(OFFICER) in told  # still forwarded to the ratings officer


async def test_a_ruling_that_changes_the_winner_moves_the_photo_duty(db: Database) -> None:
    """Para 25 asks the game's winner for the photo: after a TD amends game 1 so that Dev
    won it, the window waits for Dev's photo, not Ann's; a voided game needs none."""
    await play(db, "Ann Lee", 412, 380, starter=1)
    assert await rows(db, "SELECT responsible_side, state FROM photo_windows") == [(0, "open")]
    await disputes.dispute_latest(db, person("Dev Rao"), "I had 420")
    await rulings.rule_game(db, Request.cli(NOW), EVENT, "M1", 1, scores=(380, 420),
                            why="recount by phone")
    assert await rows(db, "SELECT responsible_side, state FROM photo_windows") == [(1, "open")]
    await play(db, "Dev Rao", 420, 400)  # game 2: Dev's photo to send
    await disputes.dispute_latest(db, person("Ann Lee"), "we never played it")
    await rulings.rule_game(db, Request.cli(NOW), EVENT, "M1", 2, void=True, why="not played")
    assert await rows(db, "SELECT state FROM photo_windows ORDER BY id") == [("open",),
                                                                          ("waived",)]


async def test_a_reminder_whose_window_closed_meanwhile_is_not_sent(db: Database) -> None:
    """The bot comes back after the reminder's time AND the window's close: the reminder
    ("due by ... Send the picture here") would arrive as the TDs are asked about the
    missing photo, so it goes unsent (its row cancelled) and only the close acts."""
    await play(db, "Ann Lee", 412, 380, starter=1)
    closes = NOW + timedelta(hours=24)
    before = await mark(db)
    await deadlines.sweep(db, closes + timedelta(hours=1))
    assert await window_states(db) == ["overdue"]
    assert await rows(db, "SELECT kind, state FROM deadlines WHERE kind LIKE 'photo.%'"
                          " ORDER BY due_at") == [("photo.reminder", "cancelled"),
                                                  ("photo.window", "fired")]
    told = [r for r in await outbox_after(db, before) if "board photo" in str(r[1])]
    assert [str(to) for to, *_ in told] == ["Tara TD"]
    assert "no board photo of M1 game 1" in str(told[0][1])


async def test_a_reminder_a_little_late_but_before_the_close_still_goes(db: Database) -> None:
    await play(db, "Ann Lee", 412, 380, starter=1)
    before = await mark(db)
    await deadlines.sweep(db, NOW + timedelta(hours=23))
    (to, text, *_), = [r for r in await outbox_after(db, before) if "board photo" in str(r[1])]
    assert to == "Ann Lee" and "is due by Tue 03 Mar 2026 17:00 (+08)" in str(text)


async def test_photos_missing_at_once_come_to_each_td_as_one_list(db_target: Path | str) -> None:
    """Three windows close together (the bot was down): each TD gets one message listing
    the three games, with a button per game and Extend all / Waive all, instead of three
    questions; the three close deadlines fire together. A game's button brings its own
    question; a ruling redraws both TDs' lists; Waive all settles the games still open."""
    db = await _setup(db_target, UMA)
    try:
        await play(db, "Ann Lee", 412, 380, starter=1)  # window 1: M1 game 1, Ann's photo
        await play(db, "Ben Ong", 400, 350, starter=0)  # window 2: M2 game 1, Ben's photo
        await play(db, "Ann Lee", 405, 399)  # window 3: M1 game 2, Ann's photo
        back = NOW + timedelta(hours=25)
        before = await mark(db)
        await deadlines.sweep(db, back)
        assert await window_states(db) == ["overdue", "overdue", "overdue"]
        assert await rows(db, "SELECT state FROM deadlines WHERE kind = 'photo.window'") == [
            ("fired",)] * 3
        asked = [r for r in await outbox_after(db, before) if "board photo" in str(r[1])]
        assert sorted(str(to) for to, *_ in asked) == ["Tara TD", "Uma TD"]
        text, buttons = str(asked[0][1]), str(asked[0][2])
        assert "no board photo came in time for 3 games (para 25)" in text
        assert "• M1 game 1: Ann Lee 412, Dev Rao 380. Ann Lee was to send it." in text
        assert "• M2 game 1: Ben Ong 400, Cai Wen 350. Ben Ong was to send it." in text
        for label in ("M1 game 1: Ann Lee v Dev Rao", "M2 game 1: Ben Ong v Cai Wen",
                      "M1 game 2: Ann Lee v Dev Rao", "Extend all 24 h", "Waive all"):
            assert label in buttons, buttons
        lists = dict(await rows(db, "SELECT p.name, a.id FROM photo_asks a"
                                    " JOIN people p ON p.id = a.ruler_id"))
        tara_list, uma_list = int(str(lists["Tara TD"])), int(str(lists["Uma TD"]))

        # a player or another TD cannot use a TD's list or a game's button
        with pytest.raises(NotAllowed, match=r"you play in M1, so Tara TD or Uma TD rules on it"):
            await photos.open_game(db, person("Dev Rao", back), 1)
        with pytest.raises(NotFound, match="not known to you"):
            await photos.rule_photo_list(db, person("Uma TD", back), tara_list, "waive")
        assert await window_states(db) == ["overdue", "overdue", "overdue"]

        before = await mark(db)
        opened = await photos.open_game(db, person("Tara TD", back), 1)
        assert opened.kind == "asked"
        (to, question, qbuttons, _, _), = await outbox_after(db, before)
        assert to == "Tara TD" and "no board photo of M1 game 1" in str(question)
        assert "photo:rule:1:bye" in str(qbuttons)
        ruled = await photos.rule_photo_button(db, person("Tara TD", back), 1, "bye")
        assert ruled.kind == "bye"
        edits = [r for r in await outbox_after(db, before) if r[4] is not None]
        redrawn = [r for r in edits if "3 games" in str(r[1])]
        assert len(redrawn) == 2  # both TDs' lists
        assert all("• M1 game 1: ✅ Tara TD decided: game bye to Dev Rao." in str(r[1])
                   and "M1 game 1: Ann Lee v Dev Rao" not in str(r[2])
                   and "Waive all" in str(r[2]) for r in redrawn)
        assert any("✅ Tara TD decided" in str(r[1]) and "no board photo of M1 game 1"
                   in str(r[1]) for r in edits)  # the game's own question, too

        before = await mark(db)
        done = await photos.rule_photo_list(db, person("Uma TD", back), uma_list, "waive")
        assert (done.kind, done.decided, done.already) == (
            "waived", ["M2 game 1", "M1 game 2"], ["M1 game 1"])
        assert await window_states(db) == ["bye", "waived", "waived"]
        told = await outbox_after(db, before)
        final = [r for r in told if r[4] is not None and "3 games" in str(r[1])]
        assert len(final) == 2 and all("All decided." in str(r[1]) and r[2] is None
                                       for r in final)
        assert sum("a TD waived the board photo" in str(r[1]) for r in told) == 4
        again = await photos.rule_photo_list(db, person("Uma TD", back), uma_list, "waive")
        assert again.decided == [] and len(again.already) == 3
    finally:
        await db.close()


async def test_a_list_holds_at_most_list_max_games(db_target: Path | str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(photos, "LIST_MAX", 2)
    db = await _setup(db_target)
    try:
        await play(db, "Ann Lee", 412, 380, starter=1)
        await play(db, "Ben Ong", 400, 350, starter=0)
        await play(db, "Ann Lee", 405, 399)
        await deadlines.sweep(db, NOW + timedelta(hours=25))
        assert await rows(db, "SELECT a.id, count(*) FROM photo_asks a JOIN"
                              " photo_ask_windows w ON w.ask_id = a.id GROUP BY a.id ORDER BY a.id") == [
            (1, 2), (2, 1)]
    finally:
        await db.close()
