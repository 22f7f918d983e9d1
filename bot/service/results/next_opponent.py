"""What the player of a later match is told about the opponent a match feeds them: whom
they meet once the result(s) feeding their match are final, and what changed when a TD's
correction or ruling reopens one of those matches, or changes who went through.

A result counts at once but can be disputed within its window (SSSg para 24), so the
player waiting for "the winner of Ann Lee v Dev Rao" is told whom they meet only once
every match feeding theirs is final (``finality``): never a name a dispute may still
change. A result on record changes only with a TD (WESPA rules, Scores; SSSg para 24, a
dispute ruled), and then what they were told may no longer be true: they are told what
changed, once, in their own words: that the match is open again and their opponent not
known, or whom they meet now. Matches are named by their players (``opponents``).

What each player was last told is the tail of the outbox rows' keys
(``match:M:opp:SIDE:WHAT:N``, WHAT an entry id or ``open``), so a change is told once
however many paths look at it in one transaction, and a restart forgets nothing.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import get_round
from bot.service.people.entries import entries_of
from bot.service.platform import outbox
from bot.service.results import finality, opponents
from bot.service.results import reporting_texts as say
from bot.service.results.matches import MatchView, matches_of_event
from bot.store import matches_repo, outbox_repo
from bot.store.db import Tx
from bot.words.said import Said
from core.knockout.match import MatchStage

#: What a player was told when their opponent is not known (or not final) yet.
OPEN = "open"
#: The later matches whose players may still be told about their opponent.
_LIVE = (MatchStage.WAITING, MatchStage.READY, MatchStage.PLAYING)


def _prefix(match_id: int, side: int) -> str:
    return f"match:{match_id}:opp:{side}:"


async def last_told(tx: Tx, match_id: int, side: int) -> str | None:
    """What side ``side`` of the match was last told of its opponent (an entry id as text,
    or ``OPEN``); None when nothing through here."""
    keys = await outbox_repo.keys_with_prefix(tx, _prefix(match_id, side))
    return keys[-1][len(_prefix(match_id, side)):].rsplit(":", 1)[0] if keys else None


async def tell(tx: Tx, *, person: int, match_id: int, side: int, what: str, said: Said,
               now: datetime) -> None:
    """Send ``said`` to the player of side ``side``, recorded as having told them ``what``
    (an entry id as text, or ``OPEN``)."""
    told = await outbox_repo.keys_with_prefix(tx, _prefix(match_id, side))
    await outbox.enqueue(tx, person_id=person, now=now, said=said,
                         dedupe_key=f"{_prefix(match_id, side)}{what}:{len(told)}")


async def tell_ready(tx: Tx, event: Event, ready: MatchView, now: datetime, *,
                     besides: Collection[int | None] = ()) -> None:
    """Each player of ``ready``, a match seated by a draw whose two players are known for
    good, is told whom they meet, once; not those in ``besides``, who read it with their
    own result."""
    rnd = await get_round(tx, ready.round_id)
    for side in (0, 1):
        person = ready.people[side]
        met = str(ready.entries[1 - side])
        if person is None or person in besides or await last_told(tx, ready.id, side) == met:
            continue
        await tell(tx, person=person, match_id=ready.id, side=side, what=met, now=now,
                   said=say.match_ready(event, rnd, ready, ready.label(1 - side)))


def _fed_by(m: MatchView, code: str) -> list[int]:
    """The sides of ``m`` that wait on a player ``code`` sends them (its winner or loser)."""
    return [side for side in (0, 1) if opponents.feeder_code(m, 1 - side) == code]


async def _feeders_final(tx: Tx, m: MatchView, by_code: Mapping[str, MatchView]) -> bool:
    """Every match feeding ``m`` is decided and its result final: its two players are
    known for good."""
    for side in (0, 1):
        code = opponents.feeder_code(m, side)
        feeder = by_code.get(code) if code is not None else None
        if feeder is not None and not (feeder.state == MatchStage.DECIDED
                                       and await finality.is_final(tx, feeder)):
            return False
    return True


async def tell_changes(tx: Tx, event: Event, feeder: MatchView, now: datetime, *,
                       cause: Said | str = "", before: Mapping[int, tuple[int | None, int | None]]
                       | None = None, was_final: bool = False) -> None:
    """Tell each player waiting on ``feeder`` (as it is stored now) what is new for them
    since they were last told: whom they meet, once every match feeding theirs is final
    (a match being played was told by its round's opening); or, if they were told before,
    that their opponent is not known (the match is open again, or its result not final
    yet) or is now someone else. A player of ``feeder`` reads their next match with its
    result. ``before``: each match's entries before a correction, and ``was_final``:
    whether ``feeder``'s result was final then, for a player who was told their opponent
    in a message of their own result rather than here; ``cause``: the TD's act ("a TD's
    correction")."""
    if not await matches_repo.any_from(tx, event.id,
                                       [f"{kind}:{feeder.code}" for kind in opponents.FED]):
        return  # nobody waits on it (a round-based event's match)
    matches = await matches_of_event(tx, event.id)
    by_code = {m.code: m for m in matches}
    names: dict[int, str] | None = None
    for m in matches:
        if m.id == feeder.id or m.state not in _LIVE:
            continue
        for side in _fed_by(m, feeder.code):
            person = m.people[side]
            if person is None or person in feeder.people:
                continue
            if before is not None and before.get(m.id, m.entries)[side] != m.entries[side]:
                continue  # just arrived (a match bye put them through): told their match
            met = m.entries[1 - side]
            known = met is not None and await _feeders_final(tx, m, by_code)
            now_is = str(met) if known else OPEN
            was = await last_told(tx, m.id, side)
            if (was is None and before is not None and m.id in before and was_final
                    and await _feeders_final(tx, m, {c: f for c, f in by_code.items()
                                                     if c != feeder.code})):
                earlier = before[m.id][1 - side]
                was = OPEN if earlier is None else str(earlier)
            if was == now_is or (was is None and (now_is == OPEN
                                                  or m.state != MatchStage.READY)):
                continue
            rnd = await get_round(tx, m.round_id)
            opponent = (await opponents.opponent_of(tx, m, side)).words
            if was is None:
                text = say.match_ready(event, rnd, m, opponent)
            elif now_is == OPEN:
                text = say.opponent_open(event, rnd, feeder, cause,
                                         decided=feeder.state == MatchStage.DECIDED)
            else:
                if names is None:
                    names = {e.id: e.name for e in await entries_of(tx, event.id)}
                text = say.opponent_now(event, rnd, m, feeder, opponent,
                                        None if was == OPEN else names.get(int(was)))
            await tell(tx, person=person, match_id=m.id, side=side, what=now_is,
                       said=text, now=now)
