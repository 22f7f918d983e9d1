"""``highscore``: every match is one game, the higher score goes through, and no game owes
a board photo. The draw pairs the players in the order they entered, in one round; a level
game is a tie with no winner (nothing breaks it).

Everything the shared flow asks of a format is answered here, with the shared services
(rounds, outbox, expulsions, fees) and nothing of another format's package.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from bot.service.events.draw import DrawResult
from bot.service.events.lookup import Event
from bot.service.events.schedule import Round, round_code
from bot.service.fees.fee_sheet import FeeLine, round_lines
from bot.service.formats.seam import Defaults
from bot.service.people.expulsions import Expelled, expel_unbracketed
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.news import News, Told, group_language
from bot.store import matches_repo, rounds_repo
from bot.store.db import Tx
from bot.store.entries_repo import Entry
from bot.store.matches_repo import MatchView
from bot.words.said import Said, said
from core.knockout.match import Match, MatchState, forfeit_match

ROUND = "Round 1"


@dataclass(frozen=True)
class HighscoreFormat(Defaults):
    name: str = "highscore"
    kind: str = "a high-score shoot-out"
    rulebook: str | None = None
    tables: frozenset[str] = frozenset()
    breaks_ties: bool = False
    goes_through: bool = True
    photos: bool = False
    dated_rounds: bool = True
    bracket: bool = False
    round_fees: bool = True
    commands: frozenset[str] = frozenset()
    group_posts: Said = said("the results")
    challenges: bool = False
    rounds_by_number: bool = False
    standings: bool = False
    no_draw: str | None = None
    no_rounds: str | None = "a high-score shoot-out has no [[rounds]]: its draw makes its one"
    no_entries: str | None = None
    round_stays_open: str | None = None
    see_instead: str = ""

    def tie_words(self) -> Said:
        return said(": nobody goes through")

    def match_bye(self, match: Match, side: int) -> Match:
        return forfeit_match(match, side)

    async def draw(self, tx: Tx, event: Event, entries: list[Entry], seed: int, by: Actor,
                   now: datetime, why: str) -> DrawResult:
        """One round of one-game matches, the players paired in the order they entered."""
        if len(entries) % 2:
            raise Invalid(f"{event.name} needs an even number of players")
        division = await rounds_repo.add_division(tx, event.id, "Main")
        round_id = await rounds_repo.add(
            tx, event_id=event.id, division_id=division, code=round_code(ROUND), name=ROUND,
            seq=1, best_of=1, opens_at=None, closes_at=None, fee=event.fee_per_round)
        pairs = []
        for n, (a, b) in enumerate(zip(entries[::2], entries[1::2], strict=True), start=1):
            await matches_repo.add_paired(
                tx, event_id=event.id, round_id=round_id, code=f"H{n}", best_of=1,
                entries=(a.id, b.id), names=(a.name, b.name), first_starter_side=0)
            pairs.append((f"H{n}", ROUND, a.name, b.name))
        await journal.record(tx, who=by, action="event.draw", subject=f"event:{event.id}",
                             now=now, detail={"seed": seed, "matches": len(pairs)}, why=why)
        return DrawResult(event.id, seed, [(round_code(ROUND), ROUND, 1)], pairs)

    async def after_results(self, tx: Tx, event: Event, now: datetime,
                            news: News | None) -> list[int]:
        return []

    async def after_final(self, tx: Tx, event: Event, now: datetime,
                          news: News | None) -> None:
        return None

    async def count_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          final: bool, following: Told | None) -> list[Told]:
        """The higher score goes through; the other is out ("if it stands" while the
        result can still be disputed)."""
        if view.winner is None:
            return []
        through = view.winner == side
        if final:
            return [said("You go through to the next round of {event}.", event=event.name)
                    if through else said("You are out of {event}.", event=event.name)]
        return [said("If it stands, you go through to the next round of {event}.",
                     event=event.name) if through else
                said("If it stands, you are out of {event}.", event=event.name)]

    async def final_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          won: bool, following: Told | None) -> list[Told]:
        return []

    async def post_result(self, tx: Tx, event: Event, chat: int, view: MatchView,
                          state: MatchState, post: Said, more: list[Said], key: str,
                          now: datetime) -> None:
        await outbox.enqueue(tx, chat_id=chat, now=now, said=post, dedupe_key=key,
                             lang=await group_language(tx, event))

    async def round_opened(self, tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                           now: datetime) -> None:
        return None

    async def expel(self, tx: Tx, event: Event, entry: Entry, why: str, by: Actor,
                    now: datetime, together: Collection[int]) -> Expelled:
        return await expel_unbracketed(tx, event, entry, why, by, now,
                                       nothing_left=said("no game left to play"))

    async def fee_lines(self, tx: Tx, event: Event) -> list[FeeLine]:
        return await round_lines(tx, event)


HIGHSCORE = HighscoreFormat()
