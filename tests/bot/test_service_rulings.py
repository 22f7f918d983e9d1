"""TD rulings as use-cases (bot/service/results/rulings.py): a TD who plays is refused (SSSg para
19), a game bye (+100, para 28), a match bye (para 27), a correction whose impact voids a
later match confirmed, WESPA forfeit (75) and overtime (10 a started minute). The club cup
of test_service_reporting: SF best of 3 (M1 Ann v Dev, M2 Ben v Cai), Final best of 5."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli import app
from bot.service.events.rounds import open_round_in
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.results import reporting, rulings
from bot.service.results.reporting import SaidResult
from bot.store.db import Database
from bot.words.said import english_text
from tests.bot.test_service_reporting import (
    EVENT,
    FINAL,
    M1,
    NOW,
    _disputed,
    _setup,
    _slip,
    db,  # noqa: F401  (the fixture)
    last_outbox,
    one,
    outbox_since,
    player,
    td,
)


async def test_a_td_who_plays_in_the_match_may_not_rule(tmp_path: Path) -> None:
    """Ann is a TD too, but she plays M1 (para 19)."""
    database = await _setup(tmp_path / "t.sqlite3",
                            extra_rules="")
    try:
        async with database.transaction() as tx:
            ann = await tx.scalar("SELECT id FROM people WHERE name = 'Ann Lee'")
            await tx.execute("INSERT INTO roles (event_id, person_id, role, granted_at)"
                             " VALUES (?, ?, 'td', '2026-03-02T09:00:00+00:00')", (EVENT, ann))
        await _disputed(database, "Ann Lee", SaidResult(412, 380), starter=0)
        dispute = int(await one(database, "SELECT id FROM disputes"))  # type: ignore[call-overload]
        with pytest.raises(NotAllowed, match=r"you play in M1, so Tara TD rules on it "
                                             r"\(SSSg para 19\)"):
            await rulings.ask_why(database, player("Ann Lee"), dispute, "uphold")
        with pytest.raises(NotAllowed, match="para 19"):
            await rulings.ask_amend(database, player("Ann Lee"), dispute)
        with pytest.raises(NotAllowed, match="para 19"):
            await rulings.rule_game(database, player("Ann Lee"), EVENT, "M1", 1, uphold=True,
                                    why="mine")
        assert await one(database, "SELECT state FROM disputes") == "open"
    finally:
        await database.close()


async def test_a_game_bye_is_plus_100_and_decides_the_match(db: Database) -> None:  # noqa: F811
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    await _disputed(db, "Dev Rao", SaidResult(400, 350), disputer="Ann Lee")
    mark = await last_outbox(db)
    ruled = await rulings.rule_game(db, td(), EVENT, "M1", 2, game_bye="ann lee",
                                    why="Dev left before the end")
    assert (ruled.ruling, ruled.to, ruled.score_line) == ("game_bye", "Ann Lee", "2-0 (+132)")
    assert ruled.decided and ruled.winner == "Ann Lee"
    told = {w: t for w, t, _ in await outbox_since(db, mark)}
    # the players read the ruling in plain words: the paragraph is for the TDs
    assert "it is a game bye to Ann Lee: a win with +100 spread.\n" in told["Dev Rao"]
    assert "para 28" not in told["Dev Rao"]
    assert await one(db, "SELECT state FROM matches WHERE id = ?", (M1,)) == "decided"
    with pytest.raises(Invalid, match="does not play in M1"):
        await rulings.match_bye(db, td(), EVENT, "M1", "Ben Ong", why="x")


async def test_a_match_bye_voids_the_games_played(db: Database) -> None:  # noqa: F811
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    ruled = await rulings.match_bye(db, td(), EVENT, "m1", "dev",  # core.names: Dev Rao
                                    why="Ann cannot play before the deadline")
    assert (ruled.ruling, ruled.winner, ruled.voided) == ("match_bye", "Dev Rao", [1])
    assert await one(db, "SELECT winner_side FROM matches WHERE id = ?", (M1,)) == 1
    assert await one(db, "SELECT match_bye_side FROM matches WHERE id = ?", (M1,)) == 1
    assert await one(db, "SELECT action FROM journal ORDER BY id DESC LIMIT 1") == "match.matchbye"
    with pytest.raises(Invalid, match="already has a match bye to Dev Rao"):
        await rulings.match_bye(db, td(), EVENT, "M1", "Ann Lee", why="again")


async def test_a_correction_with_impact_is_confirmed_then_applied(db: Database) -> None:  # noqa: F811
    """M1 decided for Ann, who plays the Final against Ben; Dev disputes game 2 and the TD
    finds for Dev: that voids the Final's game. Without confirm nothing is written; a TD in
    the chat gives the scores, then the reason, then gets an Apply / Cancel prompt (the
    reason is asked once, before the impact); Apply voids the Final's game and the journal
    keeps the reason."""
    await reporting.enter_game(db, td(), EVENT, ("Ben Ong", "Cai Wen"), (400, 300),
                               starter="Ben Ong")
    await reporting.enter_game(db, td(), EVENT, ("Ben Ong", "Cai Wen"), (400, 300))
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    await _disputed(db, "Ann Lee", SaidResult(400, 350))
    async with db.transaction() as tx:
        await open_round_in(tx, EVENT, "Final", by=Actor.cli(), now=NOW, unpaid_ok=True, why="t")
    await reporting.enter_game(db, td(), EVENT, ("Ann Lee", "Ben Ong"), (400, 300),
                               starter="Ann Lee")
    tara = int(await one(db, "SELECT person_id FROM roles WHERE role = 'td'"))  # type: ignore[call-overload]
    dispute = int(await one(db, "SELECT id FROM disputes"))  # type: ignore[call-overload]
    from bot.service.platform.unit import Request
    from tests.bot.test_service_reporting import IDS
    tara_req = Request(now=NOW, label="tg:9001", tg_user_id=IDS["Tara TD"], chat_id=9001)
    assert tara
    await rulings.ask_amend(db, tara_req, dispute)
    why = await rulings.answer_prompt(db, tara_req, "350 400")
    assert isinstance(why, rulings.Asked) and (why.kind, why.scores) == ("why", (350, 400))
    asked = await rulings.answer_prompt(db, tara_req, "Dev's scoresheet is signed by Ann")
    assert isinstance(asked, rulings.Ruled) and asked.needs_confirm and asked.impact is not None and "voids later match(es) M3 (1 game(s) played)" in english_text(asked.impact)
    assert await one(db, "SELECT state FROM disputes") == "open"
    assert asked.prompt_id is not None
    done = await rulings.confirm_correction(db, tara_req, asked.prompt_id, True)
    assert done is not None and done.reopened and done.voided_matches == ("M3",)
    assert await one(db, "SELECT count(*) FROM games WHERE match_id = ? AND void = 0",
                     (FINAL,)) == 0
    assert await one(db, "SELECT state FROM matches WHERE id = ?", (FINAL,)) == "waiting"
    assert await one(db, "SELECT why FROM journal WHERE action = 'dispute.ruled'") == (
        "Dev's scoresheet is signed by Ann")
    assert await one(db, "SELECT count(*) FROM prompts WHERE state = 'open'") == 0
    with pytest.raises(Invalid, match="already applied or cancelled"):
        await rulings.confirm_correction(db, tara_req, asked.prompt_id, True)


async def test_forfeit_and_overtime(db: Database) -> None:  # noqa: F811
    await _slip(db, "Ann Lee", SaidResult(412, 380), starter=0)
    mark = await last_outbox(db)
    over = await rulings.overtime(db, td(), EVENT, "M1", 1, "Ann Lee", 2.5,
                                  why="the clock showed -2:30")
    assert (over.ruling, over.scores, over.score_line) == ("overtime", (382, 380), "1-0 (+2)")
    told = {w: t for w, t, _ in await outbox_since(db, mark)}
    assert "you ran overtime, 10 points off a started minute: now you 382, Dev Rao 380" in told[
        "Ann Lee"]
    with pytest.raises(Invalid, match="was already penalised"):  # once a game (WESPA)
        await rulings.overtime(db, td(), EVENT, "M1", 1, "Ann Lee", 10, why="ten minutes over")
    flipped = await rulings.overtime(db, td(), EVENT, "M1", 1, "Dev Rao", 10,
                                     why="ten minutes over")
    assert (flipped.ruling, flipped.to, flipped.score_line) == ("forfeit", "Ann Lee", "1-0 (+75)")
    nxt = await rulings.forfeit(db, td(), EVENT, "M1", 2, "Ann Lee", why="Dev absent")
    assert nxt.decided and nxt.winner == "Ann Lee" and nxt.score_line == "2-0 (+150)"
    with pytest.raises(Invalid, match="--minutes 0"):
        await rulings.overtime(db, td(), EVENT, "M2", 1, "Ben Ong", 0, why="x")


def test_cli_match_bye_and_a_correction_needing_confirm(tmp_path: Path) -> None:
    import asyncio

    path = tmp_path / "t.sqlite3"

    async def prepare() -> None:
        database = await _setup(path)
        await _slip(database, "Ann Lee", SaidResult(412, 380), starter=0)
        await database.close()

    asyncio.run(prepare())
    runner = CliRunner()
    out = runner.invoke(app, ["rule", "bye", "club-cup", "M2", "Ben Ong", "--why", "Cai withdrew",
                              "--db", str(path)])
    assert out.exit_code == 0, out.output
    assert "M2: match bye to Ben Ong; score: 0-0 (+0)" in out.output
    assert "Ben Ong wins the match" in out.output
    refused = runner.invoke(app, ["game", "forfeit", "club-cup", "M1", "--game", "5", "--to", "Dev Rao",
                                  "--why", "x", "--db", str(path)])
    assert refused.exit_code == 2 and "no game 5 to forfeit" in refused.output
