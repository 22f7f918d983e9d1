"""The event's group chat: linking it, following it when it moves, and what is posted there.

An organiser adds the bot to the club's group and sends ``/link EVENT-SLUG`` there; from
then on round openings and results, once final (with the bracket picture that holds the
match), are posted to the group. A group is open to anyone its members let in, so what goes
there is what the results board of a club night would show: names, rounds, scores. Never a contact, a
fee, a dispute or a TD's name; and a stranger who sends a command there gets no answer at
all (a known person without the right gets a short refusal that names no event).

Telegram turns a group into a supergroup with a new chat id (``migrate_to_chat_id``); the
bot follows it, whether it hears of the move from the group's service message or from the
error a message to the old id gets (``follow_move``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.events import group_texts as say
from bot.service.events import site_links
from bot.service.events.lookup import Event, get_event
from bot.service.events.schedule import Round
from bot.service.formats.registry import format_of
from bot.service.people import roles
from bot.service.platform import journal, outbox
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotAllowed
from bot.service.platform.news import group_language
from bot.service.platform.unit import Reply, Request, actor_of, answer, unit
from bot.service.results import finality, opponents, opponents_texts
from bot.service.results.matches import MatchView, matches_of_event
from bot.service.results.reporting_texts import OneGame
from bot.store import events_repo, groups_repo, outbox_repo
from bot.store.db import Database, Tx
from bot.words.said import Said, said, stacked
from core.knockout.match import MatchStage, MatchState

#: Who may point an event at a group, or stop it.
LINKERS = ("td", "organiser")


@dataclass(frozen=True)
class GroupLink:
    """What /link or /unlink did: ``kind`` linked, moved (the event left another group
    for this one), unlinked."""

    kind: str
    event: str
    format: str = "sssg"  # the event's format: what its group is shown (``say.linked``)


async def _may_link(tx: Tx, actor: Actor, event_id: int) -> bool:
    return actor.is_operator or any(
        [await roles.has_role(tx, actor, event_id, r) for r in LINKERS])


async def link_group(db: Database, req: Request, slug: str) -> GroupLink | None:
    """Use-case: ``/link EVENT-SLUG`` in a group. None: a stranger asked; nothing is said.
    The answer is the first thing the group reads of the event: in the event's group
    language, as everything after it."""
    async with unit(db, req) as tx:
        actor = await actor_of(tx, req)
        if actor is None:
            return None
        assert req.chat_id is not None, "/link comes from a group"
        refusal = NotAllowed(say.only_tds_link())
        if not slug.strip():
            raise Invalid(said("say which event: /link EVENT-SLUG (the slug your event file "
                               "gives)"))
        event = await events_repo.by_slug(tx, slug.strip())
        if event is None or not await _may_link(tx, actor, event.id):
            raise refusal
        followed = await groups_repo.event_of_group(tx, req.chat_id)
        if followed is not None and followed != event.id:
            other = await get_event(tx, followed)
            raise Invalid(said("this group follows {event}; a TD of it sends /unlink here "
                               "first", event=other.name))
        before = await groups_repo.group_of(tx, event.id)
        await groups_repo.link(tx, event.id, req.chat_id)
        await journal.record(tx, who=actor, action="group.link", subject=f"event:{event.id}",
                             now=req.now, detail={"chat_id": req.chat_id, "before": before})
        kind = "moved" if before is not None and before != req.chat_id else "linked"
        req.receipt.language = await group_language(tx, event)  # the group's from now on
        await answer(tx, req, Reply(say.linked(event.name, kind, event.format)))
        return GroupLink(kind, event.name, event.format)


async def unlink_group(db: Database, req: Request) -> GroupLink | None:
    """Use-case: ``/unlink`` in a group: the event stops posting there. None: a stranger
    asked; nothing is said."""
    async with unit(db, req) as tx:
        actor = await actor_of(tx, req)
        if actor is None:
            return None
        assert req.chat_id is not None, "/unlink comes from a group"
        event_id = await groups_repo.event_of_group(tx, req.chat_id)
        if event_id is None:
            raise Invalid(said("this group follows no event; nothing to unlink"))
        if not await _may_link(tx, actor, event_id):
            raise NotAllowed(say.only_tds_unlink())
        event = await get_event(tx, event_id)
        await groups_repo.link(tx, event_id, None)
        await journal.record(tx, who=actor, action="group.unlink", subject=f"event:{event_id}",
                             now=req.now, detail={"chat_id": req.chat_id})
        await answer(tx, req, Reply(say.unlinked(event.name)))
        return GroupLink("unlinked", event.name)


async def link_in_private(db: Database, req: Request) -> None:
    """Use-case: /link or /unlink in a private chat: they are for the group (changes
    nothing); the writer is told where to send them."""
    async with unit(db, req) as tx:
        await answer(tx, req, Reply(say.link_in_group()))


async def follow_move(db: Database, req: Request, old_chat_id: int, new_chat_id: int) -> bool:
    """Use-case: the group became a supergroup (Telegram's ``migrate_to_chat_id``): the
    event follows the new chat id, and what waits for the old one goes there. True if an
    event followed the group. Safe to call twice (the service message and a send error
    both report the move)."""
    async with unit(db, req) as tx:
        moved = await outbox_repo.move_chat(tx, old_chat_id, new_chat_id)
        event_id = await groups_repo.move(tx, old_chat_id, new_chat_id)
        if event_id is not None or moved:
            await journal.record(
                tx, who=Actor.system(), action="group.moved",
                subject=f"event:{event_id}" if event_id is not None else f"chat:{old_chat_id}",
                now=req.now, detail={"from": old_chat_id, "to": new_chat_id, "messages": moved})
        return event_id is not None


# --- what the group is shown (called inside other use-cases' transactions) -------------


async def post_round_opened(tx: Tx, event: Event, rnd: Round, matches: list[MatchView],
                            now: datetime) -> None:
    """A round opened: the group sees its matches and deadline (SSSg para 6)."""
    chat = await groups_repo.group_of(tx, event.id)
    if chat is None:
        return
    text = stacked(say.round_opened(event, rnd, matches), await site_links.link(
        tx, event, label=said("Pairings and results, live")))
    await outbox.enqueue(tx, chat_id=chat, now=now, said=text, lang=await group_language(tx, event),
                         dedupe_key=f"group:{chat}:round-open:{rnd.id}")


async def post_walkover(tx: Tx, event: Event, view: MatchView, state: MatchState,
                        walkover: Said, now: datetime) -> None:
    """A match given over unplayed (a walkover) is a final result too: the group sees it
    as the event's format posts a result (a knockout's with its bracket picture)."""
    chat = await groups_repo.group_of(tx, event.id)
    if chat is not None:
        await format_of(event).post_result(tx, event, chat, view, state, walkover, [],
                                           f"group:{chat}:walkover:{view.id}", now)


async def post_result(tx: Tx, event: Event, view: MatchView, state: MatchState,
                      now: datetime, *, game: OneGame | None = None,
                      more: list[Said] | None = None) -> None:
    """A match's result is final (``finality``): the group sees it, as the event's format
    posts it (``seam.Format.post_result``: a knockout's with the bracket picture that holds
    the match, a round-based event's followed by the standings, a ladder's as the ladder's
    own lines). ``more``: what else the result did that the group is shown (a club's
    expert-point level, a ladder's moved rungs), in the same post. ``game``: the scores of
    the one game a one-game match was."""
    chat = await groups_repo.group_of(tx, event.id)
    if chat is None:
        return
    lines = list(more or [])
    tied = state.winner is None
    post = stacked(say.match_tied(event, view, state, game) if tied else
                   say.match_decided(event, view, state, game),
                   *lines,
                   await site_links.link(tx, event, site_links.match_page(view.code),
                                         said("The match, live")))
    key = await _match_post_key(tx, chat, view.id, f"{'tied' if tied else 'decided'}-"
                                                   f"{len(state.void)}-{state.score_line()}")
    if key is not None:
        await format_of(event).post_result(tx, event, chat, view, state, post, lines, key, now)


async def _match_post_key(tx: Tx, chat: int, match_id: int, what: str) -> str | None:
    """The outbox key of the group's next post about a match's result (``what`` says which
    result), or None when the group's last post about it said the same already: a result
    is posted once, yet posted again when a TD's correction changed it and changed it back."""
    prefix = f"group:{chat}:match:{match_id}:"
    keys = await outbox_repo.keys_with_prefix(tx, prefix)
    if keys and keys[-1][len(prefix):].split(":")[0] == what:
        return None
    return f"{prefix}{what}:{len(keys)}"


async def post_players_changed(tx: Tx, event: Event, before: MatchView, after: MatchView,
                               why: Said, now: datetime) -> None:
    """A TD's correction or ruling of an earlier match changed who plays ``after`` (or
    voided its games): if the group was shown that match (its result, or its players in
    its round's opening, ``post_round_opened``), it reads what no longer stands and who
    plays it now, named only as far as that is final (``opponents``: "the winner of Ben
    Ong v Cai Wen" until that result is), so the post is never taken back. Once per change
    of the match's players."""
    chat = await groups_repo.group_of(tx, event.id)
    if chat is None:
        return
    posted = await _last_post(tx, chat, before.id)
    result_shown = before.state == MatchStage.DECIDED and posted.startswith("decided")
    drawn = None not in before.entries and bool(await outbox_repo.keys_with_prefix(
        tx, f"group:{chat}:round-open:{before.round_id}"))
    if not result_shown and not drawn:
        return
    views = await matches_of_event(tx, event.id)
    by_code = {m.code: m for m in views}
    final = {m.code for m in views if await finality.is_final(tx, m)}
    players = opponents_texts.pair(opponents.slot_words(after, 0, by_code, final).words,
                                   opponents.slot_words(after, 1, by_code, final).words)
    key = await _match_post_key(tx, chat, after.id, f"players-{after.entries[0]}-"
                                                    f"{after.entries[1]}")
    if key is not None:
        await outbox.enqueue(tx, chat_id=chat, now=now, dedupe_key=key,
                             said=say.players_changed(event, before, after, why, players,
                                                      result_shown),
                             lang=await group_language(tx, event))


async def _last_post(tx: Tx, chat: int, match_id: int) -> str:
    """What the group's last post about a match's result said ("decided-...",
    "reopened-...", "players-..."), "" when none."""
    prefix = f"group:{chat}:match:{match_id}:"
    keys = await outbox_repo.keys_with_prefix(tx, prefix)
    return keys[-1][len(prefix):] if keys else ""


async def post_reopened(tx: Tx, event: Event, view: MatchView, before: MatchState,
                        after: MatchState, why: Said | str, now: datetime) -> None:
    """A TD's correction or ruling reopened a match whose result the group was shown as
    final (``post_result``): the group reads that it is open again, so the post above no
    longer stands unsaid. Once per state of the match."""
    chat = await groups_repo.group_of(tx, event.id)
    if chat is None:
        return
    key = await _match_post_key(tx, chat, view.id,
                                f"reopened-{len(after.void)}-{after.score_line()}")
    if key is not None:
        await outbox.enqueue(tx, chat_id=chat, now=now, dedupe_key=key,
                             said=say.match_reopened(event, view, before, after, why),
                             lang=await group_language(tx, event))
