"""What a knockout match decides for each of its players ("win and you reach the Grand
Final; lose and you play the Losers' Final"), read from the event's own bracket
(``core.knockout.sssg.match_stakes``) and worded by ``stakes_texts``: shown in
``/matches`` and in the message that opens the round."""

from __future__ import annotations

from bot.service.events.lookup import Event
from bot.service.formats.knockout.bridge import load_core
from bot.service.formats.knockout.stakes_texts import stakes_line
from bot.store import draw_repo
from bot.store.db import Tx
from bot.words.said import Said
from core.knockout.sssg import match_stakes


async def knockout_stakes(tx: Tx, event: Event) -> dict[str, tuple[Said, Said]]:
    """Each undecided match's line per side, by match code: what it decides
    (``core.knockout.sssg.match_stakes``, from the event's own bracket). Empty for a
    knockout not drawn yet."""
    if await draw_repo.draw_record(tx, event.id) is None:
        return {}
    core_event, derived = await load_core(tx, event.id)
    out: dict[str, tuple[Said, Said]] = {}
    for code, view in derived.views.items():
        if view.winner.known:
            continue
        sides = (match_stakes(core_event, code, 0, derived),
                 match_stakes(core_event, code, 1, derived))
        if sides[0] is not None and sides[1] is not None:
            out[code] = (stakes_line(*sides[0]), stakes_line(*sides[1]))
    return out
