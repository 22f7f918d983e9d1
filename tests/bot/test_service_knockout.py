"""The bridge to the core's knockout engine (bot/service/formats/knockout/bridge.py).

- ``plain_schedule`` keeps only the definition's ``[[rounds]]`` overrides on top of
  ``core.schedule.plain_schedule`` (one copy of the grand-final rule: SSSg 2016, para 2 and the "Schedule and Details" table, BO18 one game up
  after BO17 finals).
- ``load_core_event`` replays decided matches in the core's play order (core/knockout/sssg.py:
  ``Q1..``, ``T1..``, ``P1..`` "in an order in which they can be played"), whatever the
  order of the round rows.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.formats.knockout.bridge import (
    load_core_event,
    plain_schedule,
    play_order,
    sync_matches,
)
from bot.service.people.entries import import_players
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid
from bot.service.results.matches import matches_of_event
from bot.store.db import Database, Tx, open_database
from core import schedule as core_schedule
from core.knockout import sssg

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2016, 7, 30, 4, 0, tzinfo=UTC)
PLAYERS = "name,rating\n" + "".join(f"Player {i:02},{2100 - 20 * i}\n" for i in range(1, 25))


def _definition(fmt: str, grand_final: str = "head_start", rounds: str = "") -> str:
    return f"""
[event]
slug = "ko"
name = "KO"
format = "{fmt}"
grand_final = "{grand_final}"
best_of = 5
best_of_step = 2
{rounds}
"""


@pytest.mark.parametrize("fmt,grand_final", [
    ("double", "head_start"), ("double", "reset"), ("double", "single"), ("single", "head_start"),
])
@pytest.mark.parametrize("players", [2, 5, 8, 13, 16])
def test_without_overrides_the_schedule_is_the_cores(fmt: str, grand_final: str,
                                                     players: int) -> None:
    defn = parse_definition(_definition(fmt, grand_final))
    ours = plain_schedule(defn, players)
    core = core_schedule.plain_schedule(
        5, 2, players, grand_final=grand_final if fmt == "double" else "single")
    levels = max(1, (players - 1).bit_length())
    for level in range(1, levels + 2):
        assert ours.best_of(level, levels) == core.best_of(level, levels)
    assert ours.grand_final_head_start == core.grand_final_head_start


def test_a_head_start_grand_final_is_one_game_longer_than_the_finals() -> None:
    """SSSg para 2 and its table: finals BO17, grand final BO18 with one game up."""
    sched = plain_schedule(parse_definition(_definition("double")), 16)
    assert sched.best_of(4, 4) == 11 and sched.best_of(5, 4) == 12
    assert sched.grand_final_head_start == 1


def test_rounds_overrides_stay_on_top_of_the_core_rule() -> None:
    rounds = """
[[rounds]]
name = "QF"
best_of = 9

[[rounds]]
name = "Grand Final"
best_of = 14
head_start = 1
"""
    sched = plain_schedule(parse_definition(_definition("double", rounds=rounds)), 16)
    assert [sched.best_of(level, 4) for level in range(1, 6)] == [5, 9, 9, 11, 14]
    clash = rounds + '\n[[rounds]]\nname = "Minor QF"\nbest_of = 7\n'
    with pytest.raises(Invalid, match=r"rounds\[2\]\.best_of: Minor QF counts as the same"):
        plain_schedule(parse_definition(_definition("double", rounds=clash)), 16)


def test_play_order_is_numeric_within_a_division_qualifying_first() -> None:
    codes = ["T10", "P2", "T2", "Q10", "Q3", "P10", "T1"]
    assert sorted(codes, key=play_order) == ["Q3", "Q10", "P2", "P10", "T1", "T2", "T10"]


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _win(tx: Tx, match_id: int, side: int, games: int) -> None:
    for seq in range(1, games + 1):
        a, b = (420, 350) if side == 0 else (350, 420)
        await tx.insert(
            "INSERT INTO games (match_id, seq, kind, starter_side, score_a, score_b, played_at)"
            " VALUES (?, ?, 'played', ?, ?, ?, ?)", (match_id, seq, seq % 2, a, b, NOW.isoformat()),
        )
    await tx.execute("UPDATE matches SET state = 'decided', winner_side = ? WHERE id = ?",
                     (side, match_id))


async def test_replay_follows_the_cores_order_not_the_round_rows(db: Database) -> None:
    """A qualifier's winner plays on in the top division; both are decided. Were the
    qualifying round's row renumbered after the top division's (seq is only how rounds
    are listed), a replay by round order would record the T match before the qualifier
    that seats it, and the core would refuse it."""
    async with db.transaction() as tx:
        text = (ROOT / "examples" / "sssg2016.toml").read_text()
        created = await create_event(tx, parse_definition(text), by=Actor.cli(), now=NOW)
        event_id = created.event_id
        await import_players(tx, event_id, PLAYERS, by=Actor.cli(), now=NOW)
        await make_draw(tx, event_id, seed=1, by=Actor.cli(), now=NOW)
        q1 = await tx.one("SELECT id, best_of FROM matches WHERE code = 'Q1'")
        await _win(tx, q1["id"], 1, q1["best_of"] // 2 + 1)
        await sync_matches(tx, event_id)
        t = await tx.one("SELECT id, code, best_of FROM matches WHERE source_b = 'winner:Q1'")
        await _win(tx, t["id"], 1, t["best_of"] // 2 + 1)
        await tx.execute("UPDATE rounds SET seq = 99 WHERE code = 'qual-rd'")
        await tx.execute("UPDATE rounds SET seq = 0 WHERE id = (SELECT round_id FROM matches"
                         " WHERE id = ?)", (t["id"],))
        event = await load_core_event(tx, event_id)
        recorded = sssg.to_record(event)
        assert {"Q1", t["code"]} <= {r["match"] for r in recorded["results"]}


#: The draw of a 4-player single elimination as an older version stored it (before the
#: record kept "ranked"): Ann v Dev and Cai v Ben, seats this version would not draw from
#: seed 7. Stored, it is the truth.
STORED_DRAW = {
    "format": "single", "seed": 7,
    "entrants": [{"name": "Ann", "rating": 1800}, {"name": "Ben", "rating": 1700},
                 {"name": "Cai", "rating": 1600}, {"name": "Dev", "rating": 1500}],
    "qualifying": [], "byes": [], "pinned": [],
    "top": {
        "name": "single", "kind": "single", "size": 4,
        "seating": ["Ann", "Dev", "Cai", "Ben"], "seeds": ["Ann", "Ben"],
        "matches": [
            {"id": "M1", "part": "upper", "round": 1, "round_name": "SF", "level": 1,
             "best_of": 5, "head_start": 0, "reset_of": None, "third_place": False,
             "slots": [{"kind": "seat", "seat": 0}, {"kind": "seat", "seat": 1}]},
            {"id": "M2", "part": "upper", "round": 1, "round_name": "SF", "level": 1,
             "best_of": 5, "head_start": 0, "reset_of": None, "third_place": False,
             "slots": [{"kind": "seat", "seat": 2}, {"kind": "seat", "seat": 3}]},
            {"id": "M3", "part": "upper", "round": 2, "round_name": "Final", "level": 2,
             "best_of": 7, "head_start": 0, "reset_of": None, "third_place": False,
             "slots": [{"kind": "winner", "match": "M1"}, {"kind": "winner", "match": "M2"}]},
        ],
    },
    "plate": None, "results": [],
}


async def _names(tx: Tx, event_id: int) -> dict[str, tuple[str | None, str | None]]:
    return {m.code: m.names for m in await matches_of_event(tx, event_id)}


async def test_the_stored_draw_is_the_truth_not_a_redraw(db: Database) -> None:
    """SSSg paras 1 and 3: the draw is made once. A months-long event must never be
    reseated because the drawing code changed: syncing reads the seats from the stored
    record, never draws again from the seed."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(_definition("single")),
                                     by=Actor.cli(), now=NOW)
        event_id = created.event_id
        await import_players(tx, event_id, "name,rating\nAnn,1800\nBen,1700\nCai,1600\nDev,1500\n",
                             by=Actor.cli(), now=NOW)
        await make_draw(tx, event_id, seed=7, by=Actor.cli(), now=NOW)
        assert (await _names(tx, event_id))["M1"] != ("Ann", "Dev")  # this version's own draw
        await tx.execute("UPDATE events SET draw_json = ? WHERE id = ?",
                         (json.dumps(STORED_DRAW), event_id))
        await sync_matches(tx, event_id)
        names = await _names(tx, event_id)
        assert (names["M1"], names["M2"]) == (("Ann", "Dev"), ("Cai", "Ben"))
        m1 = await tx.scalar("SELECT id FROM matches WHERE code = 'M1'")
        await _win(tx, m1, 1, 3)  # Dev wins
        await sync_matches(tx, event_id)
        assert (await _names(tx, event_id))["M3"][0] == "Dev"


async def test_a_division_seated_after_qualifying_is_pinned_in_the_stored_draw(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SSSg para 3: the plate is drawn when the qualifying round is over. Its seats are
    then kept in the stored record, so a later version (here: a seating that reverses
    everyone) reading the event seats nobody anew."""
    async with db.transaction() as tx:
        text = (ROOT / "examples" / "sssg2016.toml").read_text()
        created = await create_event(tx, parse_definition(text), by=Actor.cli(), now=NOW)
        event_id = created.event_id
        await import_players(tx, event_id, PLAYERS, by=Actor.cli(), now=NOW)
        await make_draw(tx, event_id, seed=1, by=Actor.cli(), now=NOW)
        for q in await tx.all("SELECT id, best_of FROM matches WHERE code LIKE 'Q%'"):
            await _win(tx, q["id"], 0, q["best_of"] // 2 + 1)
        await sync_matches(tx, event_id)
        seated = await _names(tx, event_id)
        plate = [seated[c] for c in sorted(seated) if c.startswith("P")]
        assert plate and all(None not in pair for pair in plate[:4])
        stored = json.loads(await tx.scalar("SELECT draw_json FROM events WHERE id = ?",
                                            (event_id,)))
        assert [p["division"] for p in stored["pinned"]] == ["plate"]

        real_seat = sssg.seat
        monkeypatch.setattr(sssg, "seat", lambda names, rng, *a, **k: real_seat(
            list(reversed(names)), rng, *a, **k))
        await sync_matches(tx, event_id)
        assert await _names(tx, event_id) == seated


async def test_a_stored_draw_is_read_back_once_per_text_and_afresh_when_it_changes(
    db: Database,
) -> None:
    """Every settled match reloads its event; reading the stored draw back
    (``sssg.from_record``) is done once per stored text, not once per match, and a record
    changed since (a division pinned, another event) is read afresh: the text is the key,
    so the cache cannot serve a stale draw."""
    from bot.service.formats.knockout import bridge as knockout

    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(_definition("single")),
                                     by=Actor.cli(), now=NOW)
        await import_players(tx, created.event_id, PLAYERS, by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        knockout._drawn.cache_clear()
        first = await load_core_event(tx, created.event_id)
        assert await load_core_event(tx, created.event_id) == first
        assert knockout._drawn.cache_info().misses == 1
        assert knockout._drawn.cache_info().hits == 1
        record = json.loads(await tx.scalar("SELECT draw_json FROM events"))
        record["top"]["seating"] = list(reversed(record["top"]["seating"]))
        await tx.execute("UPDATE events SET draw_json = ?", (json.dumps(record),))
        reseated = await load_core_event(tx, created.event_id)
        assert knockout._drawn.cache_info().misses == 2
        assert sssg.to_record(reseated)["top"]["seating"] == record["top"]["seating"]
        assert sssg.to_record(reseated) != sssg.to_record(first)
