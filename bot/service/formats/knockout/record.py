"""A knockout's export (``tdbot event export EVENT --to json``): its decided matches in the
shape ``tdbot files simulate --json`` prints (``core.event_record``), with every other match
of the draw beside them in the stored round order (``events.export`` says the shape)."""

from __future__ import annotations

from typing import Any

from bot.service.events.export import match_item, slip_marks
from bot.service.events.lookup import Event
from bot.service.formats.knockout.bridge import load_core
from bot.service.formats.knockout.drawing import DIVISIONS
from bot.service.platform.errors import Invalid
from bot.store import draw_repo
from bot.store.db import Tx
from bot.store.games_repo import GameRow
from bot.store.matches_repo import MatchView
from bot.store.results_repo import OpenSlip
from bot.words.said import said
from core.event_record import event_record
from core.knockout.match import Match

#: A knockout's divisions as the core names them, from the names the draw stores ("Plate"
#: is "plate"): a plate match drawn only once the qualifying round is over is filed under
#: the core's name before it is drawn too.
CORE_DIVISIONS = {stored: core for core, stored in DIVISIONS.items()}



async def knockout_record(tx: Tx, event: Event, stored: list[MatchView],
                          values: dict[int, Match], games: dict[int, list[GameRow]],
                          slips: dict[int, OpenSlip],
                          divisions: dict[int, str | None]) -> dict[str, Any]:
    """The core's record of the decided matches (``core.event_record``), with every other
    match of the draw beside them in the stored round order; refused before the draw."""
    if await draw_repo.draw_record(tx, event.id) is None:
        raise Invalid(said("{event} has no draw yet, so nothing to export: "
                           "`tdbot event draw {event}` makes it", event=event.slug))
    core_event, derived = await load_core(tx, event.id)
    counted = derived.counted
    rounds: list[list[str]] = []
    current: int | None = None
    for m in stored:
        if m.code not in counted:
            continue
        if m.round_id != current:
            rounds.append([])
            current = m.round_id
        rounds[-1].append(m.code)
    record = event_record(core_event, rounds)
    decided = {item["id"]: item for item in record["matches"]}
    matches = []
    for m in stored:
        rows = games.get(m.id, [])
        if m.code in decided:
            item = {**decided[m.code], "state": "decided"}
            item["games"] = slip_marks(event, item["games"], rows, slips)
        else:
            stored_division = divisions[m.round_id]
            item = match_item(event, m, values[m.id], rows, slips, derived.divisions.get(
                m.code, CORE_DIVISIONS.get(stored_division or "", stored_division)))
        matches.append(item)
    return {**record, "matches": matches}
