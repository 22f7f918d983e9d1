"""The stored event as plain data, for a season followed and audited from the command line
(``tdbot event export EVENT --to json``).

A knockout's decided matches have the shape ``tdbot files simulate --json`` prints
(``core.event_record``): one copy of that shape, so an event run in the chat can be set
beside the same games played by the core and compared line for line. Rounds of play are
the event's stored rounds in their order (the first round with a decided match is round of
play 1); the places and prizes come once the event is finished.

Every other match is there too, in its round's order, with its state (``waiting`` for its
players, ``ready``, ``playing``, ``decided``, ``bye``, ``not_needed``) and the games
reported so far in the same shape; so are the matches of a round-based event, a club's
nights and a ladder's challenges. A game whose result slip is still open carries
``"slip": "pending"`` and the time it becomes final (``final_at``, the end of its 24-hour
window, SSSg Annex A para 24), or ``"slip": "disputed"`` until a TD rules (para 19).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.service.events.lookup import Event, get_event
from bot.service.formats.registry import format_of
from bot.service.platform.unit import reading
from bot.service.results.matches import MatchView, core_matches, matches_of_event
from bot.store import entries_repo, games_repo, results_repo, rounds_repo
from bot.store.db import Database
from bot.store.games_repo import GameRow
from bot.store.results_repo import OpenSlip
from core.event_record import games_json, head_start_json
from core.knockout.match import Match, MatchStage
from core.slip import SlipState


async def export_event(db: Database, event_id: int) -> dict[str, Any]:
    """Use-case: ``tdbot event export EVENT --to json``."""
    async with reading(db) as tx:
        event = await get_event(tx, event_id)
        stored = await matches_of_event(tx, event_id)  # in round order
        values = dict(zip((m.id for m in stored), await core_matches(tx, stored), strict=True))
        games = await games_repo.games_of_event(tx, event_id)
        slips = await results_repo.open_slips_of_event(tx, event_id)
        divisions = {r.id: r.division or None for r in await rounds_repo.of_event(tx, event_id)}
        record = await format_of(event).export_record(tx, event, stored, values, games,
                                                      slips, divisions)
        if record is not None:  # the format's own record (a knockout's, the core's)
            return record
        head: dict[str, Any] = {
            "format": event.format, "seed": event.draw_seed,
            "players": len(await entries_repo.of_event(tx, event_id)),
        }
    return {**head,
            "matches": [match_item(event, m, values[m.id], games.get(m.id, []), slips,
                                   divisions[m.round_id]) for m in stored],
            "placements": None, "prizes": None, "plate_cancelled": None}


def match_item(event: Event, view: MatchView, match: Match, rows: list[GameRow],
               slips: dict[int, OpenSlip], division: str | None) -> dict[str, Any]:
    """A stored match in the shape of ``core.event_record``'s, as it stands: the games so
    far, the score line once a game counts, how and by whom it was decided once it is."""
    players = (view.label(0), view.label(1))
    state = match.state()
    decided = view.state in (MatchStage.DECIDED, MatchStage.BYE)
    winner = view.label(view.winner) if decided and view.winner is not None else None
    played = bool(match.games) or any(match.head_start)
    return {
        "id": view.code,
        "division": division,
        "round": view.round_name,
        "round_of_play": None,
        "best_of": view.best_of,
        "head_start": head_start_json(match.head_start, players),
        "players": [view.names[0], view.names[1]] if view.state == MatchStage.BYE else list(players),
        "games": slip_marks(event, games_json(match, players, set(state.void)), rows, slips),
        "score": state.score_line() if played else None,
        "decided_by": state.decision.value if view.state == MatchStage.DECIDED else
        "bye" if view.state == MatchStage.BYE else None,
        "ruling": ({"player": players[match.ruling.winner], "reason": match.ruling.reason}
                   if match.ruling is not None else None),
        "winner": winner,
        "state": view.state,
    }


def slip_marks(event: Event, items: list[dict[str, Any]], rows: list[GameRow],
               slips: dict[int, OpenSlip]) -> list[dict[str, Any]]:
    """Each game not final yet marked with its slip: pending until ``final_at`` (in the
    event's zone), or disputed."""
    out = []
    for item, row in zip(items, rows, strict=False):
        slip = slips.get(row.id)
        if slip is not None:
            item = {**item, "slip": slip.state}
            if slip.state == SlipState.PENDING and slip.final_at is not None:
                item["final_at"] = _local(event, slip.final_at)
        out.append(item)
    return out


def _local(event: Event, moment: datetime) -> str:
    return moment.astimezone(event.zone).isoformat(timespec="minutes")
