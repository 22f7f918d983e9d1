"""What a person's next private message answers: the one look-up every private text costs.

A question the bot asks in the chat (a dispute's reason, a ruling's scores or reason, a
correction's reason) is a stored prompt (``bot/store/prompts_repo.py``), opened by the
use-case that asks and closed by the one that answers. Before anything else reads a
private text, the chat asks ``awaited_kind`` once: one read transaction of one statement,
which finds the person by their Telegram id and their open, unexpired prompt together. A
text that answers nothing then costs no more reads than the handler it goes to.

The newest question wins: a new question drops the person's older ones (a TD asked for a
ruling's reason who then presses Dispute on a slip of their own match owes the dispute's
reason next; asked the other way round, the ruling's reason), but for a player's disputes,
each owed its reason (``bot/store/prompts_repo.py`` says why).
"""

from __future__ import annotations

from bot.service.platform.unit import Request, reading
from bot.store import prompts_repo, relay_repo
from bot.store.db import Database
from bot.store.prompts_repo import PromptKind

__all__ = ["RELAY_DRAFT", "PromptKind", "awaited_kind"]

#: The writer pressed "Write to" in a match: the text is for their opponent
#: (``bot/service/between/relay.py``), unless a question was asked since (the newest wins).
RELAY_DRAFT = "relay_draft"


async def awaited_kind(db: Database, req: Request) -> PromptKind | str | None:
    """The kind of the question the writer's next text message answers (or
    ``RELAY_DRAFT``), or None (the message is an ordinary one: a result, a question, a
    greeting)."""
    if req.operator or req.tg_user_id is None:
        return None
    async with reading(db) as tx:
        if await relay_repo.live_draft_of_tg(tx, req.tg_user_id) is not None:
            return RELAY_DRAFT
        prompt = await prompts_repo.awaited(tx, req.tg_user_id, req.now)
    return None if prompt is None else prompt.kind
