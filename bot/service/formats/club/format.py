"""Club nights as a format (``seam.Format``): sessions whose rounds a TD pairs on the night.

A club night plays in the club's room, where the director sees the boards, so its games owe
no photo unless ``[rules] board_photos`` asks (NASPA Director's Manual, the club chapters);
a match level on game-points is a tie, half a win each (the Manual's W/L/T). Once a result
is final the club announces the expert-point levels reached; its fees are per night.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from bot.service.events import groups
from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.fees.fee_sheet import FeeLine
from bot.service.formats.club import club_nights
from bot.service.formats.seam import Defaults
from bot.service.people.expulsions import Expelled, expel_unbracketed
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.service.platform.news import News, Told, group_language
from bot.store import club_repo
from bot.store.db import Tx
from bot.store.entries_repo import Entry
from bot.store.matches_repo import MatchView
from bot.words import N_
from bot.words.said import Said, said
from core.knockout.match import MatchState


@dataclass(frozen=True)
class ClubFormat(Defaults):
    name: str = club_nights.FORMAT
    kind: str = N_("a club night")
    rulebook: str | None = None
    tables: frozenset[str] = frozenset({"club"})
    breaks_ties: bool = False
    goes_through: bool = False
    photos: bool = False
    dated_rounds: bool = False
    bracket: bool = False
    round_fees: bool = False
    commands: frozenset[str] = frozenset({"night", "checkin", "pairround", "fees", "endnight", "me"})
    group_posts: Said = said("each round's tables, the results and the club-win milestones")
    challenges: bool = False
    rounds_by_number: bool = False
    standings: bool = False
    no_draw: Said | None = said("is a club: there is no draw; a TD starts a night with "
                                "/night and pairs each round with /pairround")
    no_rounds: Said | None = said("a club night has no [[rounds]]: the TD pairs each round "
                                  "on the night with /pairround; remove them")
    no_entries: Said | None = None
    round_stays_open: Said | None = None
    see_instead: str = N_(": /me shows your record")

    async def after_final(self, tx: Tx, event: Event, now: datetime,
                          news: News | None) -> None:
        """The expert-point levels reached are announced."""
        await club_nights.after_results(tx, event, now, news)

    async def count_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          final: bool, following: Told | None) -> list[Told]:
        """Its next round is paired on the night: what the player does now."""
        return [await club_nights.after_game(tx, event, view)]

    async def final_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          won: bool, following: Told | None) -> list[Told]:
        return []

    async def post_result(self, tx: Tx, event: Event, chat: int, view: MatchView,
                          state: MatchState, post: Said, more: list[Said], key: str,
                          now: datetime) -> None:
        await outbox.enqueue(tx, chat_id=chat, now=now, said=post,
                             lang=await group_language(tx, event), dedupe_key=key)

    async def round_opened(self, tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                           now: datetime) -> None:
        await groups.post_round_opened(tx, event, rnd, matches, now)

    async def expel(self, tx: Tx, event: Event, entry: Entry, why: Said | str, by: Actor,
                    now: datetime, together: Collection[int]) -> Expelled:
        return await expel_unbracketed(tx, event, entry, why, by, now,
                                       nothing_left=said("no game left to play tonight"))

    async def fee_lines(self, tx: Tx, event: Event) -> list[FeeLine]:
        """A line per night a player checked in: the fee of their check-in (free for a
        newcomer's first nights, or the student or senior rate)."""
        return [FeeLine(f"night {night}", c.name, c.fee, c.fee if c.paid_at is not None else 0,
                        c.fee_reason)
                for night, c in await club_repo.checkins_of_event(tx, event.id)]


CLUB = ClubFormat()
