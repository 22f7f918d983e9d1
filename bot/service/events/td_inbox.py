"""What awaits a TD of an event (``readmodels.td_inbox`` fills it, ``pending_texts``
words it for ``/pending``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from bot.service.people.expulsions import OpenSlot
from bot.service.people.invites import JoinRequest
from bot.service.platform.deadlines import FailedDeadline
from bot.store.held_repo import HeldGame
from bot.store.matches_repo import MatchView
from bot.store.no_shows_repo import ClaimState
from bot.words.said import Said


@dataclass(frozen=True)
class AwaitingSlip:
    """A reported game awaiting the opponent's agreement: final at ``final_at`` unless
    disputed before (SSSg para 24)."""

    code: str
    game: int
    reporter: str
    opponent: str
    final_at: datetime | None  # on the event's clock


@dataclass(frozen=True)
class TdInbox:
    """What awaits a TD of an event, most urgent first. Each kind is filled by one small
    function of ``td_inbox`` and shown as one section of ``/pending``."""

    event_id: int
    format: str  # the event's: only a knockout's sections cite SSSg (``formats.cite``)
    join_requests: list[JoinRequest] = field(default_factory=list)
    # id, match_id, code, reason, raised_at; players ("A v B"), their names (a tuple),
    # rulers ("Tara, Tom": para 19)
    open_disputes: list[dict[str, object]] = field(default_factory=list)
    unpaid: list[tuple[str, list[str]]] = field(default_factory=list)  # round, names
    # per person and kind: name, state, messages (how many), last_error
    refused_messages: list[dict[str, object]] = field(default_factory=list)
    failed_deadlines: list[FailedDeadline] = field(default_factory=list)
    # in open rounds (``rounds.unfinished_of``): to be played, or waiting for a player
    unfinished: list[MatchView] = field(default_factory=list)
    left_unfinished: list[MatchView] = field(default_factory=list)  # in closed rounds
    # of those, the ids of the ones with a game that counts: only they can be voided
    voidable: frozenset[int] = frozenset()
    # players with no Telegram account linked whose messages wait until they join
    not_on_telegram: list[str] = field(default_factory=list)
    slips_awaiting: list[AwaitingSlip] = field(default_factory=list)
    tied: list[MatchView] = field(default_factory=list)  # para 17 leaves them to a TD (para 30)
    # games played during a blackout, held until a TD releases or voids them (para 20)
    held_games: list[HeldGame] = field(default_factory=list)
    # expelled players' slots waiting for the TDs' choice (paras 26, 29)
    open_slots: list[OpenSlot] = field(default_factory=list)
    # a round-based event's prize places already decided (its format's ``decided_prizes``): not a
    # task, so not in ``empty``, but the prizes can be prepared
    prizes: list[Said] = field(default_factory=list)
    slug: str = ""
    # who asked (None: the command line): no buttons on matches they play in (para 19)
    viewer: int | None = None
    # a week or less before their round closes, still with no agreed time (arranging.py)
    unarranged: list[MatchView] = field(default_factory=list)
    # no-show claims not yet ruled: match, claimant, state (no_shows.py)
    no_shows: list[tuple[MatchView, str, ClaimState]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.join_requests or self.open_disputes or self.unpaid
                    or self.refused_messages or self.failed_deadlines or self.unfinished
                    or self.left_unfinished or self.not_on_telegram or self.slips_awaiting
                    or self.tied or self.held_games or self.open_slots or self.unarranged
                    or self.no_shows)
