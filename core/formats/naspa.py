"""NASPA result submission files: "Basic Format" and "Basic Format & Scores".

Director's Manual (NASPA Director's Manual, "Tournament Data Submission Formats"):

- one line per player: number, a space, the name last name first "with no
  punctuation separating the names", a slash, the cumulative spread ("a minus sign
  for negative spreads (but no plus sign)"), a colon, a space, then one result per
  game separated by single spaces;
- a result is W, L or T followed by the opponent's number (``W3``), or ``B`` for a
  bye, which has no opponent; with scores, the player's score follows a dash
  (``W3-345``) and a bye stays a bare ``B``;
- several divisions are numbered straight through the file (division 2 starts after
  the last number of division 1), or restart at 1 in each division with a ``+N`` line
  after each division, N being the number of players above that point in the file.

The basic format has no code for a forfeit, so a result without an opponent (a bye
or a forfeit, which tsh also keeps as opponent 0) is written ``B``, and a forfeit
between two named players, being unrated too, is written ``B`` as well; its spread
still counts in the total. Rounds with no result (an absence) are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from core.standings import scrabble_standings, standing_of
from core.tiebreaks import rounds_of
from core.tournament import Division, GameKind

Numbering = Literal["straight", "restart"]


def naspa_name(name: str) -> str:
    """The name with its punctuation between names dropped: 'Chew, John' -> 'Chew John'."""
    return " ".join(name.replace(",", " ").split())


def _result(division: Division, number: int, round_: int, offset: int, scores: bool) -> str | None:
    games = [g for g in division.games_of(number) if g.round == round_]
    if not games:
        return None
    if len(games) > 1:
        raise ValueError(f"{division.name}: player {number} has two results in round {round_}")
    game = games[0]
    if game.kind == GameKind.UNPLAYED:
        return None
    opponent = game.opponent_of(number)
    if opponent is None or game.kind == GameKind.FORFEIT:
        return "B"
    points = game.points_of(number)
    letter = "W" if points >= 1 else "L" if points <= 0 else "T"
    text = f"{letter}{opponent + offset}"
    if scores:
        score = game.score_a if number == game.a else game.score_b
        if score is None:
            raise ValueError(
                f"{division.name} round {round_}: the game of {division.player(number).name} "
                "has no score; use the basic format without scores"
            )
        text += f"-{score}"
    return text


def write_naspa(
    divisions: Sequence[Division], *, scores: bool = False, numbering: Numbering = "straight"
) -> str:
    """A NASPA submission file for ``divisions`` (Director's Manual, Basic Format [& Scores])."""
    if numbering not in ("straight", "restart"):
        raise ValueError(f"numbering must be 'straight' or 'restart', got {numbering!r}")
    lines: list[str] = []
    above = 0  # players written so far
    for index, division in enumerate(divisions):
        offset = above if numbering == "straight" else 0
        standings = scrabble_standings(division)
        rounds = rounds_of(division)
        for player in division.players:
            if "/" in player.name or ":" in player.name:
                raise ValueError(f"{player.name!r}: a NASPA name cannot contain '/' or ':'")
            spread = standing_of(standings, player.number).spread
            results = [
                text
                for r in range(1, rounds + 1)
                if (text := _result(division, player.number, r, offset, scores)) is not None
            ]
            line = f"{player.number + offset} {naspa_name(player.name)}/{spread}: " + " ".join(results)
            lines.append(line.rstrip())
        above += len(division.players)
        if numbering == "restart" and index < len(divisions) - 1:
            lines.append(f"+{above}")
    return "\n".join(lines) + "\n"
