"""The live pages as HTML: pure functions from the read models of ``bot.service.events.site``.

Each page is one small document for a phone first: one short inline stylesheet, no script
(a reload shows the newest results), headings in order, tables with header cells, every
name and text escaped (``e``). Links are relative, so the same pages work from the bot's
server (``/e/SLUG/...``) and from a folder of files (``tdbot event site``).

A page is written in its event's language (the definition's ``[event] language``, which
its group chat reads too): its own words through the bot's catalogue (``bot/words``), the
models' records rendered in it (``bot/words/said.py``), and ``<html lang>`` saying which.
Names, round names and the reasons a TD typed are shown as they were entered.
"""

from __future__ import annotations

from datetime import datetime
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
from bot.service.people.languages import spoken
from bot.store.entries_repo import EntryState
from bot.store.rounds_repo import RoundState
from bot.web.svg import bracket_svg
from bot.words import N_, SOURCE, Words, for_locale
from bot.words.said import Said, Value, render
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


#: The labels the pages put inside f-strings (``w.gettext``), marked for the catalogue
#: here: its extractor reads no call inside an f-string.
_LABELS = (
    N_('Match'),
    N_('Players'),
    N_('Score'),
    N_('State'),
    N_('Now'),
    N_('Next'),
    N_('Bracket'),
    N_('Standings'),
    N_('Where everyone stands'),
    N_('Rounds'),
    N_('Round'),
    N_('Decided'),
    N_('Closes'),
    N_('Matches'),
    N_('Pts'),
    N_('Modified median'),
    N_('MMed'),
    N_('Solkoff'),
    N_('Solk'),
    N_('Cumulative'),
    N_('Cum'),
    N_('W-L'),
    N_('Spread'),
    N_('The first player named has White.'),
    N_('Games'),
    N_('Game'),
    N_('Started'),
    N_('Note'),
    N_('No game reported yet.'),
    N_('Results and rulings'),
    N_('Expelled from the event.'),
    N_('the standings'),
    N_('No match yet.'),
    N_('Nothing yet.'),
)


def e(text: object) -> str:
    """Escaped for HTML text and attribute values."""
    return escape(str(text), quote=True)


def words_of(event: Event) -> Words:
    """The words of the event's pages: its definition's language, if the bot speaks it,
    else English (as its group reads, ``people.languages.group_language``)."""
    return for_locale(spoken(event.language) or SOURCE)


def _r(record: Said | None, w: Words) -> str:
    """A model's record as HTML in the page's language ("" for none)."""
    return "" if record is None else render(record, w)


def _v(value: Value, w: Words) -> str:
    """A value of a model (a name, a record, a moment) as HTML in the page's language."""
    return render(Said("{v}", (("v", value),)), w)


def _name(name: Said | str, w: Words) -> str:
    """A match's player, or where they will come from (a record), as HTML."""
    return e(name) if isinstance(name, str) else render(name, w)


def _page(title: str, event: Event, body: str, w: Words, *, updated: datetime,
          depth: int = 0) -> str:
    """The document around ``body`` (``title`` already HTML); ``depth`` is how many folders
    below the event's own the page is (a match's and a player's pages are one down).
    Every page has the same menu: the overview (with the bracket or the rounds), the
    standings of a round-based event, and the log."""
    up = "../" * depth
    standings = ([(f"{up}{links.STANDINGS}", w._("Standings"))]
                 if format_of(event).standings else [])
    items = [(f"{up}{links.OVERVIEW}", w._("Overview")), *standings,
             (f"{up}{links.LOG}", w._("Log"))]
    menu = "".join(f'<a href="{e(href)}">{e(label)}</a>' for href, label in items)
    footer = w._("{event}. Updated {at}; reload for the newest results.", event=e(event.name),
                 at=_v(updated, w))
    return (
        f'<!doctype html><html lang="{e(w.locale)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{title} · {e(event.name)}</title><style>{STYLE}</style></head><body>"
        f'<header><nav aria-label="{e(event.name)}">{menu}</nav></header>'
        f"<main><h1>{title}</h1>{body}</main>"
        f"<footer>{footer}</footer></body></html>"
    )


def _player(line: MatchLine, side: int, up: str, w: Words) -> str:
    """A player's name linked to their page, in bold when they went through."""
    name = _name(line.names[side], w)
    entry = line.entries[side]
    if entry is not None:
        name = f'<a href="{e(up + links.player_page(entry))}">{name}</a>'
    if line.winner == side:
        return f'<span class="w">{name} ✓</span>'
    return name


def _state(line: MatchLine, w: Words) -> str:
    """Where a match stands, as HTML: lower case, to follow a comma or begin a cell."""
    if line.state == MatchStage.BYE:
        return w._("bye")
    if line.awaiting is not None:
        return _r(line.awaiting, w)
    if line.in_play:
        return w._("in play") if line.score else w._("to play")
    if line.state == MatchStage.DECIDED:
        if line.note is not None:
            return w._("decided, {note}", note=_r(line.note, w))
        return w._("decided")
    if line.state == MatchStage.READY:
        return w._("to play")
    if line.state == MatchStage.WAITING:
        return w._("waiting for players")
    if line.state == MatchStage.NOT_NEEDED:
        return w._("not needed")
    return e(line.state)


def _sentence(text: str) -> str:
    """``text`` with a capital first letter (and the rest as it was: a date keeps its)."""
    return text[:1].upper() + text[1:]


def _head_start(line: MatchLine, w: Words) -> str:
    for side in (0, 1):
        if line.head_start[side]:
            return w.n_("{player} starts {n} game up (the upper-bracket winner's head start)",
                        "{player} starts {n} games up (the upper-bracket winner's head start)",
                        line.head_start[side], player=_name(line.names[side], w))
    return ""


def matches_table(lines: list[MatchLine], w: Words, *, caption: str, up: str = "") -> str:
    """Matches as a table: match (linked to its page), players (the winner marked), score
    and state; ``caption`` is HTML."""
    rows = []
    for line in lines:
        if line.state == MatchStage.BYE:
            holder = line.winner if line.winner is not None else 0
            players = w._("{player} <span class=\"m\">(bye)</span>",
                          player=_player(line, holder, up, w))
        else:
            players = w._("{a} v {b}", a=_player(line, 0, up, w), b=_player(line, 1, up, w))
        extra = _head_start(line, w)
        if extra:
            players += f'<br><span class="m">{extra}</span>'
        rows.append(
            f'<tr><td><a href="{e(up + links.match_page(line.code))}">{e(line.code)}</a></td>'
            f"<td>{players}</td><td class=\"n\">{e(line.score)}</td><td>{_state(line, w)}</td>"
            "</tr>")
    return (f"<table><caption class=\"m\">{caption}</caption><thead><tr><th scope=\"col\">"
            f"{w.gettext('Match')}</th><th scope=\"col\">{w.gettext('Players')}</th><th scope=\"col\" "
            f"class=\"n\">{w.gettext('Score')}</th><th scope=\"col\">{w.gettext('State')}</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def _round_state(r: RoundLine, w: Words) -> str:
    if r.state == RoundState.PLANNED:
        return w._("to come")
    if r.state == RoundState.OPEN:
        return w._("being played")
    if r.state == RoundState.CLOSED:
        return w._("closed")
    return e(r.state)


def overview_html(view: Overview, *, updated: datetime) -> str:
    ev = view.event
    w = words_of(ev)
    about = w.n_("{event} is {kind} for {n} player.", "{event} is {kind} for {n} players.",
                 view.players, event=e(ev.name), kind=_r(view.kind, w))
    body = [f"<p>{about}</p>", f"<h2>{w.gettext('Now')}</h2>", f"<p>{_r(view.now, w)}</p>",
            f"<h2>{w.gettext('Next')}</h2>", f"<p>{_r(view.next, w)}</p>"]
    if view.pictures:
        body.append(f"<h2>{w.gettext('Bracket')}</h2><ul>" + "".join(
            f'<li><a href="{e(links.bracket_page(name))}">{e(label)}</a></li>'
            for name, label in view.pictures) + "</ul>")
    if view.standings:
        body.append(f'<h2>{w.gettext("Standings")}</h2><p><a href="{links.STANDINGS}">'
                    f'{w.gettext("Where everyone stands")}</a></p>')
    if view.rounds:
        rows = "".join(
            f'<tr><td><a href="{e(links.round_page(r.number))}">{e(r.name)}</a></td>'
            f"<td>{_round_state(r, w)}</td><td class=\"n\">{_decided(r, w)}</td>"
            f"<td>{_v(r.closes, w) if r.closes else ''}</td></tr>"
            for r in view.rounds)
        body.append(
            f"<h2>{w.gettext('Rounds')}</h2><table><thead><tr><th scope=\"col\">{w.gettext('Round')}</th>"
            f"<th scope=\"col\">{w.gettext('State')}</th><th scope=\"col\" class=\"n\">"
            f"{w.gettext('Decided')}</th><th scope=\"col\">{w.gettext('Closes')}</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")
    body.append("<p>" + w._('<a href="{log}">The log</a>: results, rulings and corrections, '
                            "newest first.", log=links.LOG) + "</p>")
    return _page(e(ev.name), ev, "".join(body), w, updated=updated)


def _decided(r: RoundLine, w: Words) -> str:
    return f"{r.decided}/{r.matches}" if r.matches else w._("not paired yet")


def bracket_html(view: BracketPage, *, updated: datetime) -> str:
    ev = view.event
    w = words_of(ev)
    boxes = {line.code: links.match_page(line.code) for line in view.matches}
    others = [(links.bracket_page(n), label) for n, label in view.pictures if n != view.layout.name]
    body = [bracket_svg(view.layout, boxes), bracket_svg(view.narrow, boxes, shape="narrow")]
    if others:
        body.append("<p>" + w._("Also: {pages}", pages=", ".join(
            f'<a href="{e(h)}">{e(label)}</a>' for h, label in others)) + "</p>")
    body.append(f"<h2>{w.gettext('Matches')}</h2>")
    body.append(matches_table(view.matches, w, caption=e(view.layout.label)))
    return _page(e(view.layout.label), ev, "".join(body), w, updated=updated)


def _num(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def standings_html(view: StandingsPage, *, updated: datetime) -> str:
    ev = view.event
    w = words_of(ev)
    after = (w._("After round {after} of {total}", after=view.after, total=view.total)
             if view.after else
             w._("No round of {total} complete yet", total=view.total))
    if view.playing > view.after:
        after = w._("{after}; round {playing} is being played", after=after,
                    playing=view.playing)
    number, name = w._("#"), w._("Name")
    if view.chess:
        head = (f"<th scope=\"col\" class=\"n\">{number}</th><th scope=\"col\">{name}</th>"
                f"<th scope=\"col\" class=\"n\">{w.gettext('Pts')}</th><th scope=\"col\" class=\"n\">"
                f"<abbr title=\"{w.gettext('Modified median')}\">{w.gettext('MMed')}</abbr></th>"
                f"<th scope=\"col\" class=\"n\"><abbr title=\"{w.gettext('Solkoff')}\">"
                f"{w.gettext('Solk')}</abbr></th><th scope=\"col\" class=\"n\">"
                f"<abbr title=\"{w.gettext('Cumulative')}\">{w.gettext('Cum')}</abbr></th>")
    else:
        head = (f"<th scope=\"col\" class=\"n\">{number}</th><th scope=\"col\">{name}</th>"
                f"<th scope=\"col\" class=\"n\">{w.gettext('W-L')}</th>"
                f"<th scope=\"col\" class=\"n\">{w.gettext('Spread')}</th>")
    out = " <span class=m>" + w._("(out)") + "</span>"
    rows = []
    for r in view.rows:  # compact: 1,000 rows stay under 100 kB (end tags are optional)
        entry = view.players.get(r["number"])
        shown = e(r["name"])
        if entry is not None:
            shown = f'<a href="{links.player_page(entry)}">{shown}</a>'
        if view.chess:
            tb = r["tiebreaks"]
            cells = (f"<td>{_num(r['points'])}<td>{_num(tb['modified_median'])}"
                     f"<td>{_num(tb['solkoff'])}<td>{_num(tb['cumulative'])}")
        else:
            if not r.get("active", True):
                shown += out
            cells = f"<td>{_num(r['wins'])}-{_num(r['losses'])}<td>{r['spread']:+d}"
        rows.append(f"<tr><td>{r['rank']}<td>{shown}{cells}")
    body = (f"<p>{after}.</p><table class=st><thead><tr>{head}</tr></thead><tbody>"
            f"{''.join(rows)}</tbody></table>")
    rounds = [(links.round_page(n), w._("Round {number}", number=n))
              for n in range(1, view.playing + 1)]
    if rounds:
        body += "<p>" + w._("Rounds: {rounds}", rounds=" · ".join(
            f'<a href="{e(h)}">{n}</a>' for h, n in rounds)) + "</p>"
    return _page(w._("Standings"), ev, body, w, updated=updated)


def round_html(view: RoundPage, *, updated: datetime) -> str:
    ev = view.event
    w = words_of(ev)
    r = view.round
    if r.state == RoundState.PLANNED and not view.matches:
        state = w._("not yet paired")
    else:
        state = _round_state(r, w)
    about = w._("{round}: {state}", round=e(r.name), state=state)
    if r.closes and r.state == RoundState.OPEN:
        about = w._("{about}, closes {closes}", about=about, closes=_v(r.closes, w))
    if r.matches:
        about = w.n_("{about}; {decided} of {n} match decided",
                     "{about}; {decided} of {n} matches decided", r.matches, about=about,
                     decided=r.decided)
    lines = [f"<p>{about}.</p>"]
    if view.chess:
        lines.append(f"<p class=m>{w.gettext('The first player named has White.')}</p>")
    if view.matches:
        lines.append(matches_table(view.matches, w, caption=w._(
            "{round}: pairings and results", round=e(r.name))))
    others = [(links.round_page(x.number), x.name) for x in view.rounds]
    lines.append(f"<h2>{w.gettext('Rounds')}</h2><p>" + " · ".join(
        f'<a href="{e(h)}">{e(n)}</a>' for h, n in others) + "</p>")
    return _page(e(r.name), ev, "".join(lines), w, updated=updated)


def _log_items(lines: list[LogLine], w: Words, up: str, *, link: bool = True) -> str:
    """Log lines, each linking its match's page (``link``: not on that page itself)."""
    items = []
    for line in lines:
        what = _r(line.what, w)
        if link and line.match is not None:
            what += f' (<a href="{e(up + links.match_page(line.match))}">{e(line.match)}</a>)'
        why = "<br>" + w._("Reason: {why}", why=_v(line.why, w)) if line.why else ""
        items.append(f"<li><span class=m>{_v(line.when, w)}</span> "
                     + w._("{who}: {what}", who=_v(line.who, w), what=what) + f"{why}</li>")
    return f'<ol class="log" reversed>{"".join(items)}</ol>'


def _game_notes(how: str, awarded: str | None, void: bool, w: Words) -> str:
    notes = []
    if how == "bye" and awarded is not None:
        notes.append(w._("game bye: {player} wins it", player=e(awarded)))
    elif how == "forfeit" and awarded is not None:
        notes.append(w._("forfeit: {player} wins it", player=e(awarded)))
    if void:
        notes.append(w._("void: does not count"))
    return "; ".join(notes)


def match_html(view: MatchPage, *, updated: datetime) -> str:
    ev = view.event
    w = words_of(ev)
    m = view.match
    up = "../"
    if m.state == MatchStage.BYE:
        who = w._("{player} has a bye",
                  player=_player(m, m.winner if m.winner is not None else 0, up, w))
    else:
        who = w._("{a} v {b}", a=_player(m, 0, up, w), b=_player(m, 1, up, w))
    body = ["<p>" + w.n_("{round}, best of {n}: {players}.", "{round}, best of {n}: {players}.",
                         m.best_of, round=e(m.round_name), players=who) + "</p>"]
    if view.bye is not None:
        body.append("<p>" + w._("Bye: {worth}.", worth=_r(view.bye, w)) + "</p>")
    else:
        score = e(m.score) if m.score else w._("none yet")
        body.append("<p>" + w._("Score: {score}. {state}.", score=score,
                                state=_sentence(_state(m, w))) + "</p>")
    if _head_start(m, w):
        body.append(f"<p>{_head_start(m, w)}.</p>")
    if view.ruling:
        body.append("<p>" + w._("Ruling: {why}", why=e(view.ruling)) + "</p>")
    if view.games:
        rows = []
        for g in view.games:
            result = f"{g.scores[0]}-{g.scores[1]}" if g.scores is not None else ""
            rows.append(f"<tr><td class=n>{g.number}</td><td>{e(g.starter or '')}</td>"
                        f"<td class=n>{e(result)}</td>"
                        f"<td>{_game_notes(g.how, g.awarded, g.void, w)}</td></tr>")
        caption = w._("Scores as {a}-{b}", a=_name(m.names[0], w), b=_name(m.names[1], w))
        body.append(
            f"<h2>{w.gettext('Games')}</h2><table><caption class=m>{caption}</caption><thead><tr>"
            f"<th scope=col class=n>{w.gettext('Game')}</th><th scope=col>{w.gettext('Started')}</th>"
            f"<th scope=col class=n>{w.gettext('Score')}</th><th scope=col>{w.gettext('Note')}</th>"
            f"</tr></thead><tbody>{''.join(rows)}</tbody></table>")
    elif view.bye is None:
        body.append(f"<p>{w.gettext('No game reported yet.')}</p>")
    if view.rulings:
        body.append(f"<h2>{w.gettext('Results and rulings')}</h2>"
                    + _log_items(view.rulings, w, up, link=False))
    return _page(w._("Match {code}", code=e(m.code)), ev, "".join(body), w, updated=updated,
                 depth=1)


def player_html(view: PlayerPage, *, updated: datetime) -> str:
    ev = view.event
    w = words_of(ev)
    body = []
    if view.state == EntryState.EXPELLED:
        body.append(f"<p>{w.gettext('Expelled from the event.')}</p>")
    if view.standings:
        table = f'<a href="../{links.STANDINGS}">{w.gettext("the standings")}</a>'
        if view.place is not None:
            body.append("<p>" + w._("Where they stand: {place} in {standings}.",
                                    place=_r(view.place, w), standings=table) + "</p>")
        else:
            body.append("<p>" + w._("Where they stand: {standings}.", standings=table)
                        + "</p>")
    if view.matches:
        body.append(f"<h2>{w.gettext('Matches')}</h2>"
                    + matches_table(view.matches, w, caption=e(view.name), up="../"))
    else:
        body.append(f"<p>{w.gettext('No match yet.')}</p>")
    return _page(e(view.name), ev, "".join(body), w, updated=updated, depth=1)


def log_html(view: LogPage, *, updated: datetime) -> str:
    ev = view.event
    w = words_of(ev)
    if not view.lines:
        return _page(w._("Log"), ev, f"<p>{w.gettext('Nothing yet.')}</p>", w, updated=updated)
    cut = ("<p class=m>" + w._("The newest {shown} of {total} lines.", shown=len(view.lines),
                               total=view.total) + "</p>"
           if view.total > len(view.lines) else "")
    body = ("<p>" + w._("Results entered, rulings and corrections with the tournament "
                        "director's reason, byes, expulsions and replacements; newest first.")
            + f"</p>{cut}" + _log_items(view.lines, w, ""))
    return _page(w._("Log"), ev, body, w, updated=updated)


def not_found_html() -> str:
    return ('<!doctype html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>Not found</title><style>{STYLE}</style></head><body><main>"
            f"<h1>Not found</h1><p>{e(site.NO_PAGE)}</p></main></body></html>")
