"""What the commands over the bot's database share: the ``--db``, ``--why`` and ``--confirm``
options, opening the database for one use-case (:func:`use_db`), the clock, and the bot's
username for invite links.

The service, the store and the settings are imported inside the functions that need them,
so that a module registering commands loads none of them (see ``bot/cli/__init__.py``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer

from bot.cli.app import fail

if TYPE_CHECKING:
    from bot.service.events.lookup import Event
    from bot.store.db import Database

T = TypeVar("T")

DbOption = Annotated[
    str | None, typer.Option("--db", metavar="DATABASE",
                             help="The database: a SQLite file, or a postgresql:// URL "
                                  "(default: TDBOT_DB or ./tdbot.sqlite3).")
]
WhyOption = Annotated[str, typer.Option(
    "--why", help="The reason: the players and the journal are told.")]
ConfirmOption = Annotated[bool, typer.Option(
    "--confirm", help="Apply a ruling that voids games of later matches (without it the "
                      "impact is printed and nothing is written).")]


def db_target(db: str | None) -> Path | str:
    """The database ``--db`` names, else TDBOT_DB's, else ./tdbot.sqlite3."""
    if db is not None:
        from bot.store.db import database_target

        return database_target(db)
    from bot.settings import Settings

    return Settings().db


def utc_now() -> datetime:
    return datetime.now(UTC)


def no_database(path: Path | str) -> str:
    """What a command that needs the bot's database says when there is none at ``path``."""
    return (f"no database at {path}: name the bot's database with --db (or TDBOT_DB), or make "
            "one with `tdbot event create FILE` or `tdbot db migrate`")


def use_db(db: str | None, work: Callable[[Database], Awaitable[T]], *,
           create: bool = False) -> T:
    """Open the database (applying migrations), run one use-case (which opens its own
    transaction), close. Refusals end the command with one line (exit 2).

    Only ``create`` makes a missing database (``db migrate``, ``event create``): any other
    command needs the bot's, and a new empty file would only hide a wrong --db or folder.
    Each event's format is loaded when the use-case first asks about it
    (``bot.service.formats.registry``), so a command loads only the formats it meets."""
    import asyncio

    from bot.service.platform.errors import ServiceError
    from bot.store.db import is_postgres, open_database
    from bot.store.migrations import MigrationError

    path = db_target(db)
    if not create and not is_postgres(path) and not Path(path).exists():
        fail(no_database(path))

    async def main() -> T:
        database = await open_database(path)
        try:
            return await work(database)
        finally:
            await database.close()

    try:
        return asyncio.run(main())
    except ServiceError as exc:
        fail(exc.message)
    except MigrationError as exc:
        fail(str(exc))
    except FileNotFoundError as exc:
        fail(str(exc))


#: Stands in for the bot's username in links when none is configured.
NO_USERNAME = "YOUR_BOT"


def link_username(option: str | None, event: Event | None = None) -> str:
    """The bot's @username for invite links: the option, else the one the event was
    created with, else TDBOT_BOT_USERNAME. Without one the links say YOUR_BOT, and a note
    says how to fix it: a made-up default would point players at somebody else's bot."""
    name = option or (event.bot_username if event is not None else None)
    if not name:
        from bot.settings import Settings

        name = Settings().bot_username
    if name:
        return name
    typer.echo(f"tdbot: note: no bot username (--bot-username or TDBOT_BOT_USERNAME); "
               f"replace {NO_USERNAME} in these links with your bot's username", err=True)
    return NO_USERNAME
