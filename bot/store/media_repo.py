"""The media table: pictures an outbox row sends as a photo (migration 0010).

A row holds PNG bytes, or what to draw (an event's bracket picture by name) until the
sender draws it (``bot/service/formats/knockout/brackets.py``, ``picture_png``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.db import Tx
from bot.store.times import iso


@dataclass(frozen=True)
class Media:
    id: int
    event_id: int | None
    picture: str | None  # a bracket picture's name ('top-upper', 'plate', 'single-2' ...)
    title: str
    png: bytes | None  # None: not drawn yet
    filename: str | None = None  # a document (sent with sendDocument), not a picture
    lang: str = "en"  # the language a bracket picture is drawn in (its reader's)


async def add_png(tx: Tx, png: bytes, now: datetime) -> int:
    """A picture already drawn."""
    if not png:
        raise ValueError("add_png needs the picture's bytes")
    return await tx.insert("INSERT INTO media (png, created_at) VALUES (?, ?)", (png, iso(now)))


async def add_document(tx: Tx, data: bytes, filename: str, now: datetime) -> int:
    """A file the outbox sends as a document under ``filename`` (migration 0013: its bytes
    are kept in the ``png`` column, the one that holds a media row's bytes)."""
    if not filename:
        raise ValueError("add_document needs the file's name")
    return await tx.insert("INSERT INTO media (png, filename, created_at) VALUES (?, ?, ?)",
                           (data, filename, iso(now)))


#: Between a bracket picture's name and the language it is drawn in, in the ``picture``
#: column ("top-upper@fr"); a name without it (English, or a row an older version wrote)
#: is drawn in English.
_IN = "@"


async def add_bracket(tx: Tx, event_id: int, picture: str, title: str, now: datetime,
                      lang: str = "en") -> int:
    """A bracket picture of the event, drawn when it is first sent, in ``lang`` (its
    reader's language: the words on it are)."""
    kept = picture if lang == "en" else f"{picture}{_IN}{lang}"
    return await tx.insert(
        "INSERT INTO media (event_id, picture, title, created_at) VALUES (?, ?, ?, ?)",
        (event_id, kept, title, iso(now)),
    )


async def get(tx: Tx, media_id: int) -> Media | None:
    r = await tx.one("SELECT * FROM media WHERE id = ?", (media_id,))
    if r is None:
        return None
    picture, _, lang = (r["picture"] or "").partition(_IN)
    return Media(r["id"], r["event_id"], picture or r["picture"], r["title"],
                 None if r["png"] is None else bytes(r["png"]), r["filename"], lang or "en")


async def set_png(tx: Tx, media_id: int, png: bytes, now: datetime) -> bytes:
    """Keep the drawn picture; if another pass drew it first, theirs is kept and returned
    (a retry sends the same picture)."""
    await tx.execute("UPDATE media SET png = ?, drawn_at = ? WHERE id = ? AND png IS NULL",
                     (png, iso(now), media_id))
    stored = await tx.scalar("SELECT png FROM media WHERE id = ?", (media_id,))
    return bytes(stored)
