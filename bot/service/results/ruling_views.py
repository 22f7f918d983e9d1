"""What a TD's ruling or correction did, as the use-cases hand it to what words it for the
TD who gave it (``ruler_texts``) and to the command line: the ruling (``Ruled``), the
question a ruling button asks next (``Asked``) and a correction of a game
(``Corrected``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.words.said import Said
from core.knockout.match import MatchGame


def named_score(score_line: str, names: tuple[str, str]) -> str:
    """'1-0 (+20)' as 'Ann Lee 1-0 Cai Wen (+20)' (unchanged without both names)."""
    points, _, spread = score_line.partition(" ")
    if not all(names):
        return score_line
    return f"{names[0]} {points} {names[1]} {spread}".rstrip()


@dataclass(frozen=True)
class Ruled:
    """What a ruling did, for the TD who gave it. ``ruling``: upheld, scores, void,
    game_bye, match_bye, tie, forfeit, overtime. ``to``: who the bye, forfeit or tie went
    to. ``needs_confirm``: nothing applied yet, ``impact`` says what it would do
    (``prompt_id`` is the Apply / Cancel prompt). ``ruled_by``: someone else ruled first
    (``ruling`` is then what they ruled; a record when it is no name: "the command line").
    ``single``: the match is one game, so it is said as that game (``seam.single_game``)."""

    match: str
    game: int
    ruling: str
    score_line: str
    decided: bool
    winner: str | None
    voided: list[int] = field(default_factory=list)
    reopened: bool = False
    to: str | None = None
    impact: Said | None = None
    voided_matches: tuple[str, ...] = ()
    needs_confirm: bool = False
    prompt_id: int | None = None
    names: tuple[str, str] = ("", "")  # the match's players, in the score line's order
    ruled_by: Said | str = ""
    scores: tuple[int, int] | None = None
    why: Said | str = ""  # with ruled_by: the reason the first ruler gave
    single: bool = False

    @property
    def named_score(self) -> str:
        """'Ann Lee 1-0 Cai Wen (+20)': the score line with the players' names."""
        return named_score(self.score_line, self.names)


@dataclass(frozen=True)
class Asked:
    """A ruler's button that needs a message next: ``kind`` amend (the scores), tie (the
    reason of a tied match's ruling) or why (the reason of a ruling on a dispute:
    ``ruling`` as ``rulings.ACTIONS`` names it, with its ``scores`` or ``side``, Skip
    answers ``prompt_id``); ``names`` are the match's players in order; ``single``: the
    match is one game."""

    kind: str
    match: str
    game: int
    names: tuple[str, str]
    side: int | None = None
    match_id: int | None = None
    prompt_id: int | None = None
    ruling: str = ""
    scores: tuple[int, int] | None = None
    single: bool = False


@dataclass(frozen=True)
class Corrected:
    """A correction, for the TD who made it. ``asked``: nothing applied yet, the reason is
    asked (``prompt_id``: its Cancel). ``needs_confirm``: nothing applied yet, ``impact``
    says what it would do to later matches (``prompt_id``: Apply / Cancel). Otherwise it
    is done: ``before`` and ``after`` are the game, ``score_line`` the match after it
    (``single``: the match is that one game, so its score is said as the game)."""

    match: str
    game: int
    names: tuple[str, str]
    before: MatchGame
    after: MatchGame
    score_line: str = ""
    decided: bool = False
    winner: str | None = None
    voided: list[int] = field(default_factory=list)
    voided_matches: tuple[str, ...] = ()
    impact: Said | None = None
    asked: bool = False
    needs_confirm: bool = False
    prompt_id: int | None = None
    single: bool = False  # the match is one game: its score is the game's, not a match's

    @property
    def named_score(self) -> str:
        return named_score(self.score_line, self.names)
