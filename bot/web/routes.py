"""Which page an address is: one table for the bot's server and for a folder of files.

An event's pages live under ``/e/SLUG/`` (``bot.service.events.site`` names each one); ``page``
reads the page's model in one read transaction and renders it. Whatever is not a page of
a public event is ``NotFound``, with the same words whatever the reason.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from urllib.parse import unquote

from bot.service.events import site
from bot.service.events import site_links as links
from bot.service.formats.registry import format_of
from bot.service.formats.rounds import site_standings
from bot.service.platform.errors import NotFound
from bot.store.db import Database
from bot.web import pages

_BRACKET = re.compile(r"^bracket-([a-z0-9-]{1,40})\.html$")
_ROUND = re.compile(r"^round-([0-9]{1,4})\.html$")
_MATCH = re.compile(r"^m/([^/]{1,80})\.html$")
_PLAYER = re.compile(r"^p/([0-9]{1,12})\.html$")


async def page(db: Database, slug: str, path: str, now: datetime) -> str:
    """The HTML of the page at ``/e/SLUG/PATH``; ``now`` is when it is read (its footer)."""
    if path in ("", links.OVERVIEW):
        view = await site.overview(db, slug)
        return pages.overview_html(view, updated=view.event.at(now))
    if path == links.STANDINGS:
        standings = await site_standings.standings(db, slug)
        return pages.standings_html(standings, updated=standings.event.at(now))
    if path == links.LOG:
        log = await site.log(db, slug)
        return pages.log_html(log, updated=log.event.at(now))
    if found := _BRACKET.match(path):
        bracket = await site.bracket(db, slug, found.group(1))
        return pages.bracket_html(bracket, updated=bracket.event.at(now))
    if found := _ROUND.match(path):
        rnd = await site.round_pairings(db, slug, int(found.group(1)))
        return pages.round_html(rnd, updated=rnd.event.at(now))
    if found := _MATCH.match(path):
        match = await site.match(db, slug, unquote(found.group(1)))
        return pages.match_html(match, updated=match.event.at(now))
    if found := _PLAYER.match(path):
        player = await site.player(db, slug, int(found.group(1)))
        if player.standings:  # where they stand: their row of the standings page
            table = await site_standings.standings(db, slug)
            player = replace(player, place=site.place_in(table, int(found.group(1))))
        return pages.player_html(player, updated=player.event.at(now))
    raise NotFound(site.NO_PAGE)


async def every_path(db: Database, slug: str) -> list[str]:
    """Every page of the event, as paths under ``/e/SLUG/`` (``tdbot event site``)."""
    found = await site.pages(db, slug)
    out = [links.OVERVIEW, links.LOG]
    out += [links.bracket_page(name) for name in found.pictures]
    if format_of(found.event).standings:
        out.append(links.STANDINGS)
    out += [links.round_page(n) for n in range(1, found.rounds + 1)]
    out += [links.match_page(code) for code in found.matches]
    out += [links.player_page(entry) for entry in found.players]
    return out
