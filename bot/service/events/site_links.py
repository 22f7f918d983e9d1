"""The live pages' addresses (``bot/web``), and the links to them that the chat shows.

One address per page, the same on the bot's server (``/e/SLUG/PAGE``) and in a folder of
files (``tdbot event site``): ``.html`` names, so that links work from a plain file too. A
chat message links a page only when the event is public (its definition's ``[event]``
``public = true``) and the operator has set the pages' public address (TDBOT_PUBLIC_URL,
kept in the database by the bot at start-up so that every process that posts reads it).
"""

from __future__ import annotations

from urllib.parse import quote

from bot.service.events.lookup import Event
from bot.store import site_repo
from bot.store.db import Database, Tx
from bot.words.said import Said, said


def is_public(event: Event) -> bool:
    """The organiser said ``public = true`` in the definition's ``[event]`` table."""
    return bool(event.rules.get("event", {}).get("public", False))


OVERVIEW = "index.html"
STANDINGS = "standings.html"
LOG = "log.html"


def bracket_page(picture: str) -> str:
    return f"bracket-{picture}.html"


def round_page(number: int) -> str:
    return f"round-{number}.html"


def match_page(code: str) -> str:
    """A match's page, by its code ("T3", "R2-14"); a code of other characters escaped."""
    return f"m/{quote(code, safe='')}.html"


def player_page(entry_id: int) -> str:
    return f"p/{entry_id}.html"


def page_url(base: str | None, event: Event, page: str = "") -> str | None:
    """The address of a page of ``event`` under the operator's public base URL
    (TDBOT_PUBLIC_URL), or None when there is none or the event is not public."""
    if not base or not is_public(event):
        return None
    return f"{base.rstrip('/')}/e/{event.slug}/{'' if page == OVERVIEW else page}"


async def set_public_url(db: Database, url: str | None) -> None:
    """Use-case: the bot starts with TDBOT_PUBLIC_URL set (or unset): every process that
    posts to a group links the pages there from now on (migration 0023)."""
    async with db.transaction() as tx:
        await site_repo.set_public_url(tx, url)


async def link(tx: Tx, event: Event, page: str = OVERVIEW, label: Said | None = None
               ) -> Said | None:
    """A link to ``page`` of ``event`` for a chat message (``label``: its words, "Live
    pages" unless given), or None when the event is not public or no public address is
    set."""
    url = page_url(await site_repo.public_url(tx), event, page)
    if url is None:
        return None
    return said('<a href="{url}">{label}</a>', url=url, label=label or said("Live pages"))

