"""A store at size, built in seconds: ``players`` people linked to Telegram, ``games`` games
stored, and one live event whose first round is open.

The shape is a club or federation some years in: most stored games belong to finished
events, and one event is being played now.

- **The live event** is made through the service as an organiser would (``create_event``
  from a definition naming every player with a Telegram id, ``make_draw``, the first round
  opened): a single elimination of ``live_players`` (best of 3), so its rows are exactly
  the bot's.
- **The finished events** are single eliminations of 64 players, best of 3 (63 matches,
  two or three games each, about 160 games an event, so 100,000 games are ~630 events),
  each player drawn from the whole ``players`` pool (a player has played a few events).
  They are written by bulk SQL in the shape the bot leaves a finished event in: the event
  row (``finished``, its definition as ``rules_json`` made by ``parse_definition`` from
  that event's own 64 players, the live event's ``draw_json`` as a record of the same
  kind), six closed rounds, one entry and one personal invite per player, every match
  decided with both entries and its winner, each game with its starter and scores, one
  final slip per game (what the chat flow leaves), a journal line per game and three sent
  messages per game (the outbox keeps what it sent).
- Nothing is queued: the live event's draw and round-opening messages are marked sent, as
  they were when the round opened.

Building it through the chat (each game reported and agreed) would take hours at 100,000
games; what is measured is the bot *running over* such a store, not writing it.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from bot.service.events.definitions import parse_definition
from bot.store.db import Database, open_database
from bot.telegram.harness import DEFAULT_START

#: Telegram ids of the players: FIRST_TG_ID, FIRST_TG_ID + 1, ...
FIRST_TG_ID = 40_001
HISTORY_SIZE = 64
HISTORY_ROUNDS = 6  # 64 -> 32 -> 16 -> 8 -> 4 -> 2 -> 1


@dataclass(frozen=True)
class BigStore:
    path: Path
    players: int
    games: int
    events: int  # finished ones, plus the live one
    live_players: int


def _history_definition(slug: str, names: list[tuple[str, int]]) -> str:
    players = "".join(f'\n[[players]]\nname = "{name}"\nrating = {1500 + i}\n'
                      f"telegram_id = {tg}\n" for i, (name, tg) in enumerate(names))
    return (f'[event]\nslug = "{slug}"\nname = "Club Cup {slug}"\nformat = "single"\n'
            f"best_of = 3\nbest_of_step = 0\n\n"
            f'[[tds]]\nname = "Tess TD"\ntelegram_id = 40000\n{players}'
            "\n[rules]\nfee_reminder_days = []\n")


MakeEvent = Callable[[Database, int], Awaitable[object]]


async def build(path: Path, *, players: int, games: int, live_players: int,
                make_event: MakeEvent, seed: int = 1) -> BigStore:
    """Write the store at ``path``. ``make_event(db, n)`` makes an event of ``n`` players
    through the service, drawn, first round open, naming people FIRST_TG_ID onwards
    (bench/load.py's ``make_event``): the live one, and a 64-player one in a scratch
    database whose draw record the finished events keep."""
    if live_players > players:
        raise ValueError(f"live_players ({live_players}) cannot exceed players ({players})")
    db = await open_database(path)
    try:
        await make_event(db, live_players)
    finally:
        await db.close()
    scratch = path.with_name(path.stem + "-template.sqlite3")
    db = await open_database(scratch)
    try:
        await make_event(db, HISTORY_SIZE)
        draw_json = await db_scalar(db, "SELECT draw_json FROM events ORDER BY id LIMIT 1")
    finally:
        await db.close()
    for leftover in scratch.parent.glob(scratch.name + "*"):
        leftover.unlink()
    rng = random.Random(seed)
    now = DEFAULT_START - timedelta(days=365)
    conn = sqlite3.connect(path)
    try:
        with conn:
            have = conn.execute("SELECT count(*) FROM people WHERE tg_user_id >= ?",
                                (FIRST_TG_ID,)).fetchone()[0]
            conn.executemany(
                "INSERT INTO people (tg_user_id, name, created_at) VALUES (?, ?, ?)",
                [(FIRST_TG_ID + i, f"P{i:05d}", now.isoformat())
                 for i in range(have, players)])
            people = {int(tg): (int(pid), str(name)) for pid, tg, name in conn.execute(
                "SELECT id, tg_user_id, name FROM people WHERE tg_user_id >= ?",
                (FIRST_TG_ID,))}
            pool = sorted(people)
            next_id = {t: int(conn.execute(f"SELECT coalesce(max(id), 0) FROM {t}"
                                           ).fetchone()[0]) + 1
                       for t in ("events", "rounds", "entries", "matches", "games")}
            stored = 0
            n_events = 0
            rows: dict[str, list[tuple[object, ...]]] = {
                k: [] for k in ("events", "roles", "invites", "rounds", "entries", "matches",
                                "games", "slips", "journal", "outbox")}
            while stored < games:
                n_events += 1
                day = now + timedelta(days=n_events % 300)
                at = day.isoformat()
                event_id = next_id["events"]
                next_id["events"] += 1
                slug = f"cup-{n_events:04d}"
                chosen = rng.sample(pool, HISTORY_SIZE)
                definition = parse_definition(_history_definition(
                    slug, [(people[tg][1], tg) for tg in chosen]))
                rows["events"].append((
                    event_id, slug, definition.event.name, "single", "UTC", "SGD",
                    json.dumps(definition.model_dump(mode="json")), "finished", seed,
                    draw_json, at))
                entries = []
                for i, tg in enumerate(chosen):
                    person = people[tg][0]
                    entry = next_id["entries"]
                    next_id["entries"] += 1
                    entries.append((entry, person))
                    rows["entries"].append((entry, event_id, person, 1500 + i, at))
                    rows["roles"].append((event_id, person, "player", at))
                    rows["invites"].append((f"h{event_id}-{i}", event_id, "player", person,
                                            person, at, at))
                alive = entries
                for r in range(1, HISTORY_ROUNDS + 1):
                    round_id = next_id["rounds"]
                    next_id["rounds"] += 1
                    rows["rounds"].append((round_id, event_id, f"R{r}", f"Round {r}", r, 3,
                                           at, at, "closed"))
                    winners = []
                    for k in range(0, len(alive), 2):
                        (ea, pa), (eb, pb) = alive[k], alive[k + 1]
                        match_id = next_id["matches"]
                        next_id["matches"] += 1
                        won = rng.randrange(2)
                        n_games = rng.choice((2, 3))
                        rows["matches"].append((
                            match_id, event_id, round_id, f"M{r}-{k // 2 + 1}", 3, ea, eb, 0,
                            "decided", won))
                        winners.append(alive[k + won])
                        for seq in range(1, n_games + 1):
                            game_id = next_id["games"]
                            next_id["games"] += 1
                            side = won if seq != 2 or n_games == 2 else 1 - won
                            hi, lo = rng.randint(380, 520), rng.randint(250, 379)
                            sa, sb = (hi, lo) if side == 0 else (lo, hi)
                            rows["games"].append((game_id, match_id, seq, (seq + 1) % 2, sa, sb,
                                                  at))
                            reporter = (pa, pb)[side]
                            rows["slips"].append((match_id, seq, game_id, reporter, side,
                                                  (seq + 1) % 2, sa, sb, f"{hi}-{lo}", at, at,
                                                  at, at))
                            for person, text in (
                                    (reporter, f"Your slip for game {seq} is in."),
                                    ((pb, pa)[side], f"Your opponent reported game {seq}:"
                                                     f" {hi}-{lo}. Agree or Dispute within"
                                                     " 24 hours."),
                                    (reporter, f"Game {seq}: the slip is final.")):
                                rows["outbox"].append((person, person, text, at, at, at))
                            rows["journal"].append((
                                "system", "slip.final", f"match:{match_id}",
                                json.dumps({"game": seq}), at))
                            stored += 1
                    alive = winners
                if len(rows["games"]) >= 20_000:
                    _flush(conn, rows)
            _flush(conn, rows)
            # The live event's draw and round-opening messages went out when they were
            # written (days ago); a store at size has nothing queued.
            conn.execute("UPDATE outbox SET state = 'sent', attempts = 1, sent_at = created_at"
                         " WHERE state = 'pending'")
    finally:
        conn.close()
    return BigStore(path, players, stored, n_events + 1, live_players)


async def db_scalar(db: Database, sql: str) -> object:
    async with db.transaction() as tx:
        return await tx.scalar(sql)


def _flush(conn: sqlite3.Connection, rows: dict[str, list[tuple[object, ...]]]) -> None:
    sql = {
        "events": "INSERT INTO events (id, slug, name, format, time_zone, currency, rules_json,"
                  " state, draw_seed, draw_json, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
        "roles": "INSERT INTO roles (event_id, person_id, role, granted_at) VALUES (?,?,?,?)",
        "invites": "INSERT INTO invites (code, event_id, role, person_id, used_by, used_at,"
                   " created_at) VALUES (?,?,?,?,?,?,?)",
        "rounds": "INSERT INTO rounds (id, event_id, code, name, seq, best_of, opens_at,"
                  " closes_at, state) VALUES (?,?,?,?,?,?,?,?,?)",
        "entries": "INSERT INTO entries (id, event_id, person_id, rating, created_at)"
                   " VALUES (?,?,?,?,?)",
        "matches": "INSERT INTO matches (id, event_id, round_id, code, best_of, entry_a,"
                   " entry_b, first_starter_side, state, winner_side) VALUES (?,?,?,?,?,?,?,?,?,?)",
        "games": "INSERT INTO games (id, match_id, seq, starter_side, score_a, score_b,"
                 " played_at) VALUES (?,?,?,?,?,?,?)",
        "slips": "INSERT INTO slips (match_id, game_no, game_id, reported_by, reporter_side,"
                 " starter_side, score_a, score_b, text, state, created_at, submitted_at,"
                 " closes_at, closed_at) VALUES (?,?,?,?,?,?,?,?,?,'final',?,?,?,?)",
        "journal": "INSERT INTO journal (who, action, subject, detail_json, at)"
                   " VALUES (?,?,?,?,?)",
        "outbox": "INSERT INTO outbox (person_id, chat_id, text_html, state, attempts,"
                  " created_at, due_at, sent_at) VALUES (?,?,?,'sent',1,?,?,?)",
    }
    for table, statement in sql.items():  # parents before children
        conn.executemany(statement, rows[table])
        rows[table].clear()
