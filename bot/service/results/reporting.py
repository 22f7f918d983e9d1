"""Reporting games: a TD's paper slip, a player's result slip in the chat, and the
discrepancy window.

Rules: SSSg 2016 Annex A. The winner of a game, or on a
tie its starter, keys in the result slip (para 23); a copy goes to both players at once,
and they have 24 hours from the slip's timestamp to raise a discrepancy, after which it is
final (para 24; the event's ``rules.slip_window_hours``). Players draw tiles to start game
1 and then alternate, except in the deciding game (paras 15-16): the core
(``core.knockout.match``) says who starts, counts the games and decides the match (paras 14, 17);
this module asks it, writes what it says, and tells people. No game is counted once the
match is decided (para 14), and nobody may concede (para 13).

A slip counts as soon as it is confirmed (it is in the score line at once), and stays open
to dispute until its window closes: a durable ``slip.window`` deadline that finalises it
only if it is still pending (compare-and-set: a deadline that fires twice does nothing the
second time). The opponent may agree early; if both players report the same game the same
way it is final at once, and if they differ the second report is not counted and the TDs
are asked to rule (para 19, ``disputes``).

So a match is decided as soon as its games decide it, and its result is final once none of
its slips can still be disputed (``finality``). Each change of state tells each player one
message, in their own words: the copy of a slip says what it decides "if it stands" and
what plays on now (``settle_match``); what announces the result as over waits until it is
final (``announce_if_final``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.service.events import groups
from bot.service.events.lookup import Event, get_event
from bot.service.events.progress import after_final, after_results
from bot.service.events.schedule import Round, get_round, round_said
from bot.service.formats.registry import HasFormat, format_of
from bot.service.formats.traits import cite
from bot.service.people import expelled, name_texts
from bot.service.people.entries import entries_of
from bot.service.people.roles import require_role
from bot.service.platform import callbacks, journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.deadlines import Deadline, handler, open_deadline
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.news import GROUP, News, Told
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results import (
    blackouts,
    finality,
    next_opponent,
    opponents,
    slip_texts,
    which_match,
)
from bot.service.results import reporting_texts as say
from bot.service.results.adjudicators import rulers_of
from bot.service.results.disputes import open_dispute
from bot.service.results.matches import (
    MatchView,
    core_match,
    get_match,
    latest_event_of,
    matches_of_person,
    score_line,
)
from bot.service.results.photo_windows import open_photo_window, photos_owed
from bot.service.results.slip_copies import SLIP_WINDOW, close_copy, copy_key
from bot.service.results.slip_views import Choice, SaidResult, SlipAnswer, SlipView
from bot.store import entries_repo, games_repo, matches_repo, outbox_repo, slips_repo
from bot.store.db import Database, Tx
from bot.store.entries_repo import Entry
from bot.store.rounds_repo import RoundState
from bot.store.slips_repo import SlipRow
from bot.words.said import Said, said, stacked
from core.knockout.match import (
    Decision,
    Match,
    MatchGame,
    MatchGameKind,
    MatchStage,
    MatchState,
    Report,
    Start,
    StartReason,
    report_game,
)
from core.names import NameRefused, matches_of, pick, tidy
from core.slip import SlipState

#: Match states in which a game may be reported (its round must be open too).
OPEN = (MatchStage.READY, MatchStage.PLAYING)
#: Above this a score is a typing slip, not a Scrabble game (the highest tournament
#: scores are well under 1,000).
MAX_SCORE = 1500


# --- what people say -----------------------------------------------------------------


def no_concession(of: HasFormat | None) -> Said:
    """The one wording of the rule that nobody concedes a game here. SSSg para 13 forbids
    it in a knockout, and is cited only there (``formats.cite``). The other formats' rules
    have no concession by a player's report either: a game not played is a forfeit, and
    forfeits are the TD's to record (ABG rules, "Absent from the table"; a TD's ruling,
    ``rulings``), so the rule is said to them in words, uncited."""
    ref = cite(of, "SSSg para 13") if of is not None else ""
    return said("players may not concede games{ref}. Report a game played to the end; if a "
                "game could not be played, ask a TD.", ref=ref)


def check_scores(scores: tuple[int, int], names: tuple[str, str], of: HasFormat) -> None:
    """Scores a game can end with. A score of 0 means a player did not play the game out,
    which would be conceding it (``no_concession``)."""
    for side in (0, 1):
        if not 0 <= scores[side] <= MAX_SCORE:
            raise Invalid(said("{name}'s score {score} cannot be a game's score (0 to {most}); "
                               "check it and send it again", name=names[side],
                               score=scores[side], most=MAX_SCORE))
    for side in (0, 1):
        if scores[side] == 0:
            raise Invalid(said("{name} scored 0, which means the game was not played out: "
                               "{rule}", name=names[side], rule=no_concession(of)))


async def refuse_concession(db: Database, req: Request) -> None:
    """Use-case: a player writes that they concede ("I resign"): always refused
    (``no_concession``), citing SSSg para 13 only when every match the player is playing
    is a knockout's (with none being played, their latest match's event decides): a player
    of a ladder who is also in a knockout is not told a rule their ladder does not have."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        of: HasFormat | None = None
        if actor.person_id is not None:
            playing = [m for m in await matches_of_person(tx, actor.person_id)
                       if m.state in OPEN and (await get_round(tx, m.round_id)).state == RoundState.OPEN]
            events = [await get_event(tx, eid) for eid in dict.fromkeys(m.event_id
                                                                         for m in playing)]
            if events:
                of = next((e for e in events if format_of(e).rulebook is None), events[0])
            else:
                of = await latest_event_of(tx, actor.person_id)
        raise Invalid(no_concession(of))


# --- what a reported game does ---------------------------------------------------------


def _names(view: MatchView) -> tuple[str, str]:
    return view.label(0), view.label(1)


def _scores_said(names: tuple[str, str], scores: tuple[int | None, int | None]) -> Said:
    """'Ann Lee 412, Dev Rao 380': a game's scores as entered."""
    return said("{first} {first_score}, {second} {second_score}", first=names[0],
                first_score=str(scores[0]), second=names[1], second_score=str(scores[1]))


def _decided_refusal(of: HasFormat, view: MatchView, state: MatchState) -> Invalid:
    if state.decision is Decision.TIE:
        outcome = said("a tie")
    elif state.winner is None:
        outcome = said("nobody won yet")
    else:
        outcome = said("{name} won", name=_names(view)[state.winner])
    return Invalid(said(
        "{code} ({first} v {second}) is decided ({outcome}, {score}): no further games count "
        "once a match is decided{ref}", code=view.code, first=view.label(0),
        second=view.label(1), outcome=outcome, score=score_line(view, state),
        ref=cite(of, "SSSg para 14")))


async def _playable_round(tx: Tx, view: MatchView, state: MatchState) -> Round:
    """The round of a match that takes a new game; refused with the reason otherwise."""
    await expelled.refuse_in_match(tx, view)
    if state.decided or view.state == MatchStage.DECIDED:
        raise _decided_refusal(await get_event(tx, view.event_id), view, state)
    rnd = await get_round(tx, view.round_id)
    if view.state not in OPEN:
        names = {"code": view.code, "first": view.label(0), "second": view.label(1)}
        if view.state == MatchStage.WAITING:
            raise Invalid(said("{code} ({first} v {second}) is not being played: it waits for "
                               "a player", **names))
        raise Invalid(said("{code} ({first} v {second}) is not being played: it is a bye or "
                           "not needed", **names))
    if rnd.state == RoundState.PLANNED:
        raise Invalid(said("{code} is in {round}, which is not open yet: games are reported "
                           "while their round is open", code=view.code, round=round_said(rnd.name)))
    if rnd.state != RoundState.OPEN:
        raise Invalid(said("{code} is in {round}, which is closed: games are reported while "
                           "their round is open", code=view.code, round=round_said(rnd.name)))
    await blackouts.refuse_if_held(tx, view)
    return rnd


def _starter_refusal(of: HasFormat, view: MatchView, game: int, expected: Start,
                     given: int) -> Invalid:
    names = _names(view)
    assert expected.side is not None
    return Invalid(said(
        "{starter} starts game {game} ({why}), not {given}; if an earlier game is recorded "
        "wrongly, ask a TD to correct it", starter=names[expected.side], game=game,
        why=say.start_reason(of, expected.reason), given=names[given]))


async def _write_game(
    tx: Tx, view: MatchView, match: Match, starter: int, scores: tuple[int, int], *,
    by: Actor, now: datetime, played_at: datetime, detail: dict[str, Any],
) -> tuple[Report, int]:
    """Append a played game the core accepts as the next game of the match."""
    report = report_game(match, MatchGame.played(starter, *scores))
    if report.number is None or not report.starter_ok:
        event = await get_event(tx, view.event_id)
        if report.number is None:  # the match was decided already
            raise _decided_refusal(event, view, match.state())
        assert report.expected_start is not None
        raise _starter_refusal(event, view, report.number, report.expected_start, starter)
    game_id = await games_repo.add_played(tx, view.id, starter_side=starter, scores=scores,
                                          played_at=played_at)
    await matches_repo.mark_playing(tx, view.id)
    await journal.record(
        tx, who=by, action="game.report", subject=f"match:{view.id}", now=now,
        detail={"game": report.number, "game_id": game_id, "scores": list(scores),
                "starter_side": starter, **detail},
    )
    return report, game_id


async def settle_match(tx: Tx, event: Event, view: MatchView, state: MatchState,
                       now: datetime, by: Actor, news: News | None = None, *,
                       quiet: Collection[int] = ()) -> None:
    """A match just decided by its counted games (or a ruling): stored with its winner, or
    with none when it is a tie (a round-based event's, a club night's or a ladder's match
    level on game-points: ``MatchRules.breaks_ties``); a knockout's match left level by
    the deciding game goes to the TDs (para 30).

    What plays on does so now, on the counted result (SSSg para 24: a slip counts at once):
    a knockout's bracket advances, and the players of a match that became ready are told.
    Each of the two players learns what comes next in the message that says the result
    (``news``: a slip's copies, a TD's entry); what announces the result as over (the
    group's post, "that was your last match", a ladder's rungs, a club's expert-point
    level) waits until it is final (``announce_final``), which it is at once when no slip
    of the match can still be disputed. With no ``news`` (a ruling decided it) the two
    players are sent the result here.

    A bracket's next match that became ready is told to its waiting player only once
    every result feeding it is final (``next_opponent``); a match in ``quiet`` is told by
    a correction's caller, what changed for them."""
    if not state.decided:
        return
    if state.winner is None and state.decision is not Decision.TIE:
        for td in await rulers_of(tx, view):  # para 19: not a TD who plays in it
            await outbox.enqueue(tx, person_id=td, now=now, dedupe_key=f"match:{view.id}:tied:{td}",
                                 said=say.tied_for_tds(event, view, state),
                                 buttons=callbacks.tie_buttons(view.id, _names(view)))
        return
    if not await matches_repo.mark_decided(tx, view.id, state.winner) and state.winner is None:
        return  # the tie was settled already
    told = News(event) if news is None else news
    became_ready = await after_results(tx, event, now, told)
    decision = "tie" if state.decision is Decision.TIE else state.decision.value
    await journal.record(
        tx, who=by, action="match.decided", subject=f"match:{view.id}", now=now,
        detail={"code": view.code, "winner_side": state.winner, "score": state.score_line(),
                "decision": decision},
    )
    fresh = await get_match(tx, view.id)
    still_open = await finality.open_slips(tx, fresh)
    final = not still_open
    # a TD ruling on a disputed slip decided it: the ruling's own message says so, and
    # once the slip is closed ``final_after_ruling`` tells each player what follows
    ruling = news is None and bool(still_open) and all(s.state == SlipState.DISPUTED
                                                         for s in still_open)
    game = await one_game_of(tx, event, view, state)
    for side in (0, 1):
        person = view.people[side]
        if person is None or ruling or await expelled.is_out(tx, view.entries[side]):
            continue  # an expelled player was told they are out: no next match to name
        if news is None:
            told.lead(person, say.match_tied(event, view, state, side, game)
                      if state.winner is None else
                      say.match_decided(event, view, state, side, game))
        told.add(person, *await _count_lines(tx, event, fresh, side, final))
    for match_id in became_ready:
        if match_id in quiet:
            continue
        ready = await get_match(tx, match_id)
        if any(opponents.feeder_code(ready, s) is not None for s in (0, 1)):
            continue  # a bracket's next match: told once its feeders are final (next_opponent)
        await next_opponent.tell_ready(tx, event, ready, now, besides=view.people)  # drawn
    if final:
        await _announce_final(tx, event, fresh, state, now, told)
    if news is None:
        await told.send(tx, now)


#: How a one-game match's game was won unplayed, by the game's kind.
UNPLAYED = {MatchGameKind.FORFEIT: "by forfeit", MatchGameKind.BYE: "by a game bye"}


async def one_game_of(tx: Tx, event: Event, view: MatchView,
                      state: MatchState) -> say.OneGame | None:
    """The one game a decided one-game match was (``say.one_game``), so that its messages
    say the game ("420-350", "by forfeit") rather than a match score ("1-0 (+70)"); None
    for any other match, and for a match given whole (a knockout's match bye, para 27)."""
    if not say.one_game(event, view) or not state.decided or len(state.counted) != 1:
        return None
    row = (await games_repo.games_of(tx, view.id))[state.counted[0]]
    a, b = row.scores
    if row.kind == MatchGameKind.PLAYED and a is not None and b is not None:
        return say.OneGame((a, b))
    how = UNPLAYED.get(row.kind)
    return say.OneGame(None, how) if how is not None else None


async def _announce_final(tx: Tx, event: Event, view: MatchView, state: MatchState,
                          now: datetime, news: News,
                          why: tuple[Said, Said] | None = None, always: tuple[int, ...] = ()
                          ) -> None:
    """A decided match's result is final (``finality``): what announces it as over. The
    format's own step (a ladder's rungs, a club's expert-point levels); the group's post
    of the result, with what that step says to the group; and to each player what their
    result now means (their last match, their division, their rung). ``why`` (per side:
    "you agreed", "nobody disputed it by ...") heads a player's message when nothing else
    in this change does: for the sides in ``always`` in any case, for the other only if
    there is more to say (the player who tapped Agree has their copy marked, and reads a
    message only for news beyond it)."""
    await after_final(tx, event, now, news)
    await next_opponent.tell_changes(tx, event, view, now)
    game = await one_game_of(tx, event, view, state)
    await groups.post_result(tx, event, view, state, now, game=game,
                             more=news.take(GROUP))
    for side in (0, 1):
        person = view.people[side]
        if person is None or await expelled.is_out(tx, view.entries[side]):
            continue
        news.add(person, *await _final_lines(tx, event, view, side, state.winner == side))
        if why is not None and not news.has_lead(person) and (side in always
                                                                or news.has_lines(person)):
            news.lead(person, say.result_final(event, view, state, side, why[side], game))


async def _next_match(tx: Tx, event: Event, view: MatchView, side: int,
                      fed: bool | None = None) -> Said | None:
    """The player's next match in the event, if they have one (the bracket or the
    pairing already moved them on), with their opponent as far as it is final.
    ``fed``: only one that ``view``'s result sent them to (True: a bracket's next match,
    which is not theirs until that result is final), or only one it did not (False)."""
    person = view.people[side]
    assert person is not None
    for m in await matches_of_person(tx, person):
        if m.event_id != event.id or m.id == view.id or m.state not in (MatchStage.WAITING, *OPEN):
            continue
        their_side = m.side_of_person(person)
        assert their_side is not None
        if fed is not None and fed != (opponents.feeder_code(m, their_side) == view.code):
            return None
        opponent = await opponents.opponent_of(tx, m, their_side)
        return say.next_match(event, await get_round(tx, m.round_id), m, opponent.words,
                              opponent.known)
    return None


async def _count_lines(tx: Tx, event: Event, view: MatchView, side: int,
                       final: bool) -> list[Told]:
    """What a player reads with a result that counts: what plays on now, as the event's
    format says (``seam.Format.count_lines``), given their next match if they have one and
    the result is final (a slip that may still be disputed says nothing of the next
    match: ``announce_if_final`` names it once the result is final)."""
    following = await _next_match(tx, event, view, side, None if final else False)
    return await format_of(event).count_lines(tx, event, view, side, final, following)


async def _final_lines(tx: Tx, event: Event, view: MatchView, side: int, won: bool
                       ) -> list[Told]:
    """What a player reads once their result is final, when nothing plays on for them
    (``seam.Format.final_lines``)."""
    following = await _next_match(tx, event, view, side)
    return await format_of(event).final_lines(tx, event, view, side, won, following)


async def announce_if_final(tx: Tx, event: Event, match_id: int, now: datetime,
                            news: News, why: tuple[Said, Said], *,
                            always: tuple[int, ...] = (), named_next: bool = False) -> bool:
    """A slip of the match stopped being open (agreed, reported the same by both, its
    window closed, or a TD ruled on its dispute): if that made the match's result final,
    announce it (``_announce_final``), with each player's next match, which the slip that
    decided it did not name while it could be disputed (``named_next``: the caller named
    it). True if it did."""
    view = await get_match(tx, match_id)
    if view.state != MatchStage.DECIDED or not await finality.is_final(tx, view):
        return False
    state = (await core_match(tx, match_id)).state()
    if not named_next:
        for side, person in enumerate(view.people):
            if person is not None and not await expelled.is_out(tx, view.entries[side]):
                news.add(person, await _next_match(tx, event, view, side, True))
    await _announce_final(tx, event, view, state, now, news, why, always)
    return True


async def final_after_ruling(tx: Tx, event: Event, match_id: int, now: datetime,
                             news: News) -> None:
    """A TD ruled on a disputed slip: if that made the match's result final, each player
    reads that it is, what plays on for them (their next match) and what the result now
    means, in ``news`` after the ruling itself (its lead), which the caller sends."""
    view = await get_match(tx, match_id)
    if view.state != MatchStage.DECIDED or not await finality.is_final(tx, view):
        return
    for side, person in enumerate(view.people):
        if person is not None and not await expelled.is_out(tx, view.entries[side]):
            news.add(person, *await _count_lines(tx, event, view, side, final=True))
    await announce_if_final(tx, event, match_id, now, news, (say.ruled_why(), say.ruled_why()),
                            always=(0, 1), named_next=True)


# --- P1: a TD enters a game from a paper slip ------------------------------------------


@dataclass(frozen=True)
class GameEntered:
    """A game entered and what it did to the match (the command line prints it)."""

    match: str
    round_name: str
    game: int
    names: tuple[str, str]
    scores: tuple[int, int]
    starter: int
    score: str  # the core's line, side 0 first: "5-3 (+212)"
    score_line: str  # "Ann 5-3 Ben (+212)"
    next_game: int | None
    next_start: Start | None
    deciding: bool  # the next game is the deciding game (para 15)
    decided: bool
    winner: str | None
    held: str | None = None  # played during this blackout: held for a TD, not counted (para 20)
    tie: bool = False  # decided level on game-points, no winner (outside a knockout)
    already: bool = False  # this game was entered before with these scores: nothing done
    single: bool = False  # the match is this one game (``seam.Format.single_game``)
    how: str = ""  # how a decided match was won when not simply on games: " on spread (para 17)"

    @property
    def next_starter(self) -> str | None:
        if self.next_start is None or self.next_start.side is None:
            return None
        return self.names[self.next_start.side]

    def as_json(self) -> dict[str, Any]:
        return {"match": self.match, "game": self.game, "score": self.score,
                "next_starter": self.next_starter, "deciding": self.deciding,
                "decided": self.decided, "winner": self.winner, "tie": self.tie,
                **({"already": True} if self.already else {})}


def _name_of(names: tuple[str, str], given: str, what: str) -> int:
    """The side of the match's player ``given`` names (``core.names``: the TD may type
    "Ann" for Ann Lee when it names one of the two)."""
    try:
        return pick(given, names)
    except NameRefused as exc:
        if exc.ambiguous:
            raise Invalid(said("{option} {why}", option=what,
                               why=name_texts.refused(exc))) from None
        raise Invalid(said("{option} '{given}' is not a player of this match ({first} v "
                           "{second})", option=what, given=given, first=names[0],
                           second=names[1])) from None


async def _entry_named(tx: Tx, event: Event, name: str) -> Entry:
    """The entry ``name`` means (``core.names.pick`` among the event's entries). The exact
    name, spaces tidied, decides whenever it matches anyone (``core.names``, level 1), so
    an entry of that name alone is found among the few whose names hold its words; any
    other name is matched against every entry."""
    exact = tidy(name)
    found = [e for e in await entries_repo.named_alike(tx, event.id, exact.split())
             if tidy(e.name) == exact]
    if len(found) == 1:
        return found[0]
    entries = await entries_of(tx, event.id)
    return entries[pick(name, [e.name for e in entries])]


async def _match_between(tx: Tx, event: Event, a: str, b: str) -> tuple[MatchView, int]:
    """The match of two players named as entered (``core.names``), being played or last
    played; and the side of the first one named."""
    people = []
    for name in (a, b):
        try:
            entry = await _entry_named(tx, event, name)
        except NameRefused as exc:
            if exc.ambiguous:
                raise Invalid(said("{why} (players of {event})",
                                   why=name_texts.refused(exc), event=event.slug)) from None
            raise NotFound(said("no player called '{name}' in {event}{did_you_mean}; `tdbot "
                                "event show {event}` lists the matches", name=name,
                                event=event.slug,
                                did_you_mean=name_texts.did_you_mean(exc))) from None
        await expelled.refuse_entry(tx, entry)
        people.append(entry.person_id)
    if people[0] == people[1]:
        raise Invalid(said("{name} cannot play themselves: name the two players of the match",
                           name=a))
    together = [m for m in await matches_of_person(tx, people[0])
                if m.event_id == event.id and people[1] in m.people]
    if not together:
        raise NotFound(said("{a} and {b} have no match together in {event}", a=a, b=b,
                            event=event.slug))
    live = [m for m in together if m.state in OPEN]
    view = (live or together)[-1]
    side = view.side_of_person(people[0])
    assert side is not None
    return view, side


async def enter_game(
    db: Database, req: Request, event_id: int, players: tuple[str, str],
    scores: tuple[int, int], *, starter: str | None = None, played_at: datetime | None = None,
    why: str = "", photo_window: bool = False, game: int | None = None,
) -> GameEntered:
    """Use-case: a TD enters a game from a paper slip; it is final at once (a TD checked it).

    ``game`` is the number of the game the TD means, so that entering it again (a command
    run twice, or retried after it was killed) is safe: if that game is already entered
    with these scores nothing is done (``already``); other scores for it, or a number that
    is neither entered nor next, are refused.

    ``players`` and ``scores`` in the order given; ``starter`` is the name of who started.
    Game 1 needs it (the tile draw, para 15), as does a deciding game the players drew tiles
    for (para 16c); for any other game the core knows who starts, and a ``starter`` that
    disagrees is refused with the reason.

    A paper slip's board photo is the TD's business (they hold the slip), so no photo
    window opens unless ``photo_window`` asks for one (SSSg para 25: the responsible player
    then owes a photo within the window, counted from now)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        await require_role(tx, actor, event_id, "td")
        event = await get_event(tx, event_id)
        if photo_window and not photos_owed(event):
            raise Invalid(said("{event} asks for no board photos ([rules] board_photos = "
                               "false), so a game has no photo window: leave out "
                               "--photo-window", event=event.name))
        view, first = await _match_between(tx, event, *players)
        names = _names(view)
        ordered = (scores[0], scores[1]) if first == 0 else (scores[1], scores[0])
        match = await core_match(tx, view.id)
        before = match.state()
        if game is not None and game != before.next_game:
            repeat = _entered_already(event, view, match, game, ordered, starter)
            return repeat
        await _playable_round(tx, view, before)
        check_scores(ordered, names, event)
        assert before.next_game is not None and before.next_start is not None
        expected = before.next_start
        if starter is not None:
            side = _name_of(names, starter, "--starter")
            if expected.side is not None and expected.side != side:
                raise _starter_refusal(event, view, before.next_game, expected, side)
        elif expected.side is None:
            why_draw = (said("the players drew tiles for game 1{ref}",
                             ref=cite(event, "para 15"))
                        if expected.reason is StartReason.TILE_DRAW else
                        said("game {game} is the deciding game and the players are level on "
                             "wins and spread, so they drew tiles{ref}",
                             game=before.next_game, ref=cite(event, "para 16c")))
            raise Invalid(said("say who started game {game} with --starter NAME: {why}",
                               game=before.next_game, why=why_draw))
        else:
            side = expected.side
        moment = played_at or req.now
        if moment > req.now:
            raise Invalid(said("the game cannot have been played in the future ({at})",
                               at=event.at(moment)))
        held = await blackouts.hold_if_blacked_out(
            tx, event, view, game=before.next_game, starter=side, scores=ordered,
            played_at=moment, slip_id=None, by=actor, now=req.now)
        if held is not None:
            result = GameEntered(
                view.code, view.round_name, before.next_game, names, ordered, side,
                before.score_line(), score_line(view, before), None, None, False, False, None,
                held=held)
            return result
        report, game_id = await _write_game(tx, view, match, side, ordered, by=actor,
                                            now=req.now, played_at=moment,
                                            detail={"source": "td", "why": why})
        if photo_window:
            await open_photo_window(tx, event, view.id, game_id, MatchGame.played(side, *ordered),
                                    by=actor, now=req.now)
        state = report.state
        assert report.number is not None
        news = News(event)
        await settle_match(tx, event, view, state, req.now, actor, news)
        for viewer in (0, 1):
            person = view.people[viewer]
            if person is not None:
                text = say.td_entered(event, view, viewer, report.number, ordered, side, state)
                await outbox.enqueue(tx, person_id=person, now=req.now,
                                     said=_with_news(news, person, text))
        await news.send(tx, req.now)
        return GameEntered(
            view.code, view.round_name, report.number, names, ordered, side, state.score_line(),
            score_line(view, state), state.next_game, state.next_start, state.next_is_deciding,
            state.decided, names[state.winner] if state.winner is not None else None,
            tie=state.decision is Decision.TIE, single=say.one_game(event, view),
            how=say.decided_in_english(event, state.decision),
        )


def _entered_already(event: Event, view: MatchView, match: Match, game: int,
                     scores: tuple[int, int], starter: str | None) -> GameEntered:
    """``game``, which is not the match's next, named by a TD entering it: that game as
    entered, if it has these ``scores`` (and ``starter``, if given); else refused."""
    state = match.state()
    names = _names(view)
    if not 1 <= game <= len(state.counted):
        if state.decided:
            raise _decided_refusal(event, view, state)
        raise Invalid(said("the next game of {code} is game {next}, not {game}",
                           code=view.code, next=state.next_game or 0, game=game))
    entered = match.games[state.counted[game - 1]]
    side = None if starter is None else _name_of(names, starter, "--starter")
    if entered.scores != scores or side not in (None, entered.starter):
        was = (_scores_said(names, entered.scores) if entered.scores is not None
               else say.kind_of_game(entered.kind))
        started = (said(" ({name} started)", name=names[entered.starter])
                   if entered.starter is not None else "")
        asked = said(" ({name} started)", name=names[side]) if side is not None else ""
        raise Invalid(said("{code} game {game} is already entered as {was}{started}, not "
                           "{asked_scores}{asked}: nothing done; if the entry is wrong, correct "
                           "it with a ruling", code=view.code, game=game, was=was,
                           started=started, asked_scores=_scores_said(names, scores),
                           asked=asked))
    assert entered.starter is not None
    return GameEntered(
        view.code, view.round_name, game, names, scores, entered.starter, state.score_line(),
        score_line(view, state), state.next_game, state.next_start, state.next_is_deciding,
        state.decided, names[state.winner] if state.winner is not None else None,
        tie=state.decision is Decision.TIE, already=True, single=say.one_game(event, view))


# --- P2: a player's result slip --------------------------------------------------------


async def _slip_view(tx: Tx, slip: SlipRow, side: int, state: MatchState | None = None,
                     **extra: Any) -> SlipView:
    """``state``: the match's, if the caller read it already (nothing written since)."""
    view = await get_match(tx, slip.match_id)
    event = await get_event(tx, view.event_id)
    start_reason: StartReason | None = None
    if slip.state == SlipState.DRAFT:
        if state is None:
            state = (await core_match(tx, view.id)).state()
        if state.next_game == slip.game_no and state.next_start is not None:
            start_reason = state.next_start.reason
    return SlipView(
        slip.id, slip.state, event.name, view.round_name, view.code, view.best_of, slip.game_no,
        side, _names(view), slip.scores, slip.starter_side, start_reason, slip.reporter_side,
        slip.game_no == view.best_of,
        event.local(slip.closes_at) if slip.closes_at is not None else None, **extra,
        format=event.format, single=say.one_game(event, view),
        closes=event.at(slip.closes_at) if slip.closes_at is not None else None,
    )


async def _get_slip(tx: Tx, slip_id: int) -> tuple[SlipRow, MatchView]:
    slip = await slips_repo.get(tx, slip_id)
    if slip is None:
        raise NotFound(said("that result slip no longer exists; send the result again"))
    return slip, await get_match(tx, slip.match_id)


def _reader_side(view: MatchView, actor: Actor) -> int:
    side = None if actor.person_id is None else view.side_of_person(actor.person_id)
    if side is None:
        raise NotAllowed(said("only the two players of this match may act on its result slip"))
    return side


async def _candidates(tx: Tx, person_id: int, said: SaidResult) -> list[MatchView]:
    """The matches a player's result may be for: being played in an open round, or with a
    slip of the opponent's still open (the second report of a match's last game).

    A decided match whose only business is that open slip is a candidate only for the same
    game (the slip's scores, seen from this side: the "both report the same game" flow; a
    result naming no opponent that repeats it is that game) or when the player has no
    match to play: after a club round the loser's slip stays open for a day, and their
    next round's "420-350" is a new game, not a second report."""
    playing: list[MatchView] = []
    decided: list[tuple[MatchView, list[SlipRow]]] = []
    for m in await matches_of_person(tx, person_id):
        if m.state in OPEN and (await get_round(tx, m.round_id)).state == RoundState.OPEN:
            playing.append(m)
        elif m.state == MatchStage.DECIDED:
            theirs = [s for s in await slips_repo.of_match(tx, m.id, (SlipState.PENDING,))
                      if s.reported_by != person_id]
            if theirs:
                decided.append((m, theirs))
    repeats = []
    for m, theirs in decided:
        side = m.side_of_person(person_id)
        mine = (said.mine, said.theirs) if side == 0 else (said.theirs, said.mine)
        if any(s.scores == mine for s in theirs):
            repeats.append(m)
    if not playing:
        return [m for m, _ in decided]
    if repeats and not said.opponent:  # the same game again: no need to ask which
        return repeats
    return playing + repeats


def _named(matches: list[MatchView], person_id: int, said: SaidResult) -> list[MatchView]:
    """The matches whose opponent the result names (``core.names``); several only when
    they are against the same person (the player then picks the match). A name that
    could be two different opponents is refused, naming them."""
    assert said.opponent is not None
    opponents = [m.label(1 - (m.side_of_person(person_id) or 0)) for m in matches]
    found = matches_of(said.opponent, opponents)
    different = list(dict.fromkeys(opponents[i] for i in found))
    if len(different) > 1:
        refused = NameRefused(said.opponent, different, ambiguous=True)
        raise Invalid(slip_texts.ambiguous_opponent(refused, said.mine, said.theirs,
                                                    different[0]))
    return [matches[i] for i in found]


async def _names_a_player(tx: Tx, event_id: int, words: str) -> bool:
    """Whether the words could be a player of the event (``core.names`` matches someone),
    so that a result naming the wrong opponent is refused, not guessed."""
    return bool(matches_of(words, [e.name for e in await entries_of(tx, event_id)]))


async def _keyed(tx: Tx, matches: list[MatchView], person: int) -> list[which_match.Keyed]:
    return [which_match.Keyed(m, await get_event(tx, m.event_id), m.side_of_person(person) or 0)
            for m in matches]


async def report_result(
    db: Database, req: Request, said: SaidResult,
) -> SlipAnswer | Choice:
    """Use-case: a player sends a result; it becomes a draft slip to confirm (game 1 first
    asks who started, para 15). Nothing counts until the player confirms. A player in
    several matches is asked which, unless the message's words say (``which_match``)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        assert actor.person_id is not None
        person = actor.person_id
        matches = await _candidates(tx, person, said)
        unknown = which_match.unknown_tags(await _keyed(tx, matches, person), said.tags)
        if unknown and matches:
            await expelled.refuse_player(tx, person)
            codes = ", ".join(f"{m.code} v {m.label(1 - (m.side_of_person(person) or 0))}"
                              for m in matches)
            raise Invalid(slip_texts.unknown_tag(unknown[0], codes))
        if said.opponent:
            named = _named(matches, person, said)
            if not named and len(matches) == 1 and not await _names_a_player(
                tx, matches[0].event_id, said.opponent
            ):
                named = matches  # "412-380 good game": words that name nobody are chatter
            if not named:
                await expelled.refuse_player(tx, person, said.opponent)
                opponents = ", ".join(m.label(1 - (m.side_of_person(person) or 0))
                                      for m in matches)
                raise Invalid(slip_texts.not_against(said.opponent, opponents))
            matches = named
        if not matches:
            await expelled.refuse_player(tx, person)
            raise Invalid(slip_texts.nothing_to_report())
        if len(matches) > 1:
            keyed = which_match.named_by(await _keyed(tx, matches, person), said.words)
            matches = [k.view for k in keyed]
            if len(keyed) > 1:
                choice = Choice(
                    [(k.view.round_name, k.opponent, k.event.name) for k in keyed],
                    [k.view.id for k in keyed],
                    [await _stamp(tx, k.view) for k in keyed],
                    which_match.telling_apart(keyed[0], keyed), said)
                text, buttons = slip_texts.choose(choice)
                await answer(tx, req, Reply(text, buttons))
                return choice
        view = matches[0]
        side = view.side_of_person(person)
        assert side is not None
        result = await _draft(tx, view, side, person, said, req.now)
        await _tell_reporter(tx, req, result)
        return result


async def _stamp(tx: Tx, view: MatchView) -> int:
    """The match's next game (0: none), which a "this match" button carries."""
    return (await core_match(tx, view.id)).state().next_game or 0


async def report_in_match(
    db: Database, req: Request, match_id: int, said: SaidResult, stamp: int,
) -> SlipAnswer:
    """Use-case: the player taps the match a result is for, on the question ``Choice``
    asked. Only a match the result could still be for counts: another's match, a match
    no longer being played, or one whose next game has changed since (the game was
    recorded) makes the button out of date."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        assert actor.person_id is not None
        person = actor.person_id
        view = next((m for m in await _candidates(tx, person, said) if m.id == match_id),
                    None)
        if view is None:
            raise NotFound(slip_texts.no_such_match())
        if await _stamp(tx, view) != stamp:
            raise NotFound(slip_texts.recorded_since())
        side = view.side_of_person(person)
        assert side is not None
        result = await _draft(tx, view, side, person, said, req.now)
        await _tell_reporter(tx, req, result)
        return result


async def _draft(tx: Tx, view: MatchView, side: int, person: int, said: SaidResult,
                 now: datetime) -> SlipAnswer:
    await expelled.refuse_in_match(tx, view, person)
    names = _names(view)
    scores = (said.mine, said.theirs) if side == 0 else (said.theirs, said.mine)
    event = await get_event(tx, view.event_id)
    check_scores(scores, names, event)
    state = (await core_match(tx, view.id)).state()
    theirs = [s for s in await slips_repo.of_match(tx, view.id, (SlipState.PENDING,))
              if s.reported_by != person]
    by_game = {s.game_no: s for s in theirs}
    second: SlipRow | None = None
    if said.game is not None:
        if said.game in by_game:
            second = by_game[said.game]
        elif said.game != state.next_game:
            counted = len(state.counted)
            if said.game <= counted:
                raise Invalid(slip_texts.already_recorded(said.game))
            raise _decided_refusal(event, view, state) if state.decided else Invalid(
                slip_texts.next_game_is(state.next_game or 0, said.game))
    elif theirs and (theirs[-1].scores == scores or state.decided):
        second = theirs[-1]  # the same result, or the match's last game: their game
    if second is None:
        await _playable_round(tx, view, state)
        assert state.next_game is not None and state.next_start is not None
        game, starter = state.next_game, state.next_start.side
    else:
        game, starter = second.game_no, second.starter_side
    await slips_repo.cancel_drafts(tx, view.id, person, now)
    slip_id = await slips_repo.add_draft(
        tx, match_id=view.id, game_no=game, reported_by=person, reporter_side=side,
        starter_side=starter, scores=scores, text=said.text, now=now,
    )
    slip = await slips_repo.get(tx, slip_id)
    assert slip is not None
    extra: dict[str, Any] = {}
    if second is not None:
        extra["second"] = "same" if second.scores == scores else "differs"
        extra["first_scores"] = second.scores
    elif theirs:
        extra["open_game"] = theirs[-1].game_no
    slip_view = await _slip_view(tx, slip, side, **extra)
    return SlipAnswer("ask_starter" if starter is None else "draft", slip_view)


async def set_starter(db: Database, req: Request, slip_id: int, starter: int) -> SlipAnswer:
    """Use-case: the reporter says who started the game (game 1's tile draw, para 15, or a
    deciding game the players drew for, para 16c)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        slip, view = await _get_slip(tx, slip_id)
        side = _reader_side(view, actor)
        if side != slip.reporter_side:
            raise NotAllowed(said("only the player who sent this result may answer that"))
        if starter not in (0, 1):
            raise Invalid(said("that button is out of date; send the result again"))
        if not await slips_repo.set_starter(tx, slip.id, starter):
            result = SlipAnswer("unchanged", await _slip_view(tx, slip, side))
        else:
            slip, _ = await _get_slip(tx, slip_id)
            result = SlipAnswer("draft", await _slip_view(tx, slip, side))
        await _tell_reporter(tx, req, result)
        return result


async def cancel_slip(db: Database, req: Request, slip_id: int) -> SlipAnswer:
    """Use-case: the reporter drops a draft (nothing was counted)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        slip, view = await _get_slip(tx, slip_id)
        side = _reader_side(view, actor)
        if side != slip.reporter_side:
            raise NotAllowed(said("only the player who sent this result may cancel it"))
        await blackouts.refuse_if_slip_held(tx, slip.id, await get_event(tx, view.event_id))
        moved = await slips_repo.move(tx, slip.id, (SlipState.DRAFT,), SlipState.CANCELLED, req.now)
        slip, _ = await _get_slip(tx, slip_id)
        result = SlipAnswer("cancelled" if moved else "unchanged",
                            await _slip_view(tx, slip, side))
        await _tell_reporter(tx, req, result)
        return result


def _window(event: Event) -> timedelta:
    """SSSg para 24: 24 hours to raise a discrepancy, or the event's own window."""
    return timedelta(hours=int(event.rules.get("rules", {}).get("slip_window_hours", 24)))


async def confirm_slip(db: Database, req: Request, slip_id: int) -> SlipAnswer:
    """Use-case: the reporter confirms a draft. A new game is written and counts at once;
    the slip is pending for the event's window and both players get a copy (para 24). A
    second report of a game already in agrees (final at once) or differs (not counted; the
    TDs rule)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        slip, view = await _get_slip(tx, slip_id)
        side = _reader_side(view, actor)
        if side != slip.reporter_side:
            raise NotAllowed(said("only the player who sent this result may confirm it"))
        await expelled.refuse_in_match(tx, view, actor.person_id)
        if slip.state != SlipState.DRAFT:
            result = SlipAnswer("unchanged", await _slip_view(tx, slip, side))
            await _tell_reporter(tx, req, result)
            return result
        if slip.starter_side is None:
            raise Invalid(said("first say who started game {game}: tap one of the two "
                               "buttons above", game=slip.game_no))
        event = await get_event(tx, view.event_id)
        match = await core_match(tx, view.id)
        state = match.state()
        draft = slip

        async def settled(kind: str) -> None:
            """The draft says what Confirm did, before what else the change tells them."""
            await _tell_reporter(tx, req, SlipAnswer(kind, await _slip_view(tx, draft, side,
                                                                           state)))

        if slip.game_no <= len(state.counted):
            kind = await _second_report(tx, event, view, match, state, slip, actor, req.now,
                                        settled)
        elif slip.game_no == len(state.counted) + 1:
            await _playable_round(tx, view, state)
            if await blackouts.hold_if_blacked_out(
                    tx, event, view, game=slip.game_no, starter=slip.starter_side,
                    scores=slip.scores, played_at=req.now, slip_id=slip.id, by=actor,
                    now=req.now):
                kind = "held"
                await settled(kind)
            else:
                kind = "submitted"
                await settled(kind)
                await _submit(tx, event, view, match, slip, actor, req.now, playable=True)
        else:
            raise Invalid(said("the games of this match changed since you sent it; send the "
                               "result again"))
        slip, _ = await _get_slip(tx, slip_id)
        result = SlipAnswer(kind, await _slip_view(tx, slip, side))
        if kind == "unchanged":
            await _tell_reporter(tx, req, result)
        return result


def _with_news(news: News, person: int, record: Said) -> Said:
    """A player's message of its own (a slip's copy, a TD's entry) with what else the
    change tells them (``news``) under it."""
    return stacked(record, *news.take(person))


def _draft_key(slip_id: int) -> str:
    """The outbox key of the message a reporter confirms a slip on (the question of who
    started, turned into the draft once answered)."""
    return f"slip:{slip_id}:draft"


async def _tell_reporter(tx: Tx, req: Request, done: SlipAnswer) -> None:
    """What the reporter reads of what their result or their press did, in their chat
    (nothing at the command line). The question of who started (SSSg para 15) or the
    draft is a message of its own; answering the question turns that message into the
    draft (one message, not two saying the same), and once Confirm or Cancel did its work
    the draft says what was done, its buttons gone. A repeated press is told where the
    slip stands; an agreement is told by the result's own messages."""
    if req.chat_id is None or done.kind == "agreed":
        return
    slip = done.slip
    if done.kind == "unchanged":
        await answer(tx, req, Reply(slip_texts.where_it_stands(slip)))
        return
    stored = await outbox_repo.by_dedupe_prefix(tx, _draft_key(slip.id))
    if done.kind in ("ask_starter", "draft"):
        text, buttons = (slip_texts.ask_starter(slip) if done.kind == "ask_starter"
                         else slip_texts.draft(slip))
        for row in stored:
            await outbox.enqueue_edit(tx, row, said=text, buttons=buttons, now=req.now)
        if not stored:
            await outbox.enqueue(tx, chat_id=req.chat_id, said=text, lang=req.language,
                                 buttons=buttons, now=req.now, dedupe_key=_draft_key(slip.id))
        return
    settled = slip_texts.settled(done.kind, slip)
    for row in stored:
        if settled is None:  # held for a TD (para 20): its words stay, its buttons go
            await outbox.enqueue_edit(tx, row, text_html=row.text_html, now=req.now)
        else:
            await outbox.enqueue_edit(tx, row, said=settled, now=req.now)
    if done.kind == "cancelled":
        await answer(tx, req, Reply(slip_texts.cancelled()))


async def _submit(tx: Tx, event: Event, view: MatchView, match: Match, slip: SlipRow,
                  actor: Actor, now: datetime, *, playable: bool = False) -> None:
    """Count a confirmed slip's game. ``playable``: the caller checked in this transaction
    that the match takes it (``_playable_round``), so it is not checked again."""
    assert slip.starter_side is not None
    if not playable:
        await _playable_round(tx, view, match.state())
    # para 23: the winner (on a tie, the starter) reports; another report counts, marked
    responsible = MatchGame.played(slip.starter_side, *slip.scores).responsible() == slip.reporter_side
    report, game_id = await _write_game(
        tx, view, match, slip.starter_side, slip.scores, by=actor, now=now, played_at=now,
        detail={"source": "slip", "slip_id": slip.id, "by_responsible": responsible},
    )
    await open_photo_window(tx, event, view.id, game_id,
                            MatchGame.played(slip.starter_side, *slip.scores), by=actor, now=now)
    closes = now + _window(event)
    await slips_repo.submit(tx, slip.id, game_id=game_id, now=now, closes_at=closes)
    await open_deadline(tx, SLIP_WINDOW, f"match:{view.id}", closes, {"slip_id": slip.id},
                        now=now)
    assert report.number is not None
    news = News(event)
    await settle_match(tx, event, view, report.state, now, actor, news)
    for viewer in (0, 1):
        person = view.people[viewer]
        if person is None:
            continue
        buttons = None if viewer == slip.reporter_side else say.agree_buttons(slip.id)
        copy = say.slip_copy(event, view, viewer, slip.reporter_side, report.number,
                             slip.scores, slip.starter_side, report.state,
                             event.at(closes), responsible)
        await outbox.enqueue(
            tx, person_id=person, now=now, buttons=buttons, dedupe_key=copy_key(slip.id, viewer),
            said=_with_news(news, person, copy),
        )
    await news.send(tx, now)


async def _second_report(tx: Tx, event: Event, view: MatchView, match: Match,
                         state: MatchState, slip: SlipRow, actor: Actor, now: datetime,
                         settled: Callable[[str], Awaitable[None]]) -> str:
    """A report of a game already in: the same result makes it final at once; a different
    one is not counted and goes to the TDs (para 24's discrepancy). ``settled`` tells the
    reporter which, before the messages that follow from it."""
    index = state.counted[slip.game_no - 1]
    row = (await games_repo.games_of(tx, view.id))[index]
    same = (row.kind == MatchGameKind.PLAYED and row.scores == slip.scores
            and row.starter_side == slip.starter_side)
    first = await slips_repo.of_game(tx, row.id)
    names = _names(view)
    if first is None or first.reported_by == slip.reported_by or first.state != SlipState.PENDING:
        if same:
            await slips_repo.move(tx, slip.id, (SlipState.DRAFT,), SlipState.AGREED, now, game_id=row.id)
            return "unchanged"
        recorded = (_scores_said(names, row.scores) if row.kind == MatchGameKind.PLAYED
                    else say.kind_of_game(row.kind))
        if first is not None and first.state == SlipState.DISPUTED:
            raise Invalid(said("game {game} is already recorded and under dispute ({recorded}); "
                               "if it is wrong, ask a TD", game=slip.game_no,
                               recorded=recorded))
        raise Invalid(said("game {game} is already recorded and final ({recorded}); if it is "
                           "wrong, ask a TD", game=slip.game_no, recorded=recorded))
    if same:
        await settled("both")
        await slips_repo.move(tx, first.id, (SlipState.PENDING,), SlipState.AGREED, now)
        await slips_repo.move(tx, slip.id, (SlipState.DRAFT,), SlipState.AGREED, now, game_id=row.id)
        await journal.record(tx, who=actor, action="slip.agreed", subject=f"match:{view.id}",
                             now=now, detail={"slip_id": first.id, "second_slip_id": slip.id,
                                              "game": slip.game_no})
        await close_copy(tx, first, say.both_reported_note(), now)
        assert first.starter_side is not None
        news = News(event)
        why = say.both_reported_why(say.one_game(event, view), slip.game_no)
        if not await announce_if_final(tx, event, view.id, now, news, (why, why),
                                       always=(0, 1)):
            for viewer, person in enumerate(view.people):
                if person is not None:
                    news.lead(person, say.both_reported(names, viewer, slip.game_no,
                                                        slip.scores, first.starter_side,
                                                        say.one_game(event, view)))
        await news.send(tx, now)
        return "both"
    await settled("differs")
    await slips_repo.move(tx, slip.id, (SlipState.DRAFT,), SlipState.VOID, now, game_id=row.id)
    await journal.record(tx, who=actor, action="slip.differs", subject=f"match:{view.id}",
                         now=now, detail={"slip_id": first.id, "second_slip_id": slip.id,
                                          "game": slip.game_no, "scores": list(slip.scores)})
    await open_dispute(tx, event, view, first, raised_by=slip.reported_by, second=slip,
                       reason="", now=now, by=actor)
    return "differs"


async def agree_slip(db: Database, req: Request, slip_id: int) -> SlipAnswer:
    """Use-case: the opponent agrees with a slip: it is final now instead of at the end of
    the window. Only the opponent may (the reporter agreeing with themselves says nothing)."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        slip, view = await _get_slip(tx, slip_id)
        side = _reader_side(view, actor)
        await expelled.refuse_in_match(tx, view, actor.person_id)
        event = await get_event(tx, view.event_id)
        if side == slip.reporter_side:
            closes = (event.at(slip.closes_at) if slip.closes_at
                      else said("the end of the window"))
            raise Invalid(said("you sent this slip, so it is for {opponent} to agree or "
                               "dispute; if nobody disputes it, it is final at {closes}",
                               opponent=view.label(1 - side), closes=closes))
        if not await slips_repo.move(tx, slip.id, (SlipState.PENDING,), SlipState.AGREED, req.now):
            result = SlipAnswer("unchanged", await _slip_view(tx, slip, side))
            await _tell_reporter(tx, req, result)
            return result
        await journal.record(tx, who=actor, action="slip.agreed", subject=f"match:{view.id}",
                             now=req.now, detail={"slip_id": slip.id, "game": slip.game_no})
        await close_copy(tx, slip, say.agreed_note(), req.now)
        assert slip.starter_side is not None
        names, mine = _names(view), slip.reporter_side
        single = say.one_game(event, view)
        why = (say.agreed_why(names, 0, side, slip.game_no, slip.scores, single),
               say.agreed_why(names, 1, side, slip.game_no, slip.scores, single))
        news, reporter = News(event), view.people[mine]
        if not await announce_if_final(tx, event, view.id, req.now, news, why,
                                       always=(mine,)) and reporter is not None:
            news.lead(reporter, say.agreed(names, mine, side, slip.game_no, slip.scores,
                                           slip.starter_side, single))
        await news.send(tx, req.now)
        slip, _ = await _get_slip(tx, slip_id)
        return SlipAnswer("agreed", await _slip_view(tx, slip, side))


@handler(SLIP_WINDOW)
async def _window_closes(tx: Tx, d: Deadline, now: datetime) -> bool:
    """Para 24: nobody raised a discrepancy within the window, so the slip is final. Only a
    slip still pending is finalised (compare-and-set): one agreed, disputed or finalised
    before does not move."""
    slip = await slips_repo.get(tx, int(d.payload.get("slip_id", 0)))
    if slip is None or not await slips_repo.move(tx, slip.id, (SlipState.PENDING,), SlipState.FINAL, now):
        return False
    event = await get_event(tx, (await get_match(tx, slip.match_id)).event_id)
    await journal.record(tx, who=Actor.system(), action="slip.final",
                         subject=f"match:{slip.match_id}", now=now,
                         detail={"slip_id": slip.id, "game": slip.game_no})
    await close_copy(tx, slip, say.slip_final_note(event.at(now)), now)
    view = await get_match(tx, slip.match_id)
    why = say.undisputed_why(say.one_game(event, view), slip.game_no,
                             event.at(slip.closes_at or now))
    news = News(event)
    await announce_if_final(tx, event, view.id, now, news, (why, why), always=(0, 1))
    await news.send(tx, now)
    return True
