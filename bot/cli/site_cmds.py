"""`tdbot site serve`: the live pages of the public events, from a process of their own.

The pages are read from the bot's database on a connection that only reads
(``bot.store.db.open_reader``), so the process can run beside ``tdbot run`` on the same
SQLite file or PostgreSQL database without slowing the bot's results down
(``bot.web.server``; docs/operator-guide.md, "Live pages").
"""

from __future__ import annotations

import typer

from bot.cli.app import fail, site_app
from bot.cli.options import DbOption


@site_app.command("serve")
def serve_cmd(
    db: DbOption = None,
    port: int = typer.Option(8080, "--port", min=0, max=65535,
                             help="The port to serve the pages on (0: one the system picks)."),
    listen: str = typer.Option("127.0.0.1", "--listen",
                               help="The address to listen at (0.0.0.0: every interface, "
                                    "in a container behind its proxy)."),
    nice: int = typer.Option(
        10, "--nice", min=0, max=19,
        help="How much lower this process's CPU priority is than the bot's (0: the same): "
             "on a shared machine the bot's results go first."),
) -> None:
    """Serve the public events' live pages at /e/EVENT/ until stopped (Ctrl-C, SIGTERM).

    A read-only process beside tdbot run, on the same database (--db): it never writes,
    migrates nothing (start tdbot run or tdbot db migrate first), and its reads wait for
    none of the bot's writes. Put your HTTPS reverse proxy in front and send /e/ to
    --listen:--port."""
    import asyncio
    import logging
    import os

    from bot.cli.options import db_target, utc_now
    from bot.service.formats import registry
    from bot.store.errors import DatabaseUnusable
    from bot.store.migrations import MigrationError
    from bot.web.server import serve

    target = db_target(db)
    registry.load_all()  # it serves every format's pages: none waits for its format to load
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if nice:
        os.nice(nice)

    try:
        asyncio.run(serve(target, listen, port, utc_now))
    except (MigrationError, DatabaseUnusable) as exc:
        fail(str(exc))
    except OSError as exc:  # the port is taken, or the address is not this machine's
        fail(f"--listen {listen} --port {port}: cannot listen there ({exc.strerror or exc})")
