"""What a TD or player reads about a knockout's costs and prize pools (SSSg paras 7-9):
records (``bot/words/said.py``), written in each reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.words.said import Said, from_core, said, stacked

if TYPE_CHECKING:
    from bot.service.formats.knockout.prize_views import CostEntered, Prizes


def cost_entered(done: CostEntered, *, pools: bool) -> Said:
    """The answer to the TD who entered a cost; ``pools``: the event has prize pools
    (a knockout), which /prizes shows."""
    if pools:
        return said("✅ Cost recorded: {amount} ({note}). Costs so far {total}. /prizes shows "
                    "the pools.", amount=done.amount, note=done.note, total=done.total)
    return said("✅ Cost recorded: {amount} ({note}). Costs so far {total}.",
                amount=done.amount, note=done.note, total=done.total)


def summary(p: Prizes) -> Said:
    """The pools, line by line, in the core's words (``core.prizes.summary_lines``); until
    a division has its final places, why para 8's guarantees are not shown yet."""
    wait = (said("\nPara 8 guarantees are multiples of the fees each winner paid: they are "
                 "shown once a division has its final places.") if p.guarantees_wait else None)
    return stacked(*(from_core(line) for line in p.lines), wait)


def pools(p: Prizes) -> Said:
    """The answer to /prizes: the event's name over its pools."""
    return said("<b>{event}</b>\n{pools}", event=p.event.name, pools=summary(p))
