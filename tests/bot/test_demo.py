"""`tdbot demo` and `tdbot run` without a token: the scripted event, read as a person would.

Rules checked ("tdbot demo"): with no token the real bot plays a short scripted
season against the in-process fake: the event created, everyone onboarded by their links,
the draw made and shown, the club's group linked, the first round opened with each player
told their opponent, best-of and deadline; games reported in the chat (game 1's starter
asked, SSSg para 15), a slip agreed, one final when its 24-hour window closed on the
simulated clock (para 24), board photos received with thanks (para 25, one after its
reminder), one game disputed and ruled by the TD pressing Amend and sending the scores
(paras 19, 24), the reminder sent only for the unfinished match, each decided match posted
to the group with the bracket picture, and the semi-final winners told they meet in the
final. The transcript is printed. `tdbot run` with no TDBOT_TOKEN says so on stderr and
plays the demo.
"""

from __future__ import annotations

import re
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
    "[bot → Ann] Welcome! You are Ann Lee, a player of Demo Cup.",
    "[Cai taps Cai Wen]",
    "[bot → Cai, edited #2] Welcome to Demo Cup! You said you are Cai Wen.",
    "[bot → Tara (TD)] Demo Cup: Telegram user Cai says they are Cai Wen. Approve?",
    "    [Approve] [Reject]",
    "[bot → Cai] Welcome to Demo Cup, Cai Wen! A TD approved your entry.",
    # every TD's copy of the request says who decided it (an edit shown as the change)
    "[bot → Olga (organiser), edited #3] … ✅ Approved by Tara Tan.",
    "[bot → Tara (TD), edited #3] … ✅ Approved by Tara Tan.",
    "[bot → Ben] ⚠️ /draw is for the TDs and organisers of an event",
    "[bot → Tara (TD)] The draw for Demo Cup (seed 2026)",
    "    M1: Ann Lee v Dev Rao",
    # the club's group follows the event
    "[Tara (TD) @ Demo Club] /link demo-cup",
    "[bot → Demo Club] This group now follows Demo Cup",
    "[bot → Ann] Demo Cup: SF is open.",
    "    Your opponent: Dev Rao",
    "    Best of 3",
    "    Deadline: Mon 09 Mar 2026 23:59 (+08)",
    "[bot → Demo Club] Demo Cup: SF is open until Mon 09 Mar 2026 23:59 (+08).",
    "    • Ann Lee v Dev Rao (best of 3)",
    # game 1: who started (para 15), confirmed, agreed
    "[Ann] 412-380",
    "    You drew tiles to decide who starts game 1 (para 15). Who started?",
    "[Ann taps Dev Rao started]",
    "[Ann taps ✅ Confirm]",
    "[bot → Dev] 📝 Demo Cup, SF: Ann Lee reported a result.",
    "[Dev taps Agree]",
    "[bot → Ann] ✅ Dev Rao agreed: game 1",
    # the winner's board photo, with one game waiting for it (para 25)
    "[Ann] [photo] the board after game 1",
    "[bot → Ann] 📷 Board photo of game 1 v Dev Rao received. Thank you",
    # game 2 decides M1 if it stands (para 24: a slip counts as soon as it is in); her next
    # match waits until it is final
    "[Ann] won 398-371",
    "    If it stands, Ann Lee wins the match.",
    "    Score: Ann Lee 2-0 Dev Rao (+59)",
    "    If it stands, you win the match.",
    "    Dev Rao can dispute it until Tue 03 Mar 2026 17:00 (+08); after that it is final",
    # the photo reminder two hours before its window closes, and the photo (para 25)
    "[bot → Ann] 📷 Demo Cup: the board photo of game 2 v Dev Rao is due by "
    "Tue 03 Mar 2026 17:00 (+08)",
    "[Ann] [photo] the board after game 2",
    "[bot → Ann] 📷 Board photo of game 2 v Dev Rao received. Thank you",
    # nobody disputes within 24 hours (para 24): now it is over, for the players and the
    # group (with the bracket picture)
    "[bot → Dev, edited #10] … ✅ Final since Tue 03 Mar 2026 17:01 (+08)",
    "[bot → Demo Club] [photo] Demo Cup, SF: Ann Lee 2-0 Dev Rao (+59). Ann Lee wins the match.",
    "[bot → Ann] ✅ Demo Cup, SF: nobody disputed game 2 by Tue 03 Mar 2026 17:00 (+08), so "
    "your match is final: you won it 2-0 (+59).",
    "    Your next match: Final against the winner of Ben Ong v Cai Wen, best of 5. I will "
    "tell you when your opponent is known.",
    "[bot → Dev] ✅ Demo Cup, SF: nobody disputed game 2 by Tue 03 Mar 2026 17:00 (+08), so "
    "your match is final: Ann Lee won it 2-0 (+59).",
    "    That was your last match in Demo Cup. Thank you for playing.",
    # a dispute, its reason, the TD's ruling (paras 19, 24)
    "[Ben] [photo] the board after game 1",
    "[bot → Ben] 📷 Board photo of game 1 v Cai Wen received. Thank you",
    "[Cai taps Dispute]",
    "[bot → Tara (TD)] ⚖️ Demo Cup, SF (M2): Cai Wen disputes game 1.",
    "    [Uphold] [Amend] [Void game]",
    "[Cai] I had 431, not 390",
    "[bot → Cai] Thank you: I passed your reason on to Tara Tan.",
    # the TD rules in the chat: Amend, the scores, then the reason the players are owed
    "[Tara (TD) taps Amend]",
    "[bot → Tara (TD)] Send the right scores of M2 game 1, Ben Ong's first",
    "[Tara (TD)] 420 431",
    "[bot → Tara (TD)] ⚖️ M2 game 1: scores Ben Ong 420, Cai Wen 431.",
    "    Why? Send one line for both players and the journal, or tap Skip.",
    "[Tara (TD)] Cai's scoresheet, signed by Ben, says 431",
    "[bot → Ben] ⚖️ Demo Cup, SF: a TD ruled on game 1: the scores are you 420, Cai Wen 431.",
    "    Why: Cai's scoresheet, signed by Ben, says 431",
    "    Score: Ben Ong 0-1 Cai Wen (-11)",
    # the 72-hour reminder: only the unfinished match
    "[bot → Ben] Reminder: your SF match against Cai Wen (best of 3) must be finished by "
    "Mon 09 Mar 2026 23:59 (+08).",
    "    Score so far: Ben Ong 0-1 Cai Wen (-11)",
    # M2 decided if it stands: nobody is told of the final until Ben agrees; then both
    # finalists are told who they meet
    "[Cai] 401-352",
    "    If it stands, you win the match.",
    "    Ben Ong can dispute it until",
    "[Ben taps Agree]",
    "[bot → Ann] Demo Cup: Your next match: Final against Cai Wen, best of 5.",
    "[bot → Demo Club] [photo] Demo Cup, SF: Cai Wen 2-0 Ben Ong (+60). Cai Wen wins the match.",
    "[bot → Cai] ✅ Demo Cup, SF: Ben Ong agreed to game 2 (you 401, Ben Ong 352), so your "
    "match is final: you won it 2-0 (+60).",
    "    Your next match: Final against Ann Lee, best of 5.",
    "[bot → Ben] ✅ Demo Cup, SF: you agreed to game 2, so your match is final: Cai Wen won it "
    "2-0 (+60).",
    "[Ann] /matches",
    "    against Cai Wen, best of 5: paired, round not open yet",
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


def test_every_player_is_told_their_opponent(transcript: str) -> None:
    for name, opponent in (("Ann", "Dev Rao"), ("Ben", "Cai Wen"), ("Cai", "Ben Ong"),
                           ("Dev", "Ann Lee")):
        assert f"[bot → {name}] Demo Cup: SF is open.\n    Your opponent: {opponent}" in transcript


def test_only_the_unfinished_match_is_reminded(transcript: str) -> None:
    """M1 was decided on day 1, so its players get no reminder; M2's both do."""
    reminded = re.findall(r"^\[bot → (\w+)\] Reminder:", transcript, re.MULTILINE)
    assert reminded == ["Ben", "Cai"]


def test_the_ruling_is_the_one_the_td_gave(transcript: str) -> None:
    """The scores the TD sent after Amend: Cai won game 1 by 11 and leads 1-0, every TD's
    copy of the dispute says who ruled, and the TD is told it is done."""
    assert "[bot → Cai] ⚖️ Demo Cup, SF: a TD ruled on game 1: the scores are you 431, " \
        "Ben Ong 420." in transcript
    assert "    Score: Cai Wen 1-0 Ben Ong (+11)" in transcript
    assert "    ✅ Ruled by Tara Tan: scores amended to 420-431." in transcript
    assert "[bot → Tara (TD)] ✅ M2 game 1: scores amended." in transcript


def test_every_board_photo_is_thanked_and_no_td_is_asked_about_one(transcript: str) -> None:
    """Each winner's photo reached a game waiting for it (para 25), so no window closed
    without one and no TD was asked to rule on a missing photo."""
    photos = re.findall(r"^\[(\w+)\] \[photo\]", transcript, re.MULTILINE)
    thanked = re.findall(r"^\[bot → (\w+)\] 📷 Board photo of game \d v [\w ]+ received\. "
                         r"Thank you: nothing more to send", transcript, re.MULTILINE)
    assert photos == thanked == ["Ann", "Ann", "Ben"]
    assert "no board photo of" not in transcript


def test_the_group_sees_the_round_and_each_result_with_the_bracket(transcript: str) -> None:
    """The linked group gets the round opening and one bracket picture per decided match,
    and nothing private: no dispute, slip, reminder or TD's name."""
    group = [line for line in transcript.splitlines() if line.startswith("[bot → Demo Club]")]
    expected = ["This group now follows Demo Cup", "Demo Cup: SF is open until",
                "[photo] Demo Cup, SF: Ann Lee 2-0 Dev Rao", "[photo] Demo Cup, SF: Cai Wen 2-0"]
    assert len(group) == len(expected), "\n".join(group)
    for line, start in zip(group, expected, strict=True):
        assert line.startswith(f"[bot → Demo Club] {start}"), line
    assert not any("Tara" in line or "disput" in line.lower() for line in group)


def test_every_button_tap_was_answered(transcript: str) -> None:
    """No spinner left: each tap in the transcript got its answer (an edit or a message)."""
    lines = transcript.splitlines()
    for i, line in enumerate(lines):
        if " taps " in line and line.startswith("["):
            assert lines[i + 1].startswith("[bot → "), f"{line!r} had no answer"


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
