"""A TD's rulings: on a disputed game (uphold, amend the scores, void it, a game bye), a
match bye, a tied match, and the WESPA forfeit and overtime (SSSg 2016 Annex A paras 19,
24, 27, 28, 30; WESPA rules, Forfeits and Overtime, ABG rules).

Every ruling becomes a new core ``Match`` (``core.knockout.match``: ``correct_game``,
``award_game_bye``, ``void_game``, ``award_match_bye``, ``rule_tied_match``;
``core.wespa.apply_overtime``) and goes through ONE path, ``apply_correction_in``: the
core recomputes the match (a game bye is +100 spread and may decide it earlier, voiding
the games after, para 28; a match bye voids the games played, para 27), and
the event's format says what it does to the later matches (a knockout's:
``core.knockout.sssg.correct``). A correction that voids a later match's games needs the TD
to confirm it (docs/architecture.md, "Corrections show their impact first"):
without ``confirm`` it is refused with that impact (``NeedsConfirm``), nothing written.

In the chat a ruling chosen with a button (and Amend's scores) is not applied until the
TD says why (``ask_why``, ``answer_prompt``; Skip gives ``SKIPPED_WHY``): the TD
adjudicates (para 19) and the players are owed the ruling (para 24), with its reason. The
chosen ruling waits in a ``prompts`` row, so a restart loses nothing; a ruling that
needs confirming shows its impact after the reason, and Apply uses that reason.

Para 19: a TD who plays in the match may not rule on it; only the match's eligible
rulers (``adjudicators.rulers_of``) or the command line may. Two rulers pressing at once:
the dispute's state is compare-and-set, so one ruling wins and the other is told who
ruled and what.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.events import groups
from bot.service.events.lookup import Event, get_event
from bot.service.events.progress import after_results
from bot.service.formats.registry import format_of
from bot.service.formats.traits import cite
from bot.service.people import expelled
from bot.service.people.persons import get_person
from bot.service.people.roles import require_role
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.news import GROUP, News
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results import (
    dispute_texts,
    finality,
    next_opponent,
    ruler_texts,
    ruling_texts,
)
from bot.service.results import reporting_texts as say
from bot.service.results.adjudicators import refuse_own_match, rulers_of
from bot.service.results.disputes import ruler_copies, ruler_name, ruler_notice, supersede
from bot.service.results.matches import MatchView, core_match, get_match, matches_of_event
from bot.service.results.reporting import (
    check_scores,
    final_after_ruling,
    one_game_of,
    settle_match,
)
from bot.service.results.reporting_texts import one_game
from bot.service.results.ruling_texts import (
    SKIPPED_WHY,
    TIE_REASON,
    ruling_said,
    stage_said,
    why_said,
)
from bot.service.results.ruling_views import Asked, Ruled
from bot.service.results.slip_copies import settled_note, to_both, went_to
from bot.store import (
    disputes_repo,
    games_repo,
    journal_repo,
    matches_repo,
    outbox_repo,
    photos_repo,
    prompts_repo,
    slips_repo,
)
from bot.store.db import Database, Tx
from bot.store.disputes_repo import DisputeRow, DisputeState
from bot.store.photos_repo import WindowState
from bot.store.prompts_repo import PromptKind, PromptState
from bot.words import said_json
from bot.words.said import Said, Value, english_text, from_core, said, said_n
from core.formats import is_digits
from core.knockout.match import (
    Decision,
    Match,
    MatchGame,
    MatchGameKind,
    MatchRuleError,
    MatchStage,
    MatchState,
    award_game_bye,
    correct_game,
    report_game,
    rule_tied_match,
    void_game,
)
from core.names import NameRefused, pick
from core.slip import MAX_SCORE, SlipState
from core.wespa import apply_overtime

#: What a TD may do with a disputed game. ``game_bye`` and ``match_bye`` name a side.
ACTIONS = ("uphold", "scores", "void", "game_bye", "match_bye")


class NeedsConfirm(Invalid):
    """The ruling voids games already played in later matches: the TD must confirm it
    after reading ``impact`` (``core.knockout.sssg.Impact.phrase``)."""

    def __init__(self, impact: Said) -> None:
        super().__init__(said("{impact}. Nothing was changed: confirm to apply it "
                              "(--confirm at the command line)", impact=impact))
        self.impact = impact


@dataclass(frozen=True)
class Applied:
    """What a correction did to the match and the bracket. ``voided``: game numbers of
    the match that no longer count (para 28); ``voided_matches``: later matches whose
    games are void; ``reopened``: the match is no longer decided as it was."""

    before: MatchState
    after: MatchState
    voided: list[int]
    voided_matches: tuple[str, ...]
    reopened: bool
    impact: Said | None
    settled: bool = False  # the match was decided anew: its players were told what follows

    @property
    def was_won(self) -> int | None:
        """The side that had won the match, when this left it undecided (open again)."""
        return self.before.winner if self.reopened and not self.after.decided else None


# --- who may rule ------------------------------------------------------------------------


async def require_ruler(tx: Tx, actor: Actor, view: MatchView) -> None:
    """Para 19: a TD playing in the match may not rule on it; the match's rulers may (the
    command line always may). Nobody rules on a match an expulsion settled (``expelled``)."""
    if actor.person_id is not None:
        await refuse_own_match(tx, actor, view)
        if actor.person_id not in await rulers_of(tx, view):
            para19 = cite(await get_event(tx, view.event_id), "SSSg para 19")
            raise NotAllowed(said("only a TD of this event who does not play in {match} may "
                                  "rule on it{rule}", match=view.code, rule=para19))
    await expelled.refuse_in_match(tx, view, actor.person_id)


async def _td_and_match(tx: Tx, req: Request, event_id: int,
                        match_code: str) -> tuple[Actor, Event, MatchView]:
    """A command-line ruling's start: the asker must be a TD of the event, and the match
    named by its code."""
    actor = await require_actor(tx, req)
    await require_role(tx, actor, event_id, "td")
    event = await get_event(tx, event_id)
    view = await find_match(tx, event, match_code)
    await expelled.refuse_in_match(tx, view, actor.person_id)
    return actor, event, view


async def match_coded(tx: Tx, event: Event, match_code: str) -> MatchView | None:
    """The event's match whose code is ``match_code`` (case and spaces aside), or None."""
    code = match_code.strip().casefold()
    return next((m for m in await matches_of_event(tx, event.id) if m.code.casefold() == code),
                None)


async def find_match(tx: Tx, event: Event, match_code: str) -> MatchView:
    """The event's match named by its code at the command line (``match_coded``); an
    unknown code is refused with where the codes are listed."""
    view = await match_coded(tx, event, match_code)
    if view is None:
        raise NotFound(said("no match '{code}' in {event}; `tdbot event show {event}` lists "
                            "them", code=match_code, event=event.slug))
    return view


def side_named(view: MatchView, name: str) -> int:
    """The side of the match's player ``name`` names (``core.names``: case, spaces and a
    shortened name aside, when it fits one of the two only)."""
    sides = [side for side in (0, 1) if view.names[side] is not None]
    try:
        return sides[pick(name, [view.names[side] or "" for side in sides])]
    except NameRefused as exc:
        if exc.ambiguous:
            raise Invalid(said("'{name}' could be {names} (in {match}): give more of the name",
                               name=name.strip(), names=", ".join(exc.candidates),
                               match=view.code)) from None
        raise Invalid(said("'{name}' does not play in {match}: give '{first}' or '{second}'",
                           name=name, match=view.code, first=view.label(0),
                           second=view.label(1))) from None


def match_bye_of(event: Event, match: Match, side: int) -> Match:
    """The match as a match bye to ``side`` leaves it: the event's format says what a
    match bye is (``seam.Format.match_bye``: a knockout's side goes through, SSSg para 27;
    another format's wins the games it needs by forfeit)."""
    return format_of(event).match_bye(match, side)


def _bye_already(event: Event, view: MatchView, match: Match, side: int) -> Said | None:
    """Why a match bye to ``side`` would change nothing (None when it would): a knockout's
    match with a match bye already, or another format's match already won by ``side``
    with nothing but forfeits (a match bye given before)."""
    if match.match_bye is not None:
        return said("{match} already has a match bye to {name}: nothing was changed",
                    match=view.code, name=view.label(match.match_bye))
    state = match.state()
    if (not format_of(event).goes_through and state.decided and state.winner == side
            and state.counted and all(match.games[i].kind is MatchGameKind.FORFEIT
                                      and match.games[i].awarded_to == side
                                      for i in state.counted)):
        return said("{match} already went to {name} by forfeit: nothing was changed",
                    match=view.code, name=view.label(side))
    return None


# --- the one path: apply a corrected match -------------------------------------------------


async def impact_of(tx: Tx, view: MatchView,
                    new: Match) -> tuple[Said | None, tuple[str, ...], int]:
    """What replacing the match's value with ``new`` does to the later matches:
    (what it does in words, in the reader's language when written; voided later matches,
    games played in them). Only a decided match feeds later ones, and only where the
    format has some (``Format.impact_of``: a bracket's)."""
    if view.state != MatchStage.DECIDED:
        return None, (), 0
    words, voided, games = await format_of(await get_event(tx, view.event_id)).impact_of(
        tx, view, new)
    return (None if words is None else from_core(words)), voided, games


def impact_text(impact: Said | None) -> str:
    """A correction's impact as the journal keeps it: in English, "" for none."""
    return "" if impact is None else english_text(impact)


async def _write_games(tx: Tx, view: MatchView, old: Match, new: Match, now: datetime) -> None:
    rows = await games_repo.games_of(tx, view.id)
    for i, game in enumerate(new.games):
        if i >= len(rows):
            assert game.awarded_to is not None, "only an awarded game is appended by a ruling"
            await games_repo.add_awarded(tx, view.id, kind=game.kind.value, at=now,
                                         bye_side=game.awarded_to, starter_side=game.starter)
        elif game != old.games[i]:
            if game.kind is MatchGameKind.VOID:
                await games_repo.set_void(tx, rows[i].id, True)
            else:
                await games_repo.rewrite(tx, rows[i].id, kind=game.kind.value,
                                         starter_side=game.starter,
                                         scores=game.scores or (None, None),
                                         bye_side=game.awarded_to, void=False)
            await _photo_duty_follows(tx, rows[i].id, game, now)


async def _photo_duty_follows(tx: Tx, game_id: int, game: MatchGame, now: datetime) -> None:
    """SSSg para 25 makes the game's winner (on a tie, its starter) send the board photo:
    after a ruling that is whoever the corrected game names. A game that is no longer won
    on the board (void, a bye, a forfeit) needs no photo, so its waiting window is waived."""
    window = await photos_repo.window_of_game(tx, game_id)
    if window is None or window.state not in photos_repo.AWAITING:
        return
    side = game.responsible() if game.kind is MatchGameKind.PLAYED else None
    if side is None:
        await photos_repo.move(tx, window.id, photos_repo.AWAITING, WindowState.WAIVED, now,
                               why="a TD's ruling: the game needs no board photo")
    elif side != window.responsible_side:
        await photos_repo.set_responsible(tx, window.id, side)


async def _void_later(tx: Tx, event: Event, codes: tuple[str, ...], cause: str,
                      now: datetime, by: Actor, feeder: MatchView, news: News | None) -> None:
    """Later matches a correction voids: their games stop counting, their open slips and
    disputes close, and their players are told (paras 27-28); a player of the corrected
    match (``feeder``) reads it in the message of the correction itself (``news``)."""
    for m in await matches_of_event(tx, event.id):
        if m.code not in codes:
            continue
        games = await games_repo.games_of(tx, m.id)
        played = any(not g.void for g in games)
        for g in games:
            await games_repo.set_void(tx, g.id, True)
        for s in await slips_repo.of_match(tx, m.id, (SlipState.DRAFT,)):
            await slips_repo.move(tx, s.id, (SlipState.DRAFT,), SlipState.VOID, now)
        why = ruling_texts.cause(cause, feeder)
        what = ruling_texts.later_void(why)
        await supersede(tx, m, ruling=f"void: a TD's {cause} {feeder.code} voided the match",
                        by=by, now=now, slip_note=to_both(what),
                        ruler_note=settled_note(what, False),
                        why=ruling_texts.voided_by(why))
        await matches_repo.set_outcome(tx, m.id, MatchStage.READY, None)
        for side, person in enumerate(m.people):
            if person is not None and news is not None and person in feeder.people:
                news.add(person, ruling_texts.own_later_match_voided(m, side, played))
            elif person is not None:  # told their match once it is known (``next_opponent``)
                await next_opponent.tell(tx, person=person, match_id=m.id, side=side,
                                         what=next_opponent.OPEN, now=now,
                                         said=ruling_texts.later_match_voided(event, m, side, why,
                                                                              played))


async def _settle_beyond(tx: Tx, view: MatchView, old: Match, new: Match, cause: str,
                         now: datetime, by: Actor) -> None:
    """Games the corrected match leaves after its decision (para 28: a game bye may decide
    it earlier; para 14: a match ends once decided) that the ruling itself did not touch:
    what is still open about them (a slip in its window, a dispute) closes as void, as
    every decision closes what it leaves open (``disputes.supersede``), so no Agree,
    Dispute or ruling button is left on a game that no longer counts."""
    before, after = old.state(), new.state()
    beyond = [i for i in before.counted
              if i not in after.counted and i < len(new.games) and new.games[i] == old.games[i]]
    if not beyond or new.match_bye is not None:
        return
    rows = await games_repo.games_of(tx, view.id)
    what = ruling_texts.decided_before(cause)
    await supersede(tx, view, ruling=f"void: {view.code} was decided before this game",
                    by=by, now=now, decided=new, games={rows[i].id for i in beyond},
                    slip_note=to_both(what), ruler_note=settled_note(what, False),
                    why=ruling_texts.decided_first(view.code))


async def apply_correction_in(
    tx: Tx, event: Event, view: MatchView, new: Match, *, by: Actor, now: datetime,
    confirm: bool, cause: str = "ruling on", why: Said | str = "",
    news: News | None = None,
) -> Applied:
    """THE way a ruling changes a match (disputes, byes, forfeits, overtime, ties, and a
    missing photo's game bye): write the corrected match, void what it voids in later
    matches (only with ``confirm`` when they have games), decide or reopen the match, and
    sync the bracket. The caller journals and tells the two players; this tells everyone
    else (players of later matches: "a TD's correction of Ann Lee v Dev Rao"; the group,
    with ``why``, when a result it was shown as final is open again, or a later match it
    was shown changes). ``news``: where a caller that leads each player's message with
    its own words gathers what the decision adds (what plays on, what the final result
    means, the group's line that the result it saw was corrected, a later match of theirs
    it voided), so that each reads one message
    (``reporting.settle_match``); None: settled results are sent on their own. Raises
    ``NeedsConfirm`` before writing anything."""
    old = await core_match(tx, view.id)
    before, after = old.state(), new.state()
    impact, voided_matches, games_there = await impact_of(tx, view, new)
    if games_there and not confirm:
        assert impact is not None  # a bracket's impact says what it voids
        raise NeedsConfirm(impact)
    views = await matches_of_event(tx, event.id)
    entries_before = {m.id: m.entries for m in views}
    announced = view.state == MatchStage.DECIDED and await finality.is_final(tx, view)
    await _write_games(tx, view, old, new, now)
    if new.match_bye != old.match_bye:
        await matches_repo.set_match_bye(tx, view.id, new.match_bye)
    if new.ruling != old.ruling:
        await matches_repo.set_ruling(tx, view.id, None if new.ruling is None else
                                      (new.ruling.winner, new.ruling.reason))
    if new.match_bye is None:
        was, now_counted = set(before.counted), set(after.counted)
        rows = await games_repo.games_of(tx, view.id)
        for i in sorted(was - now_counted):
            await games_repo.set_void(tx, rows[i].id, True)
    voided = [before.number_of(i) or 0 for i in before.counted if i not in after.counted]
    await _settle_beyond(tx, view, old, new, cause, now, by)
    await _void_later(tx, event, voided_matches, cause, now, by, view, news)
    decided_before = view.state == MatchStage.DECIDED
    outcome_before = (decided_before, view.winner if decided_before else None)
    outcome_after = (after.decided and after.decision is not Decision.TIED, after.winner)
    reopened = decided_before and outcome_after != outcome_before
    if reopened or (not decided_before and view.state != MatchStage.PLAYING and after.counted):
        await matches_repo.set_outcome(
            tx, view.id, MatchStage.PLAYING if after.counted else MatchStage.READY, None)
    # a decided match rescored with the same winner still moves a format that counts
    # more than the winner (a ladder holds the defender on a tie the SSSg rules break)
    rescored = decided_before and after.score_line() != before.score_line()
    if reopened or voided_matches or rescored:
        await after_results(tx, event, now)
    fresh = await get_match(tx, view.id)
    # a later match whose two players were known: what changed there is told below
    known = {m.id for m in views if None not in m.entries}
    settled = False
    if outcome_after[0] and outcome_after != outcome_before:
        if announced and news is not None:  # the group saw another result: say why
            news.add(GROUP, ruling_texts.result_corrected(why))
        await settle_match(tx, event, fresh, after, now, by, news, quiet=known)
        settled = True
    elif after.decided and after.winner is None and before.decision != after.decision:
        await settle_match(tx, event, fresh, after, now, by, news)  # tied: the TDs decide it
        settled = True
    fresh = await get_match(tx, view.id)
    if announced and reopened and fresh.state != MatchStage.DECIDED:
        await groups.post_reopened(tx, event, fresh, before, after, why, now)
    await next_opponent.tell_changes(tx, event, fresh, now,
                                     cause=ruling_texts.act(cause), before=entries_before,
                                     was_final=announced)
    await _tell_group_later(tx, event, view, views, voided_matches, cause, now)
    return Applied(before, after, voided, voided_matches, reopened, impact, settled)


async def _tell_group_later(tx: Tx, event: Event, feeder: MatchView, before: list[MatchView],
                            voided: tuple[str, ...], kind: str, now: datetime) -> None:
    """A later match whose players the correction of ``feeder`` changed, or whose games it
    voided (SSSg paras 27-28): the group, if it was shown that match, reads what changed
    there (``groups.post_players_changed``), as its players do (``next_opponent``)."""
    was = {m.id: m for m in before}
    for m in await matches_of_event(tx, event.id):
        old = was.get(m.id)
        if m.id == feeder.id or old is None or (old.entries == m.entries
                                                and m.code not in voided):
            continue
        await groups.post_players_changed(tx, event, old, m, ruling_texts.cause(kind, feeder),
                                          now)


async def award_game_bye_in(
    tx: Tx, event: Event, view: MatchView, index: int, to: int, *, by: Actor, now: datetime,
    confirm: bool = False, why: str = "",
) -> Applied:
    """Para 28: the reported game at ``index`` (0-based, reported order) becomes a game bye
    to side ``to`` (+ the event's bye spread); used for a dispute and a missing photo."""
    match = await core_match(tx, view.id)
    return await apply_correction_in(tx, event, view, award_game_bye(match, index, to).match,
                                     by=by, now=now, confirm=confirm, why=why)


# --- rulings on a disputed game ------------------------------------------------------------


def _check_one_way(uphold: bool, scores: tuple[int, int] | None, void: bool,
                   game_bye: str | None, match_bye: str | None) -> str:
    given = [uphold, scores is not None, void, game_bye is not None, match_bye is not None]
    if given.count(True) != 1:
        raise Invalid(said("rule one way: --uphold, --scores A B, --void, --game-bye NAME or "
                           "--match-bye NAME"))
    return ACTIONS[given.index(True)]


async def _tell_players(tx: Tx, event: Event, view: MatchView, game: int, result: Ruled,
                        why: Said | str, applied: Applied, now: datetime, *,
                        then_final: bool = False, news: News | None = None) -> None:
    """Each player reads the ruling (and that their match is open again, if it undid its
    result); with ``then_final`` (a ruling on a game's slip), what it made final
    (``reporting.final_after_ruling``) follows in the same message, so a ruling that
    settles the match is one message to each player, not two. ``news``: what the ruling's
    settling of the match already gathered for them (``apply_correction_in``), which the
    ruling heads."""
    news = News(event) if news is None else news
    single = await one_game_of(tx, event, view, applied.after)
    names = (view.label(0), view.label(1))
    spread = (await core_match(tx, view.id)).rules.game_bye_spread
    beyond = say.beyond_decision(result.ruling, game, applied.voided)
    for viewer in (0, 1):
        person = view.people[viewer]
        if person is not None:
            what = ruling_texts.what_ruled(event, names, viewer, result.ruling,
                                           result.scores, result.to, bye_spread=spread)
            news.lead(person, ruling_texts.ruled(event, view, viewer, game, what, why, beyond,
                                                 applied.after, was_won=applied.was_won,
                                                 single=single))
    if then_final:
        await final_after_ruling(tx, event, view.id, now, news)
    await news.send(tx, now)


async def _corrected(tx: Tx, view: MatchView, dispute: DisputeRow, action: str,
                     scores: tuple[int, int] | None, side: int | None
                     ) -> tuple[MatchState, Match, int]:
    """The match as the ruling ``action`` on the disputed game would leave it: (the state
    before, the corrected match, the game's number). Raises ``Invalid`` for a ruling that
    cannot be given (scores that cannot be right, scores for a game not played on the
    board), so a button's ruling is refused when it is chosen, before its reason is asked."""
    names = (view.label(0), view.label(1))
    match = await core_match(tx, view.id)
    before = match.state()
    rows = await games_repo.games_of(tx, view.id)
    index = next((i for i, r in enumerate(rows) if r.id == dispute.game_id), None)
    if index is None:
        raise Invalid(said("the disputed game of {match} is no longer on record",
                           match=view.code))
    game = before.number_of(index) or len(before.counted) + 1
    new = match
    if action == "scores":
        assert scores is not None
        check_scores(scores, names, await get_event(tx, view.event_id))
        row = rows[index]
        if row.starter_side is None or row.kind != MatchGameKind.PLAYED:
            raise Invalid(said("game {game} of {match} was not played on the board; uphold "
                               "it, void it or give a bye", game=game, match=view.code))
        new = correct_game(match, index, MatchGame.played(row.starter_side, *scores)).match
    elif action == "void":
        new = void_game(match, index).match
    elif action == "game_bye":
        assert side is not None
        new = award_game_bye(match, index, side).match
    elif action == "match_bye":
        assert side is not None
        event = await get_event(tx, view.event_id)
        if one_game(event, view):
            raise Invalid(said("{match} is one game, so a match bye would decide the same as "
                               "a game bye: give the game bye instead (--game-bye NAME at "
                               "the command line)", match=view.code))
        new = match_bye_of(event, match, side)
    return before, new, game


async def _rule(
    tx: Tx, req: Request, actor: Actor, event: Event, view: MatchView, dispute: DisputeRow,
    action: str, *, scores: tuple[int, int] | None = None, side: int | None = None,
    why: str, confirm: bool,
) -> Ruled:
    """A ruling on an open dispute, whoever gave it and however (button, message, CLI)."""
    await require_ruler(tx, actor, view)
    names = (view.label(0), view.label(1))
    if dispute.state != DisputeState.OPEN:
        return await _already(tx, view, dispute)
    before, new, game = await _corrected(tx, view, dispute, action, scores, side)
    try:
        applied = await apply_correction_in(tx, event, view, new, by=actor, now=req.now,
                                            confirm=confirm, why=why)
    except NeedsConfirm as exc:
        if actor.person_id is None:
            raise
        prompt = await prompts_repo.open_prompt(
            tx, actor.person_id, PromptKind.CONFIRM, dispute.id, side=side, now=req.now,
            payload={"action": action, "scores": list(scores) if scores else None,
                     "why": why})
        return Ruled(view.code, game, action, before.score_line(), before.decided,
                     None, impact=exc.impact, needs_confirm=True, prompt_id=prompt,
                     to=names[side] if side is not None else None,
                     names=(view.label(0), view.label(1)), single=one_game(event, view))
    ruling = "upheld" if action == "uphold" else action
    if not await disputes_repo.rule(tx, dispute.id, ruling=f"{ruling}: {why}",
                                    adjudicator=actor.person_id, now=req.now):
        raise Invalid(said("someone ruled on this dispute a moment ago; nothing was changed"))
    # the disputer's reason is no longer asked for
    await prompts_repo.close_about(tx, PromptKind.DISPUTE_REASON, dispute.id)
    slip = await slips_repo.of_game(tx, dispute.game_id) if dispute.game_id else None
    if slip is not None:
        await slips_repo.move(tx, slip.id, (SlipState.DISPUTED, SlipState.PENDING),
                              SlipState.FINAL if action in ("uphold", "scores") else SlipState.VOID, req.now)
    if action == "match_bye":  # the whole match is decided: nothing else in it stays open
        assert side is not None
        await _settle_the_rest(tx, event, view, actor, action, side, why, req.now)
    after = applied.after
    to = names[side] if side is not None else None
    await journal.record(
        tx, who=actor, action="dispute.ruled", subject=f"match:{view.id}", now=req.now,
        detail={"dispute_id": dispute.id, "game": game, "ruling": ruling,
                "scores": list(scores) if scores else None, "to_side": side,
                "voided_games": applied.voided, "voided_matches": list(applied.voided_matches),
                "impact": impact_text(applied.impact)},
        why=why,
    )
    later = say.beyond_decision(ruling, game, applied.voided)
    result = Ruled(view.code, game, ruling, after.score_line(), after.decided,
                   names[after.winner] if after.winner is not None else None,
                   later, applied.reopened, to, applied.impact,
                   applied.voided_matches, scores=scores,
                   names=(view.label(0), view.label(1)), single=one_game(event, view))
    fresh = await get_match(tx, view.id)
    await _tell_players(tx, event, fresh, game, result, why, applied, req.now,
                        then_final=True)
    notice = dispute_texts.ruled(await ruler_notice(tx, dispute.id, ruled=True),
                                 ruling_texts.ruled_note(
                                     event, await ruler_name(tx, actor), result.ruling, scores,
                                     result.to, why,
                                     (await core_match(tx, view.id)).rules.game_bye_spread))
    for copy in await outbox_repo.by_dedupe_prefix(tx, ruler_copies(dispute.id)):
        await outbox.enqueue_edit(tx, copy, now=req.now, said=notice)
    return result


async def _nothing_to_rule(tx: Tx, view: MatchView, game: int, counted: int) -> Invalid:
    """The refusal of a ruling on a game with no open dispute. When the match has none open
    and its last one was ruled (two TDs at once: the other was first, or a game the first
    ruling voided), it says who ruled, what and why, so the second TD knows it is done."""
    last = await disputes_repo.last_ruled_of_match(tx, view.id)
    if last is not None and not await disputes_repo.open_of_match(tx, view.id):
        done = await _already(tx, view, last)
        values: dict[str, Value] = dict(game=game, match=view.code, by=done.ruled_by,
                                        what=ruling_said(done.ruling))
        if done.why:
            return Invalid(said("game {game} of {match} has no open dispute. The last ruling on "
                                "{match}: {what} ({why}), by {by}. Nothing of yours was "
                                "applied.", why=why_said(done.why), **values))
        return Invalid(said("game {game} of {match} has no open dispute. The last ruling on "
                            "{match}: {what}, by {by}. Nothing of yours was applied.",
                            **values))
    if not 1 <= game <= counted:
        return no_game(view, game, counted)
    return Invalid(said("game {game} of {match} has no open dispute, so there is nothing to "
                        "rule on", game=game, match=view.code))


def no_game(view: MatchView, game: int, counted: int) -> Invalid:
    """The refusal of a game number the match does not have."""
    return Invalid(said_n("{match} has no game {game}: {n} game counts",
                          "{match} has no game {game}: {n} games count", counted,
                          match=view.code, game=game))


async def _already(tx: Tx, view: MatchView, dispute: DisputeRow) -> Ruled:
    """The answer to a ruler whose ruling came after another's (the dispute's state is
    compare-and-set): who ruled, what and why; nothing of theirs is applied."""
    state = (await core_match(tx, view.id)).state()
    who: Said | str = said("the command line")
    if dispute.adjudicator_id is not None:
        who = (await get_person(tx, dispute.adjudicator_id)).name
    ruling, _, typed = (dispute.ruling or dispute.state).partition(": ")
    # the bot's own reason as its record, read in the reader's language; a TD's as typed
    why = said_json.loads(dispute.why_json) if dispute.why_json else typed
    return Ruled(view.code, 0, ruling, state.score_line(),
                 state.decided, None, ruled_by=who, why=why,
                 names=(view.label(0), view.label(1)))


async def rule_game(
    db: Database, req: Request, event_id: int, match_code: str, game: int, *,
    uphold: bool = False, scores: tuple[int, int] | None = None, void: bool = False,
    game_bye: str | None = None, match_bye: str | None = None, confirm: bool = False,
    why: str,
) -> Ruled:
    """Use-case (``tdbot rule dispute``): rule on the open dispute of game ``game`` of a match.
    ``scores`` are in the match's order (its first player's, then the second's);
    ``game_bye`` / ``match_bye`` name the player it goes to."""
    action = _check_one_way(uphold, scores, void, game_bye, match_bye)
    if not why.strip():
        raise Invalid(said("say why with --why TEXT: the players and the journal are told"))
    async with unit(db, req) as tx:
        actor, event, view = await _td_and_match(tx, req, event_id, match_code)
        state = (await core_match(tx, view.id)).state()
        rows = await games_repo.games_of(tx, view.id)
        dispute = None
        if 1 <= game <= len(state.counted):
            dispute = await disputes_repo.open_of_game(tx, view.id,
                                                       rows[state.counted[game - 1]].id)
        if dispute is None:
            raise await _nothing_to_rule(tx, view, game, len(state.counted))
        named = game_bye or match_bye
        side = side_named(view, named) if named is not None else None
        return await _rule(tx, req, actor, event, view, dispute, action, scores=scores,
                           side=side, why=why.strip(), confirm=confirm)


#: A reason is one line of a message both players get (Telegram's limit is 4096).
WHY_MAX = 300


def reason_of(text: str) -> str:
    """A TD's reason as the players and the journal get it: one line, spaces tidied; ""
    when the TD sent none. A long one is refused (it goes into both players' messages)."""
    line = " ".join(text.split())
    if len(line) > WHY_MAX:
        raise Invalid(said("that reason is {length} characters long: send one line of at "
                           "most {most}", length=len(line), most=WHY_MAX))
    return line


async def _answer(tx: Tx, req: Request, result: Ruled | Asked) -> None:
    """The ruler's answer in the chat: the question asked next, or what the ruling did."""
    text, buttons = (ruler_texts.asked(result) if isinstance(result, Asked)
                     else ruler_texts.ruled(result))
    await answer(tx, req, Reply(text, buttons))


def _ruled_before(view: MatchView, winner: int, reason: str) -> Invalid:
    """The refusal of a ruling on a tied match another ruling decided (para 30: once)."""
    return Invalid(said("{match} was already ruled: {winner} wins ({why})", match=view.code,
                        winner=view.label(winner), why=why_said(reason)))


async def _dispute_for(tx: Tx, actor: Actor, dispute_id: int) -> tuple[DisputeRow, MatchView]:
    """The dispute a ruler's button names, and its match; para 19 checked."""
    dispute = await disputes_repo.get(tx, dispute_id)
    if dispute is None:
        raise NotFound(said("that dispute no longer exists"))
    view = await get_match(tx, dispute.match_id)
    await require_ruler(tx, actor, view)
    return dispute, view


async def _ask_why_in(tx: Tx, req: Request, actor: Actor, view: MatchView,
                      dispute: DisputeRow, action: str, scores: tuple[int, int] | None,
                      side: int | None) -> Asked:
    """The ruling is chosen and can be given: ask its reason (the TD's next message, or
    Skip). Nothing is applied yet; the ruling waits in the prompt's payload, so it
    survives a restart, and the dispute stays open for whichever ruler answers first."""
    _, _, game = await _corrected(tx, view, dispute, action, scores, side)
    assert actor.person_id is not None
    prompt_id = await prompts_repo.open_prompt(
        tx, actor.person_id, PromptKind.WHY, dispute.id, side=side, now=req.now,
        payload={"action": action, "scores": list(scores) if scores else None})
    return Asked("why", view.code, game, (view.label(0), view.label(1)), side, view.id,
                 prompt_id, action, scores,
                 single=one_game(await get_event(tx, view.event_id), view))


async def ask_why(
    db: Database, req: Request, dispute_id: int, action: str, *, side: int | None = None,
) -> Asked | Ruled:
    """Use-case: a ruler taps Uphold, Void game, Game bye or Match bye on a dispute. The
    TD adjudicates (SSSg para 19) and the players are owed the ruling (para 24) with its
    reason, so the bot asks why before applying it; a dispute already ruled by another
    TD is answered with that ruling instead."""
    if action not in ACTIONS or action == "scores":
        raise Invalid(said("that button is out of date"))
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        dispute, view = await _dispute_for(tx, actor, dispute_id)
        result: Asked | Ruled
        if dispute.state != DisputeState.OPEN:
            result = await _already(tx, view, dispute)
        else:
            result = await _ask_why_in(tx, req, actor, view, dispute, action, None, side)
        await _answer(tx, req, result)
        return result


async def ask_amend(db: Database, req: Request, dispute_id: int) -> Asked | Ruled:
    """Use-case: Amend: the ruler's next message (or ``/amend A B``) gives the scores."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        dispute, view = await _dispute_for(tx, actor, dispute_id)
        if dispute.state != DisputeState.OPEN:
            ruled = await _already(tx, view, dispute)
            await _answer(tx, req, ruled)
            return ruled
        assert actor.person_id is not None
        await prompts_repo.open_prompt(tx, actor.person_id, PromptKind.AMEND, dispute.id,
                                       now=req.now)
        slip = await slips_repo.get(tx, dispute.slip_id) if dispute.slip_id else None
        asked = Asked("amend", view.code, slip.game_no if slip else 0,
                      (view.label(0), view.label(1)),
                      single=one_game(await get_event(tx, view.event_id), view))
        await _answer(tx, req, asked)
        return asked


def parse_scores(text: str) -> tuple[int, int]:
    """'412 380' or '412-380': the amended scores, the match's first player's first.

    Each is a whole number of ASCII digits up to the slip's ``MAX_SCORE`` (SSSg para 22
    plays WESPA rules; no game scores more), the same bound a player's own slip has:
    ``str.isdigit`` alone let "²" and a 5,000-digit number through to ``int()``."""
    parts = text.replace("-", " ").replace(",", " ").split()
    if len(parts) != 2 or not all(is_digits(p) for p in parts):
        raise Invalid(said("send the two scores, the first player's first, e.g. 412 380"))
    for part in parts:
        if len(part.lstrip("0")) > len(str(MAX_SCORE)) or int(part) > MAX_SCORE:
            shown = part if len(part) <= 12 else part[:9] + "..."
            raise Invalid(said("{shown} can't be a game score (the most is {most}); send the "
                               "two scores, the first player's first, e.g. 412 380",
                               shown=shown, most=MAX_SCORE))
    return int(parts[0]), int(parts[1])


def _scores_of(payload: dict[str, Any]) -> tuple[int, int] | None:
    raw = payload.get("scores")
    return (int(raw[0]), int(raw[1])) if raw else None


async def _rule_with_reason(tx: Tx, req: Request, actor: Actor, prompt: prompts_repo.Prompt,
                            why: str) -> Ruled:
    """The reason of a ruling asked by ``_ask_why_in`` came (or Skip): apply the ruling
    with it, in this one transaction; a ruling that voids later games shows its impact
    and waits for Apply with the reason kept, so the reason is asked once."""
    await prompts_repo.close(tx, prompt.id)
    dispute = await disputes_repo.get(tx, prompt.subject_id)
    assert dispute is not None
    view = await get_match(tx, dispute.match_id)
    event = await get_event(tx, view.event_id)
    return await _rule(tx, req, actor, event, view, dispute, str(prompt.payload["action"]),
                       scores=_scores_of(prompt.payload), side=prompt.side, why=why,
                       confirm=False)


async def answer_prompt(db: Database, req: Request, text: str, *,
                        kinds: tuple[PromptKind, ...] = prompts_repo.RULING_WORDS,
                        ) -> Ruled | Asked:
    """Use-case: the ruler's message after Amend (the scores, then the reason is asked),
    after a ruling button (its reason) or after a tied match's winner button (the
    reason); ``/amend A B`` answers only an Amend (``kinds``)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        prompt = None if actor.person_id is None else await prompts_repo.open_of(
            tx, actor.person_id, kinds)
        if prompt is None:
            raise Invalid(said("I am not waiting for scores from you: press Amend on a "
                               "dispute first") if kinds == (PromptKind.AMEND,) else
                          said("I am not waiting for scores or a reason from you: press Amend "
                               "on a dispute first"))
        result: Ruled | Asked
        if prompt.kind is PromptKind.AMEND:
            scores = parse_scores(text)
            dispute, view = await _dispute_for(tx, actor, prompt.subject_id)
            await prompts_repo.close(tx, prompt.id)
            if dispute.state != DisputeState.OPEN:
                result = await _already(tx, view, dispute)
            else:
                result = await _ask_why_in(tx, req, actor, view, dispute, "scores", scores,
                                           None)
        elif prompt.kind is PromptKind.WHY:
            result = await _rule_with_reason(tx, req, actor, prompt,
                                             reason_of(text) or SKIPPED_WHY)
        else:
            assert prompt.side is not None
            result = await _rule_tie_prompted(tx, req, actor, prompt.subject_id, prompt.side,
                                              reason_of(text) or TIE_REASON)
        await _answer(tx, req, result)
        return result


async def skip_why(db: Database, req: Request, prompt_id: int) -> Ruled:
    """Use-case: Skip under "Why?": the ruling is applied with ``SKIPPED_WHY``, so the
    players and the journal read that the TD gave no reason."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        prompt = await prompts_repo.get(tx, prompt_id)
        if prompt is None or prompt.kind is not PromptKind.WHY:
            raise NotFound(said("that question is no longer known"))
        if prompt.person_id != actor.person_id:
            raise NotAllowed(said("another TD's question: only they answer it"))
        if prompt.state == PromptState.DROPPED:
            raise Invalid(said("I asked you something else since, so this button changed "
                               "nothing; tap the ruling again to give it"))
        if prompt.state != PromptState.OPEN:
            raise Invalid(said("that ruling already has its reason; nothing more to do"))
        result = await _rule_with_reason(tx, req, actor, prompt, SKIPPED_WHY)
        await _answer(tx, req, result)
        return result


async def confirm_correction(db: Database, req: Request, prompt_id: int,
                             apply: bool) -> Ruled | None:
    """Use-case: Apply / Cancel on a ruling whose impact voids later games. Apply rules
    as the TD first asked, with the reason they gave before the impact was shown; Cancel
    leaves the dispute open. None: cancelled."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        prompt = await prompts_repo.get(tx, prompt_id)
        if (prompt is None or prompt.kind is not PromptKind.CONFIRM
                or prompt.person_id != actor.person_id):
            raise NotFound(said("that button is out of date"))  # another TD's: as if missing
        if not await prompts_repo.close(tx, prompt.id, PromptState.DONE if apply else PromptState.DROPPED):
            raise Invalid(said("that correction was already applied or cancelled"))
        if not apply:
            await answer(tx, req, Reply(ruler_texts.cancelled_ruling()))
            return None
        dispute = await disputes_repo.get(tx, prompt.subject_id)
        assert dispute is not None
        view = await get_match(tx, dispute.match_id)
        event = await get_event(tx, view.event_id)
        result = await _rule(tx, req, actor, event, view, dispute,
                             str(prompt.payload["action"]), scores=_scores_of(prompt.payload),
                             side=prompt.side, why=str(prompt.payload["why"]), confirm=True)
        await _answer(tx, req, result)
        return result


# --- whole matches: a match bye, a tied match ------------------------------------------------


async def _open_match(tx: Tx, view: MatchView) -> None:
    if None in view.entries or view.state in (MatchStage.WAITING, MatchStage.BYE, MatchStage.NOT_NEEDED):
        raise Invalid(said("{match} is {stage}: a TD rules on a match whose two players are "
                           "known", match=view.code, stage=stage_said(view)))


async def match_bye(
    db: Database, req: Request, event_id: int, match_code: str, to: str, *, why: str,
    confirm: bool = False,
) -> Ruled:
    """Use-case (``tdbot rule bye``): the named player wins the match (``match_bye_of``:
    para 27 in a knockout, a forfeit elsewhere) and the games played in it are void."""
    if not why.strip():
        raise Invalid(said("say why with --why TEXT: the players and the journal are told"))
    async with unit(db, req) as tx:
        actor, event, view = await _td_and_match(tx, req, event_id, match_code)
        await require_ruler(tx, actor, view)
        await _open_match(tx, view)
        side = side_named(view, to)
        match = await core_match(tx, view.id)
        already = _bye_already(event, view, match, side)
        if already is not None:
            raise Invalid(already)
        return await _whole_match(tx, req.now, actor, event, view,
                                  match_bye_of(event, match, side), "match_bye", side,
                                  why.strip(), confirm)


async def award_match_bye_in(tx: Tx, match_id: int, side: int, by: Actor, now: datetime,
                             why: Said | str) -> MatchState:
    """A TD gives side ``side`` a match bye (``match_bye_of``) from a round's close or an
    expulsion: the same path as ``tdbot rule bye`` (``_whole_match``): every game played
    void, the match decided for ``side``, the bracket synced, the players told, and what
    was open in the match settled. Only a match being played, and with a reason (the TD's
    words, or the bot's as a record, read in each player's language)."""
    if isinstance(why, str):
        why = why.strip()
    if not why:
        raise Invalid(said("say why the match bye is given: the players and the journal are "
                           "told"))
    view = await get_match(tx, match_id)
    await require_role(tx, by, view.event_id, "td")
    if view.state not in (MatchStage.READY, MatchStage.PLAYING):
        raise Invalid(said("{match} is {stage}: only a match being played can be given a "
                           "match bye", match=view.code, stage=stage_said(view)))
    if side not in (0, 1):
        raise Invalid(said("no side {side}: a match bye goes to side 0 or 1", side=side))
    event = await get_event(tx, view.event_id)
    match = await core_match(tx, view.id)
    ruled = await _whole_match(tx, now, by, event, view, match_bye_of(event, match, side),
                               "match_bye", side, why, False)
    return (await core_match(tx, view.id)).state() if ruled else match.state()


async def _whole_match(tx: Tx, now: datetime, actor: Actor, event: Event, view: MatchView,
                       new: Match, ruling: str, side: int, why: Said | str,
                       confirm: bool) -> Ruled:
    # first, so that the result is final when settled if nothing else is left open
    await _settle_the_rest(tx, event, view, actor, ruling, side, why, now, new)
    news = News(event)
    applied = await apply_correction_in(tx, event, view, new, by=actor, now=now,
                                        confirm=confirm, why=why, news=news)
    names = (view.label(0), view.label(1))
    after = applied.after
    await journal.record(tx, who=actor, action=f"match.{ruling.replace('_', '')}",
                         subject=f"match:{view.id}", now=now,
                         detail={"code": view.code, "to_side": side,
                                 "voided_games": applied.voided,
                                 "voided_matches": list(applied.voided_matches),
                                 "impact": impact_text(applied.impact)}, why=why)
    result = Ruled(view.code, 0, ruling, after.score_line(), after.decided,
                   names[after.winner] if after.winner is not None else None,
                   applied.voided, applied.reopened, names[side], applied.impact,
                   applied.voided_matches,
                   names=(view.label(0), view.label(1)))
    fresh = await get_match(tx, view.id)
    await _tell_players(tx, event, fresh, 0, result, why, applied, now, news=news)
    return result


async def _settle_the_rest(tx: Tx, event: Event, view: MatchView, actor: Actor, ruling: str,
                           side: int, why: Said | str, now: datetime,
                           decided: Match | None = None) -> None:
    """A ruling that decided the whole match (``match_bye``, ``tie``) for ``side`` takes the
    place of what was open in it (``disputes.supersede``; ``decided``: the match as the
    ruling leaves it, None: as stored): its disputes close, and its slips, their copies
    saying who the match went to and why. A match bye voids the games, so every open slip
    goes; a tie's ruling keeps them, and a slip still in its window stays open to a
    dispute (SSSg para 24): only a disputed one is settled, its game counting as
    reported."""
    how = ruling_texts.settled_how(ruling)
    await supersede(
        tx, view, ruling=f"{ruling}: {english_text(why)}",
        by=actor, now=now, decided=decided,
        slips=(SlipState.PENDING, SlipState.DISPUTED) if ruling == "match_bye" else (SlipState.DISPUTED,),
        slip_note=lambda viewer, counts: settled_note(
            went_to(view, viewer, side, how, why, single=say.one_game(event, view)), counts),
        ruler_note=ruling_texts.ruled_note(event, await ruler_name(tx, actor), ruling, None,
                                           view.label(side), why))


async def _rule_tie(tx: Tx, req: Request, actor: Actor, match_id: int, side: int,
                    why: str) -> Ruled:
    view = await get_match(tx, match_id)
    await require_ruler(tx, actor, view)
    event = await get_event(tx, view.event_id)
    match = await core_match(tx, view.id)
    if match.ruling is not None:
        raise _ruled_before(view, match.ruling.winner, match.ruling.reason)
    try:
        new = rule_tied_match(match, side, why)
    except MatchRuleError:
        raise Invalid(said("a ruling decides only a tied match (level on games, spread and "
                           "starts after the deciding game{rule}); {match} is not: its score "
                           "is {score}", match=view.code, score=match.state().score_line(),
                           rule=cite(event, "SSSg paras 17 and 30", ", {}"))) from None
    return await _whole_match(tx, req.now, actor, event, view, new, "tie", side, why, False)


async def rule_tie(
    db: Database, req: Request, event_id: int, match_code: str, winner: str, *,
    why: str = "",
) -> Ruled:
    """Use-case (``tdbot rule tie``): para 30, the organisers decide a match para 17 leaves
    tied; the reason defaults to lots drawn by the TD."""
    async with unit(db, req) as tx:
        actor, event, view = await _td_and_match(tx, req, event_id, match_code)
        return await _rule_tie(tx, req, actor, view.id, side_named(view, winner),
                               why.strip() or TIE_REASON)


async def ask_tie_reason(db: Database, req: Request, match_id: int, side: int) -> Asked:
    """Use-case: a ruler pressed "<A> wins" on a tied match: their next message is the
    reason (or the button under the question records "lots drawn by the TD")."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        view = await get_match(tx, match_id)
        await require_ruler(tx, actor, view)
        if view.ruling is not None:
            raise _ruled_before(view, view.ruling[0], view.ruling[1])
        assert actor.person_id is not None
        await prompts_repo.open_prompt(tx, actor.person_id, PromptKind.TIE, match_id, side=side,
                                       now=req.now)
        asked = Asked("tie", view.code, 0, (view.label(0), view.label(1)), side, view.id)
        await _answer(tx, req, asked)
        return asked


async def rule_tie_by_lots(db: Database, req: Request, match_id: int, side: int) -> Ruled:
    """Use-case: the "lots drawn" button under the tie question."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        result = await _rule_tie_prompted(tx, req, actor, match_id, side, TIE_REASON)
        await _answer(tx, req, result)
        return result


async def _rule_tie_prompted(tx: Tx, req: Request, actor: Actor, match_id: int, side: int,
                             why: str) -> Ruled:
    """A tied match's reason came (a message, or "lots drawn"): the ruler's tie question
    is answered either way; if another ruler decided the match meanwhile, that ruling is
    the answer and nothing of this one is applied (para 30: the match is decided once)."""
    if actor.person_id is not None:
        prompt = await prompts_repo.open_of(tx, actor.person_id, (PromptKind.TIE,))
        if prompt is not None:
            await prompts_repo.close(tx, prompt.id)
    view = await get_match(tx, match_id)
    await require_ruler(tx, actor, view)
    if view.ruling is not None:
        state = (await core_match(tx, view.id)).state()
        return Ruled(view.code, 0, "tie", state.score_line(), state.decided,
                     view.label(view.ruling[0]), to=view.label(view.ruling[0]),
                     ruled_by=said("Another TD"), why=view.ruling[1],
                     names=(view.label(0), view.label(1)))
    return await _rule_tie(tx, req, actor, match_id, side, why)


# --- WESPA forfeits and overtime -------------------------------------------------------------


async def forfeit(
    db: Database, req: Request, event_id: int, match_code: str, game: int, to: str, *,
    why: str, confirm: bool = False,
) -> Ruled:
    """Use-case (``tdbot game forfeit``): game ``game`` is won by forfeit by ``to``, with the
    event's forfeit spread (WESPA rules, Forfeits: 75). An existing game is corrected; the
    next game is added as a forfeit."""
    if not why.strip():
        raise Invalid(said("say why with --why TEXT: the players and the journal are told"))
    async with unit(db, req) as tx:
        actor, event, view = await _td_and_match(tx, req, event_id, match_code)
        await require_ruler(tx, actor, view)
        await _open_match(tx, view)
        return await forfeit_in(tx, req, actor, event, view, game, side_named(view, to),
                                why.strip(), confirm)


async def forfeit_in(tx: Tx, req: Request, actor: Actor, event: Event, view: MatchView,
                     game: int, side: int, why: str, confirm: bool = False) -> Ruled:
    """``forfeit`` inside a transaction, for a ruler already checked (a no-show claim's
    ruling gives the next game the same way)."""
    match = await core_match(tx, view.id)
    state = match.state()
    if 1 <= game <= len(state.counted):
        index = state.counted[game - 1]
        new = correct_game(match, index,
                           MatchGame.forfeit(side, starter=match.games[index].starter)).match
    elif game == state.next_game and state.next_start is not None:
        new = report_game(match, MatchGame.forfeit(side, starter=state.next_start.side)).match
    else:
        values: dict[str, Value] = dict(match=view.code, game=game)
        if state.next_game:
            raise Invalid(said_n("{match} has {n} game counting; the next is game {next}: no "
                                 "game {game} to forfeit",
                                 "{match} has {n} games counting; the next is game {next}: no "
                                 "game {game} to forfeit", len(state.counted),
                                 next=state.next_game, **values))
        raise Invalid(said_n("{match} has {n} game counting and is decided: no game {game} to "
                             "forfeit",
                             "{match} has {n} games counting and is decided: no game {game} "
                             "to forfeit", len(state.counted), **values))
    return await _game_ruling(tx, req, actor, event, view, new, game, "forfeit", side,
                              why, confirm, {})


async def overtime(
    db: Database, req: Request, event_id: int, match_code: str, game: int, player: str,
    minutes: float, *, why: str, confirm: bool = False,
) -> Ruled:
    """Use-case (``tdbot game overtime``): WESPA rules, Overtime: the player loses 10 points a
    started minute over; 10 minutes or more forfeits the game (``core.wespa``)."""
    if not why.strip():
        raise Invalid(said("say why with --why TEXT: the players and the journal are told"))
    if not 0 < minutes <= 24 * 60:
        raise Invalid(said("--minutes {minutes}: give the time over, e.g. 2.5 for 2 min 30 s",
                           minutes=format(minutes, 'g')))
    async with unit(db, req) as tx:
        actor, event, view = await _td_and_match(tx, req, event_id, match_code)
        await require_ruler(tx, actor, view)
        side = side_named(view, player)
        match = await core_match(tx, view.id)
        state = match.state()
        if not 1 <= game <= len(state.counted):
            raise no_game(view, game, len(state.counted))
        index = state.counted[game - 1]
        game_id = (await games_repo.games_of(tx, view.id))[index].id
        await _refuse_second_overtime(tx, event, view, game, game_id, side)
        over = [timedelta(0), timedelta(0)]
        over[side] = timedelta(minutes=minutes)
        if match.games[index].kind is not MatchGameKind.PLAYED:
            raise Invalid(said("game {game} of {match} was not played on the board: overtime "
                               "applies only to a game played", game=game, match=view.code))
        changed = apply_overtime(match.games[index], (over[0], over[1]))
        new = correct_game(match, index, changed).match
        ruling = "forfeit" if changed.kind is MatchGameKind.FORFEIT else "overtime"
        return await _game_ruling(
            tx, req, actor, event, view, new, game, ruling,
            1 - side if ruling == "forfeit" else side, why.strip(), confirm,
            {"minutes": minutes, "player_side": side, "game_id": game_id})


async def _refuse_second_overtime(tx: Tx, event: Event, view: MatchView, game: int,
                                  game_id: int, side: int) -> None:
    """WESPA rules, Overtime: a player's time over is penalised once, when the game ends;
    a second ruling on the same player and game would take the points off twice. The
    journal line of the first ruling (``game_id``, ``player_side``) is the record."""
    for entry in await journal_repo.of_subject(tx, f"match:{view.id}"):
        if (entry.action in ("game.overtime", "game.forfeit")
                and entry.detail.get("game_id") == game_id
                and entry.detail.get("player_side") == side):
            raise Invalid(said(
                "{player}'s overtime in game {game} of {match} was already penalised "
                "({minutes} min over): it counts once (WESPA rules, Overtime), so nothing was "
                "changed. If that was wrong, rule the game's right scores on a dispute: "
                "tdbot rule dispute {event} {match} --game {game} --scores A B --why TEXT",
                player=view.label(side), game=game, match=view.code, event=event.slug,
                minutes=format(entry.detail['minutes'], 'g')))


async def _game_ruling(tx: Tx, req: Request, actor: Actor, event: Event, view: MatchView,
                       new: Match, game: int, ruling: str, side: int, why: str, confirm: bool,
                       extra: dict[str, Any]) -> Ruled:
    news = News(event)
    applied = await apply_correction_in(tx, event, view, new, by=actor, now=req.now,
                                        confirm=confirm, why=why, news=news)
    names = (view.label(0), view.label(1))
    after = applied.after
    index = after.counted[game - 1] if game <= len(after.counted) else None
    g = new.games[index] if index is not None else None
    scores = g.scores if g is not None and g.kind is MatchGameKind.PLAYED else None
    await journal.record(tx, who=actor, action=f"game.{ruling}", subject=f"match:{view.id}",
                         now=req.now, detail={"code": view.code, "game": game, "side": side,
                                              "scores": list(scores) if scores else None,
                                              "voided_games": applied.voided,
                                              "voided_matches": list(applied.voided_matches),
                                              **extra}, why=why)
    result = Ruled(view.code, game, ruling, after.score_line(), after.decided,
                   names[after.winner] if after.winner is not None else None,
                   applied.voided, applied.reopened, names[side], applied.impact,
                   applied.voided_matches, scores=scores,
                   names=(view.label(0), view.label(1)))
    fresh = await get_match(tx, view.id)
    await _tell_players(tx, event, fresh, game, result, why, applied, req.now,
                        then_final=not applied.settled, news=news)
    return result
