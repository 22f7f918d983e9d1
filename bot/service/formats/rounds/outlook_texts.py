"""What a player of a round-based event reads of their outlook and rating estimate:
``/chances`` (``chances.py``), ``/rating`` and the rating line after a result
(``ratings.py``), and the TDs' decided prize places in ``/pending``.

Records (``bot/words/said.py``), written in each reader's language; places are ordinals in
the reader's language ("1st", "1er").
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.words.said import Said, from_core, joined, said, said_n
from core.ordinals import ordinal
from core.phrases import Phrase


def place(n: int) -> Said:
    """A place as players say it (``core.ordinals``: 1st, 2nd ... 11th ... 21st), as a
    record, in the reader's language (1re, 2e)."""
    return from_core(ordinal(n))


def score(points: float, chess: bool) -> Said:
    """A score: wins at Scrabble (a tie is half a win, Director's Manual), points at chess."""
    if points == int(points):
        return (said_n("{n} point", "{n} points", int(points)) if chess
                else said_n("{n} win", "{n} wins", int(points)))
    shown = f"{points:g}"
    return said("{score} points", score=shown) if chess else said("{score} wins", score=shown)


# --- /chances ------------------------------------------------------------------------------


def over(event: str, finished: int) -> Said:
    return said("<b>{event}</b>: the event is over: you finished {place}.", event=event,
                place=place(finished))


def reach_head(event: str, games: int) -> Said:
    return said_n("<b>{event}</b>: what you can still reach, {n} game to play.",
                  "<b>{event}</b>: what you can still reach, {n} games to play.", games,
                  event=event)


def now(at: int, points: float, chess: bool) -> Said:
    return said("You are {place} now with {score}.", place=place(at), score=score(points, chess))


def fixed_finish(at: int) -> Said:
    return said("Whatever happens, you finish {place}.", place=place(at))


def best_worst(best: int, worst: int) -> Said:
    return said("Best place you can still reach: {best}. Worst: {worst}.", best=place(best),
                worst=place(worst))


def clinched(alone: bool, spread_limits: bool) -> Said:
    """Gibsonized (Director's Manual, "The Gibson Rule"): the player has clinched their
    place and now plays the best-placed player out of the prizes."""
    if alone and spread_limits:
        return said("You have clinched first place: even if you lose every game left, no one "
                    "can catch you (your spread lead is beyond what the games left can make "
                    "up). Under the Gibson rule you now play the best-placed player who can no "
                    "longer reach a prize, so the others play for the prizes among themselves.")
    if alone:
        return said("You have clinched first place: even if you lose every game left, no one "
                    "can catch you. Under the Gibson rule you now play the best-placed player "
                    "who can no longer reach a prize, so the others play for the prizes among "
                    "themselves.")
    if spread_limits:
        return said("You have clinched a top place: even if you lose every game left, no one "
                    "can catch you (your spread lead is beyond what the games left can make "
                    "up). Under the Gibson rule you now play the best-placed player who can no "
                    "longer reach a prize, so the others play for the prizes among themselves.")
    return said("You have clinched a top place: even if you lose every game left, no one can "
                "catch you. Under the Gibson rule you now play the best-placed player who can "
                "no longer reach a prize, so the others play for the prizes among themselves.")


def prize(state: str, places: int) -> Said:
    """A prize (the top ``places``) clinched, out of reach or still open."""
    top = said("top {n}", n=places) if places > 1 else said("1st place")
    return {
        "clinched": said("You have clinched a prize ({top}).", top=top),
        "out": said("A prize ({top}) is out of reach now.", top=top),
        "open": said("A prize ({top}) is still open to you.", top=top),
    }[state]


def likely(runs: int, shares: Sequence[tuple[int, float]]) -> Said:
    """The places the simulated endings gave, with their shares."""
    return said("Likely finish, from {runs} simulated endings paired as the event pairs: "
                "{places}.", runs=runs, places=joined([
                    said("{place} {share}", place=place(p), share=f"{share:.0%}")
                    for p, share in shares]))


def bound() -> Said:
    return said("The field is too large to try every result, so best and worst are safe "
                "limits: you cannot do better or worse than them.")


def level(chess: bool) -> Said:
    if chess:
        return said("Places count points; a player level with you can finish either side of "
                    "you on tiebreaks.")
    return said("Places count wins; a player level with you can finish either side of you on "
                "spread.")


def ask_again() -> Said:
    return said("Ask again any time: /chances")


def decided(at: int, name: str) -> Said:
    """A prize place already decided, for the TDs' ``/pending``."""
    return said("• {place}: {name}", place=place(at), name=name)


def decided_by_gibson(name: str) -> Said:
    return said("• {place}: {name} (clinched under the Gibson rule)", place=place(1), name=name)


def prize_sure(names: Sequence[str]) -> Said:
    return said("• a prize, place still open: {names}", names=", ".join(names))


def no_longer_playing(event: str) -> Said:
    return said("you are no longer playing in {event}", event=event)


def players_only(event: str) -> Said:
    return said("/chances is for the players of {event}: it tells a player what they can "
                "still reach", event=event)


def nothing_paired(event: str) -> Said:
    return said("{event} has no round paired yet: ask again once round 1 is under way",
                event=event)


# --- /rating --------------------------------------------------------------------------------


def rating_for_whom(event: str) -> Said:
    return said("/rating is for the players and TDs of {event}", event=event)


def rating_usage(typed: str) -> Said:
    """``/rating`` takes nothing more, or ``all``."""
    return said("/rating {typed}: say /rating for yours, /rating all for everyone's",
                typed=typed)



def method(chess: bool, club: bool) -> Said:
    """How the estimate is made: NASPA's method or FIDE's Elo, a local club tournament at a
    third (Director's Manual, tournament types)."""
    if chess:
        return (said("FIDE's Elo, a local club tournament at one third") if club
                else said("FIDE's Elo"))
    return (said("NASPA's method, a local club tournament at one third") if club
            else said("NASPA's method"))


def rated_games(games: int) -> Said:
    return said_n("{n} rated game", "{n} rated games", games)


def no_rated_game(event: str) -> Said:
    return said("<b>{event}</b>: your rating estimate: no rated game of yours is final yet. Ask "
                "again after your next result.", event=event)


def unrated_no_point(event: str, games: int) -> Said:
    return said("<b>{event}</b>: your rating estimate: you are unrated, and {games} without a "
                "point against a rated player give no rating yet.", event=event,
                games=rated_games(games))


def player_estimate(event: str, how: Said, line: Said, body: str) -> Said:
    return said("<b>{event}</b>: your rating estimate ({method}).\n{line}\nAn estimate only: "
                "{body} rates the event from the results the TDs send, with your whole record.",
                event=event, method=how, line=line, body=body)


def first_rating(games: int, scored: Said, after: int) -> Said:
    return said("You are unrated: on {games} ({score}) your first rating would be about "
                "<b>{after}</b>.", games=rated_games(games), score=scored, after=after)


def rating_moved(before: int, after: int, change: int, games: int, scored: Said,
                 expected: float) -> Said:
    return said("{before} → <b>{after}</b> ({change:+d}) after {games}: {score} where "
                "{expected:.2f} were expected.", before=before, after=after, change=change,
                games=rated_games(games), score=scored, expected=expected)


def change_line(before: int, after: int, change: int, body: str) -> Said:
    """Once a result of theirs is final: where their estimate stands (the rating body
    rates the event)."""
    if change < 0:
        return said("📉 Your rating estimate so far: {before} → <b>{after}</b> ({change:+d}); "
                    "an estimate until {body} rates the event.", before=before, after=after,
                    change=change, body=body)
    return said("📈 Your rating estimate so far: {before} → <b>{after}</b> ({change:+d}); an "
                "estimate until {body} rates the event.", before=before, after=after,
                change=change, body=body)


def table_title(event: str, after: int, how: Said) -> Said:
    return said("<b>{event}: rating estimate after round {after} ({method})</b>", event=event,
                after=after, method=how)


def table_row(name: str, before: int, after: int, change: int, games: int, scored: Said,
              expected: float | None) -> Said:
    """One player of the division's table (a TD's or ``/rating all``)."""
    if before and expected is not None:
        return said_n("{name}: {before} → {after} ({change:+d}); {n} game, {score}, "
                      "{expected:.2f} expected", "{name}: {before} → {after} ({change:+d}); {n} "
                      "games, {score}, {expected:.2f} expected", games, name=name,
                      before=before, after=after, change=change, score=scored,
                      expected=expected)
    if after:
        return said_n("{name}: unrated → {after}; {n} game, {score}",
                      "{name}: unrated → {after}; {n} games, {score}", games, name=name,
                      after=after, score=scored)
    return said_n("{name}: unrated → none yet; {n} game, {score}",
                  "{name}: unrated → none yet; {n} games, {score}", games, name=name,
                  score=scored)


def table_foot() -> Said:
    return said("An estimate: the rating body rates the event from the results it is sent.")


def before_sending() -> Said:
    return said("Before sending the results to the rating body:")


def missing(what: Phrase) -> Said:
    """What the rating body would miss (``core.ratings.missing_for_rating``)."""
    return said("- {what}", what=from_core(what))
