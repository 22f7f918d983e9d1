"""Round-based events through the service: the definition, the draw making rounds only,
opening a round pairing it through the core's registry, reporting, standings, /why, the
Gibson rule in the last round, the exports (bot/service/formats/rounds/round_events.py)."""

from __future__ import annotations

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
from bot.service.platform import deadlines
from bot.service.platform.actors import Actor
from bot.service.platform.errors import Invalid, NotFound
from bot.service.platform.unit import Request
from bot.service.results.reporting import enter_game
from bot.store.db import Database, Tx, open_database
from core.formats.tsh import read_tsh
from core.standings import standings_rows
from tests.bot.round_event import NAMES, RATINGS, definition, play_round, winner_scores

NOW = datetime(2026, 3, 3, 2, 0, tzinfo=UTC)
CLI = Request(NOW, operator=True)


@pytest.fixture
async def db(db_target: Path | str) -> AsyncIterator[Database]:
    database = await open_database(db_target)
    yield database
    await database.close()


async def _event(db: Database, text: str | None = None) -> int:
    async with db.transaction() as tx:
        created = await create_event(tx, parse_definition(text or definition()),
                                     by=Actor.cli(), now=NOW)
        await make_draw(tx, created.event_id, seed=1, by=Actor.cli(), now=NOW)
        return created.event_id


async def _open(db: Database, event_id: int, number: int, now: datetime) -> None:
    async with db.transaction() as tx:
        await open_round_in(tx, event_id, str(number), by=Actor.cli(), now=now,
                            closes_at=now + timedelta(days=6))


def test_definition_refuses_what_a_rounds_event_cannot_use() -> None:
    with pytest.raises(Invalid, match=r'pairing: format = "rounds" needs a \[pairing\]'):
        parse_definition(definition().replace("[pairing]", "[unused]")
                         .replace('system = "swiss"', "").replace("rounds = 5", "")
                         .replace("gibson = true", "").replace("prize_places = 1", "")
                         .replace('gibson_spread = "nsc2006"', "").replace("[unused]", ""))
    with pytest.raises(Invalid, match=r"pairing.system: unknown pairing system 'swizz'"):
        parse_definition(definition().replace('"swiss"', '"swizz"'))
    with pytest.raises(Invalid, match=r"pairing.options.groups does not apply to system "
                                      r'"swiss"'):
        parse_definition(definition(extra="options = { groups = 3 }"))
    with pytest.raises(Invalid, match=r"pairing.prize_places: the Gibson rule needs"):
        parse_definition(definition().replace("prize_places = 1", ""))
    with pytest.raises(Invalid, match=r"rounds\[0\].name: 'Week 1': a round-based event's "
                                      r'rounds are named "Round 1" to "Round 5"'):
        parse_definition(definition().replace('name = "Round 1"', 'name = "Week 1"'))
    with pytest.raises(Invalid, match=r"pairing: \[pairing\] is for format = \"rounds\""):
        parse_definition(definition().replace('format = "rounds"', 'format = "single"'))
    # a Portland Swiss takes its last Swiss round from the event's length
    parse_definition(definition().replace('"swiss"', '"portland"').replace(
        "gibson = true", "gibson = false").replace("prize_places = 1", "").replace(
        'gibson_spread = "nsc2006"', ""))


async def test_draw_makes_rounds_and_no_match(db: Database) -> None:
    event_id = await _event(db)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    assert [r.name for r in state.rounds] == [f"Round {n}" for n in range(1, 6)]
    assert state.matches == []
    assert state.rounds[0].closes_at is not None and state.rounds[1].closes_at is None


async def test_a_round_opens_paired_with_a_bye_and_reasons(db: Database) -> None:
    event_id = await _event(db)
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    r1 = state.matches_of(1)
    playing = [m for m in r1 if m.state == "playing"]
    byes = [m for m in r1 if m.state == "bye"]
    assert len(playing) == 4 and len(byes) == 1
    # Director's Manual: the first bye goes to the lowest-rated player
    assert byes[0].names[0] == NAMES[-1]
    # modified Swiss, round 1: top half v bottom half
    assert (playing[0].names, playing[0].first_starter) == (("Ann Lee", "Eve Tan"), 0)
    found = await round_events.reasons_of(await _tx_of(db), event_id, "Ivy", None)
    assert found[0].opponent is None and "first bye of the event" in in_english(found[0].reason)


async def _tx_of(db: Database):  # type: ignore[no-untyped-def]
    """A read transaction kept open for the caller (the test reads one thing)."""
    tx_cm = db.transaction()
    return await tx_cm.__aenter__()


async def test_a_round_waits_for_the_one_before_and_names_who_has_to_report(
        db: Database) -> None:
    event_id = await _event(db)
    await _open(db, event_id, 1, NOW)
    with pytest.raises(Invalid, match=r"Round 2 cannot open yet: Round 1 is not complete\. "
                                      r"Still to report: Ann Lee v Eve Tan; "):
        await _open(db, event_id, 2, NOW + timedelta(days=1))
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    assert state.matches_of(2) == [] and state.rounds[1].state == "planned"


async def test_five_rounds_with_the_gibson_rule_in_the_last(db: Database) -> None:
    event_id = await _event(db)
    now = NOW
    for number in range(1, 5):
        await _open(db, event_id, number, now)
        await play_round(db, event_id, number, now + timedelta(hours=1))
        now += timedelta(days=7)
    await _open(db, event_id, 5, now)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
        rows = round_events.standings_of(state)
        ann = await round_events.reasons_of(tx, event_id, "Ann Lee", 5)
    assert rows[0]["name"] == "Ann Lee" and rows[0]["wins"] == 4
    assert ann[0].gibson and "Gibson rule" in in_english(ann[0].reason) and "has clinched" in in_english(ann[0].reason)
    # not the second-placed player, who can still catch her on wins
    assert ann[0].opponent != rows[1]["name"]
    # the opponent is the highest placed player who can no longer finish first
    placed = [r["name"] for r in rows if r["wins"] + 1 < 4]
    assert ann[0].opponent == placed[0]


async def test_exported_t_file_has_the_events_standings(db: Database) -> None:
    event_id = await _event(db)
    now = NOW
    for number in (1, 2):
        await _open(db, event_id, number, now)
        await play_round(db, event_id, number, now + timedelta(hours=1))
        now += timedelta(days=7)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
        name, text = round_events.export_text(state, "tsh")
    assert name == "weekly-swiss.t"
    (division,) = read_tsh(text, "weekly-swiss")
    strip = [{k: v for k, v in r.items() if k != "division"}
             for r in standings_rows(division, chess=False)]
    assert strip == [{k: v for k, v in r.items() if k != "division"}
                     for r in round_events.standings_of(state)]
    assert max(g.round for g in division.games) == 2


async def test_auto_pair_opens_the_next_round_once_the_last_is_complete(db: Database) -> None:
    event_id = await _event(db, definition(extra="auto_pair = true\nround_days = 6"))
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    *first, last = [m for m in state.matches_of(1) if m.state == "playing"]
    for m in first:
        win, lose, ws, ls = winner_scores(str(m.names[0]), str(m.names[1]))
        await enter_game(db, CLI, event_id, (win, lose), (ws, ls))
    async with db.transaction() as tx:
        assert (await load_rounds_event(tx, event_id)).rounds[1].state == "planned"
    later = NOW + timedelta(days=2)
    win, lose, ws, ls = winner_scores(str(last.names[0]), str(last.names[1]))
    await enter_game(db, Request(later, operator=True), event_id, (win, lose), (ws, ls))
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    assert state.rounds[1].state == "open"
    assert state.rounds[1].closes_at == later + timedelta(days=6)
    assert len(state.matches_of(2)) == 5  # four pairs and the bye


async def test_a_level_single_game_is_a_tie_half_a_win_each(db: Database) -> None:
    event_id = await _event(db)
    await _open(db, event_id, 1, NOW)
    await enter_game(db, CLI, event_id, ("Ann Lee", "Eve Tan"), (400, 400))
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    rows = {r["name"]: r for r in round_events.standings_of(state)}
    assert (rows["Ann Lee"]["wins"], rows["Ann Lee"]["losses"]) == (0.5, 0.5)
    assert (rows["Eve Tan"]["wins"], rows["Eve Tan"]["spread"]) == (0.5, 0)
    assert state.matches_of(1)[0].state == "decided"


def _with_teams(text: str, teams: dict[str, str]) -> str:
    for name, team in teams.items():
        text = text.replace(f'name = "{name}"\nrating = {RATINGS[name]}\n',
                            f'name = "{name}"\nrating = {RATINGS[name]}\nteam = "{team}"\n')
    return text


async def test_avoid_teams_keeps_team_mates_apart_and_the_files_keep_the_teams(
        db: Database) -> None:
    # round 1 of a modified Swiss pairs Ann Lee with Eve Tan (top half v bottom half)
    teams = {"Ann Lee": "Raffles", "Eve Tan": "Raffles", "Ben Ong": "Hwa Chong",
             "Fay Koh": "Hwa Chong"}
    event_id = await _event(db, _with_teams(definition(extra="avoid_teams = true"), teams))
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    pairs = [set(m.names) for m in state.matches_of(1) if m.state == "playing"]
    assert len(pairs) == 4
    for pair in pairs:
        assert len({teams.get(str(n), str(n)) for n in pair}) == 2, pair
    assert {p.name: p.team for p in state.division.players}["Fay Koh"] == "Hwa Chong"
    await play_round(db, event_id, 1, NOW + timedelta(hours=1))
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    (division,) = read_tsh(round_events.export_text(state, "tsh")[1], "weekly-swiss")
    assert {p.name: p.team for p in division.players if p.team} == teams
    trf = round_events.export_text(state, "trf")[1]
    assert "013 Raffles" in trf and "013 Hwa Chong" in trf


async def test_without_avoid_teams_team_mates_meet(db: Database) -> None:
    """The test above would pass by chance if the pairing never met team-mates anyway."""
    event_id = await _event(db, _with_teams(definition(), {"Ann Lee": "Raffles",
                                                           "Eve Tan": "Raffles"}))
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    assert state.matches_of(1)[0].names == ("Ann Lee", "Eve Tan")


def test_avoid_teams_with_no_team_given_is_refused() -> None:
    with pytest.raises(Invalid, match=r"pairing.avoid_teams: no player has a team to keep "
                                      r"apart: give each player's team in \[\[players\]\]"):
        parse_definition(definition(extra="avoid_teams = true"))
    with pytest.raises(Invalid, match=r"players\[0\].team"):
        parse_definition(_with_teams(definition(), {"Ann Lee": "A" * 33}))


async def test_a_deciding_report_loads_the_event_once(db: Database,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """auto_pair's check and the group's standings share one load (``Tx.remembered``); a
    round opened in between is seen by the standings (the load after a write is fresh)."""
    from bot.service.formats.rounds import round_division
    from bot.store import groups_repo

    event_id = await _event(db, definition(extra="auto_pair = true\nround_days = 6"))
    async with db.transaction() as tx:
        await groups_repo.link(tx, event_id, -100777)
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    *first, last = [m for m in state.matches_of(1) if m.state == "playing"]
    loads: list[int] = []
    real = round_division._load

    async def counted(tx, event_id):  # type: ignore[no-untyped-def]
        loads.append(event_id)
        return await real(tx, event_id)

    monkeypatch.setattr(round_division, "_load", counted)
    win, lose, ws, ls = winner_scores(str(first[0].names[0]), str(first[0].names[1]))
    await enter_game(db, CLI, event_id, (win, lose), (ws, ls))
    assert loads == [event_id]
    for m in [*first[1:], last]:
        win, lose, ws, ls = winner_scores(str(m.names[0]), str(m.names[1]))
        await enter_game(db, CLI, event_id, (win, lose), (ws, ls))
    async with db.transaction() as tx:
        texts = [r["text_html"] for r in await tx.all(
            "SELECT text_html FROM outbox WHERE chat_id = -100777 ORDER BY id")]
    assert "during round 2 of 5" in texts[-1], texts[-1]  # the load after the opening


async def test_a_result_reads_its_two_players_rows_not_the_fields(
        db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a result of a large event costs: the players are found by their names, their
    rating estimates made from their own games (all rated: ``core.ratings.
    player_estimate``), and the round is not complete, so the group's standings wait: no
    rating of the field, and neither the event's games nor its matches nor its entries
    are read."""
    from bot.service.formats.rounds import ratings
    from bot.store import entries_repo, games_repo, groups_repo, matches_repo

    event_id = await _event(db)
    async with db.transaction() as tx:
        await groups_repo.link(tx, event_id, -100777)
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    match = next(m for m in state.matches_of(1) if m.state == "playing")
    calls: dict[str, int] = {}

    def counting(module: object, name: str) -> None:
        real = getattr(module, name)

        def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
            calls[name] = calls.get(name, 0) + 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)

    counting(ratings, "estimate")
    counting(games_repo, "games_of_event")
    counting(matches_repo, "of_event")
    read: list[int] = []
    async with db.transaction() as tx:
        concrete = type(tx)  # SQLite's or PostgreSQL's
    real_all = concrete.all

    async def reading(tx: Tx, sql: str, params=()):  # type: ignore[no-untyped-def]
        rows = await real_all(tx, sql, params)  # type: ignore[arg-type]
        if sql.startswith(entries_repo._SELECT + " WHERE e.event_id"):  # by event
            read.append(len(rows))
        return rows

    monkeypatch.setattr(concrete, "all", reading)
    win, lose, ws, ls = winner_scores(str(match.names[0]), str(match.names[1]))
    await enter_game(db, CLI, event_id, (win, lose), (ws, ls))
    assert calls == {}
    assert read == [1, 1]  # each player, found by name
    async with db.transaction() as tx:
        after = await load_rounds_event(tx, event_id)
        texts = [r["text_html"] for r in await tx.all(
            "SELECT text_html FROM outbox WHERE person_id IS NOT NULL ORDER BY id")]
    assert next(m for m in after.matches if m.id == match.id).state == "decided"
    assert sum("rating estimate" in t for t in texts) == 2, texts  # each player's own


def _chess(extra: str) -> str:
    return (definition(extra=extra).replace('"swiss"', '"uscf"').replace("gibson = true", "")
            .replace("prize_places = 1", "").replace('gibson_spread = "nsc2006"', ""))


@pytest.mark.parametrize(("extra", "points", "code"), [("", 1.0, "U"),
                                                       ("bye_points = 0.5", 0.5, "H")])
async def test_a_chess_bye_is_worth_bye_points_in_standings_and_trf(
        db: Database, extra: str, points: float, code: str) -> None:
    event_id = await _event(db, _chess(extra))
    await _open(db, event_id, 1, NOW)
    await play_round(db, event_id, 1, NOW + timedelta(hours=1))
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
        told = await tx.scalar("SELECT text_html FROM outbox WHERE dedupe_key LIKE "
                               "'round-open:%:bye:%'")
    (bye,) = [m for m in state.matches_of(1) if m.state == "bye"]
    rows = {r["name"]: r for r in round_events.standings_of(state)}
    assert rows[str(bye.names[0])]["points"] == points
    trf = round_events.export_text(state, "trf")[1]
    line = next(ln for ln in trf.splitlines() if ln.startswith("001") and str(bye.names[0]) in ln)
    assert f"0000 - {code}" in line, line
    assert ("a full point" if points == 1 else "half a point") in told


def test_a_half_point_bye_is_for_chess() -> None:
    with pytest.raises(Invalid, match=r"pairing.bye_points: a Scrabble bye is a win worth "
                                      r"bye_spread"):
        parse_definition(definition(extra="bye_points = 0.5"))
    with pytest.raises(Invalid, match=r"pairing.bye_points: 0.25: a bye is worth 1"):
        parse_definition(_chess("bye_points = 0.25"))
    # a Swiss marked as chess takes it, and its standings are points
    parse_definition(definition(extra="bye_points = 0.5\nchess = true"))


def _dated(extra: str = "auto_pair = true\nround_days = 6") -> str:
    return definition(extra=extra).replace(
        '[[players]]', '[[rounds]]\nname = "Round 2"\nopens = 2026-03-10\n'
                       'closes = 2026-03-16\n\n[[players]]', 1)


#: Round 2's opening time: 2026-03-10 at midnight in Singapore.
OPENS_2 = datetime(2026, 3, 9, 16, 0, tzinfo=UTC)


async def _round2(db: Database, event_id: int) -> tuple[str, int]:
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    return state.rounds[1].state, len(state.matches_of(2))


async def test_auto_pair_opens_a_dated_round_at_its_time(db: Database) -> None:
    from bot.service.platform.deadlines import sweep

    event_id = await _event(db, _dated())
    await _open(db, event_id, 1, NOW)
    await play_round(db, event_id, 1, NOW + timedelta(hours=1))
    assert await _round2(db, event_id) == ("planned", 0)  # complete, but not its time yet
    await sweep(db, OPENS_2 - timedelta(minutes=1))
    assert await _round2(db, event_id) == ("planned", 0)
    await sweep(db, OPENS_2)
    assert await _round2(db, event_id) == ("open", 5)  # four pairs and the bye


async def test_a_dated_round_waits_for_the_last_result_and_the_tds_are_told_once(
        db: Database) -> None:
    from bot.service.platform.deadlines import sweep

    event_id = await _event(db, _dated())
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    *first, last = [m for m in state.matches_of(1) if m.state == "playing"]
    for m in first:
        win, lose, ws, ls = winner_scores(str(m.names[0]), str(m.names[1]))
        await enter_game(db, CLI, event_id, (win, lose), (ws, ls))
    await sweep(db, OPENS_2)
    await sweep(db, OPENS_2 + timedelta(hours=1))
    assert await _round2(db, event_id) == ("planned", 0)
    async with db.transaction() as tx:
        told = [r["text_html"] for r in await tx.all(
            "SELECT text_html FROM outbox WHERE text_html LIKE '%was due to open%'")]
    assert len(told) == 1, told  # one TD, once
    assert f"Still to report: {last.names[0]} v {last.names[1]}" in told[0], told[0]
    assert "opens by itself as soon as the last result is in" in told[0]
    later = OPENS_2 + timedelta(days=1)
    win, lose, ws, ls = winner_scores(str(last.names[0]), str(last.names[1]))
    await enter_game(db, Request(later, operator=True), event_id, (win, lose), (ws, ls))
    assert await _round2(db, event_id) == ("open", 5)
    async with db.transaction() as tx:
        assert (await load_rounds_event(tx, event_id)).rounds[1].closes_at == datetime(
            2026, 3, 16, 15, 59, tzinfo=UTC)  # its [[rounds]] closes date


async def test_without_auto_pair_a_dated_round_only_tells_the_tds(db: Database) -> None:
    from bot.service.platform.deadlines import sweep

    event_id = await _event(db, _dated("open_notice = true").replace(
        "open_notice = true\n", "").replace("[rules]\n", "[rules]\nopen_notice = true\n"))
    await _open(db, event_id, 1, NOW)
    await play_round(db, event_id, 1, NOW + timedelta(hours=1))
    await sweep(db, OPENS_2)
    assert await _round2(db, event_id) == ("planned", 0)
    async with db.transaction() as tx:
        assert await tx.scalar("SELECT count(*) FROM outbox WHERE text_html LIKE "
                               "'%Round 2</b> is due to open now%'") == 1


async def test_with_round_days_a_round_opens_closing_that_many_days_later(
        db: Database) -> None:
    """``pairing.round_days``: /openround 2 with no "until" (round 2 has no date in the
    definition) closes 6 days after it opens, as ``auto_pair`` would open it."""
    event_id = await _event(db, definition(extra="round_days = 6"))
    await _open(db, event_id, 1, NOW)
    await play_round(db, event_id, 1, NOW)
    later = NOW + timedelta(days=7)
    async with db.transaction() as tx:
        rnd, _ = await open_round_in(tx, event_id, "2", by=Actor.cli(), now=later)
        closes = [d.due_at for d in await deadlines.open_deadlines(tx)
                  if d.kind == "round.close" and d.subject == f"round:{rnd.id}"]
    assert rnd.state == "open" and rnd.closes_at == later + timedelta(days=6)
    assert closes == [later + timedelta(days=6)]


async def test_without_a_closing_time_the_hint_spells_the_round_as_the_td_did(
        db: Database) -> None:
    event_id = await _event(db)
    await _open(db, event_id, 1, NOW)
    await play_round(db, event_id, 1, NOW)
    for typed in ("2", "Round 2"):
        with pytest.raises(Invalid) as refused:
            async with db.transaction() as tx:
                await open_round_in(tx, event_id, typed, by=Actor.cli(), now=NOW)
        assert str(refused.value) == (
            f"Round 2 has no closing time; give one: /openround {typed} until 2026-03-17 in "
            "the chat, --closes 2026-03-17 at the command line")
    async with db.transaction() as tx:
        assert (await load_rounds_event(tx, event_id)).rounds[1].state == "planned"


def test_why_names_the_pair_the_bye_or_no_pair_in_the_reader_s_language() -> None:
    """/why's answer: a pair, a bye with its reason, or no pair at all (withdrawn or
    expelled: no bye is claimed), the round named as its reader reads it."""
    from bot.service.formats.rounds.round_division import Reason
    from bot.service.formats.rounds.round_texts import why_lines
    from bot.words import for_locale
    from bot.words.said import english, render
    from core.pairing.why import why

    names = {1: "Ann Lee", 5: "Eve Tan", 9: "Ivy"}
    koth = why("table", a=1, b=5, table=why("factored", factor=2, a=1, b=2, after=0), notes=())
    pair = Reason(2, "Ann Lee", "Eve Tan", koth, False)
    bye = Reason(2, "Ivy", None, "bye 9: first bye of the event", False)
    out = Reason(2, "Hal Ng", None, "", False)
    said = english(why_lines([pair, bye, out], names))
    assert said.startswith("<b>Round 2: Ann Lee v Eve Tan</b>\npaired Ann Lee v Eve Tan: "
                           "KOTH: 1st v 2nd\n"), said
    assert "<b>Round 2: Ivy, bye</b>\nbye 9: first bye" in said, said  # kept text, as kept
    assert said.endswith("<b>Round 2: Hal Ng</b>\nnot paired in this round (withdrawn or "
                         "expelled)"), said
    fr = render(why_lines([pair, bye, out], names), for_locale("fr"))
    assert fr.startswith("<b>Ronde 2 : Ann Lee contre Eve Tan</b>\nappariement Ann Lee c. Eve "
                         "Tan : "), fr
    assert "<b>Ronde 2 : Ivy, exemption</b>" in fr, fr
    assert fr.endswith("<b>Ronde 2 : Hal Ng</b>\nnon apparié dans cette ronde (retiré ou exclu)")


async def _group_posts(db: Database, chat: int) -> list[str]:
    async with db.transaction() as tx:
        return [r["text_html"] for r in await tx.all(
            "SELECT text_html FROM outbox WHERE chat_id = ? ORDER BY id", (chat,))]


async def _standings_rows(db: Database) -> list[tuple[str, str, str]]:
    async with db.transaction() as tx:
        return [(r["subject"], r["state"], r["due_at"]) for r in await tx.all(
            "SELECT subject, state, due_at FROM deadlines WHERE kind = ? ORDER BY id",
            (round_events.STANDINGS_POST,))]


async def _enter(db: Database, event_id: int, m, now: datetime) -> None:  # type: ignore[no-untyped-def]
    win, lose, ws, ls = winner_scores(str(m.names[0]), str(m.names[1]))
    await enter_game(db, Request(now, operator=True), event_id, (win, lose), (ws, ls))


async def test_results_within_a_minute_post_the_standings_once_when_it_is_up(
        db: Database) -> None:
    """Each result goes to the group at once; the standings after it at most once a
    minute: two results within the minute open one pending post (a deadline row), which
    shows both when it fires, and a result after it opens the next."""
    from bot.store import groups_repo

    event_id = await _event(db)
    async with db.transaction() as tx:
        await groups_repo.link(tx, event_id, -100777)
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    first, second, third, *_ = [m for m in state.matches_of(1) if m.state == "playing"]
    before = len(await _group_posts(db, -100777))
    await _enter(db, event_id, first, NOW)
    await _enter(db, event_id, second, NOW + timedelta(seconds=40))
    posts = (await _group_posts(db, -100777))[before:]
    assert len(posts) == 2 and not any("standings" in p for p in posts), posts
    due = NOW + round_events.STANDINGS_EVERY
    assert await _standings_rows(db) == [(f"event:{event_id}", "open", due.isoformat())]

    assert await deadlines.sweep(db, due - timedelta(seconds=1)) == 0
    assert await deadlines.sweep(db, due) == 1
    posts = (await _group_posts(db, -100777))[before:]
    assert len(posts) == 3 and "standings during round 1" in posts[2], posts
    winners = {winner_scores(str(m.names[0]), str(m.names[1]))[0] for m in (first, second)}
    table = posts[2].split("\n")
    assert all(any(w in row and "1-0" in row for row in table) for w in winners), posts[2]
    assert await deadlines.sweep(db, due + timedelta(hours=1)) == 0  # posted once

    await _enter(db, event_id, third, due + timedelta(minutes=5))
    later = due + timedelta(minutes=5) + round_events.STANDINGS_EVERY
    assert [r[1:] for r in await _standings_rows(db)] == [
        ("fired", due.isoformat()), ("open", later.isoformat())]


async def test_the_result_that_completes_a_round_posts_the_standings_at_once(
        db: Database) -> None:
    """The players wait for the next round's pairings on the standings: the round's last
    result posts them at once, and the post pending from the round's earlier results is
    cancelled, not sent again with the same table."""
    from bot.store import groups_repo

    event_id = await _event(db)
    async with db.transaction() as tx:
        await groups_repo.link(tx, event_id, -100777)
    await _open(db, event_id, 1, NOW)
    before = len(await _group_posts(db, -100777))
    await play_round(db, event_id, 1, NOW)
    posts = (await _group_posts(db, -100777))[before:]
    assert sum("standings" in p for p in posts) == 1, posts
    assert "standings after round 1" in posts[-1], posts[-1]
    assert [r[1] for r in await _standings_rows(db)] == ["cancelled"]
    assert await deadlines.sweep(db, NOW + timedelta(hours=1)) == 0
    assert len(await _group_posts(db, -100777)) == before + len(posts)


async def test_a_result_entered_by_names_finds_them_as_core_names_picks(db: Database) -> None:
    """Found by the exact name among the few entries holding its words, else among every
    entry (``core.names``): a shortened name still names its player, and two entries of
    one name, spaces aside, are refused, not one taken at random."""
    event_id = await _event(db)
    await _open(db, event_id, 1, NOW)
    async with db.transaction() as tx:
        state = await load_rounds_event(tx, event_id)
    first, second = [m for m in state.matches_of(1) if m.state == "playing"][:2]
    a, b = str(first.names[0]), str(first.names[1])
    await enter_game(db, CLI, event_id, (a.split()[0].lower(), b), (400, 350))
    async with db.transaction() as tx:
        after = await load_rounds_event(tx, event_id)
        assert next(m for m in after.matches if m.id == first.id).state == "decided"
        c = str(second.names[0])
        await tx.execute("UPDATE people SET name = ? WHERE name = ?",
                         (c.replace(" ", "  "), str(second.names[1])))
    with pytest.raises(Invalid, match="more than one person is called"):
        await enter_game(db, CLI, event_id, (c, c), (400, 350))
    with pytest.raises(NotFound, match="no player called"):
        await enter_game(db, CLI, event_id, ("A_n%", c), (400, 350))
