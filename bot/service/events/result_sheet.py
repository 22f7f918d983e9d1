"""An event's results as a spreadsheet (CSV): every game with its round, match, players,
scores, starter, winner or tie, and whether it is final, for a club's records or a ratings
officer (Director's Manual, Administrative Functions: "keep a record of each player's
statistics at the club"; SSSg Annex A para 24: a result slip is open to a discrepancy for
24 hours, so a game is final only once its window has closed or the opponent agreed).

One line per game, in round order, its game number the one it counts as; a void game (no
longer counting: SSSg paras 14, 27, 28) is there with no number, marked void; a bye with no
opponent (a round-based event's or a club night's odd player) is one line with no game
number.
"""

from __future__ import annotations

import csv
import io
from datetime import datetime

from bot.service.events.lookup import Event
from bot.service.results.matches import core_matches, matches_of_event
from bot.store import games_repo, results_repo
from bot.store.db import Tx
from bot.store.games_repo import GameRow
from core.knockout.match import MatchGameKind, MatchStage

KINDS = {"played": "played", "bye": "game bye", "forfeit": "forfeit"}


def header(event: Event) -> list[str]:
    return ["round", "match", "game", "player_a", "player_b", "score_a", "score_b", "starter",
            "winner", "kind", "void", "final", f"played ({event.time_zone})"]


def _when(event: Event, moment: datetime | None) -> str:
    return "" if moment is None else moment.astimezone(event.zone).strftime("%Y-%m-%d %H:%M")


def _winner(g: GameRow, names: tuple[str, str]) -> str:
    """Who won the game: the higher score, "tie" when level (half a win each), the player
    a game bye or forfeit went to."""
    if g.kind != MatchGameKind.PLAYED:
        return names[g.bye_side] if g.bye_side is not None else ""
    a, b = g.score_a or 0, g.score_b or 0
    return "tie" if a == b else names[0] if a > b else names[1]


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


async def results_csv(tx: Tx, event: Event) -> str:
    """The sheet's text: a header, then one line per game (``header``)."""
    out = io.StringIO()
    sheet = csv.writer(out)
    sheet.writerow(header(event))
    games = await games_repo.games_of_event(tx, event.id)
    open_slips = await results_repo.open_slips_of_event(tx, event.id)
    views = await matches_of_event(tx, event.id)
    for m, match in zip(views, await core_matches(tx, views), strict=True):
        names = (m.label(0), m.label(1))
        if m.state == MatchStage.BYE and m.entries[1] is None:
            sheet.writerow([m.round_name, m.code, "", names[0], "", "", "", "", names[0], "bye",
                            "no", "yes", ""])
            continue
        state = match.state()
        for i, g in enumerate(games.get(m.id, [])):
            starter = names[g.starter_side] if g.starter_side is not None else ""
            number = state.number_of(i)
            sheet.writerow([
                m.round_name, m.code, "" if number is None else number, names[0], names[1],
                "" if g.score_a is None else g.score_a, "" if g.score_b is None else g.score_b,
                starter, _winner(g, names), KINDS.get(g.kind, g.kind), _yes(g.void),
                _yes(g.id not in open_slips), _when(event, g.played_at)])
    return out.getvalue()
