"""The knockouts as formats (``seam.Format``): ``sssg`` (SSSg 2016 Annex A: a qualifying
round, a top division and a plate), ``single`` and ``double`` elimination.

A knockout's matches come from a drawn bracket (``core.knockout.sssg``): a result moves the
winner on and the loser out, so a match level on game-points still needs a winner (SSSg
para 17) and a match bye sends its side through (para 27). Its messages cite SSSg's
paragraphs, the rule book it plays by.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.pictures.layout import Pictured
from bot.service.events import groups
from bot.service.events.draw import DrawResult
from bot.service.events.lookup import Event
from bot.service.events.schedule import Round
from bot.service.fees.fee_sheet import FeeLine, round_lines
from bot.service.formats.knockout import brackets, slots, stakes
from bot.service.formats.knockout.bridge import load_core, sync_matches
from bot.service.formats.knockout.drawing import DIVISIONS, draw_bracket
from bot.service.formats.knockout.record import knockout_record
from bot.service.formats.seam import Defaults
from bot.service.people.expulsions import Expelled, OpenSlot
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.service.platform.news import News, Told, group_language
from bot.service.results import next_opponent, opponents
from bot.service.results import reporting_texts as say
from bot.service.results.matches import get_match
from bot.store import draw_repo
from bot.store.db import Tx
from bot.store.entries_repo import Entry
from bot.store.games_repo import GameRow
from bot.store.matches_repo import MatchView
from bot.store.results_repo import OpenSlip
from bot.words import N_
from bot.words.said import Said, said
from core.knockout import sssg
from core.knockout.match import Match, MatchStage, MatchState, award_match_bye
from core.phrases import Phrase


@dataclass(frozen=True)
class KnockoutFormat(Defaults):
    """One knockout format; ``name`` is its ``format`` key."""

    name: str
    kind: str = N_("a knockout")
    rulebook: str | None = "SSSg"
    tables: frozenset[str] = frozenset()
    breaks_ties: bool = True
    goes_through: bool = True
    photos: bool = True
    dated_rounds: bool = True
    bracket: bool = True
    round_fees: bool = True
    commands: frozenset[str] = frozenset()
    group_posts: Said = said("round openings, results and the bracket")
    challenges: bool = False
    rounds_by_number: bool = False
    standings: bool = False
    no_draw: Said | None = None
    no_entries: Said | None = None
    no_rounds: Said | None = None
    round_stays_open: Said | None = None
    see_instead: str = N_(": /bracket shows its bracket, /matches your matches")

    def tie_words(self) -> Said:
        """A knockout's match never stands as a tie: level on games, spread decides, then
        fewer starts (SSSg para 17); level on all three, the organisers decide it (para 30).
        Never a round-based event's "half a win each" (the Director's Manual's W/L/T),
        which would tell a knockout's players something untrue."""
        return said(": the organisers decide it (para 30)")

    def match_bye(self, match: Match, side: int) -> Match:
        """SSSg para 27: the side goes through and every game is void."""
        return award_match_bye(match, side).match

    async def draw(self, tx: Tx, event: Event, entries: list[Entry], seed: int, by: Actor,
                   now: datetime, why: str) -> DrawResult:
        return await draw_bracket(tx, event, entries, seed, by, now, why)

    async def pictured(self, tx: Tx, event: Event) -> Pictured | None:
        """Once drawn, the bracket with every result so far and what of it is not final
        yet (``brackets.pictured_event``)."""
        if await draw_repo.draw_record(tx, event.id) is None:
            return None
        return await brackets.pictured_event(tx, event)

    async def after_results(self, tx: Tx, event: Event, now: datetime,
                            news: News | None) -> list[int]:
        """The bracket advances: the core derives who meets whom next."""
        return await sync_matches(tx, event.id)

    async def impact_of(self, tx: Tx, view: MatchView, new: Match
                        ) -> tuple[Phrase | None, tuple[str, ...], int]:
        """``core.knockout.sssg.correct`` on the core event with every match that has
        games (decided or being played), so that it sees which later matches the
        correction would void."""
        event, _ = await load_core(tx, view.event_id,
                                   states=(MatchStage.DECIDED, MatchStage.PLAYING))
        if event.result(view.code) is None:
            return None, (), 0
        _, impact = sssg.correct(event, view.code, new, force=True)
        return impact.phrase(), impact.voided_matches, impact.voided_match_games

    async def after_final(self, tx: Tx, event: Event, now: datetime,
                          news: News | None) -> None:
        """What plays on did so when the result counted, but for a division drawn after
        the qualifying round (SSSg para 3), which waits until every qualifying result is
        final (para 24: ``bridge``): seated now, its players hear their matches."""
        for match_id in await sync_matches(tx, event.id):
            ready = await get_match(tx, match_id)
            if all(opponents.feeder_code(ready, side) is None for side in (0, 1)):
                await next_opponent.tell_ready(tx, event, ready, now)

    async def count_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          final: bool, following: Told | None) -> list[Told]:
        return [following] if following is not None else []

    async def final_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          won: bool, following: Told | None) -> list[Told]:
        """Nothing when they play on; a qualifier's division, drawn when the qualifying
        round is over (SSSg para 3); else that it was their last match."""
        if following is not None:
            return []
        if event.draw_seed is not None and self.name == "sssg":
            core_event, derived = await load_core(tx, event.id)
            if derived.divisions.get(view.code) == "qualifying":
                if won:
                    return [say.goes_to_division(DIVISIONS["top"])]
                if core_event.plate is not None:
                    return [say.goes_to_division(DIVISIONS["plate"])]
        return [say.last_match(event, won)]

    async def post_result(self, tx: Tx, event: Event, chat: int, view: MatchView,
                          state: MatchState, post: Said, more: list[Said], key: str,
                          now: datetime) -> None:
        """With the bracket picture that holds the match, as it now stands (drawn when
        sent: ``brackets``); the words alone when it has none."""
        lang = await group_language(tx, event)
        sent = await brackets.queue_pictures(tx, event, chat_id=chat, caption=post, now=now,
                                             of_match=view.code, dedupe_key=key, lang=lang)
        if not sent:
            await outbox.enqueue(tx, chat_id=chat, now=now, said=post, lang=lang,
                                 dedupe_key=key)

    async def round_opened(self, tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                           now: datetime) -> None:
        await groups.post_round_opened(tx, event, rnd, matches, now)

    async def expel(self, tx: Tx, event: Event, entry: Entry, why: Said | str, by: Actor,
                    now: datetime, together: Collection[int]) -> Expelled:
        return await slots.expel_from_bracket(tx, event, entry, why, by, now, together)

    async def match_stakes(self, tx: Tx, event: Event) -> dict[str, tuple[Said, Said]]:
        return await stakes.knockout_stakes(tx, event)

    async def open_slots(self, tx: Tx, event: Event) -> list[OpenSlot]:
        return await slots.open_slots(tx, event)

    async def fee_lines(self, tx: Tx, event: Event) -> list[FeeLine]:
        return await round_lines(tx, event)

    async def export_record(self, tx: Tx, event: Event, stored: list[MatchView],
                            values: dict[int, Match], games: dict[int, list[GameRow]],
                            slips: dict[int, OpenSlip],
                            divisions: dict[int, str | None]) -> dict[str, Any] | None:
        return await knockout_record(tx, event, stored, values, games, slips, divisions)


SSSG = KnockoutFormat("sssg")
SINGLE = KnockoutFormat("single")
DOUBLE = KnockoutFormat("double")
