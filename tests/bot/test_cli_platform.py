"""The platform commands: migrate, backup, event create/list/show, players import, invite,
draw-event, pay, round open/close. Bad input: one line naming what was wrong, exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import app
from bot.store.migrations import load_migrations

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "sssg2016.toml"
PLAYERS = "name,rating\n" + "".join(f"Player {i:02},{2100 - 20 * i}\n" for i in range(1, 25))


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def run(runner: CliRunner, *args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def _event(runner: CliRunner, tmp_path: Path) -> str:
    db = str(tmp_path / "t.db")
    code, out, err = run(runner, "event", "create", str(EXAMPLE), "--db", db, "--bot-username", "SSSgBot")
    assert code == 0, err
    csv = tmp_path / "players.csv"
    csv.write_text(PLAYERS)
    code, out, err = run(runner, "players", "import", "sssg-2016", str(csv), "--db", db)
    assert code == 0, err
    return db


def test_migrate_creates_the_database(runner: CliRunner, tmp_path: Path) -> None:
    code, out, _ = run(runner, "db", "migrate", "--db", str(tmp_path / "new.db"))
    applied = len(load_migrations())
    assert code == 0 and f"schema up to date ({applied} migration(s) applied)" in out
    assert (tmp_path / "new.db").exists()


def test_event_create_prints_invite_links(runner: CliRunner, tmp_path: Path) -> None:
    code, out, err = run(runner, "event", "create", str(EXAMPLE), "--db", str(tmp_path / "t.db"),
                         "--bot-username", "@SSSgBot")
    assert code == 0, err
    assert "created event sssg-2016 (id 1): Scrabble Shootout Singapore 2016" in out
    links = re.findall(r"https://t\.me/SSSgBot\?start=([A-Za-z0-9_-]+)", out)
    assert len(links) == 4 and len(set(links)) == 4  # the players' link, 2 TDs, 1 adjudicator
    assert "td          Ricky Purnomo:" in out
    code, out, _ = run(runner, "event", "list", "--db", str(tmp_path / "t.db"))
    assert "sssg-2016" in out and "registration" in out


def test_a_bad_definition_names_the_key(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(EXAMPLE.read_text().replace('name = "Ro16"\nbest_of = 11', 'name = "Ro16"\nbest_of = 12'))
    code, out, err = run(runner, "event", "create", str(bad), "--db", str(tmp_path / "t.db"))
    assert code == 2 and out == ""
    assert err.startswith("tdbot: error: bad.toml: rounds[1].best_of: must be odd")
    assert len(err.strip().splitlines()) == 1
    code, _, err = run(runner, "event", "create", str(tmp_path / "missing.toml"), "--db", str(tmp_path / "t.db"))
    assert code == 2 and "missing.toml: no such file" in err


def test_players_import_error_names_the_row(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "t.db")
    assert run(runner, "event", "create", str(EXAMPLE), "--db", db)[0] == 0
    csv = tmp_path / "p.csv"
    csv.write_text("name,rating\nAnn,1500\nBob,fifteen\n")
    code, _, err = run(runner, "players", "import", "sssg-2016", str(csv), "--db", db)
    assert code == 2 and "row 3: rating 'fifteen' is not a whole number" in err
    code, _, err = run(runner, "players", "import", "nope", str(csv), "--db", db)
    assert code == 2 and "no event called 'nope'" in err


def test_draw_open_pay_and_backup(runner: CliRunner, tmp_path: Path) -> None:
    db = _event(runner, tmp_path)
    code, out, err = run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)
    assert code == 0, err
    assert "drawn with seed 5: 45 matches" in out and "Qual Rd\n  Q1 " in out
    assert "winner of Q" in out
    # para 26: the round does not open with fees missing
    code, _, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31", "--db", db)
    assert code == 2 and "para 26" in err
    code, _, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--unpaid-ok", "--db", db)
    assert code == 2 and "--unpaid-ok needs --why" in err
    code, out, err = run(runner, "fees", "pay", "sssg-2016", "player 24", "qual-rd", "--db", db)
    assert code == 0 and "recorded Player 24's payment for Qual Rd" in out, err
    code, _, err = run(runner, "fees", "pay", "sssg-2016", "Player 24", "qual-rd", "--db", db)
    assert code == 2 and "already paid" in err
    code, out, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
                         "--unpaid-ok", "--why", "fees collected at the venue", "--db", db)
    assert code == 0 and "it closes Mon 31 Aug 2099 23:59 (+08)" in out, err
    code, _, err = run(runner, "round", "close", "sssg-2016", "qual-rd", "--db", db)
    assert code == 2 and "8 unfinished matches" in err
    backup = tmp_path / "copy.db"
    code, out, err = run(runner, "db", "backup", str(backup), "--db", db)
    assert code == 0, err
    code, out, _ = run(runner, "event", "show", "sssg-2016", "--db", str(backup))
    assert "Qual Rd [qual-rd] best of 9, open" in out and "(playing)" in out
    code, _, err = run(runner, "db", "backup", str(backup), "--db", db)
    assert code == 2 and "already exists" in err


def test_invite_for_a_role(runner: CliRunner, tmp_path: Path) -> None:
    db = _event(runner, tmp_path)
    code, out, _ = run(runner, "players", "invite", "sssg-2016", "td", "--db", db, "--bot-username", "B")
    assert code == 0 and out.startswith("https://t.me/B?start=")
    code, _, err = run(runner, "players", "invite", "sssg-2016", "king", "--db", db)
    assert code == 2 and "unknown role 'king'" in err


def test_database_path_comes_from_settings(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TDBOT_DB (environment or .env) is the default database."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(f"TDBOT_DB={tmp_path / 'from-env.db'}\nTDBOT_ORGANISERS=5, 6\n")
    code, out, _ = run(runner, "db", "migrate")
    assert code == 0 and "from-env.db" in out and (tmp_path / "from-env.db").exists()
    from bot.settings import Settings

    assert Settings().organisers == [5, 6]
    monkeypatch.setenv("TDBOT_ORGANISERS", "12;x")
    with pytest.raises(ValueError, match="TDBOT_ORGANISERS must be Telegram user ids"):
        Settings()


def test_journal_shows_who_did_what_and_why(runner: CliRunner, tmp_path: Path) -> None:
    db = _event(runner, tmp_path)
    assert run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)[0] == 0
    assert run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
               "--unpaid-ok", "--why", "fees at the venue", "--db", db)[0] == 0
    code, out, err = run(runner, "event", "journal", "sssg-2016", "--limit", "1000", "--db", db)
    assert code == 0, err
    lines = [line.split(" (+08) ", 1)[1] for line in out.splitlines()]
    assert "TD (command line): created the event, a knockout" in lines
    assert "TD (command line): made the draw with seed 5: 45 matches for 24 players" in lines
    assert any(line.startswith("TD (command line): opened Qual Rd, closing Mon 31 Aug 2099 "
                               "23:59 (+08); not paid: ") and line.endswith(
                                   "; why: fees at the venue") for line in lines)
    code, out, _ = run(runner, "event", "journal", "sssg-2016", "--limit", "1000", "--json",
                       "--db", db)
    stored = json.loads(out)
    assert stored[0] == {"who": "cli", "action": "event.create", "subject": "event:1",
                         "detail": {"format": "sssg", "slug": "sssg-2016"}, "why": "",
                         "at": stored[0]["at"]}
    assert stored[0]["at"].endswith("+00:00")  # as stored, in UTC
    assert [e["action"] for e in stored[-2:]] == ["event.draw", "round.open"]


def test_inbox_lists_missing_fees_then_unfinished_matches(runner: CliRunner, tmp_path: Path) -> None:
    db = _event(runner, tmp_path)
    code, out, _ = run(runner, "event", "inbox", "sssg-2016", "--db", db)
    assert code == 0 and "nothing awaits a TD" in out
    assert run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)[0] == 0
    code, out, _ = run(runner, "event", "inbox", "sssg-2016", "--db", db)
    assert "not paid for Qual Rd: " in out
    assert run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
               "--unpaid-ok", "--why", "fees at the venue", "--db", db)[0] == 0
    code, out, _ = run(runner, "event", "inbox", "sssg-2016", "--db", db)
    assert out.count("unfinished: Q") == 8


def test_the_stored_draw_is_what_tdbot_draw_prints_for_the_same_csv_and_seed(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Para 1 and 3 ("random draw"): anyone can re-run the draw from the players' CSV and
    the recorded seed and get the same fixtures."""
    import json

    db = str(tmp_path / "t.db")
    players = ROOT / "examples" / "players24.csv"
    assert run(runner, "event", "create", str(EXAMPLE), "--db", db)[0] == 0
    assert run(runner, "players", "import", "sssg-2016", str(players), "--db", db)[0] == 0
    code, out, err = run(runner, "event", "draw", "sssg-2016", "--seed", "11", "--db", db)
    assert code == 0, err
    stored = re.findall(r"^  (Q\d+|T\d+)\s+(.+?) v (.+)$", out, re.M)
    code, printed, err = run(runner, "files", "draw", "--format", "sssg", "--players", str(players),
                             "--seed", "11", "--json")
    assert code == 0, err
    core = json.loads(printed)
    expected = [(q["id"], *q["players"]) for q in core["qualifying"]]
    assert [s for s in stored if s[0].startswith("Q")] == expected
    seating = core["top"]["seating"]
    first_round = [(m["id"], seating[m["slots"][0]["seat"]], seating[m["slots"][1]["seat"]])
                   for m in core["top"]["matches"] if m["round"] == 1 and m["part"] == "upper"]
    assert [s for s in stored if s[0].startswith("T")][:8] == first_round


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("inf", "--amount 'inf': give an amount such as 15 or 15.50"),
        ("nan", "--amount 'nan': give an amount such as 15 or 15.50"),
        ("-5", "--amount '-5': must be more than 0"),
        ("15.005", "--amount '15.005': must have at most two decimals (cents)"),
        ("15,50", "--amount '15,50': give an amount such as 15 or 15.50"),
    ],
)
def test_pay_amount_mistakes_exit_2_with_a_reason(
    runner: CliRunner, tmp_path: Path, amount: str, message: str
) -> None:
    db = _event(runner, tmp_path)
    code, _, err = run(runner, "fees", "pay", "sssg-2016", "Player 01", "qual-rd", "--amount", amount,
                       "--db", db)
    assert code == 2 and message in err, err


def test_pay_takes_an_exact_decimal_amount(runner: CliRunner, tmp_path: Path) -> None:
    db = _event(runner, tmp_path)
    run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)
    code, _, err = run(runner, "fees", "pay", "sssg-2016", "Player 01", "qual-rd", "--amount", "15.29",
                       "--db", db)
    assert code == 0, err
    code, out, _ = run(runner, "event", "journal", "sssg-2016", "--db", db, "--limit", "1")
    assert out.split(" (+08) ", 1)[1].startswith(
        "TD (command line): recorded Player 01's fee for Qual Rd, SGD 15.29")
    code, out, _ = run(runner, "event", "journal", "sssg-2016", "--db", db, "--limit", "1",
                       "--json")
    assert json.loads(out)[0]["detail"] == {"amount": 1529, "currency": "SGD", "round": "qual-rd"}


def test_refusals_say_which_option_fixes_them(runner: CliRunner, tmp_path: Path) -> None:
    """A TD at the command line is told the option that overrides a refusal (para 26 fees,
    a closing time already past, unfinished matches)."""
    db = _event(runner, tmp_path)
    run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)
    code, _, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--db", db)
    assert code == 2 and "is already past" in err and "--closes" in err
    code, _, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
                       "--db", db)
    assert code == 2 and "--unpaid-ok --why" in err
    run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31", "--unpaid-ok",
        "--why", "at the venue", "--db", db)
    code, _, err = run(runner, "round", "close", "sssg-2016", "qual-rd", "--db", db)
    assert code == 2 and "--force --why" in err


def test_a_database_in_a_missing_folder_is_one_line(runner: CliRunner, tmp_path: Path) -> None:
    code, _, err = run(runner, "db", "migrate", "--db", str(tmp_path / "nope" / "t.db"))
    assert code == 2 and "no folder" in err and "--db / TDBOT_DB" in err


def test_links_without_a_bot_username_say_so(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No made-up username: t.me/TDBot is somebody else's bot."""
    monkeypatch.delenv("TDBOT_BOT_USERNAME", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here
    code, out, err = run(runner, "event", "create", str(EXAMPLE), "--db", str(tmp_path / "t.db"))
    assert code == 0, err
    assert "https://t.me/YOUR_BOT?start=" in out and "TDBOT_BOT_USERNAME" in err


def test_a_td_decides_join_requests_from_the_command_line(
    runner: CliRunner, tmp_path: Path
) -> None:
    """`tdbot event inbox` lists join requests; `tdbot players approve` / `tdbot players reject` decide them, as
    the chat's buttons do (one use-case, invites.decide_join_request)."""
    import asyncio
    from datetime import UTC, datetime

    from bot.service.people.entries import entries_of
    from bot.service.people.invites import ask_to_join
    from bot.service.platform.unit import Request, reading
    from bot.store.db import open_database

    db = _event(runner, tmp_path)

    async def ask() -> None:
        database = await open_database(db)
        async with reading(database) as tx:
            code = await tx.scalar("SELECT code FROM invites WHERE role = 'player'"
                                   " AND person_id IS NULL")
            entry = next(e for e in await entries_of(tx, 1) if e.name == "Player 03")
        p3 = Request(now=datetime.now(UTC), label="tg:4242", tg_user_id=4242,
                     tg_name="P3 <phone>", update_id=1, chat_id=4242)
        await ask_to_join(database, p3, code, entry.id)
        await database.close()

    asyncio.run(ask())
    code, out, _ = run(runner, "event", "inbox", "sssg-2016", "--db", db)
    assert "join request 1: Telegram user P3 <phone> says they are Player 03" in out
    assert "tdbot players approve|reject sssg-2016 1" in out
    code, _, err = run(runner, "players", "approve", "sssg-2016", "9", "--db", db)
    assert code == 2 and "join request 9: no such request in sssg-2016" in err
    code, out, err = run(runner, "players", "approve", "sssg-2016", "1", "--db", db)
    assert code == 0 and "approved join request 1: P3 <phone> as Player 03" in out, err
    code, out, _ = run(runner, "players", "reject", "sssg-2016", "1", "--db", db)
    assert code == 0 and "decided already: ✅ Approved by the organiser (command line)." in out


def test_players_not_on_telegram_are_named_when_a_round_opens_and_in_the_inbox(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Imported players have no Telegram account linked: opening a round says how many
    were reached (none) and who waits, and the inbox lists them until they join."""
    db = _event(runner, tmp_path)
    assert run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)[0] == 0
    code, out, _ = run(runner, "event", "inbox", "sssg-2016", "--db", db)
    assert "  not yet on Telegram: Player 01, Player 02, " in out
    assert "-- their messages wait until they join" in out
    code, out, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
                         "--unpaid-ok", "--why", "fees at the venue", "--db", db)
    assert code == 0, err
    assert "told 0 of 16 player(s) their opponent; not yet on Telegram: Player" in out


def test_a_round_closed_unfinished_keeps_its_matches_before_the_tds(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Closing a round with matches unfinished (--force) leaves them for a TD to rule on:
    they stay in the inbox, marked "round closed, unfinished", and are not shown as
    being played."""
    db = _event(runner, tmp_path)
    assert run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)[0] == 0
    assert run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
               "--unpaid-ok", "--why", "fees at the venue", "--db", db)[0] == 0
    code, out, err = run(runner, "round", "close", "sssg-2016", "qual-rd", "--force", "--why",
                         "deadline passed", "--db", db)
    assert code == 0, err
    assert "closed Qual Rd; 8 match(es) left unfinished stay in tdbot event inbox until ruled" in out
    code, out, _ = run(runner, "event", "inbox", "sssg-2016", "--db", db)
    assert out.count("round closed, unfinished: Q") == 8
    code, out, _ = run(runner, "event", "show", "sssg-2016", "--db", db)
    assert "Qual Rd [qual-rd] best of 9, closed" in out
    assert "(playing)" not in out and out.count("(round closed, unfinished)") == 8


def test_a_fee_paid_before_the_draw_counts_once_the_round_exists(
    runner: CliRunner, tmp_path: Path
) -> None:
    """Para 26: fees are taken from registration; the draw makes the rounds later."""
    db = _event(runner, tmp_path)
    code, out, err = run(runner, "fees", "pay", "sssg-2016", "Player 24", "qual-rd", "--db", db)
    assert code == 0, err
    assert "recorded Player 24's payment for Qual Rd (not drawn yet: it counts once the draw" in out
    assert run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)[0] == 0
    code, out, _ = run(runner, "event", "inbox", "sssg-2016", "--db", db)
    owing = next(line for line in out.splitlines() if "not paid for Qual Rd" in line)
    assert "Player 23" in owing and "Player 24" not in owing
