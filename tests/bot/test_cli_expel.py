"""tdbot players expel and tdbot players replace (SSSg Annex A paras 26, 27, 29), and tdbot round open's
--expel-unpaid: the same use-cases as the chat; bad input is one line, exit 2."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from typer.testing import CliRunner

from tests.bot.test_cli_platform import _event, run


def test_expel_and_fill_the_slot_from_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    db = _event(runner, tmp_path)
    code, out, err = run(runner, "event", "draw", "sssg-2016", "--seed", "5", "--db", db)
    assert code == 0, err
    code, _, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
                       "--unpaid-ok", "--expel-unpaid", "--why", "x", "--db", db)
    assert code == 2 and "choose one: --expel-unpaid expels" in err
    code, _, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
                       "--db", db)
    assert code == 2 and "--expel-unpaid at the command line" in err
    code, out, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31",
                         "--unpaid-ok", "--why", "fees at the venue", "--db", db)
    assert code == 0, err

    code, _, err = run(runner, "players", "expel", "sssg-2016", "Player 24", "--db", db)
    assert code == 2 and "say why with --why TEXT" in err
    code, _, err = run(runner, "players", "replace", "sssg-2016", "Player 24", "--nobody", "--db", db)
    assert code == 2 and "Player 24 is not expelled" in err
    code, out, err = run(runner, "players", "expel", "sssg-2016", "Player 24", "--why", "no show", "--db", db)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "expelled Player 24: no show"
    assert "their slot in Q" in lines[1] and "may be offered (para 29)" in lines[1]
    assert "nobody from the previous round can take it" in out
    assert 'tdbot players replace sssg-2016 "Player 24" --with NAME' in out
    code, out, _ = run(runner, "event", "inbox", "sssg-2016", "--db", db)
    assert "expelled (para 29): Player 24's slot in Q" in out

    code, _, err = run(runner, "players", "replace", "sssg-2016", "Player 24", "--db", db)
    assert code == 2 and "--with NAME, or --nobody" in err
    code, _, err = run(runner, "players", "replace", "sssg-2016", "Player 24", "--with", "Player 01",
                       "--db", db)
    assert code == 2 and "cannot take Player 24's slot" in err and "who can: nobody" in err
    code, out, err = run(runner, "players", "replace", "sssg-2016", "Player 24", "--nobody", "--db", db)
    assert code == 0 and "nobody takes Player 24's slot in Q" in out and "goes through" in out
    code, out, _ = run(runner, "players", "replace", "sssg-2016", "Player 24", "--nobody", "--db", db)
    assert code == 0 and "was filled already" in out
    code, out, _ = run(runner, "event", "journal", "sssg-2016", "--limit", "200", "--db", db)
    assert "TD (command line): expelled Player 24 from Q" in out
    assert "TD (command line): left Player 24's place in Q" in out


ROOT = Path(__file__).resolve().parents[2]


def _walkthrough(runner: CliRunner, tmp_path: Path, *opening: str) -> str:
    """The README's walkthrough: the SSSg 2016 event, its 24 players, the draw with seed 7
    (Olivia Seah v Terence Low in Q4) and the qualifying round opened with ``opening``."""
    db = str(tmp_path / "t.db")
    for args in (("event", "create", str(ROOT / "examples" / "sssg2016.toml")),
                 ("players", "import", "sssg-2016", str(ROOT / "examples" / "players24.csv")),
                 ("event", "draw", "sssg-2016", "--seed", "7"),
                 ("round", "open", "sssg-2016", "qual-rd", "--closes", "2099-08-31", *opening)):
        code, _, err = run(runner, *args, "--db", db)
        assert code == 0, err
    return db


def _row(db: str, code: str) -> tuple[str, int | None, str | None, str | None]:
    """A match row as stored: its state, winner side and the names in its two slots."""
    with closing(sqlite3.connect(db)) as con:
        row = con.execute(
            "SELECT m.state, m.winner_side, pa.name, pb.name FROM matches m"
            " LEFT JOIN entries ea ON ea.id = m.entry_a LEFT JOIN people pa ON pa.id = ea.person_id"
            " LEFT JOIN entries eb ON eb.id = m.entry_b LEFT JOIN people pb ON pb.id = eb.person_id"
            " WHERE m.code = ?", (code,)).fetchone()
    return tuple(row)  # type: ignore[return-value]


def _count(db: str, table: str) -> int:
    with closing(sqlite3.connect(db)) as con:
        return int(con.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


def test_an_expelled_qualifier_with_nobody_in_the_slot_puts_the_opponent_in_the_ro16(
    tmp_path: Path,
) -> None:
    """Paras 29, 27: the README's walkthrough, Olivia Seah expelled and her slot offered to
    nobody: Q4 is stored as a bye to Terence Low, who takes T2's seat ("winner of Q4"),
    ready now; `event show` marks her expelled; a game of hers is refused, nothing stored."""
    runner = CliRunner()
    db = _walkthrough(runner, tmp_path, "--unpaid-ok", "--why", "fees at the venue")
    code, _, err = run(runner, "players", "expel", "sssg-2016", "Olivia Seah", "--why", "no-show",
                       "--db", db)
    assert code == 0, err
    code, out, err = run(runner, "players", "replace", "sssg-2016", "Olivia Seah", "--nobody", "--db", db)
    assert code == 0 and "Terence Low goes through; they are told" in out, err
    assert _row(db, "Q4") == ("bye", 1, None, "Terence Low")
    assert _row(db, "T2") == ("ready", None, "Grace Chua", "Terence Low")
    code, out, _ = run(runner, "event", "show", "sssg-2016", "--db", db)
    assert "  Q4   Olivia Seah (expelled) v Terence Low  (bye)" in out.splitlines()
    assert "  T2   Grace Chua v Terence Low  (ready)" in out.splitlines()

    games, lines = _count(db, "games"), _count(db, "journal")
    code, _, err = run(runner, "game", "report", "sssg-2016", "Olivia Seah", "400", "Terence Low", "300",
                       "--starter", "Terence Low", "--db", db)
    assert code == 2
    assert "Olivia Seah was expelled on " in err and "; Q4 went to Terence Low." in err
    for ruling in (("rule", "bye", "sssg-2016", "Q4", "Olivia Seah", "--why", "x"),
                   ("rule", "dispute", "sssg-2016", "Q4", "--game", "1", "--uphold", "--why", "x"),
                   ("rule", "tie", "sssg-2016", "Q4", "Terence Low", "--why", "x"),
                   ("game", "forfeit", "sssg-2016", "Q4", "--game", "1", "--to", "Terence Low",
                    "--why", "x"),
                   ("rule", "photo", "sssg-2016", "Q4", "--game", "1", "--waive", "--why", "x")):
        code, _, err = run(runner, *ruling, "--db", db)
        assert code == 2 and "Olivia Seah was expelled on " in err, (ruling, err)
        assert "Q4 went to Terence Low" in err, (ruling, err)
    assert (_count(db, "games"), _count(db, "journal")) == (games, lines)
    assert _row(db, "Q4") == ("bye", 1, None, "Terence Low")


def test_both_qualifiers_expelled_as_the_round_opens_leave_q1_unplayed(tmp_path: Path) -> None:
    """Para 26 then 29: only Terence Low has paid when the TD opens the qualifying round
    with --expel-unpaid; Hafiz Ismail and Cheryl Ng (Q1) both go. Nobody in Hafiz's slot:
    Q1 is not played (no winner), so T6's seat for its winner is a bye and Kavitha Raj
    goes through; a game in Q1 is refused and nothing is stored."""
    runner = CliRunner()
    db = str(tmp_path / "t.db")
    for args in (("event", "create", str(ROOT / "examples" / "sssg2016.toml")),
                 ("players", "import", "sssg-2016", str(ROOT / "examples" / "players24.csv")),
                 ("event", "draw", "sssg-2016", "--seed", "7"),
                 ("fees", "pay", "sssg-2016", "Terence Low", "qual-rd")):
        code, _, err = run(runner, *args, "--db", db)
        assert code == 0, err
    code, out, err = run(runner, "round", "open", "sssg-2016", "qual-rd", "--closes",
                         "2099-08-31", "--expel-unpaid", "--db", db)
    assert code == 0 and "expelled Hafiz Ismail" in out and "expelled Cheryl Ng" in out, err
    assert _row(db, "Q1")[0] == "waiting"  # the TDs choose first
    code, out, err = run(runner, "players", "replace", "sssg-2016", "Hafiz Ismail", "--nobody", "--db", db)
    assert code == 0 and "Q1 is not played" in out, err
    assert _row(db, "Q1") == ("bye", None, None, None)
    assert _row(db, "T6") == ("bye", 0, "Kavitha Raj", None)
    games = _count(db, "games")
    code, _, err = run(runner, "game", "report", "sssg-2016", "Hafiz Ismail", "400", "Cheryl Ng", "300",
                       "--starter", "Cheryl Ng", "--db", db)
    assert code == 2 and "Hafiz Ismail was expelled on " in err and "Q1 is not played" in err
    assert _count(db, "games") == games
    code, out, _ = run(runner, "event", "show", "sssg-2016", "--db", db)
    assert "  Q1   Hafiz Ismail (expelled) v Cheryl Ng (expelled)  (bye)" in out.splitlines()
