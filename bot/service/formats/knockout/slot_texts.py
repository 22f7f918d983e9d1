"""What the TD who fills an expelled player's slot reads (``slots.fill_slot_button``):
who takes it, or that nobody does and who goes through (SSSg Annex A para 29).

Records (``bot/words/said.py``), written in the reader's language.
"""

from __future__ import annotations

from bot.service.formats.seam import Filled
from bot.words.said import Said, said


def filled(done: Filled) -> Said:
    if done.already:
        return said("{by} already decided {expelled}'s slot in {match}. Nothing changed.",
                    by=done.by, expelled=done.expelled, match=done.match)
    if done.replacement:
        return said("✅ {replacement} takes {expelled}'s slot in {match} against {opponent}. "
                    "Both are told.", replacement=done.replacement, expelled=done.expelled,
                    match=done.match, opponent=done.opponent)
    if done.not_played:
        return said("✅ Nobody takes {expelled}'s slot in {match}, nor that of {opponent}, "
                    "expelled too: {match} is not played and a bye goes on.",
                    expelled=done.expelled, match=done.match, opponent=done.opponent)
    return said("✅ Nobody takes {expelled}'s slot in {match}: {opponent} goes through and is "
                "told.", expelled=done.expelled, match=done.match, opponent=done.opponent)
