"""A TD releases or voids a game held because it was played in a blackout (SSSg para 20;
``blackouts`` holds them).

Released, the game is written as it would have been: a chat slip goes on as a submitted
slip (counted, copies to both players, the discrepancy window from now, para 24); a paper
slip is final at once, as ``tdbot game report`` makes it. Voided, it never counts, and both
players are told to play that game again.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.events.lookup import get_event
from bot.service.people import expelled
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.errors import Invalid, NotFound
from bot.service.platform.unit import Request, require_actor, unit
from bot.service.results import blackout_texts
from bot.service.results import reporting_texts as say
from bot.service.results.matches import core_match, get_match, score_line
from bot.service.results.reporting import _submit, _write_game, settle_match
from bot.store import held_repo, slips_repo
from bot.store.db import Database
from bot.store.held_repo import HeldGame, HeldState
from bot.words.said import said
from core.slip import SlipState

__all__ = ["HeldDecision", "HeldGame", "decide_held"]


@dataclass(frozen=True)
class HeldDecision:
    kind: str  # released, voided
    code: str
    game: int
    names: tuple[str, str]
    scores: tuple[int, int]
    blackout: str
    score_line: str  # the match after the decision


async def decide_held(db: Database, req: Request, event_id: int, held_id: int, *,
                      release: bool, why: str) -> HeldDecision:
    """Use-case: ``tdbot rule held-release|held-void EVENT ID --why TEXT``."""
    if not why.strip():
        raise Invalid(said("say why (--why TEXT): the journal keeps a TD's decision with its "
                           "reason"))
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        held = await held_repo.get(tx, held_id)
        view = None if held is None else await get_match(tx, held.match_id)
        if held is None or view is None or view.event_id != event_id:
            raise NotFound(said("no held game {held} in this event; tdbot event inbox lists "
                                "them", held=held_id))
        if held.state != HeldState.HELD:
            raise Invalid(said("held game {held} was {state} already", held=held_id,
                               state=str(held.state)))
        if release:
            await expelled.refuse_in_match(tx, view)
        event = await get_event(tx, event_id)
        match = await core_match(tx, view.id)
        game = len(match.state().counted) + 1
        await held_repo.decide(tx, held_id, HeldState.RELEASED if release else HeldState.VOIDED, req.now,
                               why.strip())
        await journal.record(tx, who=actor, action="game.released" if release else "game.voided",
                             subject=f"match:{view.id}", now=req.now, why=why.strip(),
                             detail={"held_id": held_id, "blackout": held.blackout})
        slip = None if held.slip_id is None else await slips_repo.get(tx, held.slip_id)
        if not release:
            if slip is not None:
                await slips_repo.move(tx, slip.id, (SlipState.DRAFT,), SlipState.VOID, req.now)
            for side in (0, 1):
                person = view.people[side]
                if person is not None:
                    await outbox.enqueue(tx, person_id=person, now=req.now,
                                         said=blackout_texts.voided(event, view, side, game,
                                                                    held.blackout))
            state = match.state()
        elif slip is not None:
            await _submit(tx, event, view, match, slip, actor, req.now)
            state = (await core_match(tx, view.id)).state()
        else:
            report, _ = await _write_game(
                tx, view, match, held.starter_side, held.scores, by=actor, now=req.now,
                played_at=held.played_at,
                detail={"source": "td", "held_id": held_id, "why": why.strip()})
            state = report.state
            for viewer in (0, 1):
                person = view.people[viewer]
                if person is not None:
                    await outbox.enqueue(tx, person_id=person, now=req.now, said=say.td_entered(
                        event, view, viewer, game, held.scores, held.starter_side, state))
            await settle_match(tx, event, view, state, req.now, actor)
        result = HeldDecision("released" if release else "voided", view.code, game,
                              (view.label(0), view.label(1)), held.scores, held.blackout,
                              score_line(view, state))
        return result
