"""What one change of state tells each person and the event's group, gathered while the
use-case runs so that each reads it as one message: a club win that is now final, the
expert-point level it reaches and the rung a ladder result moves are one piece of news
to the player, not three messages in a row on their phone.

Each recipient's message is a lead (what happened, with the event's name) and the lines
added after it; with no lead, the event's name heads the lines. A use-case that writes a
message of its own (a slip's copy, with its buttons) takes its people's lines into it
(``take``) and sends the rest (``send``), in the same transaction as the change.

A lead or a line is a record (``bot/words/said.py``), written in its reader's language when
the message is: a person's own (and, for someone not on Telegram yet, again when they join:
the outbox keeps the record), the event's for its group (``group_language``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from bot.service.events.lookup import Event
from bot.service.people import languages
from bot.service.platform import outbox
from bot.store import groups_repo
from bot.store.db import Tx
from bot.words.said import Said, said, stacked

#: The event's group chat, as a recipient.
GROUP: Literal["group"] = "group"
Recipient = int | Literal["group"]
#: A lead or a line: a record, or (not yet converted) Telegram HTML.
Told = Said


async def group_language(tx: Tx, event: Event) -> str:
    """The language an event's group reads (its definition's, ``languages``)."""
    return await languages.group_language(tx, event.id)


class News:
    """The messages one change of state makes, by recipient (a person id or ``GROUP``),
    in the order recipients were first given something."""

    def __init__(self, event: Event) -> None:
        self.event = event
        self._leads: dict[Recipient, Told] = {}
        self._lines: dict[Recipient, list[Told]] = {}
        self._order: list[Recipient] = []

    def _note(self, to: Recipient) -> None:
        if to not in self._order:
            self._order.append(to)

    def lead(self, to: Recipient, text: Told) -> None:
        """What happened, as ``to`` reads it first (with the event's name)."""
        self._note(to)
        self._leads[to] = text

    def add(self, to: Recipient | None, *lines: Told | None) -> None:
        """Lines for ``to`` after its lead (None: nobody, e.g. a player not on Telegram)."""
        if to is None:
            return
        wanted = [line for line in lines if line]
        if wanted:
            self._note(to)
            self._lines.setdefault(to, []).extend(wanted)

    def has_lead(self, to: Recipient) -> bool:
        return to in self._leads

    def has_lines(self, to: Recipient) -> bool:
        return bool(self._lines.get(to))

    def take(self, to: Recipient | None) -> list[Told]:
        """The lines for ``to`` (its lead first, if any), which the caller puts in a
        message of its own; ``send`` then leaves ``to`` out."""
        if to is None or to not in self._order:
            return []
        self._order.remove(to)
        lead = self._leads.pop(to, None)
        return ([lead] if lead else []) + self._lines.pop(to, [])

    def message(self, to: Recipient) -> Said:
        """The message ``to`` reads: its lead (else the event's name), then its lines."""
        lead = self._leads.get(to) or said("<b>{event}</b>", event=self.event.name)
        return stacked(lead, *self._lines.get(to, []))

    async def send(self, tx: Tx, now: datetime, *, key: str | None = None) -> None:
        """One message to each recipient left (the group only if the event has one);
        ``key``: a dedupe key prefix, so that the same news written twice is sent once."""
        chat = await groups_repo.group_of(tx, self.event.id) if GROUP in self._order else None
        for to in self._order:
            dedupe = None if key is None else f"{key}:{to}"
            if to == GROUP:
                if chat is not None:
                    await outbox.enqueue(tx, chat_id=chat, now=now, said=self.message(to),
                                         lang=await group_language(tx, self.event),
                                         dedupe_key=dedupe)
                continue
            await outbox.enqueue(tx, person_id=to, now=now, said=self.message(to),
                                 dedupe_key=dedupe)
        self._order.clear()
        self._leads.clear()
        self._lines.clear()
