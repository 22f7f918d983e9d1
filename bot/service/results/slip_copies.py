"""The two copies of a submitted result slip (SSSg para 24: "a copy of the submitted result
slip will automatically be" sent "to both players"), and taking the Agree / Dispute
buttons off the opponent's copy once the slip is no longer open.

The copies are outbox rows with a key per slip and side, so the edit that closes one is
an outbox row too: written in the same transaction as the change, never lost.

A slip also closes when a decision takes its place before its window does: a match bye,
a tied match ruled, an expulsion, a correction that voids the match (``settle_slips``).
Its copies then say what happened rather than keep buttons that no longer do anything.

A note is a record (``bot/words/said.py``) written under the copy as it was sent, in the
copy's reader's language, its blank line first.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import datetime

from bot.service.platform import outbox
from bot.service.platform.deadlines import cancel_deadlines
from bot.service.results.matches import MatchView, core_match
from bot.store import games_repo, outbox_repo, slips_repo
from bot.store.db import Tx
from bot.store.outbox_repo import OutboxMessage
from bot.store.slips_repo import SlipRow
from bot.words.said import Rendered, Said, said
from core.knockout.match import Match
from core.slip import SlipState

#: The deadline of a slip's window (para 24): undisputed, the slip is final when it passes.
SLIP_WINDOW = "slip.window"
#: A submitted slip still open: in its window, or frozen by a dispute.
OPEN = (SlipState.PENDING, SlipState.DISPUTED)

#: What a decision that settles a slip says on its copies: (the copy's side, whether the
#: slip's game still counts) -> the note.
Note = Callable[[int, bool], Said]


def copy_key(slip_id: int, side: int) -> str:
    """The outbox key of the copy that side ``side`` got."""
    return f"slip:{slip_id}:copy:{side}"


async def close_copy(tx: Tx, slip: SlipRow, note: Said, now: datetime) -> None:
    """Edit the opponent's copy: its text with ``note`` under it, and no buttons."""
    key = copy_key(slip.id, 1 - slip.reporter_side)
    for stored in await outbox_repo.by_dedupe_prefix(tx, key):
        await _note_under(tx, stored, note, now)


async def _note_under(tx: Tx, stored: OutboxMessage, note: Said, now: datetime) -> None:
    """A copy as sent, ``note`` under it, no buttons."""
    added = Said("{sent}{note}", (("sent", Rendered(stored.text_html)), ("note", note)))
    await outbox.enqueue_edit(tx, stored, said=added, now=now)


async def settle_slips(tx: Tx, view: MatchView, note: Note, now: datetime, *,
                       decided: Match | None = None, states: tuple[SlipState, ...] = OPEN,
                       games: Collection[int] | None = None) -> int:
    """A decision took the place of the match's slips in ``states``: each closes, final
    when its game counts in the match as ``decided`` leaves it (a tied match ruled, an
    expelled player's games forfeited: the games played stand; None: as stored) and void
    when it does not (a match bye voids them, SSSg para 27). Their windows' deadlines are
    cancelled when none is left open, and both copies of each are edited to ``note``: no
    Agree / Dispute left on a settled result. ``games``: only the slips of these game ids
    (None: every slip of the match). Returns how many closed."""
    rows = await games_repo.games_of(tx, view.id)
    match = decided if decided is not None else await core_match(tx, view.id)
    counting = {rows[i].id for i in match.state().counted if i < len(rows)}
    closed = 0
    for slip in await slips_repo.of_match(tx, view.id, states):
        if games is not None and slip.game_id not in games:
            continue
        counts = slip.game_id in counting
        if not await slips_repo.move(tx, slip.id, states,
                                     SlipState.FINAL if counts else SlipState.VOID, now):
            continue
        closed += 1
        for side in (0, 1):
            for stored in await outbox_repo.by_dedupe_prefix(tx, copy_key(slip.id, side)):
                await _note_under(tx, stored, note(side, counts), now)
    if not await slips_repo.of_match(tx, view.id, (SlipState.PENDING,)):
        await cancel_deadlines(tx, f"match:{view.id}", now, kinds=(SLIP_WINDOW,))
    return closed


def settled_note(what: Said, counts: bool) -> Said:
    """Under a slip's copies when a decision settled it: what happened, and whether the
    reported game still counts."""
    if counts:
        return said("\n\n⚖️ {what}; this result stands.", what=what)
    return said("\n\n⚖️ {what}; this result no longer counts.", what=what)


def to_both(what: Said) -> Note:
    """The note that says ``what`` on both copies alike (``settled_note``)."""
    def note(_side: int, counts: bool) -> Said:
        return settled_note(what, counts)
    return note


def went_to(view: MatchView, viewer: int | None, winner: int, how: Said, why: str | Said, *,
            single: bool = False) -> Said:
    """'Settled: the match went to Terence Low by a match bye (no show)', to side ``viewer``
    (the copy it ends is of the match, whose code a player does not know); a TD (None)
    reads the match's code, 'Settled: Q4 went to ...'. ``single``: the match is one game
    to its players (``seam.Format.single_game``), so it is the game that went."""
    if viewer is None:
        return said("Settled: {match} went to {winner} {how} ({why})", match=view.code,
                    winner=view.label(winner), how=how, why=why)
    if single:
        if viewer == winner:
            return said("Settled: the game went to you {how} ({why})", how=how, why=why)
        return said("Settled: the game went to {winner} {how} ({why})",
                    winner=view.label(winner), how=how, why=why)
    if viewer == winner:
        return said("Settled: the match went to you {how} ({why})", how=how, why=why)
    return said("Settled: the match went to {winner} {how} ({why})",
                winner=view.label(winner), how=how, why=why)
