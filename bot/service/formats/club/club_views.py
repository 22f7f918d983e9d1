"""What the club-night use-cases answer (``club_nights``), as their wording reads it
(``club_texts``): kept apart so that the wording needs none of the use-cases."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.service.events.definitions import ClubDef, ClubMemberDef
from bot.service.events.lookup import Event
from bot.words.said import Said
from core.club import PlayerRecord


@dataclass(frozen=True)
class NightStarted:
    event: Event
    seq: int
    club: ClubDef


@dataclass(frozen=True)
class CheckedIn:
    event: Event
    seq: int
    name: str
    joins_round: int
    fee: str  # the amount in the event's currency, or "" when free
    fee_reason: str
    newcomer: bool
    by_td: bool
    invite_code: str | None = None  # a new member's personal link


@dataclass(frozen=True)
class Table:
    number: int
    names: tuple[str, str | None]  # None: the bye
    note: Said | None = None  # why, for a newcomer (the newcomer rules)
    newcomers: tuple[str, ...] = ()  # who of the two is a newcomer
    again: bool = False  # the two met earlier tonight: no pairing of the field avoided it


@dataclass(frozen=True)
class RoundPaired:
    event: Event
    seq: int
    number: int
    method: Said
    tables: list[Table] = field(default_factory=list)
    bye_worth: Said = Said("")
    waiting: list[str] = field(default_factory=list)  # checked in for a later round
    of_rounds: int = 0  # the night's rounds (club.rounds)
    #: paired, but with no chat with the bot yet: not told (their messages wait for them)
    not_on_telegram: list[str] = field(default_factory=list)

    @property
    def last(self) -> bool:
        """The night's last round: after it the TD ends the night, nobody pairs again."""
        return self.number >= self.of_rounds


@dataclass(frozen=True)
class NightFee:
    checkin_id: int
    name: str
    amount: str  # in the event's currency
    reason: str
    paid_by: str | None
    free: bool


@dataclass(frozen=True)
class FeeList:
    event: Event
    seq: int
    lines: list[NightFee]
    collected: str
    owed: str
    closed: bool = False

    @property
    def unpaid(self) -> list[NightFee]:
        return [f for f in self.lines if not f.free and f.paid_by is None]


@dataclass(frozen=True)
class FeePaid:
    name: str
    marked: bool  # False: it was marked already
    by: str


@dataclass(frozen=True)
class NightEnded:
    """A night ended: its fees, and its games not reported (closed unreported)."""

    fees: FeeList
    unfinished: list[Said]


@dataclass(frozen=True)
class ClubRecord:
    event: Event
    name: str
    nights: int
    record: PlayerRecord
    expert_points: int
    before_bot: ClubMemberDef
