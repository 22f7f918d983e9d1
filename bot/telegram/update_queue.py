"""PTB's update queue, made to confirm an update to Telegram only once it has been applied.

design.md, "Nothing lost, nothing doubled": an update's claim commits with its effect, so an
update Telegram sends again is applied once. That covers "again" only if Telegram still has
it: Telegram forgets an update when the bot confirms it, by asking getUpdates for a higher
offset (long polling) or by answering the webhook's POST. python-telegram-bot confirms as
soon as the update is in its queue: its poller puts a batch in the queue and at once polls
with the next offset (``Updater._start_polling``), and its webhook answers 200 once the
update is queued (``WebhookHandler.post``). A process killed while an update waits in the
queue or is being handled would lose it for good.

Both put updates with ``await update_queue.put(update)`` and confirm only after that
returns, so this queue's ``put`` returns only once every update queued so far has been
handled (PTB calls ``task_done`` after an update's handlers, ``Application.
__process_update_wrapper``). A kill before that leaves the update with Telegram, which sends
it again; a kill after the commit and before the confirmation is what the claim is for.

Updates are handled one at a time (PTB's default), so waiting for the whole queue waits for
this update; the poller stops fetching while the bot works, which changes nothing as the
bot handles one update at a time anyway. ``Application.stop`` puts a stop signal, which is
not an update and does not wait.
"""

from __future__ import annotations

import asyncio

from telegram import Update


class ApplyThenConfirm(asyncio.Queue[object]):
    """An update queue whose ``put`` waits until what it queued has been handled."""

    async def put(self, item: object) -> None:
        await super().put(item)
        if isinstance(item, Update):
            await self.join()
