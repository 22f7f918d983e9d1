"""The live pages written as files (``tdbot event site EVENT --out DIR``): the same pages the
bot serves, for any web host or to read from the folder itself (the links are relative)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from urllib.parse import unquote

from bot.store.db import Database
from bot.web import routes


async def write_site(db: Database, slug: str, folder: Path, now: datetime) -> list[Path]:
    """Every page of the event as ``folder/PATH``; returns the files written. Each page is
    read in a transaction of its own, as the server reads it."""
    written = []
    for path in await routes.every_path(db, slug):
        html = await routes.page(db, slug, path, now)
        # a match code is its own name on disk (a web host undoes the link's %-escapes)
        target = folder / unquote(path)
        if folder.resolve() not in target.resolve().parents:  # a code holding "/" or ".."
            target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(html, encoding="utf-8")
        written.append(target)
    return written
