"""An event's matches and places as plain data (JSON): one shape for an event played at
random (``tdbot files simulate --json``) and for a stored one (``tdbot event export --to json``)."""

from __future__ import annotations

from typing import Any

from core.knockout import sssg
from core.knockout.match import Match, MatchGameKind


def games_json(match: Match, players: tuple[str, str], void: set[int]) -> list[dict[str, Any]]:
    """A match's games as plain data: the starter and scores of a game played, the player a
    game bye or forfeit went to, and ``void`` on a game that no longer counts."""
    games: list[dict[str, Any]] = []
    for i, g in enumerate(match.games):
        item: dict[str, Any]
        if (g.kind is MatchGameKind.BYE or g.kind is MatchGameKind.FORFEIT) and g.awarded_to is not None:
            item = {g.kind.value: players[g.awarded_to]}
        elif g.starter is not None and g.scores is not None:
            item = {"starter": players[g.starter], "scores": list(g.scores)}
        else:  # a bare void marker: a game that was reported and then struck out
            item = {}
        if i in void or g.kind is MatchGameKind.VOID:
            item["void"] = True
        games.append(item)
    return games


def head_start_json(head_start: tuple[int, int], players: tuple[str, str]) -> dict[str, Any] | None:
    """The games credited before play (the grand final's one-game advantage), to whichever side."""
    for side in (0, 1):
        if head_start[side]:
            return {"player": players[side], "games": head_start[side]}
    return None


def event_record(event: sssg.KnockoutEvent, rounds: list[list[str]]) -> dict[str, Any]:
    """The event as plain data: every match with a result, round of play by round of
    play (``rounds``: the match ids of each), with its games (starter and scores, game
    byes and forfeits, void games), score, how it was decided and the winner; then the
    places and prizes (SSSg paras 7-9), once the event is finished (None before).

    ``tdbot files simulate --json`` prints it for an event played at random and ``tdbot event
    export --json`` for a stored one, so the two can be compared line for line."""
    d = sssg.derive(event)
    matches = []
    for k, ids in enumerate(rounds, start=1):
        for mid in ids:
            res = d.counted[mid]
            state = res.match.state()
            spec = d.views[mid].spec
            hs = res.match.head_start
            winner = res.players[state.winner] if state.winner is not None else None
            matches.append(
                {
                    "id": mid,
                    "division": d.divisions[mid],
                    "round": spec.round_name,
                    "round_of_play": k,
                    "best_of": spec.best_of,
                    "head_start": head_start_json(hs, res.players),
                    "players": list(res.players),
                    "games": games_json(res.match, res.players, set(state.void)),
                    "score": state.score_line(),
                    "decided_by": state.decision.value,
                    "ruling": (
                        {"player": res.players[res.match.ruling.winner], "reason": res.match.ruling.reason}
                        if res.match.ruling is not None
                        else None
                    ),
                    "winner": winner,
                }
            )
    head: dict[str, Any] = {
        "format": event.format,
        "seed": event.seed,
        "players": len(event.entrants),
        "matches": matches,
    }
    if not sssg.finished(event):
        return {**head, "placements": None, "prizes": None, "plate_cancelled": None}
    places = sssg.placements(event)
    plate_count = len(places.plate)
    placed = set(places.top) | set(places.plate)
    return {
        **head,
        "placements": {"top": list(places.top), "plate": list(places.plate)},
        "prizes": {
            "top": list(places.top_prizes),
            "plate": list(places.plate_prizes),
            "plate_prize_count": sssg.plate_prize_count(plate_count),
        },
        "plate_cancelled": [e.name for e in event.entrants if e.name not in placed],
    }
