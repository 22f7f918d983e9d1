"""Disputes of result slips: raising one, giving its reason, and who is asked to rule.

SSSg 2016 Annex A para 24: players have 24 hours from a slip's timestamp to raise a
discrepancy. A disputed slip is frozen: its window no longer makes it final. Para 19:
disputes go to a TD who does not play in the match, else to the neutral adjudicator
(``eligible_adjudicators``); both players are told who will rule, and the ruler gets one
notice (``dispute_texts``) with what each player reported or says and their phones, as
para 19 has players phone the TDs, and the board photo if one was sent. The notice is
built from the records each time it is written (``ruler_notice``): when the disputer's
reason comes, every ruler's copy is edited to hold it, buttons kept, and a ruling edits
it again to say who ruled. A dispute raised with no reason asks for it: the question is a
``DISPUTE_REASON`` prompt (``bot/store/prompts_repo.py``), answered by the player's next
message (``give_reason``) within ``REASON_LIFE``, or by ``/dispute TEXT`` while the dispute
waits; a ruling closes it. A decision on the whole match (a match bye, a tied match ruled,
an expulsion, a correction that voids the match) closes its open disputes and slips the
same way (``supersede``): nobody is left a button on something already settled.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from bot.service.events.lookup import Event, get_event
from bot.service.formats.traits import cite
from bot.service.people import expelled
from bot.service.people.persons import get_person
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed, NotFound
from bot.service.platform.unit import Reply, Request, answer, require_actor, unit
from bot.service.results import dispute_texts
from bot.service.results import reporting_texts as say
from bot.service.results.adjudicators import rulers_of
from bot.service.results.matches import MatchView, get_match, latest_event_of, matches_of_person
from bot.service.results.slip_copies import OPEN, Note, close_copy, settle_slips
from bot.store import disputes_repo, outbox_repo, photos_repo, prompts_repo, slips_repo
from bot.store.db import Database, Tx
from bot.store.photos_repo import PhotoRow
from bot.store.prompts_repo import PromptKind, PromptState
from bot.store.slips_repo import SlipRow
from bot.words import said_json
from bot.words.said import Said, said
from core.knockout.match import Match
from core.slip import SlipState

#: How long the question "what is wrong with it?" waits for the player's next message: a
#: day, as long as SSSg para 24 gives to raise the discrepancy. After it a message is an
#: ordinary one again (a result, a question), and ``/dispute TEXT`` still gives the reason
#: while the dispute waits for one.
REASON_LIFE = timedelta(hours=24)


@dataclass(frozen=True)
class DisputeAnswer:
    """What a dispute use-case did, for the player who asked. ``kind``: ask_reason (the
    dispute is raised; what is wrong?), raised (raised with its reason), reason_noted,
    unchanged (the slip is no longer open: ``slip_state`` says why)."""

    kind: str
    game: int
    opponent: str
    rulers: list[str] = field(default_factory=list)
    slip_state: SlipState | None = None
    format: str = "sssg"  # the event's: only a knockout's answer cites SSSg (``formats.cite``)


async def _contact(tx: Tx, person_id: int) -> tuple[str, str]:
    person = await get_person(tx, person_id)
    return person.name, person.phone


async def open_dispute(
    tx: Tx, event: Event, view: MatchView, slip: SlipRow, *, raised_by: int, reason: str,
    now: datetime, by: Actor, second: SlipRow | None = None,
) -> list[str]:
    """Freeze a pending slip, record the dispute and send it to whoever rules (para 19);
    tell both players who that is. A second report that differs (``second``) is the
    reason itself. Returns the rulers' names."""
    await slips_repo.move(tx, slip.id, (SlipState.PENDING,), SlipState.DISPUTED, now)
    names = (view.label(0), view.label(1))
    if second is not None and not reason:
        reason = (f"{names[second.reporter_side]} reported game {slip.game_no} differently: "
                  f"{names[0]} {second.scores[0]}, {names[1]} {second.scores[1]}")
    dispute_id = await disputes_repo.add(tx, match_id=view.id, game_id=slip.game_id,
                                         slip_id=slip.id, raised_by=raised_by, reason=reason,
                                         now=now)
    await journal.record(tx, who=by, action="slip.disputed", subject=f"match:{view.id}",
                         now=now, detail={"slip_id": slip.id, "dispute_id": dispute_id,
                                          "game": slip.game_no, "reason": reason})
    await close_copy(tx, slip, say.disputed_note(), now)
    if not reason:  # the player is asked what is wrong: their next message says it
        await prompts_repo.open_prompt(tx, raised_by, PromptKind.DISPUTE_REASON, dispute_id,
                                       now=now, expires_at=now + REASON_LIFE)
    rulers = await rulers_of(tx, view)
    contacts = [await _contact(tx, p) for p in rulers]
    disputer = (await get_person(tx, raised_by)).name
    notice = await ruler_notice(tx, dispute_id)
    single = say.one_game(event, view)
    buttons = dispute_texts.ruling_buttons(dispute_id, (view.label(0), view.label(1)), single)
    for ruler in rulers:
        await outbox.enqueue(tx, person_id=ruler, now=now, said=notice, buttons=buttons,
                             dedupe_key=f"{ruler_copies(dispute_id)}{ruler}")
    assert slip.game_id is not None
    for photo in await photos_repo.photos_of_game(tx, slip.game_id):
        await _photo_to(tx, rulers, dispute_id, view, slip.game_no, photo, now)
    for side, person in enumerate(view.people):
        if person is not None:
            await outbox.enqueue(
                tx, person_id=person, now=now, dedupe_key=f"dispute:{dispute_id}:player:{side}",
                said=dispute_texts.for_player(
                    say.where(event, view), view, side, slip.game_no, disputer,
                    person == raised_by, [name for name, _ in contacts], not reason,
                    single=single, differs=second is not None),
            )
    return [name for name, _ in contacts]


def ruler_copies(dispute_id: int) -> str:
    """The outbox key of every ruler's copy of a dispute's notice, but the ruler's id."""
    return f"dispute:{dispute_id}:ruler:"


async def ruler_notice(tx: Tx, dispute_id: int, *, ruled: bool = False) -> Said:
    """The notice of dispute ``dispute_id`` as its rulers read it now
    (``dispute_texts.for_ruler``): the slip that counts, the other report of the game if
    one differed, the disputer's reason once given, the players' phones; once ``ruled``,
    without the call to tap a ruling."""
    dispute = await disputes_repo.get(tx, dispute_id)
    assert dispute is not None and dispute.slip_id is not None
    slip = await slips_repo.get(tx, dispute.slip_id)
    assert slip is not None
    view = await get_match(tx, dispute.match_id)
    second = next((s for s in reversed(await slips_repo.of_match(tx, view.id, (SlipState.VOID,)))
                   if s.game_id == dispute.game_id and s.reported_by == dispute.raised_by
                   and s.id > slip.id), None)
    phones = [await _contact(tx, p) if p is not None else (view.label(s), "")
              for s, p in enumerate(view.people)]
    claims = dispute_texts.Claims((await get_person(tx, dispute.raised_by)).name, slip, second,
                                  dispute.reason, (phones[0], phones[1]))
    return dispute_texts.for_ruler(await get_event(tx, view.event_id), view, claims,
                                    open_=not ruled)


async def _photo_to(tx: Tx, rulers: list[int], dispute_id: int, view: MatchView, game: int,
                    photo: PhotoRow, now: datetime) -> None:
    sender = (await get_person(tx, photo.sent_by)).name
    for ruler in rulers:
        await outbox.enqueue(tx, person_id=ruler, now=now, photo_file_id=photo.file_id,
                             said=dispute_texts.photo_caption(view, game, sender),
                             dedupe_key=f"dispute:{dispute_id}:photo:{photo.id}:{ruler}")


async def photo_for_rulers(tx: Tx, game_id: int, photo_id: int, now: datetime) -> None:
    """A board photo of a game under dispute came after the dispute was raised: it goes to
    the rulers as the ones that came before did (SSSg para 25's photo is the record they
    rule by)."""
    photo = await photos_repo.photo(tx, photo_id)
    slip = await slips_repo.of_game(tx, game_id)
    if photo is None or slip is None:
        return
    dispute = await disputes_repo.open_of_game(tx, slip.match_id, game_id)
    if dispute is None:
        return
    view = await get_match(tx, dispute.match_id)
    await _photo_to(tx, await rulers_of(tx, view), dispute.id, view, slip.game_no, photo, now)


async def _slip_and_match(tx: Tx, slip_id: int) -> tuple[SlipRow, MatchView]:
    slip = await slips_repo.get(tx, slip_id)
    if slip is None:
        raise NotFound(said("that result slip no longer exists"))
    return slip, await get_match(tx, slip.match_id)


def _side(view: MatchView, actor: Actor) -> int:
    side = None if actor.person_id is None else view.side_of_person(actor.person_id)
    if side is None:
        raise NotAllowed(said("only the two players of this match may dispute its result"))
    return side


async def _raise(tx: Tx, req: Request, actor: Actor, slip: SlipRow, view: MatchView,
                 reason: str) -> DisputeAnswer:
    side = _side(view, actor)
    await expelled.refuse_in_match(tx, view, actor.person_id)
    opponent = view.label(1 - side)
    event = await get_event(tx, view.event_id)
    if slip.state != SlipState.PENDING:
        return DisputeAnswer("unchanged", slip.game_no, opponent, slip_state=slip.state,
                             format=event.format)
    assert actor.person_id is not None
    rulers = await open_dispute(tx, event, view, slip, raised_by=actor.person_id,
                                reason=reason, now=req.now, by=actor)
    return DisputeAnswer("raised" if reason else "ask_reason", slip.game_no, opponent, rulers)


async def dispute_slip(db: Database, req: Request, slip_id: int) -> DisputeAnswer:
    """Use-case: a player presses Dispute on a slip still in its window (para 24); the bot
    then asks what is wrong."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        slip, view = await _slip_and_match(tx, slip_id)
        result = await _raise(tx, req, actor, slip, view, "")
        await _answer(tx, req, result)
        return result


async def dispute_latest(db: Database, req: Request, reason: str) -> DisputeAnswer:
    """Use-case: ``/dispute [TEXT]``. With a dispute of the player's waiting for its
    reason, TEXT is that reason; otherwise the latest slip still open in the player's
    matches is disputed (the opponent's first), with TEXT as the reason if given."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        assert actor.person_id is not None
        reason = reason.strip()
        waiting = await disputes_repo.awaiting_reason(tx, actor.person_id)
        if waiting is not None and reason:
            result = await _note_reason(tx, req, actor, waiting, reason)
            await _answer(tx, req, result)
            return result
        open_slips: list[tuple[SlipRow, MatchView]] = []
        for m in await matches_of_person(tx, actor.person_id):
            for s in await slips_repo.of_match(tx, m.id, (SlipState.PENDING,)):
                open_slips.append((s, m))
        if not open_slips:
            latest = await latest_event_of(tx, actor.person_id)
            para24 = cite(latest, "para 24") if latest is not None else ""
            raise Invalid(said("none of your results is open to dispute: a slip can be "
                               "disputed for 24 hours after it is sent{para}. For anything "
                               "else, ask a TD.", para=para24))
        theirs = [(s, m) for s, m in open_slips if s.reported_by != actor.person_id]
        slip, view = max(theirs or open_slips, key=lambda sm: sm[0].id)
        result = await _raise(tx, req, actor, slip, view, reason)
        await _answer(tx, req, result)
        return result


async def _note_reason(tx: Tx, req: Request, actor: Actor, dispute: disputes_repo.DisputeRow,
                       reason: str) -> DisputeAnswer:
    """The disputer's reason: recorded once, its question answered, and every ruler's copy
    of the notice edited to hold it (the buttons stay, as nobody has ruled)."""
    if not await disputes_repo.set_reason(tx, dispute.id, reason):
        raise Invalid(said("that dispute already has its reason"))
    await prompts_repo.close_about(tx, PromptKind.DISPUTE_REASON, dispute.id, PromptState.DONE)
    view = await get_match(tx, dispute.match_id)
    side = _side(view, actor)
    slip = await slips_repo.get(tx, dispute.slip_id) if dispute.slip_id is not None else None
    game = slip.game_no if slip is not None else 0
    await journal.record(tx, who=actor, action="dispute.reason", subject=f"match:{view.id}",
                         now=req.now, detail={"dispute_id": dispute.id, "reason": reason})
    notice = await ruler_notice(tx, dispute.id)
    buttons = dispute_texts.ruling_buttons(dispute.id, (view.label(0), view.label(1)),
                                       say.one_game(await get_event(tx, view.event_id), view))
    for copy in await outbox_repo.by_dedupe_prefix(tx, ruler_copies(dispute.id)):
        await outbox.enqueue_edit(tx, copy, said=notice, buttons=buttons, now=req.now)
    names = [(await get_person(tx, r)).name for r in await rulers_of(tx, view)]
    return DisputeAnswer("reason_noted", game, view.label(1 - side), names)


async def give_reason(db: Database, req: Request, reason: str) -> DisputeAnswer:
    """Use-case: the message after pressing Dispute (the player's open ``DISPUTE_REASON``
    prompt) says what is wrong; it goes to the rulers."""
    async with unit(db, req) as tx:
        actor = await require_actor(tx, req)
        assert actor.person_id is not None
        prompt = await prompts_repo.open_of(tx, actor.person_id, (PromptKind.DISPUTE_REASON,),
                                            now=req.now)
        waiting = None if prompt is None else await disputes_repo.get(tx, prompt.subject_id)
        if prompt is None or waiting is None:
            raise Invalid(said("I am not waiting for a reason from you"))
        result = await _note_reason(tx, req, actor, waiting, reason.strip())
        await _answer(tx, req, result)
        return result


async def _answer(tx: Tx, req: Request, result: DisputeAnswer) -> None:
    """The player's answer in the chat: their reason passed on, or why nothing changed.
    A dispute raised is told to both players by its own message (``open_dispute``), which
    says who rules and asks the one who disputed what is wrong: nothing more here."""
    if result.kind == "reason_noted":
        await answer(tx, req, Reply(dispute_texts.reason_noted(result.rulers)))
    elif result.kind == "unchanged":
        await answer(tx, req, Reply(dispute_texts.unchanged(result.game, result.slip_state,
                                                            result)))


async def ruler_name(tx: Tx, actor: Actor) -> Said | str:
    """Who ruled, as the rulers' copies say it: the TD's name, or the command line."""
    if actor.person_id is None:
        return said("a TD at the command line")
    return (await get_person(tx, actor.person_id)).name


async def supersede(tx: Tx, view: MatchView, *, slip_note: Note, ruling: str,
                    ruler_note: Said, by: Actor, now: datetime, decided: Match | None = None,
                    slips: tuple[SlipState, ...] = OPEN,
                    games: Collection[int] | None = None, why: Said | None = None) -> None:
    """A decision took the place of what was open in ``view``: its slips in ``slips``
    close (``slip_copies.settle_slips``: final or void as the match ``decided`` counts
    their games, windows cancelled, both copies edited with ``slip_note``), and its open
    disputes are ruled as ``ruling`` by ``by``, every ruler's copy of each notice edited
    to say so (``ruler_note``) with its ruling buttons gone, as a ruling on the dispute
    itself edits them (SSSg para 19). Called before the decision is settled
    (``reporting.settle_match``), so that the result is final when nothing is left open.
    ``games``: only what is open about these game ids (None: the whole match). ``why``:
    the bot's own reason for the ruling (``ruling`` holds its English), kept as a record
    so that a TD who rules too late reads it in their language (``rulings._already``)."""
    await settle_slips(tx, view, slip_note, now, decided=decided, states=slips, games=games)
    for dispute in await disputes_repo.open_of_match(tx, view.id):
        if games is not None and dispute.game_id not in games:
            continue
        if not await disputes_repo.rule(tx, dispute.id, ruling=ruling,
                                        adjudicator=by.person_id, now=now,
                                        why_json=said_json.dumps(why) if why else None):
            continue
        await prompts_repo.close_about(tx, PromptKind.DISPUTE_REASON, dispute.id)
        notice = dispute_texts.ruled(await ruler_notice(tx, dispute.id, ruled=True), ruler_note)
        for copy in await outbox_repo.by_dedupe_prefix(tx, ruler_copies(dispute.id)):
            await outbox.enqueue_edit(tx, copy, said=notice, now=now)
