"""A result slip as the reporting use-cases hand it to what words it: a result as a
player wrote it, a slip as one of its players reads it, the question of which match a
result is for, and what a slip use-case did (``reporting``, worded by ``slip_texts``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from core.knockout.match import StartReason
from core.slip import SlipState


@dataclass(frozen=True)
class SaidResult:
    """A result as a player wrote it in the chat, from their side: their own score first.
    ``opponent`` is a name (or part of one) the message gave, ``game`` a game number;
    ``words`` the message's other words (which of several matches it is for:
    ``which_match``) and ``tags`` those of them that hold digits (a match code, ``M3``)."""

    mine: int
    theirs: int
    opponent: str = ""
    game: int | None = None
    text: str = ""
    words: str = ""
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class SlipView:
    """A slip as one of its two players reads it (``side`` is the reader's)."""

    id: int
    state: SlipState
    event: str
    round_name: str
    code: str
    best_of: int
    game: int
    side: int
    names: tuple[str, str]
    scores: tuple[int, int]
    starter: int | None
    start_reason: StartReason | None  # why the starter starts, None for a second report
    reporter_side: int
    deciding: bool
    closes_at: str | None  # the end of the discrepancy window, in the event's time zone
    second: str = ""  # "same" / "differs": a second report of a game already in
    first_scores: tuple[int, int] | None = None  # that game as first reported
    open_game: int | None = None  # a game of the opponent's still open to dispute
    format: str = "sssg"  # the event's: only a knockout's texts cite SSSg (``formats.cite``)
    single: bool = False  # the match is this one game (``reporting_texts.one_game``)
    closes: datetime | None = None  # ``closes_at`` as a moment on the event's clock

    @property
    def opponent(self) -> str:
        return self.names[1 - self.side]

    @property
    def responsible(self) -> int | None:
        """Who para 23 asks to report: the winner, or on a tie the starter."""
        a, b = self.scores
        if a != b:
            return 0 if a > b else 1
        return self.starter


@dataclass(frozen=True)
class Choice:
    """Several matches the result could be for, and no words to tell them apart: the
    player taps one (``ids``, each with its next game when asked, ``stamps``) or sends
    the result again with ``example`` (``which_match.telling_apart``), which names the
    first alone."""

    matches: list[tuple[str, str, str]] = field(default_factory=list)  # round, opponent, event
    ids: list[int] = field(default_factory=list)
    stamps: list[int] = field(default_factory=list)
    example: str = ""
    said: SaidResult = SaidResult(0, 0)


@dataclass(frozen=True)
class SlipAnswer:
    """What a slip use-case did: ``kind`` is ask_starter, draft, submitted, both (the second
    report agreed), differs (it did not: TDs asked), agreed, cancelled, unchanged (a
    repeated press: nothing to do), or held (played during a blackout, para 20: a TD
    decides; ``blackouts``)."""

    kind: str
    slip: SlipView
