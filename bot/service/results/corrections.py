"""A TD corrects a game already on record: its scores, who started it, or voids it.

A result on record changes only with the TD (WESPA rules, Scores, in the ABG rules: "After
signing, no changes can be made without permission of the TD"): a paper slip the TD typed
wrong, the wrong starter, a game that should not count. A player's way is the dispute
(SSSg para 24), ruled in ``rulings``; a game under dispute is ruled there, not corrected
here. Any TD of the event may correct a game of any match they do not play in (para 19:
``adjudicators.refuse_own_match`` says who rules instead), in every format.

One path with the rulings: the corrected core ``Match`` goes through
``rulings.apply_correction_in``, so a correction that would void games already played in a
later match shows that impact and waits for Apply (``--confirm`` at the command line), and
the bracket, the standings or the ladder are worked out again (``progress.after_results``).
Both players are told what changed and why, and the journal keeps a ``game.corrected``
line with the game before and after.

In the chat (``/correct M2 game 1 412 380``) the bot first asks why, as after a ruling
button: the correction waits in a ``prompts`` row (``CORRECT``), so a restart loses
nothing; one that needs confirming waits again (``CORRECT_APPLY``) with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.service.events.lookup import Event, get_event
from bot.service.people import expelled
from bot.service.people.roles import require_role
from bot.service.platform import journal
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotFound
from bot.service.platform.news import News
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results import correction_texts, ruler_texts
from bot.service.results.adjudicators import refuse_own_match
from bot.service.results.correction_texts import game_said, game_words
from bot.service.results.matches import MatchView, core_match, get_match, matches_of_event
from bot.service.results.reporting import check_scores, one_game_of
from bot.service.results.reporting_texts import one_game
from bot.service.results.ruling_views import Corrected
from bot.service.results.rulings import (
    NeedsConfirm,
    apply_correction_in,
    find_match,
    impact_text,
    match_coded,
    no_game,
    parse_scores,
    reason_of,
    side_named,
)
from bot.service.results.slip_copies import close_copy
from bot.store import disputes_repo, games_repo, prompts_repo, slips_repo
from bot.store.db import Database, Tx
from bot.store.prompts_repo import PromptKind, PromptState
from bot.words.said import said
from core.knockout.match import Match, MatchGame, MatchStage
from core.slip import SlipState

#: How /correct is written, for a TD who wrote it otherwise.
USAGE = said("say what to correct, e.g. /correct M2 game 1 412 380 (the match's first "
             "player's score first), /correct M2 game 1 starter Ann Lee, or /correct M2 game "
             "1 void")
#: How many of an event's matches a refusal of an unknown code lists.
LISTED = 8


@dataclass(frozen=True)
class Change:
    """What a TD changes in one game. ``game``: its number as the players know it (the
    games that count, 1 first); None: the match's only game. ``scores``: the match's
    first player's first; ``starter``: who started it, by name (``core.names``);
    ``void``: it no longer counts."""

    game: int | None = None
    scores: tuple[int, int] | None = None
    starter: str | None = None
    void: bool = False


@dataclass(frozen=True)
class _Fix:
    """A ``Change`` checked against the match: the game by its row id (its number may
    move if another game is voided meanwhile), the starter as a side."""

    game_id: int
    scores: tuple[int, int] | None
    starter: int | None
    void: bool

    def payload(self) -> dict[str, Any]:
        return {"game_id": self.game_id, "scores": list(self.scores) if self.scores else None,
                "starter": self.starter, "void": self.void}

    @classmethod
    def of(cls, payload: dict[str, Any]) -> _Fix:
        raw = payload.get("scores")
        starter = payload.get("starter")
        return cls(int(payload["game_id"]), (int(raw[0]), int(raw[1])) if raw else None,
                   None if starter is None else int(starter), bool(payload.get("void")))


def parse_words(words: list[str]) -> tuple[str, Change]:
    """``/correct``'s words after the event: MATCH [game N] then the scores (``412 380`` or
    ``412-380``) and/or ``starter NAME``, or ``void``."""
    if not words:
        raise Invalid(USAGE)
    code, rest = words[0], list(words[1:])
    game = None
    if rest and rest[0].casefold() == "game":
        if len(rest) < 2 or not rest[1].isascii() or not rest[1].isdigit():
            raise Invalid(said("give the game's number after 'game': {usage}", usage=USAGE))
        game, rest = int(rest[1]), rest[2:]
    if [w.casefold() for w in rest] == ["void"]:
        return code, Change(game, void=True)
    lowered = [w.casefold() for w in rest]
    at = lowered.index("starter") if "starter" in lowered else len(rest)
    scores = parse_scores(" ".join(rest[:at])) if rest[:at] else None
    starter = " ".join(rest[at + 1:]).strip() or None
    if at < len(rest) and starter is None:
        raise Invalid(said("name who started after 'starter': {usage}", usage=USAGE))
    if scores is None and starter is None:
        raise Invalid(USAGE)
    return code, Change(game, scores, starter)


# --- checking a change against the match ----------------------------------------------------


async def _td_on(tx: Tx, actor: Actor, view: MatchView) -> None:
    """Any TD of the event (an organiser too) who does not play in the match (para 19),
    on a match no expulsion settled (``expelled``: its result is the expulsion's)."""
    await require_role(tx, actor, view.event_id, "td")
    await refuse_own_match(tx, actor, view)
    await expelled.refuse_in_match(tx, view, actor.person_id)


async def _fix_of(tx: Tx, event: Event, view: MatchView, change: Change) -> _Fix:
    """The change as it applies to the match now; refused with what to do instead."""
    if change.void and (change.scores is not None or change.starter is not None):
        raise Invalid(said("void the game, or correct its scores or starter: not both"))
    if not change.void and change.scores is None and change.starter is None:
        # the chat's words always say something (``parse_words``): this is the command line
        raise Invalid(said("say what to correct: --scores A B, --starter NAME or --void"))
    match = await core_match(tx, view.id)
    counted = match.state().counted
    if match.match_bye is not None:
        raise Invalid(said("{match} was given a match bye: none of its games counts",
                           match=view.code))
    if not counted:
        raise Invalid(said("{match} has no game on record to correct", match=view.code))
    number = change.game
    if number is None:
        if len(counted) > 1:
            raise Invalid(said("{match} has {n} games: say which, e.g. /correct {match} game "
                               "{n} ...", match=view.code, n=len(counted)))
        number = 1
    if not 1 <= number <= len(counted):
        raise no_game(view, number, len(counted))
    row = (await games_repo.games_of(tx, view.id))[counted[number - 1]]
    if await disputes_repo.open_of_game(tx, view.id, row.id) is not None:
        raise Invalid(said("game {game} of {match} is disputed: rule on the dispute (its "
                           "buttons; Amend for the scores)", game=number, match=view.code))
    if change.scores is not None:
        check_scores(change.scores, (view.label(0), view.label(1)), event)
    starter = side_named(view, change.starter) if change.starter is not None else None
    fix = _Fix(row.id, change.scores, starter, change.void)
    await _planned(tx, view, fix)  # refused now, before the reason is asked
    return fix


async def _planned(tx: Tx, view: MatchView, fix: _Fix) -> tuple[int, int, MatchGame, Match]:
    """(the game's number, its index in the match, the game before, the corrected match)."""
    match = await core_match(tx, view.id)
    state = match.state()
    rows = await games_repo.games_of(tx, view.id)
    index = next((i for i, r in enumerate(rows) if r.id == fix.game_id), None)
    number = None if index is None else state.number_of(index)
    if index is None or number is None:
        raise Invalid(said("that game of {match} no longer counts: nothing was changed",
                           match=view.code))
    old = match.games[index]
    if fix.void:
        new = old.voided()
    else:
        starter = fix.starter if fix.starter is not None else old.starter
        if fix.scores is not None:
            if starter is None:
                raise Invalid(said("game {game} of {match} was {was}: say who started it too "
                                   "(starter NAME)", game=number, match=view.code,
                                   was=game_said(old, _names(view))))
            new = MatchGame.played(starter, *fix.scores)
        else:
            new = replace(old, starter=starter)
    if new == old:
        raise Invalid(said("game {game} of {match} is already {was}: nothing to correct",
                           game=number, match=view.code, was=game_said(old, _names(view))))
    games = match.games[:index] + (new,) + match.games[index + 1:]
    return number, index, old, replace(match, games=games)


def _names(view: MatchView) -> tuple[str, str]:
    return (view.label(0), view.label(1))


# --- applying it ----------------------------------------------------------------------------


async def _apply(tx: Tx, req: Request, actor: Actor, event: Event, view: MatchView, fix: _Fix,
                 why: str, confirm: bool) -> Corrected:
    """The one path (``apply_correction_in``), then the game's slip, the journal and the
    two players; a correction that voids later games waits for Apply instead."""
    number, index, old, new = await _planned(tx, view, fix)
    names = _names(view)
    news = News(event)
    try:
        applied = await apply_correction_in(tx, event, view, new, by=actor, now=req.now,
                                            confirm=confirm, cause="correction of", why=why,
                                            news=news)
    except NeedsConfirm as exc:
        if actor.person_id is None:
            raise
        prompt = await prompts_repo.open_prompt(tx, actor.person_id, PromptKind.CORRECT_APPLY,
                                                view.id,
                                                payload={**fix.payload(), "why": why},
                                                now=req.now)
        return Corrected(view.code, number, names, old, new.games[index], impact=exc.impact,
                         needs_confirm=True, prompt_id=prompt, single=one_game(event, view))
    slip = await slips_repo.of_game(tx, fix.game_id)
    if slip is not None:
        await slips_repo.move(
            tx, slip.id,
            (SlipState.PENDING, SlipState.AGREED, SlipState.FINAL) if fix.void
            else (SlipState.PENDING,), SlipState.VOID if fix.void else SlipState.FINAL, req.now)
        if slip.state == SlipState.PENDING:  # the opponent's Agree / Dispute go
            await close_copy(tx, slip, correction_texts.slip_note(), req.now)
    after = applied.after
    await journal.record(
        tx, who=actor, action="game.corrected", subject=f"match:{view.id}", now=req.now,
        detail={"code": view.code, "game": number, "game_id": fix.game_id,
                "before": game_words(old, names), "after": game_words(new.games[index], names),
                "voided_games": applied.voided, "voided_matches": list(applied.voided_matches),
                "impact": impact_text(applied.impact)},
        why=why)
    later = [n for n in applied.voided if n != number]  # para 14: decided before them
    result = Corrected(view.code, number, names, old, new.games[index], after.score_line(),
                       after.decided, names[after.winner] if after.winner is not None else None,
                       later, applied.voided_matches, applied.impact,
                       single=one_game(event, view))
    fresh = await get_match(tx, view.id)
    single = await one_game_of(tx, event, fresh, after)
    for viewer, person in enumerate(fresh.people):  # the correction first, then what follows
        if person is not None:
            news.lead(person, correction_texts.for_player(event, fresh, viewer, number, old,
                                                          result.after, why, later, after,
                                                          applied.was_won, single))
    await news.send(tx, req.now)
    return result


def _why(why: str) -> str:
    line = reason_of(why)
    if not line:
        raise Invalid(said("say why with --why TEXT: both players and the journal are told"))
    return line


async def correct_game(
    db: Database, req: Request, event_id: int, match_code: str, change: Change, *, why: str,
    confirm: bool = False,
) -> Corrected:
    """Use-case (``tdbot game correct``): correct a game at once, with its reason; without
    ``confirm`` a correction that voids games of later matches is refused with its impact
    (``rulings.NeedsConfirm``), nothing written."""
    why = _why(why)
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        view = await find_match(tx, event, match_code)
        await _td_on(tx, actor, view)
        fix = await _fix_of(tx, event, view, change)
        return await _apply(tx, req, actor, event, view, fix, why, confirm)


# --- in the chat ------------------------------------------------------------------------------


async def _chat_match(tx: Tx, event: Event, match_code: str) -> MatchView:
    """The match a TD named in the chat; an unknown code is answered with the codes of the
    event's latest matches that have games (a TD on a phone has no `event show`)."""
    view = await match_coded(tx, event, match_code)
    if view is not None:
        return view
    played = [m for m in await matches_of_event(tx, event.id)
              if m.state in (MatchStage.PLAYING, MatchStage.DECIDED)]
    known = "; ".join(f"{m.code} ({m.label(0)} v {m.label(1)})" for m in played[-LISTED:])
    if known:
        raise NotFound(said("no match '{code}' in {event}; its latest with games: {known}",
                            code=match_code, event=event.name, known=known))
    raise NotFound(said("no match '{code}' in {event}: none has a game yet", code=match_code,
                        event=event.name))


async def ask(db: Database, req: Request, event_id: int, match_code: str,
              change: Change) -> Corrected:
    """Use-case: ``/correct``. The change is checked now; nothing is applied until the TD
    says why (their next message), as after a ruling button."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        view = await _chat_match(tx, event, match_code)
        await _td_on(tx, actor, view)
        fix = await _fix_of(tx, event, view, change)
        number, index, old, new = await _planned(tx, view, fix)
        assert actor.person_id is not None
        prompt = await prompts_repo.open_prompt(tx, actor.person_id, PromptKind.CORRECT, view.id,
                                                payload=fix.payload(), now=req.now)
        asked = Corrected(view.code, number, _names(view), old, new.games[index], asked=True,
                          prompt_id=prompt, single=one_game(event, view))
        await _answer(tx, req, asked)
        return asked


async def _from_prompt(tx: Tx, req: Request, actor: Actor, prompt: prompts_repo.Prompt, why: str,
                       confirm: bool) -> Corrected:
    view = await get_match(tx, prompt.subject_id)
    await _td_on(tx, actor, view)  # still a TD who does not play in it
    event = await get_event(tx, view.event_id)
    return await _apply(tx, req, actor, event, view, _Fix.of(prompt.payload), why, confirm)


async def answer_why(db: Database, req: Request, text: str) -> Corrected:
    """Use-case: the TD's message after ``/correct`` is its reason: the correction is
    applied, or shows its impact and waits for Apply."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        prompt = None if actor.person_id is None else await prompts_repo.open_of(
            tx, actor.person_id, (PromptKind.CORRECT,))
        if prompt is None:
            raise Invalid(said("I am not waiting for the reason of a correction from you"))
        why = reason_of(text)
        if not why:
            raise Invalid(said("send one line saying why: both players and the journal are "
                               "told"))
        await prompts_repo.close(tx, prompt.id)
        result = await _from_prompt(tx, req, actor, prompt, why, False)
        await _answer(tx, req, result)
        return result


async def decide(db: Database, req: Request, prompt_id: int, apply: bool) -> Corrected | None:
    """Use-case: Apply (under a correction's impact) or Cancel (there, or under its "Why?").
    None: cancelled, nothing changed."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        prompt = await prompts_repo.get(tx, prompt_id)
        if (prompt is None or prompt.person_id != actor.person_id
                or prompt.kind not in (PromptKind.CORRECT, PromptKind.CORRECT_APPLY)
                or (apply and prompt.kind is not PromptKind.CORRECT_APPLY)):
            raise NotFound(said("that button is out of date"))  # another TD's: as if missing
        if not await prompts_repo.close(tx, prompt.id, PromptState.DONE if apply else PromptState.DROPPED):
            raise Invalid(said("that correction was already applied or cancelled"))
        if not apply:
            await answer(tx, req, Reply(ruler_texts.cancelled_correction()))
            return None
        result = await _from_prompt(tx, req, actor, prompt, str(prompt.payload["why"]), True)
        await _answer(tx, req, result)
        return result


async def _answer(tx: Tx, req: Request, result: Corrected) -> None:
    """The TD's answer in the chat: the reason asked, the impact to confirm, or done."""
    text, buttons = ruler_texts.corrected(result)
    await answer(tx, req, Reply(text, buttons))
