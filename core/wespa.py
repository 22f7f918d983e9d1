"""WESPA overtime: a points penalty per minute over, and a forfeit at ten minutes.

Source: WESPA rules summary, "OVERTIME": "You have gone
overtime if your electronic count-down timer display shows -00:01. Subtract 10 points for
each minute or part thereof by which the time limit was exceeded. If you run 10 minutes
overtime, your game is forfeited." SSSg para 22 plays WESPA rules, so SSSg games follow
this too.

Boundaries, read from that text:

- any time past zero is overtime, and each started minute costs 10 points: 1 second over
  is 10 points, exactly 60 seconds 10, 61 seconds 20, 9:59 100;
- "if you run 10 minutes overtime": reaching 10:00 over forfeits the game (the clock
  shows -10:00); 9:59.9 does not.

A forfeited game is ``MatchGame.forfeit`` from ``core.knockout.match``: it is won by the opponent with
the event's forfeit spread (``MatchRules.forfeit_spread``, 75 for WESPA: "ABSENT FROM THE
TABLE"), whatever the board said.
"""

from __future__ import annotations

from datetime import timedelta

from core.knockout.match import MatchGame, MatchGameKind

POINTS_PER_MINUTE = 10
FORFEIT_AT = timedelta(minutes=10)
_MINUTE = timedelta(minutes=1)


def _check(over: timedelta) -> None:
    if over < timedelta(0):
        raise ValueError(
            f"overtime can't be negative (got {over}); pass timedelta(0) for a player "
            "who finished within their time"
        )


def overtime_penalty(over: timedelta) -> int:
    """WESPA rules, Overtime: 10 points for each minute or part of a minute over.

    This is the arithmetic only: at ``FORFEIT_AT`` (10 minutes) or more the game is
    forfeited instead (``overtime_forfeits``, ``apply_overtime``).
    """
    _check(over)
    minutes = -(-over // _MINUTE)  # whole minutes, any part counting as one
    return POINTS_PER_MINUTE * minutes


def overtime_forfeits(over: timedelta) -> bool:
    """WESPA rules, Overtime: 'If you run 10 minutes overtime, your game is forfeited.'"""
    _check(over)
    return over >= FORFEIT_AT


def apply_overtime(game: MatchGame, over: tuple[timedelta, timedelta]) -> MatchGame:
    """The game as it counts after each side's overtime (``over[side]``).

    A side 10 minutes or more over forfeits: the game becomes ``MatchGame.forfeit`` to the
    other side, keeping the starter. Otherwise each side's score drops by its penalty,
    so the winner may change (410-400 with the winner 2 minutes over is 390-400) and a
    score may go below zero. Both sides 10 minutes over is refused: both forfeit, which a
    match cannot record as one game, so a TD must rule.
    """
    if game.kind is not MatchGameKind.PLAYED or game.scores is None:
        raise ValueError(f"overtime applies to a game played on the board, not a {game.kind}")
    forfeits = [overtime_forfeits(o) for o in over]
    if all(forfeits):
        raise ValueError(
            "both players ran 10 minutes or more over: both forfeit (WESPA rules, "
            "Overtime), which one game cannot record. A TD must rule."
        )
    if forfeits[0] or forfeits[1]:
        return MatchGame.forfeit(awarded_to=1 if forfeits[0] else 0, starter=game.starter)
    score0, score1 = game.scores
    assert game.starter is not None  # a played game always has one
    return MatchGame.played(
        game.starter, score0 - overtime_penalty(over[0]), score1 - overtime_penalty(over[1])
    )
