"""`tdbot event chances` and `tdbot event ratings` over the weekly Swiss of
tests/bot/round_event.py, entered round by round from the command line."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import bot.cli  # noqa: F401  (registers every command module)
from core.ratings import round_half_away
from tests.bot.round_event import definition, winner_scores
from tests.bot.test_cli_round_event import ok, run


def _event_after(tmp_path: Path, rounds: int, extra: str = "") -> str:
    tmp_path.mkdir(exist_ok=True)
    db = str(tmp_path / "t.db")
    toml = tmp_path / "swiss.toml"
    toml.write_text(definition(extra=extra))
    closes = (datetime.now(UTC) + timedelta(days=30)).date().isoformat()
    ok("event", "create", str(toml), "--db", db)
    ok("event", "draw", "weekly-swiss", "--seed", "3", "--db", db)
    for number in range(1, rounds + 1):
        ok("round", "open", "weekly-swiss", str(number), "--closes", closes, "--unpaid-ok",
           "--why", "fees at the venue", "--db", db)
        stored = json.loads(ok("event", "pairings", "weekly-swiss", "--json", "--db", db))
        for a, b in stored["pairings"]:
            win, lose, ws, ls = winner_scores(a["name"], b["name"])
            ok("game", "report", "weekly-swiss", win, str(ws), lose, str(ls), "--db", db)
    return db


def test_event_chances_prints_every_players_reach_the_same_each_time(tmp_path: Path) -> None:
    db = _event_after(tmp_path, 3)
    out = ok("event", "chances", "weekly-swiss", "--db", db)
    lines = out.splitlines()
    assert lines[0] == "Weekly Swiss <Tuesdays>: what each player can still reach (200 " \
                       "simulated finishes)"
    assert lines[1] == "Prizes: the top 1"
    ann = next(line for line in lines if "Ann Lee" in line)
    assert ann.lstrip().startswith("1. Ann Lee") and "3 wins" in ann and "best 1st" in ann
    assert "prize open" in ann and "[1st " in ann
    assert ok("event", "chances", "weekly-swiss", "--db", db) == out
    bare = ok("event", "chances", "weekly-swiss", "--runs", "0", "--db", db)
    assert "[" not in bare and "(0 simulated" in bare
    code, _, err = run("event", "chances", "weekly-swiss", "--runs", "-1", "--db", db)
    assert code == 2 and "--runs" in err


def test_event_ratings_prints_the_estimate_and_a_club_event_at_a_third(tmp_path: Path) -> None:
    db = _event_after(tmp_path / "open", 2)
    out = ok("event", "ratings", "weekly-swiss", "--db", db)
    assert "rating estimate after round 2 (NASPA's method)" in out, out
    ann = next(line for line in out.splitlines() if line.startswith("Ann Lee:"))
    assert ann.startswith("Ann Lee: 1900 -> ") and "2 games, 2 wins" in ann
    assert "open rated tournament is rated from 4 games" in out
    club_db = _event_after(tmp_path / "club", 2, extra='rated = "club"')
    club = ok("event", "ratings", "weekly-swiss", "--db", club_db)
    assert "a local club tournament at one third" in club
    assert "local club tournament is rated from 3 games" in club

    def gain(text: str) -> int:
        line = next(x for x in text.splitlines() if x.startswith("Ann Lee:"))
        return int(line.split("(")[1].split(")")[0])

    assert abs(gain(club) - gain(out) / 3) <= 1.5  # a third, and no acceleration


def test_a_chess_event_is_estimated_by_fides_elo(tmp_path: Path) -> None:
    """A Swiss played at chess (``chess = true``): FIDE's Elo (FIDE Handbook B.02, 8.3),
    each established player's change K 20 times score minus expected, rounded."""
    db = _event_after(tmp_path, 2, extra="chess = true")
    out = ok("event", "ratings", "weekly-swiss", "--db", db)
    assert "rating estimate after round 2 (FIDE's Elo)" in out, out
    lines = re.findall(r"^(.+): \d+ -> \d+ \(([+-]\d+)\); \d+ games?, ([\d.]+) points?, "
                       r"([\d.]+) expected$", out, re.M)
    assert len(lines) == 9, out
    for _name, change, score, expected in lines:
        assert int(change) == round_half_away(20 * (float(score) - float(expected))), out
