"""`tdbot demo` and `tdbot run` without a token: the scripted event, read as a person would.

Rules checked (issue 3, "tdbot demo"): with no token the real bot plays a short scripted
event against the in-process fake: the event created, everyone onboarded by their links,
the draw made and shown, the first round opened with each player told their opponent,
best-of and deadline, a deadline reminder fired on a simulated clock; the transcript is
printed. `tdbot run` with no TDBOT_TOKEN says so on stderr and plays the demo.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from bot.cli.app import app
from bot.demo import invite_codes, play

KEY_LINES = [
    "[Dev] hello?",
    "[bot → Dev] Hello! I am TDBot",
    "[Olga (organiser)] [document demo-cup.toml]",
    "[bot → Olga (organiser)] Created Demo Cup (demo-cup).",
    "[bot → Tara (TD)] Welcome to Demo Cup! You are a TD of this event.",
    "[bot → Ann] Welcome to Demo Cup! You are a player of this event.",
    "[Cai taps Cai Wen]",
    "[bot → Cai, edited #2: buttons removed]",
    "[bot → Tara (TD)] Demo Cup: Telegram user Cai says they are Cai Wen. Approve?",
    "    [Approve] [Reject]",
    "[bot → Cai] Welcome to Demo Cup, Cai Wen! A TD approved your entry.",
    # every TD's copy of the request says who decided it (an edit shown as the change)
    "[bot → Olga (organiser), edited #3] … ✅ Approved by Tara Tan.",
    "[bot → Tara (TD), edited #3] … ✅ Approved by Tara Tan.",
    "[bot → Ben] ⚠️ /draw is for the TDs and organisers of an event",
    "[bot → Tara (TD)] The draw for Demo Cup (seed 2026)",
    "    M1: Ann Lee v Dev Rao",
    "[bot → Ann] Demo Cup: SF is open.",
    "    Your opponent: Dev Rao",
    "    Best of 3",
    "    Deadline: Mon 09 Mar 2026 23:59 (+08)",
    "[bot → Dev] Reminder: your SF match against Ann Lee (best of 3) must be finished by "
    "Mon 09 Mar 2026 23:59 (+08).",
]


@pytest.fixture(scope="module")
def transcript() -> str:
    import asyncio

    return asyncio.run(play())


def test_the_demo_transcript_tells_the_story(transcript: str) -> None:
    """Each key line appears, after the one before it (the story in order)."""
    lines = transcript.splitlines()
    cursor = 0
    for key in KEY_LINES:
        found = [i for i, line in enumerate(lines) if i >= cursor and line.startswith(key)]
        assert found, f"missing (or out of order) line {key!r} in:\n{transcript}"
        cursor = found[0] + 1


def test_the_demo_help_shows_a_player_only_player_commands(transcript: str) -> None:
    start = transcript.index("[Ann] /help")
    answer = transcript[start: transcript.index("[Ben] /draw")]
    assert "/matches" in answer and "/draw" not in answer and "/openround" not in answer


def test_every_player_is_told_their_opponent_and_reminded(transcript: str) -> None:
    for name, opponent in (("Ann", "Dev Rao"), ("Ben", "Cai Wen"), ("Cai", "Ben Ong"),
                           ("Dev", "Ann Lee")):
        assert f"[bot → {name}] Demo Cup: SF is open." in transcript
        assert f"[bot → {name}] Reminder: your SF match against {opponent}" in transcript


def test_invite_codes_are_read_from_the_organisers_message() -> None:
    text = ("Player link (players pick their name, a TD approves):\n"
            "https://t.me/Bot?start=GEN-1\n\n"
            "td Tara Tan: https://t.me/Bot?start=T_2\n"
            "player Ann Lee: https://t.me/Bot?start=A3")
    assert invite_codes(text) == {"player": "GEN-1", "td Tara Tan": "T_2",
                                  "player Ann Lee": "A3"}


def test_tdbot_run_without_a_token_plays_the_demo(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("TDBOT_TOKEN", raising=False)
    result = CliRunner().invoke(app, ["run"])
    assert result.exit_code == 0, result.output
    assert "no TDBOT_TOKEN" in result.stderr
    assert "[bot → Ann] Demo Cup: SF is open." in result.stdout
    assert list(tmp_path.iterdir()) == []  # the demo's database was temporary


def test_run_refuses_a_base_url_without_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TDBOT_TOKEN", "123:abc")
    result = CliRunner().invoke(app, ["run", "--base-url", "http://127.0.0.1:9"])
    assert result.exit_code == 2
    assert "--base-url" in result.stderr and "must end in /bot" in result.stderr


def test_run_refuses_a_plain_http_webhook(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TDBOT_TOKEN", "123:abc")
    result = CliRunner().invoke(app, ["run", "--webhook-url", "http://example.org/hook"])
    assert result.exit_code == 2
    assert "--webhook-url" in result.stderr and "https://" in result.stderr
