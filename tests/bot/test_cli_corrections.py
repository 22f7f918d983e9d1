"""A TD corrects a game on record at the command line, ``tdbot game correct``
(bot/cli/correct_cmds.py over bot/service/results/corrections.py, the chat's /correct use-case):
the stored game, the match and the bracket after it, the journal, and the impact on a
later match that needs --confirm.

The club cup of test_cli_rulings: SF best of 3 (M1 Ann Lee v Dev Rao, M2 Ben Ong v Cai
Wen), the Final (M3) best of 5, built through the commands.
"""

from __future__ import annotations

import sqlite3

from tests.bot.test_cli_rulings import closes, db, dump, ok, one, refused, report, run

__all__ = ["db"]  # the fixture


def _games(db: str, code: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return [tuple(r) for r in conn.execute(
            "SELECT g.kind, g.starter_side, g.score_a, g.score_b, g.void FROM games g"
            " JOIN matches m ON m.id = g.match_id WHERE m.code = ? ORDER BY g.seq", (code,))]


def test_a_paper_slip_typed_wrong_is_corrected(db: str) -> None:
    report(db, "Ann Lee", "412", "Dev Rao", "380", "--starter", "Ann Lee")
    assert ok("game", "correct", "club-cup", "M1", "--game", "1",
              "--scores", "380", "412", "--starter", "dev", "--why", "typed the slip wrong",
              "--db", db) == [
        "M1 game 1: Ann Lee 412, Dev Rao 380 (Ann Lee started) -> Ann Lee 380, Dev Rao 412 "
        "(Dev Rao started)",
        "score: Ann Lee 0-1 Dev Rao (-32)",
    ]
    assert _games(db, "M1") == [("played", 1, 380, 412, 0)]
    assert one(db, "SELECT state, winner_side FROM matches WHERE code = 'M1'") == ("playing",
                                                                                  None)
    assert one(db, "SELECT why FROM journal WHERE action = 'game.corrected'") == (
        "typed the slip wrong")
    told = one(db, "SELECT o.text_html FROM outbox o JOIN people p ON p.id = o.person_id"
                   " WHERE p.name = 'Ann Lee' ORDER BY o.id DESC LIMIT 1")
    assert isinstance(told, str) and told.startswith(
        "⚖️ <b>Club Cup &lt;2026&gt;, SF</b>: a TD corrected game 1 of your match against "
        "<b>Dev Rao</b>. It is now you 380, Dev Rao 412 (Dev Rao started); it was you 412, "
        "Dev Rao 380 (you started).\nWhy: typed the slip wrong")
    # the next game's starter follows the corrected game 1 (para 15): Ann starts game 2
    assert report(db, "Ann Lee", "400", "Dev Rao", "300")[0].endswith("Ann Lee started")


def test_bad_corrections_are_refused_and_write_nothing(db: str) -> None:
    report(db, "Ann Lee", "412", "Dev Rao", "380", "--starter", "Ann Lee")
    before = dump(db)
    for args, message in [
        (("--scores", "400", "380"), "say why with --why TEXT"),
        (("--scores", "400", "380", "--void", "--why", "x"), "void the game, or correct its "
         "scores or starter: not both"),
        (("--why", "x",), "say what to correct: --scores A B, --starter NAME or --void"),
        (("--scores", "400", "0", "--why", "x"), "Dev Rao scored 0"),
        (("--starter", "Ben Ong", "--why", "x"), "'Ben Ong' does not play in M1"),
    ]:
        refused(run("game", "correct", "club-cup", "M1", "--game", "1", *args, "--db", db),
                message)
    refused(run("game", "correct", "club-cup", "M1", "--game", "2", "--void", "--why", "x",
                "--db", db), "M1 has no game 2: 1 game counts")
    refused(run("game", "correct", "club-cup", "M7", "--game", "1", "--void", "--why", "x",
                "--db", db), "no match 'M7' in club-cup")
    assert dump(db) == before


def test_a_correction_that_voids_the_final_needs_confirm(db: str) -> None:
    report(db, "Ann Lee", "412", "Dev Rao", "380", "--starter", "Ann Lee")
    report(db, "Ann Lee", "420", "Dev Rao", "350")
    report(db, "Ben Ong", "400", "Cai Wen", "300", "--starter", "Ben Ong")
    report(db, "Ben Ong", "401", "Cai Wen", "399")
    ok("round", "open", "club-cup", "Final", "--closes", closes(), "--unpaid-ok",
       "--why", "fees at the venue", "--db", db)
    report(db, "Ann Lee", "400", "Ben Ong", "300", "--starter", "Ann Lee")
    before = dump(db)
    refused(run("game", "correct", "club-cup", "M1", "--game", "2", "--void", "--why",
                "a practice game", "--db", db),
            "voids later match(es) M3 (1 game(s) played). Nothing was changed: confirm")
    assert dump(db) == before
    out = ok("game", "correct", "club-cup", "M1", "--game", "2", "--void", "--why",
             "a practice game", "--confirm", "--db", db)
    assert out[0] == ("M1 game 2: Ann Lee 420, Dev Rao 350 (Dev Rao started) -> void")
    assert out[1:] == ["score: Ann Lee 1-0 Dev Rao (+32)",
                       "impact: correcting M1; voids its game(s) 2; voids later match(es) M3 (1 "
                       "game(s) played)"]
    assert _games(db, "M1") == [("played", 0, 412, 380, 0), ("played", 1, 420, 350, 1)]
    assert one(db, "SELECT state, winner_side FROM matches WHERE code = 'M1'") == ("playing",
                                                                                  None)
    assert _games(db, "M3") == [("played", 0, 400, 300, 1)]
    assert one(db, "SELECT state, entry_a, entry_b FROM matches WHERE code = 'M3'") == (
        "waiting", None, 2)


def test_a_match_an_expulsion_settled_is_not_corrected(db: str) -> None:
    """SSSg para 29: Dev is expelled after game 1 of M1; the match went to Ann as a match
    bye (para 27) and nothing more is recorded in it."""
    report(db, "Ann Lee", "412", "Dev Rao", "380", "--starter", "Ann Lee")
    ok("players", "expel", "club-cup", "Dev Rao", "--why", "no show for game 2", "--db", db)
    before = dump(db)
    refused(run("game", "correct", "club-cup", "M1", "--game", "1", "--scores", "412", "390",
                "--why", "x", "--db", db),
            "Dev Rao was expelled on ")
    assert dump(db) == before
