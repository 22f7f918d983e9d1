"""Round-based events as a format (``seam.Format``): a Swiss, a round robin, King of the
Hill, each round paired by the core from the standings when it opens.

A match level on game-points is a tie, half a win each (Director's Manual's W/L/T), and a
match bye is the games forfeited to the side. The group sees each result at once and the
standings after it, at most once a minute (``round_events.STANDINGS_EVERY``) and at once
when a round is complete; with ``auto_pair`` the next round opens by itself once this one
is complete.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from bot.service.events.definitions import chess_pairing
from bot.service.events.draw import DrawResult
from bot.service.events.lookup import Event
from bot.service.events.rounds import open_round_deadlines
from bot.service.events.schedule import Round, get_round, rounds_of
from bot.service.fees.fee_sheet import FeeLine, round_lines
from bot.service.fees.payments import unmatched
from bot.service.formats.rounds import chances, ratings, round_events, round_texts
from bot.service.formats.rounds.round_division import load_rounds_event, pairing_of
from bot.service.formats.seam import Defaults
from bot.service.people.expulsions import Expelled, expel_unbracketed
from bot.service.platform import outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.platform.news import News, Told, group_language
from bot.service.results import finality
from bot.service.results.matches import matches_of_round
from bot.store.db import Tx
from bot.store.entries_repo import Entry
from bot.store.matches_repo import MatchView
from bot.words import N_
from bot.words.said import Said, said
from core.knockout.match import MatchStage, MatchState

#: The files of its programs a TD's /export sends besides the sheets.
ROUND_FILES = ("tsh", "naspa-scores", "trf")


@dataclass(frozen=True)
class RoundsFormat(Defaults):
    name: str = "rounds"
    kind: str = N_("a round-based event")
    rulebook: str | None = None
    tables: frozenset[str] = frozenset({"pairing"})
    breaks_ties: bool = False
    goes_through: bool = False
    photos: bool = True
    dated_rounds: bool = True
    bracket: bool = False
    round_fees: bool = True
    commands: frozenset[str] = frozenset()
    group_posts: Said = said("each round's pairings, the results and the standings")
    challenges: bool = False
    rounds_by_number: bool = True
    standings: bool = True
    no_draw: Said | None = None
    no_rounds: Said | None = None
    no_entries: Said | None = None
    round_stays_open: Said | None = None
    see_instead: str = ""  # it has /standings

    def chess(self, event: Event) -> bool:
        return chess_pairing(pairing_of(event)[1])

    def starter_words(self, event: Event, other: str) -> tuple[Said, Said]:
        if self.chess(event):
            return round_texts.starts_white(other)
        return Defaults.starter_words(self, event, other)

    def default_close(self, event: Event, rnd: Round, now: datetime) -> datetime | None:
        return round_events.default_close(event, rnd, now)

    def opens_rounds_itself(self, event: Event) -> bool:
        return pairing_of(event)[1].auto_pair

    async def draw(self, tx: Tx, event: Event, entries: list[Entry], seed: int, by: Actor,
                   now: datetime, why: str) -> DrawResult:
        """Its rounds, and no match: each is paired when it opens. Each player is told the
        rounds are set."""
        made = await round_events.make_rounds(tx, event, seed=seed, players=len(entries),
                                              by=by, now=now, why=why)
        for e in entries:
            await outbox.enqueue(
                tx, person_id=e.person_id, now=now, dedupe_key=f"draw:{event.id}:{e.person_id}",
                said=round_texts.drawn(event, len(made)))
        first = min(await rounds_of(tx, event.id), key=lambda r: r.seq, default=None)
        dated = first is not None and round_events.default_close(event, first, now) is not None
        return DrawResult(event.id, seed, made, [], [], await open_round_deadlines(
            tx, event.id, now), await unmatched(tx, event.id), first_round_dated=dated)

    async def after_results(self, tx: Tx, event: Event, now: datetime,
                            news: News | None) -> list[int]:
        return await round_events.after_results(tx, event, now)

    async def _rounds(self, tx: Tx, event: Event, view: MatchView) -> tuple[int, int]:
        """The round of this match and the event's number of rounds."""
        rnd = await get_round(tx, view.round_id)
        return rnd.seq, int(event.rules.get("pairing", {}).get("rounds", rnd.seq))

    async def _round_over(self, tx: Tx, view: MatchView) -> bool:
        """Whether every match of ``view``'s round is decided (or a bye) and final."""
        for m in await matches_of_round(tx, view.round_id):
            if m.state == MatchStage.NOT_NEEDED:
                continue
            if not await finality.is_final(tx, m):
                return False
        return True

    async def count_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          final: bool, following: Told | None) -> list[Told]:
        """Their next match, already paired; else when the next round is paired."""
        if following is not None:
            return [following]
        played, total = await self._rounds(tx, event, view)
        return [] if played >= total else [round_texts.after_match(event, played, total)]

    async def final_lines(self, tx: Tx, event: Event, view: MatchView, side: int,
                          won: bool, following: Told | None) -> list[Told]:
        """Where the player's rating estimate now stands, as each agreed (or otherwise
        final) result moves it; after the last round, that it was, and where the final
        standings are."""
        lines: list[Told] = []
        person = view.people[side]
        rating = None if person is None else await ratings.change_after_result(tx, event, person)
        if rating is not None:
            lines.append(rating)
        if following is None:
            played, total = await self._rounds(tx, event, view)
            if played >= total:
                lines.insert(0, round_texts.after_match(event, played, total,
                                                        await self._round_over(tx, view)))
        return lines

    async def post_result(self, tx: Tx, event: Event, chat: int, view: MatchView,
                          state: MatchState, post: Said, more: list[Said], key: str,
                          now: datetime) -> None:
        """The result at once, then the standings after it: at once when it completed its
        round, else within a minute, with the results that came in it
        (``round_events.standings_after_result``)."""
        await outbox.enqueue(tx, chat_id=chat, now=now, said=post,
                             lang=await group_language(tx, event), dedupe_key=key)
        await round_events.standings_after_result(tx, event, view, now)

    async def open_round(self, tx: Tx, event: Event, rnd: Round, by: Actor, now: datetime,
                         expel_unpaid: bool) -> None:
        """Pair the round from the standings; opening it expels nobody."""
        if expel_unpaid:
            raise Invalid(said("{event} is round-based: opening a round expels nobody. Record "
                               "the payments, or open it anyway with a reason (/openround "
                               "ROUND anyway: REASON, --unpaid-ok --why REASON)",
                               event=event.name))
        await round_events.pair_round_in(tx, event, rnd, by, now)

    async def round_opened(self, tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                           now: datetime) -> None:
        await round_events.announce_byes(tx, event, rnd, matches, now)
        await round_events.post_pairings(tx, event, rnd, matches, now)
        await chances.tell_when_last_rounds(tx, event, rnd, now)

    async def open_when_due(self, tx: Tx, event: Event, rnd: Round, now: datetime,
                            dedupe: str) -> bool:
        if not self.opens_rounds_itself(event):
            return False
        await round_events.open_when_due(tx, event, rnd, now, dedupe=dedupe)
        return True

    async def expel(self, tx: Tx, event: Event, entry: Entry, why: Said | str, by: Actor,
                    now: datetime, together: Collection[int]) -> Expelled:
        return await expel_unbracketed(tx, event, entry, why, by, now,
                                       nothing_left=said("no game left to play this round"))

    async def decided_prizes(self, tx: Tx, event: Event) -> list[Said]:
        return await chances.prize_lines(tx, event)

    async def fee_lines(self, tx: Tx, event: Event) -> list[FeeLine]:
        return await round_lines(tx, event)

    async def export_files(self, tx: Tx, event: Event) -> list[tuple[str, str]]:
        """Its tsh ``.t``, NASPA-with-scores and TRF files, and the ratings file for the
        rating officer (what the rating body would miss)."""
        state = await load_rounds_event(tx, event.id)
        return [*(round_events.export_text(state, fmt) for fmt in ROUND_FILES),
                ratings.ratings_file(state)]


ROUNDS = RoundsFormat()
