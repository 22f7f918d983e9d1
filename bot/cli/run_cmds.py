"""`tdbot run` (the bot, by long polling or a webhook) and `tdbot demo` (the scripted demo).

the token comes from ``TDBOT_TOKEN`` or a ``.env`` file; ``--base-url`` points the
bot at another Bot API server, as PTB's ``base_url`` (``http://127.0.0.1:8081/bot``; files
then come from the same host's ``/file/bot``); with ``--webhook-url`` the bot serves its
own webhook (``bot/telegram/webhook.py``); with no token ``tdbot run`` plays the
built-in demo, so ``make run`` shows something on a fresh machine; ``tdbot demo --club``
plays a club night and a ladder challenge instead. Pending updates are
never dropped: results sent while the bot was down must be applied.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import typer

from bot.cli.app import PANELS, app, fail

if TYPE_CHECKING:
    from bot.settings import Settings

#: Telegram's rule for a webhook secret token: 1-256 characters of A-Z, a-z, 0-9, _ and -.
_SECRET = re.compile(r"^[A-Za-z0-9_-]{1,256}$")


def _settings() -> Settings:
    from pydantic import ValidationError

    from bot.settings import Settings

    try:
        return Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "settings"
        fail(f"TDBOT_{where.upper()}: {first['msg']}")


@app.command("run", rich_help_panel=PANELS["run"])
def run(
    db: str | None = typer.Option(
        None, "--db", metavar="DATABASE",
        help="The database: a SQLite file or a postgresql:// URL "
             "(default: TDBOT_DB or ./tdbot.sqlite3)."),
    base_url: str | None = typer.Option(
        None, "--base-url", help="Bot API base URL, e.g. http://127.0.0.1:8081/bot"
    ),
    webhook_url: str | None = typer.Option(
        None, "--webhook-url", help="Public HTTPS URL Telegram posts updates to (webhook mode)"
    ),
    listen: str | None = typer.Option(None, "--listen", help="Webhook: address to bind"),
    port: int | None = typer.Option(None, "--port", help="Webhook: port to bind"),
    webhook_secret: str | None = typer.Option(
        None, "--webhook-secret", help="Webhook: secret token Telegram must send back"
    ),
) -> None:
    """Start the bot: long polling, or a webhook with --webhook-url; with no token, the demo."""
    import logging
    import secrets
    from datetime import timedelta

    from bot import logsafe
    from bot.store.db import database_target, is_postgres

    settings = _settings()
    if not settings.token and db is not None:
        fail(f"--db {db}: no TDBOT_TOKEN is set, and without one `tdbot run` plays the demo on "
             "a database of its own; set TDBOT_TOKEN to run the bot on this database")
    if not settings.token:
        typer.echo(
            "tdbot: no TDBOT_TOKEN set (environment or .env), so this is the built-in demo: "
            "a scripted event against a fake Telegram. Set TDBOT_TOKEN to run the real bot.",
            err=True,
        )
        _play_demo()
        return

    from telegram import Update

    from bot.telegram.app import BotOptions, build_application, file_url_for, not_alone
    from bot.telegram.pacing import RealTime, VirtualTime

    base = base_url or settings.base_url
    if base:
        try:
            file_url_for(base)
        except ValueError as exc:
            fail(f"--base-url: {exc}")
    hook = webhook_url or settings.webhook_url
    secret = webhook_secret or settings.webhook_secret
    if hook is not None:
        parts = urlsplit(hook)
        # Telegram posts only to HTTPS; a local Bot API server (--base-url) also to http.
        schemes = ("https", "http") if base else ("https",)
        if parts.scheme not in schemes or not parts.netloc:
            fail(f"--webhook-url: {hook!r} must be an https:// URL (Telegram only posts to "
                 "HTTPS; plain http is allowed only with a local Bot API server, --base-url)")
        if secret is None and is_postgres(db or settings.db):
            # each worker sets the webhook as it starts: with a secret of its own, the
            # workers that started before it would refuse every update
            fail("--webhook-secret: a webhook on PostgreSQL may have several workers, which "
                 "must share one secret; set TDBOT_WEBHOOK_SECRET (A-Z a-z 0-9 _ -)")
        if secret is None:
            secret = secrets.token_urlsafe(32)  # set afresh by setWebhook at every start
        elif not _SECRET.match(secret):
            fail("--webhook-secret: use 1-256 characters of A-Z, a-z, 0-9, _ and - "
                 "(Telegram's rule)")
    if settings.pace == "virtual" and not base:
        fail("TDBOT_PACE=virtual: pacing that waits no real time is for a fake Bot API "
             "(--base-url); against Telegram its limits must be kept: unset TDBOT_PACE")
    db_path = database_target(db) if db else settings.db
    _check_database(db_path)
    options = BotOptions(
        token=settings.token,
        db_path=db_path,
        organisers=frozenset(settings.organisers),
        base_url=base,
        base_file_url=settings.base_file_url,
        pace_time=VirtualTime() if settings.pace == "virtual" else RealTime(),
        webhook=hook is not None,
        freeze_heap=True,
        stop_if_not_alone=True,
        worker=settings.worker or "",
        lease=timedelta(seconds=settings.lease_seconds),
        site_port=settings.site_port,
        site_listen=settings.site_listen,
        public_url=settings.public_url,
    )
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    # httpx logs every request's URL at INFO, and the URL holds the token; logsafe redacts
    # it anyway (from any logger), this keeps the noise out.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    logsafe.protect(settings.token, secret)
    if settings.pace == "virtual":
        logging.getLogger(__name__).warning(
            "TDBOT_PACE=virtual: Telegram's limits are not waited for (a fake Bot API only)")
    application = build_application(options)
    with _telegram_trouble(base):
        if hook is None:
            application.run_polling(allowed_updates=Update.ALL_TYPES, drop_pending_updates=False)
            if (why := not_alone(application)) is not None:
                fail(why)
        else:
            import asyncio

            from bot.telegram.webhook import CannotListen, serve

            where = listen or settings.listen
            try:
                asyncio.run(serve(application, listen=where, port=port or settings.port,
                                  path=urlsplit(hook).path, url=hook, secret=secret,
                                  allowed_updates=Update.ALL_TYPES))
            except CannotListen as exc:
                fail(f"--listen/--port: {exc}")


def _check_database(path: Path | str) -> None:
    """Open the database (applying migrations) before contacting Telegram: an edited
    migration or an unwritable file stops start-up with one line ("Storage")."""
    import asyncio
    import sqlite3

    from bot.store.db import open_database, shown_target
    from bot.store.errors import DatabaseUnusable
    from bot.store.migrations import MigrationError

    async def check() -> None:
        database = await open_database(path)
        try:
            await database.check_writable()
        finally:
            await database.close()

    try:
        asyncio.run(check())
    except (MigrationError, DatabaseUnusable, FileNotFoundError) as exc:
        fail(str(exc))
    except (OSError, sqlite3.Error) as exc:
        fail(f"--db {shown_target(path)}: cannot open the database ({exc})")


@contextmanager
def _telegram_trouble(base_url: str | None) -> Iterator[None]:
    """Start-up failures a person can fix, as one line instead of a traceback."""
    from telegram.error import InvalidToken, NetworkError

    try:
        yield
    except InvalidToken:
        fail("TDBOT_TOKEN: the Bot API refused this token; copy it again from @BotFather")
    except NetworkError as exc:
        where = base_url or "https://api.telegram.org"
        fail(f"cannot reach the Bot API at {where}: {exc}")


@app.command("demo", rich_help_panel=PANELS["demo"])
def demo(
    club: bool = typer.Option(
        False, "--club", help="A club night and a ladder challenge instead of a knockout"
    ),
) -> None:
    """Play a short scripted event against an in-process fake Telegram and print the chat."""
    _play_demo(club=club)


def _play_demo(*, club: bool = False) -> None:
    import asyncio

    if club:
        from bot.demo_club import play
    else:
        from bot.demo import play

    transcript = asyncio.run(play())
    sys.stdout.write(transcript.rstrip("\n") + "\n")
