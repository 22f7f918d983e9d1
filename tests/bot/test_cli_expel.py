"""tdbot expel and tdbot replace (SSSg Annex A paras 26, 27, 29), and tdbot round open's
--expel-unpaid: the same use-cases as the chat; bad input is one line, exit 2."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tests.bot.test_cli_platform import _event, run


def test_expel_and_fill_the_slot_from_the_command_line(tmp_path: Path) -> None:
    runner = CliRunner()
    db = _event(runner, tmp_path)
    code, out, err = run(runner, "draw-event", "sssg-2016", "--seed", "5", "--db", db)
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

    code, _, err = run(runner, "expel", "sssg-2016", "Player 24", "--db", db)
    assert code == 2 and "say why with --why TEXT" in err
    code, _, err = run(runner, "replace", "sssg-2016", "Player 24", "--nobody", "--db", db)
    assert code == 2 and "Player 24 is not expelled" in err
    code, out, err = run(runner, "expel", "sssg-2016", "Player 24", "--why", "no show", "--db", db)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "expelled Player 24: no show"
    assert "their slot in Q" in lines[1] and "may be offered (para 29)" in lines[1]
    assert "nobody from the previous round can take it" in out
    assert 'tdbot replace sssg-2016 "Player 24" --with NAME' in out
    code, out, _ = run(runner, "inbox", "sssg-2016", "--db", db)
    assert "expelled (para 29): Player 24's slot in Q" in out

    code, _, err = run(runner, "replace", "sssg-2016", "Player 24", "--db", db)
    assert code == 2 and "--with NAME, or --nobody" in err
    code, _, err = run(runner, "replace", "sssg-2016", "Player 24", "--with", "Player 01",
                       "--db", db)
    assert code == 2 and "cannot take Player 24's slot" in err and "who can: nobody" in err
    code, out, err = run(runner, "replace", "sssg-2016", "Player 24", "--nobody", "--db", db)
    assert code == 0 and "nobody takes Player 24's slot in Q" in out and "goes through" in out
    code, out, _ = run(runner, "replace", "sssg-2016", "Player 24", "--nobody", "--db", db)
    assert code == 0 and "was filled already" in out
    code, out, _ = run(runner, "journal", "sssg-2016", "--limit", "200", "--db", db)
    assert "TD (command line): expelled Player 24 from Q" in out
    assert "TD (command line): left Player 24's place in Q" in out
