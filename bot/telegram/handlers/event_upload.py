"""An organiser sends the event definition (TOML) as a document; the bot creates the event.

Issue 3, "Onboarding": "an organiser creates an event (sends the TOML definition file to the
bot as a document -- download it via getFile ...) and gets invite deep links
(``https://t.me/<bot>?start=<code>``) for players and TDs". Only the organisers listed in
settings (TDBOT_ORGANISERS) may. The file is downloaded before the transaction opens, so a
slow download never holds the database.
"""

from __future__ import annotations

from datetime import datetime

from telegram import Update
from telegram.ext import ContextTypes

from bot.service import event_setup, outbox, people
from bot.service.actors import Actor
from bot.service.definitions import parse_definition
from bot.service.errors import Invalid, NotAllowed
from bot.store.db import Tx
from bot.telegram import texts
from bot.telegram.handlers.common import AfterCommit, apply, sender_ids
from bot.telegram.handlers.help_cmd import menu_update, roles_held
from bot.telegram.runtime import runtime

#: A definition is a few kilobytes; anything this big is not one.
MAX_BYTES = 256 * 1024


async def definition_document(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    message = update.effective_message
    assert message is not None and message.document is not None
    document = message.document
    tg_id, _ = sender_ids(update)
    problem: Exception | None = None
    source = ""
    if tg_id not in runtime(context).organisers:
        problem = NotAllowed(texts.ORGANISERS_ONLY)
    elif (document.file_size or 0) > MAX_BYTES:
        problem = Invalid(f"{document.file_name}: too big for an event definition "
                          f"(over {MAX_BYTES // 1024} KB)")
    else:
        data = await (await document.get_file()).download_as_bytearray()
        try:
            source = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            problem = Invalid(f"{document.file_name}: not UTF-8 text; save the file as UTF-8")

    async def create(
        update: Update, context: ContextTypes.DEFAULT_TYPE, tx: Tx, now: datetime
    ) -> AfterCommit | None:
        if problem is not None:
            raise problem
        name = document.file_name or "definition.toml"
        definition = parse_definition(source, name)
        person = await people.ensure_person_for_tg(tx, tg_id, update.effective_user.full_name, now)  # type: ignore[union-attr]
        actor = Actor.person(person.id, person.name, organiser=True)
        created = await event_setup.create_event(tx, definition, by=actor, now=now, why=f"sent {name}")
        username = context.bot.username
        await outbox.enqueue(
            tx, chat_id=message.chat_id, text_html=texts.event_created(created, username), now=now
        )
        held = await roles_held(tx, tg_id)
        return menu_update(context, message.chat_id, held)

    await apply(update, context, create)
