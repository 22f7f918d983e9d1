"""What people read about a round-based event: pairings, byes, standings tables, reasons.

Records (``bot/words/said.py``), written in each reader's language. Standings are a
monospace table (``<pre>``) so that the columns line up on a phone; the renderer escapes
every name in them (names are typed by people).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.service.events.lookup import Event
from bot.service.events.schedule import Round, round_said
from bot.service.formats.rounds.round_division import Reason
from bot.service.formats.rounds.why_texts import worded
from bot.words.said import Said, Value, joined, said, said_n, stacked

#: How many lines of the standings a chat message shows (the asker's own line is added).
TOP = 10
#: Names are cut to this many characters in a table, to keep its width for a phone.
NAME_WIDTH = 18


def _num(value: float) -> str:
    return f"{value:g}"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def _name(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def _line(layout: str, **values: Value) -> Said:
    """A line of the table: its columns' layout (no words of its own) with the values."""
    return Said(layout, tuple(values.items()))


def standings_table(rows: Sequence[dict[str, Any]], *, chess: bool, top: int = TOP,
                    mine: int | None = None) -> Said:
    """The standings as fixed-width lines: the first ``top`` lines, then the line of player
    number ``mine`` if it is further down. Scrabble: wins-losses and spread (Director's
    Manual); chess: points and the USCF tiebreaks (USCF guide, core.tiebreaks). The
    headings are padded once written in the reader's language, so the columns line up in
    every language; a name is padded before it is escaped, so that its width is the one a
    reader sees."""
    shown = list(rows[:top])
    gap = False
    if mine is not None and all(r["number"] != mine for r in shown):
        shown += [r for r in rows if r["number"] == mine]
        gap = True
    width = max([4] + [len(_name(r["name"])) for r in shown])
    if chess:
        head = _line("{hash:>3} {name:<{width}} {points:>4} {median:>5} {solkoff:>5}",
                     hash="#", name=said("Name"), width=width, points=said("Pts"),
                     median=said("MMed"), solkoff=said("Solk"))
    else:
        head = _line("{hash:>3} {name:<{width}} {record:>7} {spread:>6}", hash="#",
                     name=said("Name"), width=width, record=said("W-L"), spread=said("Spread"))
    lines = [head]
    for i, r in enumerate(shown):
        if gap and i == len(shown) - 1:
            lines.append(_line("  …"))
        name = _name(r["name"])
        if chess:
            tb = r["tiebreaks"]
            lines.append(_line("{rank:>3} {name} {points:>4} {median:>5} {solkoff:>5}",
                               rank=r["rank"], name=f"{name:<{width}}",
                               points=_num(r["points"]), median=_num(tb["modified_median"]),
                               solkoff=_num(tb["solkoff"])))
        else:
            lines.append(_line("{rank:>3} {name} {record:>7} {spread:>6}{out}",
                               rank=r["rank"], name=f"{name:<{width}}",
                               record=f"{_num(r['wins'])}-{_num(r['losses'])}",
                               spread=_signed(r["spread"]),
                               out=said(" (out)") if not r["active"] else ""))
    return stacked(*lines)


def standings_message(event: Event, after: int, table: Said, *, total: int,
                      playing: int | None = None) -> Said:
    """The table's title: after the last complete round, and the round still being
    played (its results so far are in the table)."""
    if playing is not None and playing > after:
        when = said("during round {playing} of {total} (its results so far are in)",
                    playing=playing, total=total)
    elif after:
        when = said("after round {after} of {total}", after=after, total=total)
    else:
        when = said("before round 1")
    return said("<b>{event}</b>: standings {when}\n<pre>{table}</pre>", event=event.name,
                when=when, table=table)


def drawn(event: Event, rounds: int) -> Said:
    """Each player, once the draw has made the rounds (each is paired when it opens)."""
    return said_n("<b>{event}</b> is set: {n} round. I will tell you your opponent when it "
                  "opens.", "<b>{event}</b> is set: {n} rounds. I will tell you your opponent "
                  "when each round opens.", rounds, event=event.name)


def first_named(chess: bool) -> Said:
    """What the first named of a pair does: has White in chess (USCF guide), goes first in
    Scrabble."""
    return said("has White") if chess else said("goes first")


def starts_white(other: str) -> tuple[Said, Said]:
    """Who has White in a chess pairing (USCF guide): to them, and naming them (``other``)
    to their opponent."""
    return said("You have White."), said("{name} has White.", name=other)


def bye_text(event: Event, rnd: Round, spread: int, chess: bool, points: float = 1) -> Said:
    """A chess bye is worth ``points`` (USCF guide: a 1-point bye; or half a point where the
    event says so); a Scrabble bye is a win with a spread (Director's Manual)."""
    if chess:
        worth = said("a full point") if points >= 1 else said("half a point")
    else:
        worth = said("a win with +{spread} spread", spread=spread)
    if rnd.closes_at is None:
        return said("<b>{event}: {round}</b> is paired: you have the bye this round ({worth}: "
                    "there is an odd number of players). I will tell you your next opponent "
                    "when the next round is paired.", event=event.name, round=round_said(rnd.name),
                    worth=worth)
    return said("<b>{event}: {round}</b> is paired: you have the bye this round ({worth}: "
                "there is an odd number of players). The round closes {closes}. I will tell "
                "you your next opponent when the next round is paired.", event=event.name,
                round=round_said(rnd.name), worth=worth, closes=event.at(rnd.closes_at))


def group_pairings(event: Event, rnd: Round, pairs: Sequence[tuple[str, str]],
                   byes: Sequence[str], chess: bool, limit: int = 60) -> Said:
    first = first_named(chess)
    if rnd.closes_at is None:
        head = said("<b>{event}: {round}</b> is open. Pairings (the first named {first}):",
                    event=event.name, round=round_said(rnd.name), first=first)
    else:
        head = said("<b>{event}: {round}</b> is open until {closes}. Pairings (the first named "
                    "{first}):", event=event.name, round=round_said(rnd.name),
                    closes=event.at(rnd.closes_at), first=first)
    rows = [head]
    for board, (a, b) in enumerate(pairs[:limit], start=1):
        rows.append(said("{board}. {first} v {second}", board=board, first=a, second=b))
    if len(pairs) > limit:
        rows.append(said("… and {more} more pairs (/standings, your private chat)",
                         more=len(pairs) - limit))
    for name in byes:
        rows.append(said("Bye: {name}", name=name))
    rows.append(said("Players: your opponent and deadline are in your private chat with me."))
    return stacked(*rows)


def after_match(event: Event, played: int, total: int, over: bool = True) -> Said:
    """What a player is told after a match of a round-based event: the next round, if any.
    After the last round's, the standings are called final only once that round is over
    (``over``: every result of it in and final); before, they are not yet."""
    if played >= total and over:
        return said("That was the last round of {event}. /standings shows the final "
                    "standings.", event=event.name)
    if played >= total:
        return said("That was your last game in {event}. /standings shows where everyone "
                    "stands; the standings are final once every result of the last round is "
                    "in.", event=event.name)
    return said("Round {round} is paired when a TD opens it; I will tell you your opponent "
                "then. /standings shows where everyone stands.", round=played + 1)


def due_but_waiting(event: Event, rnd: Round, why: Said) -> Said:
    """``auto_pair``: the TDs, when a round's opening time came before the round before it
    was complete (``why``: who still has to report)."""
    return said("<b>{event}: {round}</b> was due to open now. {why} It opens by itself as soon "
                "as the last result is in (pairing.auto_pair).", event=event.name,
                round=round_said(rnd.name), why=why)


def no_close_to_open(event: Event, rnd: Round) -> Said:
    """``auto_pair``: a round that could be paired has no closing time to open with."""
    return said("<b>{event}</b>: {round} can be paired now, but it has no closing time to open "
                "with: /openround {seq} until DATE", event=event.name, round=round_said(rnd.name),
                seq=rnd.seq)


# --- refusals and answers ------------------------------------------------------------------


def not_before_paired(number: int) -> Said:
    """A lagged system (Portland, ABG rules) pairs round X on the standings after X-2, but
    still one round after the other."""
    return said("Round {number} cannot open before Round {before} is paired (open Round "
                "{before} first)", number=number, before=number - 1)


def not_before_played(number: int, before: int) -> Said:
    return said("Round {number} cannot open before Round {before} is played: open Round "
                "{before} first", number=number, before=before)


def not_complete(number: int, before: int, lagged_by: str | None,
                 left: Sequence[tuple[str, str]], more: int) -> Said:
    """Round ``number`` waits for round ``before``, whose matches ``left`` (and ``more``
    not shown) are still to report; ``lagged_by``: the lagged system that waits for the
    round two before."""
    still = joined([said("{first} v {second}", first=a, second=b) for a, b in left], "; ")
    if more:
        still = said_n("{pairs} and {n} more", "{pairs} and {n} more", more, pairs=still)
    if lagged_by is not None:
        return said("Round {number} cannot open yet: Round {before} is not complete ({system} "
                    "pairs round {number} on the standings after round {before}). Still to "
                    "report: {pairs}. A TD can settle a match that will not be played "
                    "(/pending).", number=number, before=before, system=lagged_by,
                    pairs=still)
    return said("Round {number} cannot open yet: Round {before} is not complete. Still to "
                "report: {pairs}. A TD can settle a match that will not be played (/pending).",
                number=number, before=before, pairs=still)


def members_only() -> Said:
    return said("only the players, TDs and organisers of the event see its standings")


def whose_pairing() -> Said:
    return said("say whose pairing: /why NAME [ROUND], e.g. /why Ann 3")


def none_paired(event: str) -> Said:
    return said("no round of {event} is paired yet", event=event)


def not_paired(number: int, paired: Sequence[int]) -> Said:
    return said("Round {number} is not paired yet (paired: {paired})", number=number,
                paired=", ".join(map(str, paired)))


def no_such_round(number: int, slug: str, rounds: int) -> Said:
    return said("--round {number}: {event} has rounds 1 to {rounds}", number=number,
                event=slug, rounds=rounds)


def cannot_write(fmt: str, why: str) -> Said:
    """A results file the core's writer refused (``why``: its reason, for the TD)."""
    return said("the {format} file cannot be written: {why}", format=fmt, why=why)


def no_such_format(fmt: str, formats: Sequence[str]) -> Said:
    return said("format '{format}': choose one of {formats}", format=fmt,
                formats=", ".join(formats))


def why_lines(found: Sequence[Reason], names: Mapping[int, str]) -> Said:
    """``/why``: for each pair of the player's in the round, who they met (or their bye)
    and the pairing's reason as kept when the round was paired (what the pairing program
    decided, worded by ``why_texts``; an earlier version's English text as it is). The
    reason names each player by their full name (``names``: the event's numbers ->
    names), as the event's other messages do: a reader knows people by name."""
    out = []
    for r in found:
        if r.opponent is not None:
            head = said("<b>Round {round}: {name} v {opponent}</b>", round=r.round,
                        name=r.name, opponent=r.opponent)
        elif r.reason:
            head = said("<b>Round {round}: {name}, bye</b>", round=r.round, name=r.name)
        else:
            head = said("<b>Round {round}: {name}</b>", round=r.round, name=r.name)
        if r.gibson:
            head = said("{pair} (Gibson rule)", pair=head)
        out.append(head)
        out.append(Said("{reason}", (("reason", worded(r.reason, names)),)) if r.reason else
                   said("not paired in this round (withdrawn or expelled)"))
    return stacked(*out)
