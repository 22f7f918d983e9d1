"""A TD's ruling on a disputed game: the slip stands, the scores are corrected, or the
game is void (SSSg 2016 Annex A paras 19, 24, 28).

The core recomputes the match (``core.match.correct_game`` / ``void_game``): a correction
may decide the match earlier, and then the games after the new decision point that used to
count are void (para 28); a void game takes no number and the next game played replaces
it. If the ruling changes whether or by whom the match is decided, the bracket is synced
again from the rows; that is refused (everything rolled back) when a later match whose
players it would change already has games, which needs a correction of that match first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from bot.service import journal, outbox
from bot.service import reporting_texts as say
from bot.service.actors import Actor
from bot.service.errors import Invalid, NotFound
from bot.service.events import get_event
from bot.service.knockout import sync_matches
from bot.service.matches import core_match, get_match, matches_of_event
from bot.service.reporting import check_scores, settle_match
from bot.service.roles import require_role
from bot.service.schedule import get_round
from bot.service.unit import Answer, Request, answer_with, require_actor, unit
from bot.store import disputes_repo, games_repo, matches_repo, slips_repo
from bot.store.db import Database, Tx
from core.match import Correction, Game, MatchState, award_match_bye, correct_game, void_game


@dataclass(frozen=True)
class Ruled:
    """What a ruling did. ``voided``: numbers of later games that no longer count (para
    28). ``reopened``: the match is no longer decided the way it was."""

    match: str
    game: int
    ruling: str  # "upheld", "scores", "void"
    score_line: str
    decided: bool
    winner: str | None
    voided: list[int] = field(default_factory=list)
    reopened: bool = False


async def rule_game(
    db: Database, req: Request, event_id: int, match_code: str, game: int, *,
    uphold: bool = False, scores: tuple[int, int] | None = None, void: bool = False,
    why: str, render: Answer[Ruled] | None = None,
) -> Ruled:
    """Use-case: a TD rules on the open dispute of game ``game`` of a match. ``scores``
    are in the match's order (its first player's, then the second's)."""
    if [uphold, scores is not None, void].count(True) != 1:
        raise Invalid("rule one way: --uphold, --scores A B or --void")
    if not why.strip():
        raise Invalid("say why with --why TEXT: the players and the journal are told")
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        views = await matches_of_event(tx, event_id)
        view = next((m for m in views if m.code.casefold() == match_code.strip().casefold()), None)
        if view is None:
            raise NotFound(f"no match {match_code!r} in {event.slug}; "
                           f"`tdbot event show {event.slug}` lists them")
        names = (view.label(0), view.label(1))
        match = await core_match(tx, view.id)
        before = match.state()
        if not 1 <= game <= len(before.counted):
            raise Invalid(f"{view.code} has no game {game}: {len(before.counted)} game(s) count")
        index = before.counted[game - 1]
        rows = await games_repo.games_of(tx, view.id)
        row = rows[index]
        dispute = await disputes_repo.open_of_game(tx, view.id, row.id)
        if dispute is None:
            raise Invalid(f"game {game} of {view.code} has no open dispute, so there is nothing "
                          "to rule on")
        correction: Correction | None = None
        if scores is not None:
            check_scores(scores, names)
            if row.starter_side is None or row.kind != "played":
                raise Invalid(f"game {game} of {view.code} was not played on the board; "
                              "rule --uphold or --void")
            correction = correct_game(match, index, Game.played(row.starter_side, *scores))
            await games_repo.set_scores(tx, row.id, scores)
        elif void:
            correction = void_game(match, index)
            await games_repo.set_void(tx, row.id, True)
        ruling = "upheld" if uphold else "scores" if scores is not None else "void"
        after = correction.after if correction is not None else before
        voided = [i for i in (correction.voided if correction else ()) if i != index]
        for i in voided:
            await games_repo.set_void(tx, rows[i].id, True)
        for i in (correction.restored if correction else ()):
            await games_repo.set_void(tx, rows[i].id, False)
        slip = await slips_repo.of_game(tx, row.id)
        if slip is not None:
            await slips_repo.move(tx, slip.id, ("disputed", "pending"),
                                  "void" if void else "final", req.now)
        await disputes_repo.rule(tx, dispute.id, ruling=f"{ruling}: {why.strip()}",
                                 adjudicator=actor.person_id, now=req.now)
        await journal.record(
            tx, who=actor, action="dispute.ruled", subject=f"match:{view.id}", now=req.now,
            detail={"dispute_id": dispute.id, "game": game, "ruling": ruling,
                    "scores": list(scores) if scores else None,
                    "voided_games": [before.number_of(i) for i in voided]},
            why=why.strip(),
        )
        entries_before = {m.id: m.entries for m in views}
        was = (view.state == "decided", view.winner)
        now_is = (after.decided and after.winner is not None, after.winner)
        reopened = was[0] and now_is != was
        if reopened:
            await games_repo.reopen(tx, view.id)
            await sync_matches(tx, event_id)
            view = await get_match(tx, view.id)
        for viewer in (0, 1):
            person = view.people[viewer]
            if person is not None:
                await outbox.enqueue(
                    tx, person_id=person, now=req.now,
                    text_html=say.ruled(event, view, viewer, game, ruling, scores, why.strip(),
                                        [before.number_of(i) or 0 for i in voided], after))
        if now_is[0] and now_is != was:
            await settle_match(tx, event, view, after, req.now, actor)
        for m in await matches_of_event(tx, event_id):
            if m.id == view.id or m.entries == entries_before[m.id]:
                continue
            if await games_repo.games_of(tx, m.id):
                raise Invalid(
                    f"this ruling changes who plays {m.code} ({m.round_name}), which already "
                    "has games; correct that match first. Nothing was changed."
                )
            if m.state == "waiting":
                rnd = await get_round(tx, m.round_id)
                for side, person in enumerate(m.people):
                    if person is not None:
                        await outbox.enqueue(tx, person_id=person, now=req.now,
                                             text_html=say.opponent_unknown(event, rnd, m, side,
                                                                            view.code))
        result = Ruled(view.code, game, ruling, after.score_line(), after.decided,
                       names[after.winner] if after.winner is not None else None,
                       [before.number_of(i) or 0 for i in voided], reopened)
        return await answer_with(tx, req, render, result)


async def award_match_bye_in(tx: Tx, match_id: int, side: int, by: Actor, now: datetime,
                             why: str) -> MatchState:
    """A TD gives side ``side`` a match bye (SSSg para 27): it advances, and every game
    of the match is void (the core's ``award_match_bye``). The one code path for a match
    bye, whether from a dispute or from a round's close; the match then feeds the bracket
    and both players are told, as any decided match is (``settle_match``).

    Refused for a match that is not being played (decided, a bye of the draw, or waiting
    for its players), and without a reason: the players and the journal are told why."""
    if not why.strip():
        raise Invalid("say why the match bye is given: the players and the journal are told")
    view = await get_match(tx, match_id)
    await require_role(tx, by, view.event_id, "td")
    if view.state not in ("ready", "playing"):
        raise Invalid(f"{view.code} is {view.progress}: only a match being played can be "
                      "given a match bye")
    if side not in (0, 1):
        raise Invalid(f"no side {side!r}: a match bye goes to side 0 or 1")
    correction = award_match_bye(await core_match(tx, match_id), side)
    await matches_repo.set_match_bye(tx, match_id, side)
    event = await get_event(tx, view.event_id)
    await journal.record(
        tx, who=by, action="match.bye", subject=f"match:{view.id}", now=now,
        detail={"code": view.code, "side": side, "winner": view.label(side),
                "voided_games": len(correction.after.void)},
        why=why.strip(),
    )
    await settle_match(tx, event, await get_match(tx, match_id), correction.after, now, by)
    return correction.after
