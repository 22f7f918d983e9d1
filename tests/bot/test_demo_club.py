"""`tdbot demo --club`: a club night and a ladder challenge, read as people read them.

Rules checked: the real bot plays a club night against the in-process fake (NASPA
Director's Manual, the club chapters): members check in, a walk-in newcomer is added by
the TD and follows her link, round 1 is paired by King of the Hill with the newcomer kept
from the top two ("Pairing Players at Club"), a latecomer plays from round 2, where the odd
player has the bye ("Odd Number of Players", +50); games are reported through the slips
and agreed; a member's 50th club win is announced to her and the group once, when the
win is final ("Expert Points"); the TD marks two fees paid with two taps, the student rate and the newcomer's
free night applied ("Player Fees at Club"); /me and /endnight. Then the club's ladder: a
challenge by button, accepted, the game reported, the challenger leapfrogs ("a rigid
ladder system"). The slips' own wording is another test's: here only names, scores and the
club's and ladder's texts are asserted.
"""

from __future__ import annotations

import asyncio
import re

import pytest
from typer.testing import CliRunner

from bot.cli.app import app
from bot.demo_club import play

GROUP = "[bot → Tuesday club chat]"
KEY_LINES = [
    "[Tara (TD)] [document tuesday-club.toml]",
    "[bot → Tara (TD)] Created Tuesday Scrabble Club (tuesday-club).",
    "[bot → Tara (TD)] Created Club Ladder (club-ladder).",
    "[Tara (TD)] /night",
    f"{GROUP} 🌙 Tuesday Scrabble Club: night 1 has started.",
    "[Ann] /checkin",
    "[bot → Ann] ✅ You are checked in for night 1 of Tuesday Scrabble Club. "
    "Fee tonight: SGD 5.00 (club fee)",
    "[bot → Cai] ✅ You are checked in for night 1 of Tuesday Scrabble Club. "
    "Fee tonight: SGD 3.00 (student rate)",
    # the walk-in newcomer: added by the TD, first night free, follows her link
    "[Tara (TD)] /checkin new Eve Tan",
    "[bot → Tara (TD)] ✅ Eve Tan is checked in for night 1 of Tuesday Scrabble Club. "
    "No fee tonight (newcomer's session 1 of 1 free).",
    "[Eve] /start ",
    "[bot → Eve] Welcome! You are Eve Tan, a player of Tuesday Scrabble Club.",
    # round 1: four players; the newcomer meets neither of the top two
    "[Tara (TD)] /pairround",
    f"{GROUP} 🎲 Tuesday Scrabble Club, night 1 round 1:",
    "    Table 1: Ann Lee v Ben Ong",
    "    Table 2: Cai Wen v Eve Tan 🌱",
    "[bot → Eve] 🎲 Tuesday Scrabble Club, night 1 round 1: table 2, you play Cai Wen.",
    "    🌱 As a newcomer you meet neither one of tonight's top 2 players",
    # the latecomer
    "[Dev] /checkin",
    "[bot → Dev] ✅ You are checked in for night 1 of Tuesday Scrabble Club, from round 2",
    # Ann's win, agreed by Ben: once it is final, her 50th club win, to her and the group,
    # each in the message that says the result
    "[Ann] 420-350",
    "[Ann taps I started]",
    "[Ann taps ✅ Confirm]",
    "[Ben taps Agree]",
    "[bot → Ann] ✅ Tuesday Scrabble Club, night 1 round 1: Ben Ong agreed, so your game is "
    "final: you won 420-350 v Ben Ong.",
    "    🎉 That was your 50th club win: 50 expert points",
    f"{GROUP} Tuesday Scrabble Club, night 1 round 1: Ann Lee beat Ben Ong 420-350.",
    "    🎉 Congratulations to Ann Lee on 50 club wins!",
    "[Eve] 402-388",
    "[Cai taps Agree]",
    # round 2: five players, one bye, and no pair of round 1 meets again
    "[bot → Ben] ☕ Tuesday Scrabble Club, night 1 round 2: you have the bye",
    f"{GROUP} 🎲 Tuesday Scrabble Club, night 1 round 2:",
    "    Table 1: Ann Lee v Cai Wen",
    "    Table 2: Eve Tan v Dev Rao 🌱",
    "    Bye: Ben Ong (a win with +50 spread)",
    "[Cai] 395-371",
    "[Dev] 433-340",
    # fees: two taps, the list edited in place
    "[Tara (TD)] /fees",
    "    • Eve Tan: free (newcomer's session 1 of 1 free)",
    "    [💰 Ann Lee: SGD 5.00]",
    "[Tara (TD) taps 💰 Ann Lee: SGD 5.00]",
    "    • Ann Lee: SGD 5.00 ✅ paid",
    "[Tara (TD) taps 💰 Cai Wen: SGD 3.00]",
    "    • Cai Wen: SGD 3.00 ✅ paid",
    "    Collected SGD 8.00; still owed SGD 10.00.",
    # Ann's record, the night ended
    "[Ann] /me",
    "    Expert points (club wins): 50 (with 49 from before the bot's records",
    "[Tara (TD)] /endnight",
    "[bot → Tara (TD)] 🌙 Tuesday Scrabble Club: night 1 is over. Collected SGD 8.00.",
    "    Not paid: Ben Ong SGD 5.00; Dev Rao SGD 5.00 (owed SGD 10.00).",
    # the ladder: Dev (4) challenges Ben (2) by button, Ben accepts, Dev wins
    "[Dev] /ladder",
    "    ▶  4  Dev Rao",
    "[Dev] /challenge",
    "    [Ben Ong]",
    "[Dev taps Ben Ong]",
    "[bot → Ben] Club Ladder: ⚔️ Dev Rao (rung 4) challenges you (rung 2) to one game.",
    "[Ben taps ✅ Accept]",
    "[bot → Dev] Club Ladder: Ben Ong accepted your challenge #1",
    "[Dev] 412-380",
    "[Dev taps ✅ Confirm]",
    "[Ben taps Agree]",
    "[Ann] /ladder",
    "    ▶  1  Ann Lee",
    "       2  Dev Rao",
    "       3  Ben Ong",
    "       4  Cai Wen",
]


@pytest.fixture(scope="module")
def transcript() -> str:
    return asyncio.run(play())


def test_the_club_demo_tells_the_story(transcript: str) -> None:
    """Each key line appears: people act in the order of the story, and what the bot sends
    follows the action that caused it."""
    lines = transcript.splitlines()
    cursor = 0  # after the last person's action found
    for key in KEY_LINES:
        found = [i for i, line in enumerate(lines) if i >= cursor and line.startswith(key)]
        assert found, f"missing (or out of order) line {key!r} in:\n{transcript}"
        if not key.startswith(("[bot", " ")):
            # people act in the script's order; the bot's messages to different chats
            # after an action may go out in any order (each chat is paced on its own)
            cursor = found[0] + 1


def test_every_result_reaches_the_group_with_names_and_scores(transcript: str) -> None:
    """Each game of the night, as the group reads it: who beat whom, by how much."""
    group = [line for line in transcript.splitlines() if line.startswith(GROUP)]
    results = [re.search(r"(\w+ \w+) beat (\w+ \w+) (\d+)-(\d+)\.", line) for line in group]
    assert [m.groups() for m in results if m] == [
        ("Ann Lee", "Ben Ong", "420", "350"), ("Eve Tan", "Cai Wen", "402", "388"),
        ("Cai Wen", "Ann Lee", "395", "371"), ("Dev Rao", "Eve Tan", "433", "340")]


def test_the_group_sees_no_fee_and_the_50_wins_once(transcript: str) -> None:
    """The group is open to whoever its members let in: no fee there, and a level of
    expert points is announced once."""
    group = "\n".join(line for line in transcript.splitlines() if line.startswith(GROUP))
    assert "SGD" not in group and "paid" not in group
    assert transcript.count("on 50 club wins") == 1


def test_the_challenge_moves_the_rungs(transcript: str) -> None:
    """The ladder before and after Dev's win over Ben: Dev leapfrogs to Ben's rung 2, Ben
    and Cai go down one, Ann stays on top (on_win = "leapfrog")."""
    def table(after: str) -> list[str]:
        block = transcript[transcript.index(after):].split("\n")[2:6]
        return [line.replace("▶", "").split(None, 1)[1].strip() for line in block]

    assert table("[Dev] /ladder") == ["Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao"]
    assert table("[Ann] /ladder") == ["Ann Lee", "Dev Rao", "Ben Ong", "Cai Wen"]


def test_every_button_tap_was_answered(transcript: str) -> None:
    lines = transcript.splitlines()
    for i, line in enumerate(lines):
        if " taps " in line and line.startswith("["):
            assert lines[i + 1].startswith("[bot → "), f"{line!r} had no answer"


def test_tdbot_demo_club_prints_the_club_and_demo_stays_the_knockout() -> None:
    club = CliRunner().invoke(app, ["demo", "--club"])
    assert club.exit_code == 0, club.output
    assert "Congratulations to Ann Lee on 50 club wins" in club.stdout
    assert "Demo Cup" not in club.stdout
    knockout = CliRunner().invoke(app, ["demo"])
    assert knockout.exit_code == 0, knockout.output
    assert "Demo Cup" in knockout.stdout and "Tuesday Scrabble Club" not in knockout.stdout
