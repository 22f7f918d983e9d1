"""``/why`` read in French and in English, for every pairing system a round-based event can
use: the reason is kept as what the system decided (``pairing_reasons.why``, JSON) and
worded when the TD asks, so a French reader's stored answer holds no English sentence and
an English reader's holds the English the command line prints. A round paired by an
earlier version kept English text: it is shown as it was kept, in either language."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service.events.definitions import parse_definition
from bot.service.events.draw import make_draw
from bot.service.events.event_setup import create_event
from bot.service.events.rounds import open_round_in
from bot.service.formats.rounds import round_events
from bot.service.formats.rounds.round_division import load_rounds_event
from bot.service.formats.rounds.why_texts import in_english
from bot.service.platform.actors import Actor
from bot.service.platform.unit import Request
from bot.store.db import Database, open_database
from core.pairing.why import from_json
from tests.bot.round_event import IDS, NAMES, definition, play_round

NOW = datetime(2026, 3, 3, 2, 0, tzinfo=UTC)
TARA = IDS["Tara TD"]

#: Words of an English sentence that French never uses: one in a French reader's answer
#: means a reason (or a part of one) reached them in English.
ENGLISH = re.compile(
    r"\b(the|and|of|to|paired|pairs?|bye|byes|round|group|instead|already|met|meet|players?|"
    r"first|moves|sits|out|opponent|withdrew|rated|unrated|wins?|from|with|who|has|had|"
    r"King|Hill|KOTH|Swiss|quad|speed|snake|split|repeat|seeds?|White|Black|"
    r"colours?|lowest|highest|ranked|below|above|fixed|rule|reason|kept)\b")

#: Each system as an event can use it, with the options it needs and how many rounds are
#: paired (and played) before the TD asks: late enough that results decide the pairing.
SYSTEMS = [
    ("swiss", "", 3),
    ("koth", "", 3),
    ("fp", "options = { factor = 4 }", 2),
    ("portland", "", 3),
    ("lagged", "options = { lagged_rounds = 3 }", 4),
    ("rr", "", 2),
    ("double-rr", "", 2),
    ("snake", "options = { groups = 2 }", 2),
    ("split-rr", "", 2),
    ("speed", "", 2),
    ("quads", "", 2),
    ("koth-quads", "options = { from_position = 4 }", 2),
    ("john-green", "", 2),
    ("uscf", "", 3),
]


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


def _definition(system: str, options: str) -> str:
    text = definition(ids=True, extra=options)
    text = text.replace('system = "swiss"', f'system = "{system}"')
    text = text.replace("gibson = true\n", "").replace("prize_places = 1\n", "")
    text = text.replace('gibson_spread = "nsc2006"\n', "")
    if system == "john-green":  # exactly seven players (Director's Manual)
        for name in NAMES[7:]:
            text = re.sub(rf'\n\[\[players\]\]\nname = "{name}"\n[^\[]*', "\n", text)
        text = text.replace("rounds = 5", "rounds = 6")
    return text


async def _open_and_play(db: Database, event_id: int, rounds: int) -> None:
    now = NOW
    for number in range(1, rounds + 1):
        async with db.transaction() as tx:
            await open_round_in(tx, event_id, str(number), by=Actor.cli(), now=now,
                                closes_at=now + timedelta(days=6))
        if number == rounds:
            return
        await play_round(db, event_id, number, now)
        now += timedelta(days=7)


async def _answers(db: Database, since: int) -> list[str]:
    async with db.transaction() as tx:
        rows = await tx.all("SELECT text_html FROM outbox WHERE chat_id = ? AND id > ?"
                            " ORDER BY id", (TARA, since))
    return [str(r["text_html"]) for r in rows]


async def _last_row(db: Database) -> int:
    async with db.transaction() as tx:
        return int(await tx.scalar("SELECT coalesce(max(id), 0) FROM outbox") or 0)


async def _ask(db: Database, event_id: int, name: str, round_no: int, language: str) -> str:
    """The TD's /why for ``name`` in round ``round_no``, as its stored answer reads."""
    since = await _last_row(db)
    req = Request(NOW, label="/why", tg_user_id=TARA, tg_name="Tara", tg_language=language,
                  chat_id=TARA)
    await round_events.why(db, req, event_id, name, round_no)
    rows = await _answers(db, since)
    assert len(rows) == 1, rows
    return rows[0]


@pytest.mark.parametrize(("system", "options", "rounds"), SYSTEMS,
                         ids=[s for s, _, _ in SYSTEMS])
async def test_a_french_td_reads_why_without_an_english_word(
        db: Database, system: str, options: str, rounds: int) -> None:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(_definition(system, options)),
                                     by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
    event_id = created.event_id
    await _open_and_play(db, event_id, rounds)
    async with db.transaction() as tx:  # stored as what the system decided, not as words
        kept = await tx.all("SELECT r.reason, r.why FROM pairing_reasons r JOIN matches m"
                            " ON m.id = r.match_id WHERE m.event_id = ?", (event_id,))
        state = await load_rounds_event(tx, event_id)
    assert kept and all(r["reason"] == "" and r["why"] for r in kept), kept
    names = {number: e.name for number, e in state.entries.items()}
    english_of = {in_english(from_json(json.loads(r["why"])), names) for r in kept}
    players = sorted({e.name for e in state.entries.values()})
    for number in range(1, rounds + 1):
        for name in players:
            fr = await _ask(db, event_id, name, number, "fr")
            en = await _ask(db, event_id, name, number, "en")
            assert fr.startswith(f"<b>Ronde {number} : {name}"), fr
            assert en.startswith(f"<b>Round {number}: {name}"), en
            found = ENGLISH.findall(fr.replace(name, ""))
            assert not found, (found, fr)
            # the English answer holds one of the reasons, its players named in full
            assert any(text.replace("&", "&amp;") in en for text in english_of), en
            assert "by number" not in en and "par numéro" not in fr, (en, fr)


async def test_a_round_paired_by_an_earlier_version_shows_its_kept_text(db: Database) -> None:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(_definition("swiss", "")),
                                     by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
    await _open_and_play(db, created.event_id, 1)
    async with db.transaction() as tx:  # as 0013's rows were: English text, no data
        await tx.execute("UPDATE pairing_reasons SET reason = 'paired 1v5: old words', why = NULL")
    fr = await _ask(db, created.event_id, "Ann Lee", 1, "fr")
    en = await _ask(db, created.event_id, "Ann Lee", 1, "en")
    assert fr.endswith("\npaired 1v5: old words") and en.endswith("\npaired 1v5: old words"), (
        fr, en)
    assert fr.startswith("<b>Ronde 1 : Ann Lee contre "), fr


async def test_a_reason_kept_as_data_names_the_players_in_full_in_either_language(
        db: Database) -> None:
    """A reason kept as JSON when its round was paired (as every round since migration 0032
    keeps it) names the players by number; /why names them in full, as the event's other
    messages do, and lists no numbers under it."""
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(_definition("koth", "")),
                                     by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
    await _open_and_play(db, created.event_id, 1)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, created.event_id)
        ann = next(n for n, e in state.entries.items() if e.name == "Ann Lee")
        match = next(m for m in state.matches_of(1) if state.entries[ann].id in m.entries
                     and m.state == "playing")
        other = next(e for e in match.entries if e != state.entries[ann].id)
        them = state.numbers[other]
        kept = json.dumps({"kind": "moved", "values": {
            "a": ann, "b": them, "a_table": ann + 1, "b_table": them + 1, "places": [],
            "moves": [{"kind": "met", "values": {"a": ann, "b": ann + 1, "times": 1}}],
            "notes": []}})
        await tx.execute("UPDATE pairing_reasons SET reason = '', why = ? WHERE match_id = ?",
                         (kept, match.id))
    name, next_a = state.entries[them].name, state.entries[ann + 1].name
    next_b = state.entries[them + 1].name
    en = await _ask(db, created.event_id, "Ann Lee", 1, "en")
    fr = await _ask(db, created.event_id, "Ann Lee", 1, "fr")
    assert (f"\npaired Ann Lee v {name} instead of the table's Ann Lee v {next_a} and {name} v "
            f"{next_b}: Ann Lee and {next_a} already met once") in en, en
    assert (f"\nappariement Ann Lee c. {name} au lieu de Ann Lee c. {next_a} et {name} c. "
            f"{next_b} prévus par la table : Ann Lee et {next_a} ont déjà joué ensemble une "
            "fois") in fr, fr
    assert "by number" not in en and "par numéro" not in fr, (en, fr)
