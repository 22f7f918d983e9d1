"""What the player of a later match is told about the opponent a match feeds them, when that
match's result changes: a TD's correction or ruling reopens it, or changes who went
through, or it is decided again.

The player waiting for "winner of M2" (or its loser, in a double elimination) was told who
they play when M2 was decided (``reporting.settle_match``). A result on record changes
only with a TD (WESPA rules, Scores; SSSg para 24, a dispute ruled), and then what they
were told may no longer be true: they are told what changed, once, in their own words:
that M2 is open again and their opponent not known, or who they play now. Who went
through is said only once it is final (``finality``): a result a slip can still change is
not announced as the one they play, so a result decided again by a slip still in its
window is told when the slip closes (``reporting.announce_if_final``).

What each player was last told is the tail of the outbox rows' keys
(``match:M:opp:SIDE:WHAT:N``, WHAT an entry id or ``open``), so a change is told once
however many paths look at it in one transaction, and a restart forgets nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.events.schedule import get_round
from bot.service.people.entries import entries_of
from bot.service.platform import outbox
from bot.service.results import finality
from bot.service.results import reporting_texts as say
from bot.service.results.matches import MatchView, matches_of_event
from bot.store import outbox_repo
from bot.store.db import Tx
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


async def tell(tx: Tx, *, person: int, match_id: int, side: int, what: str, text_html: str,
               now: datetime) -> None:
    """Send ``text_html`` to the player of side ``side``, recorded as having told them
    ``what`` (an entry id as text, or ``OPEN``)."""
    told = await outbox_repo.keys_with_prefix(tx, _prefix(match_id, side))
    await outbox.enqueue(tx, person_id=person, now=now, text_html=text_html,
                         dedupe_key=f"{_prefix(match_id, side)}{what}:{len(told)}")


async def opponent(tx: Tx, m: MatchView, side: int) -> str:
    """Who a player meets in ``m``: a name, or where they come from with the two who play
    for it ("winner of M1 (Ann Lee or Dev Rao)")."""
    label = m.label(1 - side)
    kind, _, code = m.sources[1 - side].partition(":")
    if m.names[1 - side] is None and kind in ("winner", "loser"):
        for feeder in await matches_of_event(tx, m.event_id):
            if feeder.code == code and None not in feeder.names:
                label += f" ({feeder.label(0)} or {feeder.label(1)})"
    return label


def _fed_by(m: MatchView, code: str) -> list[int]:
    """The sides of ``m`` that wait on a player ``code`` sends them (its winner or loser)."""
    return [side for side in (0, 1)
            if m.sources[1 - side].partition(":")[0] in ("winner", "loser")
            and m.sources[1 - side].partition(":")[2] == code]


async def tell_changes(tx: Tx, event: Event, feeder: MatchView, now: datetime, *,
                       cause: str = "", before: Mapping[int, tuple[int | None, int | None]]
                       | None = None) -> None:
    """Tell each player waiting on ``feeder`` (as it is stored now) what changed for them
    since they were last told: their opponent is not known (the match is open again, or
    its result not final yet) or is now someone else. ``before``: each match's entries
    before the change (a correction's), for a player who was told their opponent in a
    message of their own result rather than here; ``cause``: the TD's act, as "a TD's
    correction of" (with the match's code after it)."""
    final = feeder.state == MatchStage.DECIDED and await finality.is_final(tx, feeder)
    names: dict[int, str] | None = None
    for m in await matches_of_event(tx, event.id):
        if m.id == feeder.id or m.state not in _LIVE:
            continue
        for side in _fed_by(m, feeder.code):
            person = m.people[side]
            if person is None or person in feeder.people:
                continue
            if before is not None and before.get(m.id, m.entries)[side] != m.entries[side]:
                continue  # just arrived (a match bye put them through): told their match
            met = m.entries[1 - side]
            now_is = str(met) if final and met is not None else OPEN
            was = await last_told(tx, m.id, side)
            if was is None and before is not None and m.id in before:
                earlier = before[m.id][1 - side]
                was = OPEN if earlier is None else str(earlier)
            if was is None or was == now_is:
                continue
            if names is None:
                names = {e.id: e.name for e in await entries_of(tx, event.id)}
            rnd = await get_round(tx, m.round_id)
            if now_is == OPEN:
                text = say.opponent_open(event, rnd, m, feeder, await opponent(tx, m, side),
                                         cause, decided=feeder.state == MatchStage.DECIDED)
            else:
                text = say.opponent_now(event, rnd, m, feeder, await opponent(tx, m, side),
                                        None if was == OPEN else names.get(int(was)))
            await tell(tx, person=person, match_id=m.id, side=side, what=now_is,
                       text_html=text, now=now)
