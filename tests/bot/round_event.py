"""A weekly Swiss (tests/bot/test_service_round_events.py, test_round_events_e2e.py): its
definition and the results that Gibsonise the leader in the last round.

Nine players (an odd field: a bye each round), five rounds of modified Swiss, the Gibson
rule with the 2006 NSC spread limits (NSC 2006 notes, point 13: 500 points with one round left)
and one prize. Results: the higher-rated player of each pair wins (Ann, the top seed, by
400 points, the others by 50), so that after four rounds Ann leads by a win and far more
than 500 points of spread: she has clinched first place and round 5 pairs her with the
highest-placed player who can no longer finish first (Director's Manual, "The Gibson Rule").
"""

from __future__ import annotations

from datetime import datetime

from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.platform.unit import Request
from bot.service.results.reporting import enter_game
from bot.store.db import Database

NAMES = ("Ann Lee", "Ben Ong", "Cai Wen", "Dev Rao", "Eve Tan", "Fay Koh", "Gus Lim",
         "Hal Ng", "Ivy Goh")
RATINGS = {name: 1900 - 50 * i for i, name in enumerate(NAMES)}
IDS = {"Tara TD": 9001, **{name: 9011 + i for i, name in enumerate(NAMES)}}


def definition(*, ids: bool = False, extra: str = "") -> str:
    """The weekly Swiss's definition (with everyone's Telegram id when ``ids``)."""
    def tg(name: str) -> str:
        return f"\ntelegram_id = {IDS[name]}" if ids else ""

    players = "".join(f'\n[[players]]\nname = "{n}"\nrating = {RATINGS[n]}{tg(n)}\n'
                      for n in NAMES)
    return f"""
[event]
slug = "weekly-swiss"
name = "Weekly Swiss <Tuesdays>"
format = "rounds"
time_zone = "Asia/Singapore"

[pairing]
system = "swiss"
rounds = 5
gibson = true
prize_places = 1
gibson_spread = "nsc2006"
{extra}
[rules]
fee_reminder_days = []

[[tds]]
name = "Tara TD"{tg("Tara TD")}

[[rounds]]
name = "Round 1"
opens = 2026-03-03
closes = 2026-03-09
{players}"""


def winner_scores(a: str, b: str) -> tuple[str, str, int, int]:
    """(winner, loser, winner's score, loser's score) of a pair: the higher rating wins."""
    win, lose = (a, b) if RATINGS[a] > RATINGS[b] else (b, a)
    return win, lose, (500 if win == "Ann Lee" else 400), (100 if win == "Ann Lee" else 350)


async def play_round(db: Database, event_id: int, number: int, now: datetime) -> None:
    """Every pair still playing in round ``number`` entered from a paper slip, as
    ``winner_scores`` says."""
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    for m in state.matches_of(number):
        if m.state != "playing":
            continue
        win, lose, ws, ls = winner_scores(str(m.names[0]), str(m.names[1]))
        await enter_game(db, Request(now, operator=True), event_id, (win, lose), (ws, ls))
