"""What a knockout match decides for each of its players ("win and you reach the Grand
Final; lose and you play the Losers' Final"), read from the event's own bracket
(``core.knockout.sssg.match_stakes``): shown in ``/matches`` and in the message that opens
the round."""

from __future__ import annotations

from bot.service.events.lookup import Event
from bot.service.formats.knockout.bridge import load_core
from bot.store import draw_repo
from bot.store.db import Tx
from core.knockout.sssg import match_stakes


def stakes_line(win: str, lose: str) -> str:
    """"Win and you reach the Grand Final; lose and you play the Losers' Final." ("" when
    the event does not know the match)."""
    return f"Win and {win}; lose and {lose}." if win and lose else ""


async def knockout_stakes(tx: Tx, event: Event) -> dict[str, tuple[str, str]]:
    """Each undecided match's line per side, by match code: what it decides
    (``core.knockout.sssg.match_stakes``, from the event's own bracket). Empty for a
    knockout not drawn yet."""
    if await draw_repo.draw_record(tx, event.id) is None:
        return {}
    core_event, derived = await load_core(tx, event.id)
    out: dict[str, tuple[str, str]] = {}
    for code, view in derived.views.items():
        if view.winner.known:
            continue
        line = (stakes_line(*match_stakes(core_event, code, 0, derived)),
                stakes_line(*match_stakes(core_event, code, 1, derived)))
        if line[0]:
            out[code] = line
    return out
