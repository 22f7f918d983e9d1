"""What a TD reads in ``/pending`` (``readmodels.pending``): what awaits them in an event,
most urgent first, one section per kind, each short enough for a phone, with the buttons
that act on the items shown.

Records (``bot/words/said.py``), written in the reader's language. None of the buttons is
on a match the TD asking plays in (SSSg para 19: another TD rules on it).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.events.rounds_texts import match_buttons
from bot.service.events.schedule import round_said
from bot.service.events.td_inbox import TdInbox
from bot.service.formats.traits import cite
from bot.service.platform import callbacks
from bot.store.matches_repo import MatchView
from bot.store.no_shows_repo import ClaimState
from bot.store.outbox_repo import OutboxState
from bot.words.said import Said, said, said_n, stacked
from core.knockout.match import MatchStage

#: The items of a section that have buttons under the message (a phone screen, not a
#: report); the text lists every item (the outbox splits a long message).
PENDING_SHOWN = 5
#: Candidates per freed slot under /pending (the full list is in the TDs' question).
SLOT_OPTIONS_SHOWN = 3


def section(title: Said, items: Sequence[Said], count: int | None = None) -> list[Said]:
    """One section of /pending: its title with how many (``count``, when an item is not
    one thing) and every item: a TD on a phone has no command line to see the rest."""
    if not items:
        return []
    return [Said(""), said("<b>{title}</b> ({count}):", title=title,
                           count=len(items) if count is None else count), *items]


def _vs(m: MatchView) -> Said:
    return said("{code}: {a} v {b} ({round})", code=m.code, a=m.said_label(0), b=m.said_label(1),
                round=round_said(m.round_name))


def _claim_state(state: ClaimState) -> Said:
    """A no-show claim's state as a TD reads it."""
    if state == ClaimState.OPEN:
        return said("the opponent may still contest it")
    if state == ClaimState.CONTESTED:
        return said("contested")
    return said("yours to rule")


def _refusal(state: str) -> Said:
    if state == OutboxState.BLOCKED:
        return said("blocked the bot")
    if state == OutboxState.UNDELIVERABLE:
        return said("undeliverable")
    return said("refused")


def _messages(row: dict[str, object]) -> Said | str:
    count = row.get("messages", 1)
    n = count if isinstance(count, int) else 1
    return "" if n == 1 else said_n("{n} message, the last: ", "{n} messages, the last: ", n)


def _dispute(d: dict[str, object]) -> Said:
    names = d["names"]
    assert isinstance(names, tuple)
    reason = str(d["reason"] or "")
    rulers = str(d["rulers"] or "")
    return said("• {code} ({players}): {reason} — rules: {rulers}", code=str(d["code"]),
                players=said("{a} v {b}", a=names[0], b=names[1]),
                reason=reason or said("no reason given yet"),
                rulers=rulers or said("an organiser"))


def pending(event_name: str, inbox: TdInbox) -> Said:
    """What awaits a TD (``readmodels.td_inbox``), most urgent first. The buttons under it
    (``pending_buttons``) act on the items shown."""
    lines: list[Said] = [said("<b>{event}: what awaits a TD</b>", event=event_name)]
    lines += section(said("Join requests"), [
        said("• {name} says they are <b>{entry}</b>", name=r.tg_name, entry=r.entry_name)
        for r in inbox.join_requests])
    lines += section(said("Open disputes"), [_dispute(d) for d in inbox.open_disputes])
    lines += section(said("Expelled players' slots: who takes them{ref}",
                          ref=cite(inbox, "para 29")), [
        said_n("• {match}: {expelled}'s slot v {opponent}; {n} candidate(s)",
               "• {match}: {expelled}'s slot v {opponent}; {n} candidate(s)", len(x.options),
               match=x.match, expelled=x.expelled, opponent=x.opponent)
        for x in inbox.open_slots])
    lines += section(said("Tied matches: decide them{ref}", ref=cite(inbox, "para 30")), [
        said("• {match}", match=_vs(m)) for m in inbox.tied])
    lines += section(said("Games played during a blackout, held ({ref}release or void them "
                          "with tdbot rule held-release|held-void)",
                          ref=cite(inbox, "para 20", "{}; ")), [
        said("• {id}: {code} {a} {score_a}, {b} {score_b}, during {blackout}", id=h.id,
             code=h.code, a=h.names[0], score_a=h.scores[0], b=h.names[1],
             score_b=h.scores[1], blackout=h.blackout)
        for h in inbox.held_games])
    lines += section(said("No-show claims"), [
        said("• {match}: {claimant} claims a no-show ({state})", match=_vs(m),
             claimant=claimant, state=_claim_state(state))
        for m, claimant, state in inbox.no_shows])
    lines += section(said("No time agreed, the round closing within a week"), [
        said("• {match}", match=_vs(m)) for m in inbox.unarranged])
    lines += section(said("Closed rounds' unfinished matches (rule on them)"), [
        said("• {match} — round closed, unfinished", match=_vs(m))
        for m in inbox.left_unfinished])
    lines += section(said("Not paid yet"), [
        said("• {round}: {names}", round=round_said(round_name), names=", ".join(names))
        for round_name, names in inbox.unpaid
    ], count=sum(len(names) for _, names in inbox.unpaid))
    lines += section(said("Messages Telegram refused for good (reach these people another "
                          "way)"), [
        said("• to {name} ({refusal}): {messages}{error}", name=str(row["name"] or "?"),
             refusal=_refusal(str(row["state"])), messages=_messages(row),
             error=str(row["last_error"] or "") or said("refused"))
        for row in inbox.refused_messages])
    lines += section(said("Deadlines that could not fire (check by hand)"), [
        said("• {kind} for {subject}: {error}", kind=d.kind, subject=d.subject, error=d.error)
        for d in inbox.failed_deadlines])
    lines += section(said("Results awaiting the opponent's agreement"), [
        said("• {code} game {game}: {reporter} reported, {opponent} to agree; final {final}",
             code=s.code, game=s.game, reporter=s.reporter, opponent=s.opponent,
             final=s.final_at if s.final_at is not None else "?")
        for s in inbox.slips_awaiting])
    lines += section(said("Unfinished matches of open rounds"), [
        said("• {match} — waiting for a player", match=_vs(m))
        if m.state == MatchStage.WAITING else said("• {match}", match=_vs(m))
        for m in inbox.unfinished])
    lines += section(said("Not yet on Telegram (their messages wait until they join)"), [
        said("• {names}", names=", ".join(inbox.not_on_telegram))
    ] if inbox.not_on_telegram else [], count=len(inbox.not_on_telegram))
    if inbox.empty:
        lines.append(said("Nothing waits for you."))
    lines += section(said("Prize places decided (the prizes can be prepared)"),
                     list(inbox.prizes))
    return stacked(*lines)


def join_decision(request_id: int, entry_name: str) -> list[tuple[Said, str]]:
    """One row for a join request in a TD's /pending: approve it (naming the entry) or
    reject it."""
    return [(said("Approve {entry}", entry=entry_name), callbacks.join_decide(request_id, True)),
            (said("Reject"), callbacks.join_decide(request_id, False))]


def pending_buttons(inbox: TdInbox) -> list[list[tuple[Said, str]]]:
    """The buttons under /pending, for the items its text shows (``PENDING_SHOWN`` a
    section): approve or reject a join request; who takes an expelled player's slot (the
    best candidates, or nobody); a match bye or void for a match its closed round left
    unfinished. None on a match the TD asking plays in (SSSg para 19)."""
    rows: list[list[tuple[Said, str]]] = []
    for r in inbox.join_requests[:PENDING_SHOWN]:
        rows.append(join_decision(r.id, r.entry_name))
    for x in inbox.open_slots[:PENDING_SHOWN]:
        if inbox.viewer is not None and inbox.viewer in x.people:
            continue  # para 19: another TD fills the slot of a match they play in
        rows.extend([(said("{match}: {name}", match=x.match, name=o.name),
                      callbacks.expel_pick(x.expulsion_id, o.entry_id))]
                    for o in x.options[:SLOT_OPTIONS_SHOWN])
        rows.append([(said("{match}: nobody, {opponent} through", match=x.match,
                           opponent=x.opponent),
                      callbacks.expel_pick(x.expulsion_id, None))])
    for m in inbox.left_unfinished[:PENDING_SHOWN]:
        if inbox.viewer is not None and inbox.viewer in m.people:
            continue  # para 19: another TD rules on a match they play in
        rows.extend(match_buttons(m, m.id in inbox.voidable))
    return rows
