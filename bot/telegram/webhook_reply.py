"""A tap's acknowledgement carried in the webhook's answer instead of a call of its own.

Telegram shows a spinner on a tapped button until the bot answers the callback query
(answerCallbackQuery), so every tap costs the bot one Bot API call: an HTTP request, PTB's
building and pacing of it, and its answer read, a good part of what a worker spends on an
update (docs/benchmarks.md, "Cheaper Bot API calls"). Bot API, "Making requests when
getting updates": the answer to the webhook's POST may carry one method call, which
Telegram makes once it has the answer; the bot never learns its result.

:meth:`TapReply.carry` is the one place that decides what rides the answer: the first
answerCallbackQuery a handler makes for the callback query of the update being posted.
Nothing else does: a later answer to the same query (Telegram answers a query once), every
other method (the bot needs their results: a message's id, a refusal to act on), an
update the POST no longer waits for (a stop cut it off), and long polling, which has no
answer to carry it. A press the handler never answers leaves the POST's answer empty.

The acknowledgement then reaches Telegram when the POST is answered, which is once the
update is applied (``update_queue.py``): when the handler answers the query, which it does
only after the use-case has committed (``handlers/common.py``), so the spinner stops no
later than before.
"""

from __future__ import annotations

from typing import Any

from telegram import Update

#: Where the application keeps its :class:`TapReply` (``bot_data``), with a webhook.
TAP_REPLY = "tap_reply"


class TapReply:
    """The method call each update's webhook answer carries, while its POST waits."""

    def __init__(self) -> None:
        self._open: dict[int, dict[str, Any] | None] = {}  # id(update) -> the call, if any

    def open(self, update: Update) -> None:
        """``update``'s POST waits for it: its answer may carry a call from now on."""
        self._open[id(update)] = None

    def close(self, update: Update) -> dict[str, Any] | None:
        """``update``'s POST is about to be answered: the call to carry, if a handler made
        one; later calls for it go by themselves."""
        return self._open.pop(id(update), None)

    def carry(self, update: Update, text: str | None = None) -> bool:
        """Answer ``update``'s callback query (with ``text`` as its notice) in the webhook's
        answer, if that answer is still to come and carries nothing yet. False: the caller
        answers the query by a call of its own, as without a webhook."""
        key = id(update)
        query = update.callback_query
        if query is None or key not in self._open or self._open[key] is not None:
            return False
        call: dict[str, Any] = {"method": "answerCallbackQuery", "callback_query_id": query.id}
        if text:
            call["text"] = text
        self._open[key] = call
        return True
