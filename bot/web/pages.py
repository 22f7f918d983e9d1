"""The live pages as HTML: pure functions from the read models of ``bot.service.events.site``.

Each page is one small document for a phone first: one short inline stylesheet, no script
(a reload shows the newest results), headings in order, tables with header cells, every
name and text escaped (``e``). Links are relative, so the same pages work from the bot's
server (``/e/SLUG/...``) and from a folder of files (``tdbot event site``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from bot.service.events import site
from bot.service.events import site_links as links
from bot.service.events.lookup import Event
from bot.service.events.site import (
    BracketPage,
    LogLine,
    LogPage,
    MatchLine,
    MatchPage,
    Overview,
    PlayerPage,
    RoundLine,
    RoundPage,
    StandingsPage,
)
from bot.service.formats.registry import format_of
from bot.store.entries_repo import EntryState
from bot.store.rounds_repo import RoundState
from bot.web.svg import bracket_svg
from core.knockout.match import MatchStage

#: Readable at 390 px: tables fill the width and long names wrap rather than scroll, and a
#: bracket is drawn one match a row below 40rem (``layout.one_column``).
STYLE = (
    "body{font:16px/1.4 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:0 .75rem;"
    "color:#1f2933;background:#fff}"
    "a{color:#0b5cad}h1{font-size:1.4rem;margin:.6rem 0}h2{font-size:1.15rem;margin:1rem 0 .4rem}"
    "nav{display:flex;flex-wrap:wrap;gap:.2rem .9rem;padding:.5rem 0;border-bottom:1px solid #ccd}"
    "table{border-collapse:collapse;width:100%}th,td{padding:.3rem .25rem;text-align:left;"
    "border-bottom:1px solid #e4e7eb;vertical-align:top;overflow-wrap:anywhere}"
    "th{font-size:.85rem;color:#52606d;overflow-wrap:normal}td.n,th.n{text-align:right;white-space:nowrap}"
    "td:first-child{white-space:nowrap}td:last-child{overflow-wrap:normal}"
    ".w{font-weight:bold;color:#0b6b2e}.m{color:#7b8794}.bracket{width:100%;height:auto}"
    ".bracket.narrow{display:none;max-width:24rem}"
    "@media (max-width:40rem){.bracket.wide{display:none}.bracket.narrow{display:block}}"
    "footer{color:#7b8794;font-size:.85rem;margin:1.5rem 0}ol.log{padding-left:1.2rem}"
    "ol.log li{margin:.35rem 0}.st td{text-align:right;white-space:nowrap}"
    ".st td:nth-child(2){text-align:left;white-space:normal}"
)


def e(text: object) -> str:
    """Escaped for HTML text and attribute values."""
    return escape(str(text), quote=True)


def _page(title: str, event: Event, body: str, *, updated: str, depth: int = 0) -> str:
    """The document around ``body``; ``depth`` is how many folders below the event's own
    the page is (a match's and a player's pages are one down). Every page has the same
    menu: the overview (with the bracket or the rounds), the standings of a round-based
    event, and the log."""
    up = "../" * depth
    standings = [(f"{up}{links.STANDINGS}", "Standings")] if format_of(event).standings else []
    items = [(f"{up}{links.OVERVIEW}", "Overview"), *standings, (f"{up}{links.LOG}", "Log")]
    menu = "".join(f'<a href="{e(href)}">{e(label)}</a>' for href, label in items)
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{e(title)} · {e(event.name)}</title><style>{STYLE}</style></head><body>"
        f'<header><nav aria-label="{e(event.name)}">{menu}</nav></header>'
        f"<main><h1>{e(title)}</h1>{body}</main>"
        f"<footer>{e(event.name)}. Updated {e(updated)}; reload for the newest results."
        "</footer></body></html>"
    )


def _player(line: MatchLine, side: int, up: str) -> str:
    """A player's name linked to their page, in bold when they went through."""
    name = e(line.names[side])
    entry = line.entries[side]
    if entry is not None:
        name = f'<a href="{e(up + links.player_page(entry))}">{name}</a>'
    if line.winner == side:
        return f'<span class="w">{name} ✓</span>'
    return name


def _state(line: MatchLine) -> str:
    if line.state == MatchStage.BYE:
        return "bye"
    if line.awaiting:
        return line.awaiting
    if line.in_play:
        return "in play" if line.score else "to play"
    if line.state == MatchStage.DECIDED:
        return "decided" + (f", {line.note}" if line.note else "")
    if line.state == MatchStage.READY:
        return "to play"
    return {"waiting": "waiting for players", "not_needed": "not needed"}.get(
        line.state, line.state)


def _sentence(text: str) -> str:
    """``text`` with a capital first letter (and the rest as it was: a date keeps its)."""
    return text[:1].upper() + text[1:]


def _head_start(line: MatchLine) -> str:
    for side in (0, 1):
        if line.head_start[side]:
            games = line.head_start[side]
            return (f"{line.names[side]} starts {games} game{'s' if games != 1 else ''} up "
                    "(the upper-bracket winner's head start)")
    return ""


def matches_table(lines: list[MatchLine], *, caption: str, up: str = "") -> str:
    """Matches as a table: match (linked to its page), players (the winner marked), score
    and state."""
    rows = []
    for line in lines:
        if line.state == MatchStage.BYE:
            holder = line.winner if line.winner is not None else 0
            players = f"{_player(line, holder, up)} <span class=\"m\">(bye)</span>"
        else:
            players = f"{_player(line, 0, up)} v {_player(line, 1, up)}"
        extra = _head_start(line)
        if extra:
            players += f'<br><span class="m">{e(extra)}</span>'
        rows.append(
            f'<tr><td><a href="{e(up + links.match_page(line.code))}">{e(line.code)}</a></td>'
            f"<td>{players}</td><td class=\"n\">{e(line.score)}</td><td>{e(_state(line))}</td>"
            "</tr>")
    return (f"<table><caption class=\"m\">{e(caption)}</caption><thead><tr><th scope=\"col\">"
            "Match</th><th scope=\"col\">Players</th><th scope=\"col\" class=\"n\">Score</th>"
            f"<th scope=\"col\">State</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def overview_html(view: Overview, *, updated: str) -> str:
    ev = view.event
    body = [f"<p>{e(ev.name)} is {e(view.kind)} for {view.players} players.</p>",
            "<h2>Now</h2>", f"<p>{e(view.now)}</p>", "<h2>Next</h2>", f"<p>{e(view.next)}</p>"]
    if view.pictures:
        body.append("<h2>Bracket</h2><ul>" + "".join(
            f'<li><a href="{e(links.bracket_page(name))}">{e(label)}</a></li>'
            for name, label in view.pictures) + "</ul>")
    if view.standings:
        body.append(f'<h2>Standings</h2><p><a href="{links.STANDINGS}">Where everyone stands'
                    "</a></p>")
    if view.rounds:
        rows = "".join(
            f'<tr><td><a href="{e(links.round_page(r.number))}">{e(r.name)}</a></td>'
            f"<td>{e({'planned': 'to come', 'open': 'being played'}.get(r.state, r.state))}"
            f"</td><td class=\"n\">{_decided(r)}</td>"
            f"<td>{e(r.closes or '')}</td></tr>"
            for r in view.rounds)
        body.append(
            "<h2>Rounds</h2><table><thead><tr><th scope=\"col\">Round</th><th scope=\"col\">"
            "State</th><th scope=\"col\" class=\"n\">Decided</th><th scope=\"col\">Closes</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>")
    body.append(f'<p><a href="{links.LOG}">The log</a>: results, rulings and corrections, '
                "newest first.</p>")
    return _page(ev.name, ev, "".join(body), updated=updated)


def _decided(r: RoundLine) -> str:
    return f"{r.decided}/{r.matches}" if r.matches else "not paired yet"


def bracket_html(view: BracketPage, *, updated: str) -> str:
    ev = view.event
    boxes = {line.code: links.match_page(line.code) for line in view.matches}
    others = [(links.bracket_page(n), label) for n, label in view.pictures if n != view.layout.name]
    body = [bracket_svg(view.layout, boxes), bracket_svg(view.narrow, boxes, shape="narrow")]
    if others:
        body.append('<p>Also: ' + ", ".join(f'<a href="{e(h)}">{e(label)}</a>'
                                             for h, label in others) + "</p>")
    body.append("<h2>Matches</h2>")
    body.append(matches_table(view.matches, caption=view.layout.label))
    return _page(view.layout.label, ev, "".join(body), updated=updated)


def _num(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def standings_html(view: StandingsPage, *, updated: str) -> str:
    ev = view.event
    after = (f"After round {view.after} of {view.total}" if view.after else
             f"No round of {view.total} complete yet")
    if view.playing > view.after:
        after += f"; round {view.playing} is being played"
    if view.chess:
        head = ("<th scope=\"col\" class=\"n\">#</th><th scope=\"col\">Name</th>"
                "<th scope=\"col\" class=\"n\">Pts</th><th scope=\"col\" class=\"n\">"
                "<abbr title=\"Modified median\">MMed</abbr></th><th scope=\"col\" class=\"n\">"
                "<abbr title=\"Solkoff\">Solk</abbr></th><th scope=\"col\" class=\"n\">"
                "<abbr title=\"Cumulative\">Cum</abbr></th>")
    else:
        head = ("<th scope=\"col\" class=\"n\">#</th><th scope=\"col\">Name</th>"
                "<th scope=\"col\" class=\"n\">W-L</th><th scope=\"col\" class=\"n\">Spread</th>")
    rows = []
    for r in view.rows:  # compact: 1,000 rows stay under 100 kB (end tags are optional)
        entry = view.players.get(r["number"])
        name = e(r["name"])
        if entry is not None:
            name = f'<a href="{links.player_page(entry)}">{name}</a>'
        if view.chess:
            tb = r["tiebreaks"]
            cells = (f"<td>{_num(r['points'])}<td>{_num(tb['modified_median'])}"
                     f"<td>{_num(tb['solkoff'])}<td>{_num(tb['cumulative'])}")
        else:
            if not r.get("active", True):
                name += " <span class=m>(out)</span>"
            cells = f"<td>{_num(r['wins'])}-{_num(r['losses'])}<td>{r['spread']:+d}"
        rows.append(f"<tr><td>{r['rank']}<td>{name}{cells}")
    body = (f"<p>{e(after)}.</p><table class=st><thead><tr>{head}</tr></thead><tbody>"
            f"{''.join(rows)}</tbody></table>")
    rounds = [(links.round_page(n), f"Round {n}") for n in range(1, view.playing + 1)]
    if rounds:
        body += "<p>Rounds: " + " · ".join(f'<a href="{e(h)}">{e(n)}</a>'
                                           for h, n in rounds) + "</p>"
    return _page("Standings", ev, body, updated=updated)


def round_html(view: RoundPage, *, updated: str) -> str:
    ev = view.event
    r = view.round
    state = {"planned": "not yet paired" if not view.matches else "to come",
             "open": "being played", "closed": "closed"}.get(r.state, r.state)
    lines = [f"<p>{e(r.name)}: {e(state)}"
             + (f", closes {e(r.closes)}" if r.closes and r.state == RoundState.OPEN else "")
             + (f"; {r.decided} of {r.matches} matches decided" if r.matches else "")
             + ".</p>"]
    if view.chess:
        lines.append("<p class=m>The first player named has White.</p>")
    if view.matches:
        lines.append(matches_table(view.matches, caption=f"{r.name}: pairings and results"))
    others = [(links.round_page(x.number), x.name) for x in view.rounds]
    lines.append("<h2>Rounds</h2><p>" + " · ".join(
        f'<a href="{e(h)}">{e(n)}</a>' for h, n in others) + "</p>")
    return _page(r.name, ev, "".join(lines), updated=updated)


def _log_items(lines: list[LogLine], up: str, *, link: bool = True) -> str:
    """Log lines, each linking its match's page (``link``: not on that page itself)."""
    items = []
    for line in lines:
        what = e(line.what)
        if link and line.match is not None:
            what += f' (<a href="{e(up + links.match_page(line.match))}">{e(line.match)}</a>)'
        why = f"<br>Reason: {e(line.why)}" if line.why else ""
        items.append(f"<li><span class=m>{e(line.when)}</span> {e(line.who)}: {what}{why}</li>")
    return f'<ol class="log" reversed>{"".join(items)}</ol>'


def match_html(view: MatchPage, *, updated: str) -> str:
    ev = view.event
    m = view.match
    up = "../"
    if m.state == MatchStage.BYE:
        who = _player(m, m.winner if m.winner is not None else 0, up) + " has a bye"
    else:
        who = f"{_player(m, 0, up)} v {_player(m, 1, up)}"
    body = [f"<p>{e(m.round_name)}, best of {m.best_of}: {who}.</p>"]
    if view.bye:
        body.append(f"<p>Bye: {e(view.bye)}.</p>")
    else:
        body.append(f"<p>Score: {e(m.score or 'none yet')}. {e(_sentence(_state(m)))}.</p>")
    if _head_start(m):
        body.append(f"<p>{e(_head_start(m))}.</p>")
    if view.ruling:
        body.append(f"<p>Ruling: {e(view.ruling)}</p>")
    if view.games:
        rows = []
        for g in view.games:
            result = f"{g.scores[0]}-{g.scores[1]}" if g.scores is not None else ""
            notes = [f"{g.how}: {g.awarded} wins it"] if g.awarded is not None else []
            if g.void:
                notes.append("void: does not count")
            rows.append(f"<tr><td class=n>{g.number}</td><td>{e(g.starter or '')}</td>"
                        f"<td class=n>{e(result)}</td><td>{e('; '.join(notes))}</td></tr>")
        body.append(
            f"<h2>Games</h2><table><caption class=m>Scores as {e(m.names[0])}-"
            f"{e(m.names[1])}</caption><thead><tr><th scope=col class=n>Game</th>"
            "<th scope=col>Started</th><th scope=col class=n>Score</th><th scope=col>Note</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")
    elif not view.bye:
        body.append("<p>No game reported yet.</p>")
    if view.rulings:
        body.append("<h2>Results and rulings</h2>" + _log_items(view.rulings, up, link=False))
    return _page(f"Match {m.code}", ev, "".join(body), updated=updated, depth=1)


def player_html(view: PlayerPage, *, updated: str) -> str:
    ev = view.event
    body = []
    if view.state == EntryState.EXPELLED:
        body.append("<p>Expelled from the event.</p>")
    if view.standings:
        place = f"{e(view.place)} in " if view.place else ""
        body.append(f'<p>Where they stand: {place}<a href="../{links.STANDINGS}">the '
                    "standings</a>.</p>")
    if view.matches:
        body.append("<h2>Matches</h2>" + matches_table(view.matches, caption=view.name,
                                                         up="../"))
    else:
        body.append("<p>No match yet.</p>")
    return _page(view.name, ev, "".join(body), updated=updated, depth=1)


def log_html(view: LogPage, *, updated: str) -> str:
    ev = view.event
    if not view.lines:
        return _page("Log", ev, "<p>Nothing yet.</p>", updated=updated)
    cut = (f"<p class=m>The newest {len(view.lines)} of {view.total} lines.</p>"
           if view.total > len(view.lines) else "")
    body = ("<p>Results entered, rulings and corrections with the tournament director's "
            f"reason, byes, expulsions and replacements; newest first.</p>{cut}"
            + _log_items(view.lines, ""))
    return _page("Log", ev, body, updated=updated)


def not_found_html() -> str:
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>Not found</title><style>{STYLE}</style></head><body><main>"
            f"<h1>Not found</h1><p>{e(site.NO_PAGE)}</p></main></body></html>")
