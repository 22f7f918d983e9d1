"""`tdbot event export --json` while a season is played: every match is there, open ones
with their games so far and their state, and a game whose slip is open says so (pending
until its window closes, or disputed), so that a season can be followed and audited."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from zoneinfo import ZoneInfo

from bot.service.events.export import export_event
from bot.telegram.harness import BotUnderTest
from tests.bot.club_chat import report_game, say, tap, user


def by_id(exported: dict[str, object]) -> dict[str, dict[str, object]]:
    matches = exported["matches"]
    assert isinstance(matches, list)
    return {m["id"]: m for m in matches}


async def test_open_matches_their_games_so_far_and_the_pending_slip(bot: BotUnderTest) -> None:
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    exported = await export_event(bot.runtime.db, bot.event_id)  # type: ignore[attr-defined]
    matches = by_id(exported)
    assert list(matches) == ["M1", "M2", "M3"]  # the final too, before anyone is in it
    m1 = matches["M1"]
    final_at = (bot.clock() + timedelta(hours=24)).astimezone(
        ZoneInfo("Asia/Singapore")).isoformat(timespec="minutes")
    assert m1["state"] == "playing" and m1["round"] == "SF" and m1["best_of"] == 3
    assert m1["players"] == ["Ann Lee", "Dev Rao"]
    assert m1["games"] == [{"starter": "Ann Lee", "scores": [412, 380], "slip": "pending",
                            "final_at": final_at}]
    assert m1["score"] == "1-0 (+32)" and m1["winner"] is None and m1["decided_by"] is None
    assert matches["M2"]["state"] == "playing" and matches["M2"]["games"] == []
    assert matches["M2"]["score"] is None
    assert matches["M3"]["state"] == "waiting"
    assert matches["M3"]["players"] == ["winner of M1", "winner of M2"]
    assert exported["placements"] is None

    await tap(bot, "Dev Rao", "Agree")
    m1 = by_id(await export_event(bot.runtime.db, bot.event_id))["M1"]  # type: ignore[attr-defined]
    assert m1["games"] == [{"starter": "Ann Lee", "scores": [412, 380]}]  # final now


async def test_a_disputed_game_and_a_decided_match_beside_open_ones(bot: BotUnderTest) -> None:
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await tap(bot, "Dev Rao", "Agree")
    await report_game(bot, "Ann Lee", "401-390")
    await tap(bot, "Dev Rao", "Agree")
    await report_game(bot, "Ben Ong", "420-350", starter="I started")
    await tap(bot, "Cai Wen", "Dispute")
    await say(bot, "Cai Wen", "I scored 450")
    matches = by_id(await export_event(bot.runtime.db, bot.event_id))  # type: ignore[attr-defined]
    m1, m2 = matches["M1"], matches["M2"]
    assert m1["state"] == "decided" and m1["winner"] == "Ann Lee"
    assert m1["round_of_play"] == 1 and m1["decided_by"] == "games"
    assert [g.get("slip") for g in m1["games"]] == [None, None]
    assert m2["state"] == "playing"
    assert m2["games"] == [{"starter": "Ben Ong", "scores": [420, 350], "slip": "disputed"}]
    assert matches["M3"]["players"] == ["Ann Lee", "winner of M2"]


async def test_export_in_the_chat_sends_a_knockouts_results_and_fees(bot: BotUnderTest) -> None:
    """/export is a TD's for any event (a knockout here): the results and fees as CSV
    documents, with what the database holds."""
    await say(bot, "Tara TD", "/paid Ann SF")
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    before = len(bot.telegram.sent(user(bot, "Tara TD")))
    said = await say(bot, "Tara TD", "/export")
    assert "club-cup-results.csv, club-cup-fees.csv" in said
    docs = {m.document.file_name: m.document.data.decode()
            for m in bot.telegram.sent(user(bot, "Tara TD"))[before:] if m.document is not None}
    assert sorted(docs) == ["club-cup-fees.csv", "club-cup-results.csv"]
    results = list(csv.DictReader(io.StringIO(docs["club-cup-results.csv"])))
    assert [(r["match"], r["game"], r["score_a"], r["score_b"], r["starter"], r["final"])
            for r in results] == [("M1", "1", "412", "380", "Ann Lee", "no")]  # slip pending
    fees = list(csv.DictReader(io.StringIO(docs["club-cup-fees.csv"])))
    assert [(r["line"], r["player"], r["paid"], r["owed"]) for r in fees if r["round"] == "SF"
            ] == [("player", "Ann Lee", "5.00", "0.00"), ("player", "Ben Ong", "0.00", "5.00"),
                  ("player", "Cai Wen", "0.00", "5.00"), ("player", "Dev Rao", "0.00", "5.00"),
                  ("round total", "", "5.00", "15.00")]
    refused = await say(bot, "Ann Lee", "/export")
    assert "TDs and organisers" in refused
