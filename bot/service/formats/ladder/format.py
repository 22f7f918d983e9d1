"""Challenge ladders as a format (``seam.Format``): players challenge those above them, and
a challenger who wins takes the rung (``core.ladder``).

A ladder has no draw, no entries a TD adds (newcomers /join at the bottom) and one round,
open while the ladder runs, whose name says nothing: its matches are challenges. A
challenge level on points is not a win, so the defender keeps the rung
(``core.ladder.match_winner``). The rungs move once a result is final.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from bot.service.events import groups
from bot.service.events.definitions import definition_of
from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.fees.fee_sheet import FeeLine, round_lines
from bot.service.formats.ladder import ladder_texts, ladders
from bot.service.formats.seam import Defaults
from bot.service.people.expulsions import Expelled, record_unbracketed
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.service.platform.news import News, Told, group_language
from bot.service.results.matches import get_match
from bot.store import entries_repo
from bot.store.db import Tx
from bot.store.entries_repo import Entry, EntryState
from bot.store.expulsions_repo import ExpulsionState
from bot.store.matches_repo import MatchView
from bot.words import N_
from bot.words.said import Said, said
from core.knockout.match import MatchState


@dataclass(frozen=True)
class LadderFormat(Defaults):
    name: str = "ladder"
    kind: str = N_("a challenge ladder")
    rulebook: str | None = None
    tables: frozenset[str] = frozenset({"ladder"})
    breaks_ties: bool = False
    goes_through: bool = False
    photos: bool = True
    dated_rounds: bool = False
    bracket: bool = False
    round_fees: bool = True
    commands: frozenset[str] = frozenset({"ladder", "challenge", "accept", "decline", "withdraw",
                                      "join"})
    group_posts: Said = said("the challenges' results and the rung changes")
    challenges: bool = True
    rounds_by_number: bool = False
    standings: bool = False
    no_draw: Said | None = said("is a challenge ladder: it has no draw; players challenge "
                                "each other (/challenge), and newcomers join at the bottom "
                                "(/join)")
    no_rounds: Said | None = said("a ladder has no [[rounds]]: its challenges are played as "
                                  "they come, in one round open while the ladder runs; remove "
                                  "the [[rounds]] tables")
    no_entries: Said | None = said("is a challenge ladder: add a newcomer with /join NAME "
                                   "(they start at the bottom)")
    round_stays_open: Said | None = said("stays open while the ladder runs: challenges are "
                                         "played in it as they come")
    see_instead: str = N_(": /ladder shows its rungs")

    def tie_words(self) -> Said:
        return said(": the defender keeps the rung")

    async def set_up(self, tx: Tx, event: Event, now: datetime) -> None:
        """The ladder itself: its rungs, from the definition's players."""
        await ladders.create_ladder(tx, event.id, definition_of(event), now)

    async def after_final(self, tx: Tx, event: Event, now: datetime,
                          news: News | None) -> None:
        """The rungs move (and the challenge's decision is recorded)."""
        await ladders.after_results(tx, event, now, news)

    async def count_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          final: bool, following: Told | None) -> list[Told]:
        return [] if final else [ladder_texts.rungs_when_final()]

    async def final_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          won: bool, following: Told | None) -> list[Told]:
        """No next match: where to see the ladder (its own step told them their rung)."""
        return [ladder_texts.after_result()]

    async def post_result(self, tx: Tx, event: Event, chat: int, view: MatchView,
                          state: MatchState, post: Said, more: list[Said], key: str,
                          now: datetime) -> None:
        """The ladder's own lines (the result and the rungs it moved), if any."""
        if more:
            await outbox.enqueue(tx, chat_id=chat, now=now, lang=await group_language(tx, event),
                                 said=ladder_texts.headed(event, more))

    async def round_opened(self, tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                           now: datetime) -> None:
        await groups.post_round_opened(tx, event, rnd, matches, now)

    async def expel(self, tx: Tx, event: Event, entry: Entry, why: Said | str, by: Actor,
                    now: datetime, together: Collection[int]) -> Expelled:
        """They leave the ladder and their open challenge is void (``core.ladder.expel``)."""
        await entries_repo.set_state(tx, entry.id, EntryState.EXPELLED)
        closed = await ladders.expel_in(tx, event, entry.name, by, now, why)
        view = await get_match(tx, closed) if closed is not None else None
        x_id = await record_unbracketed(tx, event, entry, view, why, by, now)
        note = (said("they leave the ladder; challenge {code} is void", code=view.code) if view
                else said("they leave the ladder"))
        return Expelled(entry.name, why, x_id, ExpulsionState.NONE, view.code if view else None,
                        note=note)

    async def fee_lines(self, tx: Tx, event: Event) -> list[FeeLine]:
        return await round_lines(tx, event)


LADDER = LadderFormat()
