"""Inline keyboards. Their callback data comes from ``callbacks.py``, the one place that
builds and parses it; Telegram allows at most 64 bytes of it. The labels are catalogue
messages (``bot.words``), in the reader's language ``lang``.
"""

from __future__ import annotations

from bot.service.events.readmodels import TdInbox
from bot.service.events.rounds_texts import match_buttons
from bot.service.platform import callbacks
from bot.store.outbox_repo import Button
from bot.telegram.texts import PENDING_SHOWN
from bot.words import SOURCE, for_locale
from bot.words.said import plain

Buttons = list[list[dict[str, str]]]
#: Candidates per freed slot under /pending (the full list is in the TDs' question).
SLOT_OPTIONS_SHOWN = 3


def join_decision(request_id: int, entry_name: str, *,
                  lang: str = SOURCE) -> list[dict[str, str]]:
    """One row for a join request in a TD's /pending: approve it (naming the entry) or
    reject it."""
    w = for_locale(lang)
    return [{"text": w._("Approve {entry}", entry=entry_name),
             "data": callbacks.join_decide(request_id, True)},
            {"text": w._("Reject"), "data": callbacks.join_decide(request_id, False)}]


def pending_buttons(inbox: TdInbox, *,
                    lang: str = SOURCE) -> list[list[Button | tuple[str, str]]]:
    """The buttons under /pending, for the items its text shows (``texts.PENDING_SHOWN`` a
    section): approve or reject a join request; who takes an expelled player's slot (the
    best candidates, or nobody); a match bye or void for a match its closed round left
    unfinished. None on a match the TD asking plays in (SSSg para 19)."""
    w = for_locale(lang)
    rows: list[list[Button | tuple[str, str]]] = []
    for r in inbox.join_requests[:PENDING_SHOWN]:
        rows.append(list(join_decision(r.id, r.entry_name, lang=lang)))
    for x in inbox.open_slots[:PENDING_SHOWN]:
        if inbox.viewer is not None and inbox.viewer in x.people:
            continue  # para 19: another TD fills the slot of a match they play in
        rows.extend([(w._("{match}: {name}", match=x.match, name=o.name),
                      callbacks.expel_pick(x.expulsion_id, o.entry_id))]
                    for o in x.options[:SLOT_OPTIONS_SHOWN])
        rows.append([(w._("{match}: nobody, {opponent} through", match=x.match,
                          opponent=x.opponent),
                      callbacks.expel_pick(x.expulsion_id, None))])
    for m in inbox.left_unfinished[:PENDING_SHOWN]:
        if inbox.viewer is not None and inbox.viewer in m.people:
            continue  # para 19: another TD rules on a match they play in
        rows.extend([(plain(label, w), data) for label, data in row]
                    for row in match_buttons(m, m.id in inbox.voidable))
    return rows
