"""The journal as a TD reads it (bot/service/platform/journal_texts.py): every action the service
writes has a sentence, and the lines read who, what and why in the event's zone and
currency, with names where the journal keeps ids."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.service.platform import deadlines, journal
from bot.service.platform.journal_texts import DEADLINES, KINDS, Names, line, what
from bot.service.results import photos
from bot.store.journal_repo import JournalEntry
from bot.telegram.harness import BotUnderTest
from bot.words import for_locale
from tests.bot.club_chat import report_game, say, tap

ROOT = Path(__file__).resolve().parents[2]

#: The actions written with a computed name, by (file, the expression as written): what
#: they can be. A new one fails the walk below until it is listed here (and has its
#: sentences in KINDS).
DYNAMIC: dict[tuple[str, str], set[str]] = {
    ("bot/service/platform/deadlines.py", "f'deadline.{state}'"): {"deadline.fired",
                                                          "deadline.cancelled"},
    ("bot/service/results/photos.py", "f'photo.{_KIND_OF[ruling]}'"):
        {f"photo.{k}" for k in photos._KIND_OF.values()},
    ("bot/service/results/rulings.py", "f\"match.{ruling.replace('_', '')}\""): {"match.matchbye",
                                                                       "match.tie"},
    ("bot/service/results/rulings.py", "f'game.{ruling}'"): {"game.forfeit", "game.overtime"},
    ("bot/service/formats/ladder/ladders.py", "f'ladder.{action}'"): {"ladder.accept", "ladder.decline",
                                                      "ladder.withdraw"},
    ("bot/service/formats/ladder/ladders.py", "action"): {"ladder.result", "ladder.correct",
                                           "ladder.reopen"},
}
#: What passes its caller's action on (``journal.record``, a ladder's ``_commit``): its
#: callers are walked instead.
PASSED_ON = {("bot/service/formats/ladder/ladders.py", "action", "_commit"),
             ("bot/service/platform/journal.py", "action", "record")}


def _calls_with_action() -> list[tuple[str, str, ast.expr]]:
    """(file, enclosing function, action expression) of every call given ``action=``."""
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.AsyncFunctionDef | ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Call):
                    for kw in node.keywords:
                        if kw.arg == "action":
                            found.append((str(path.relative_to(ROOT)), fn.name, kw.value))
    return found


def written_kinds() -> set[str]:
    kinds: set[str] = set()
    unknown = []
    for file, function, value in _calls_with_action():
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            kinds.add(value.value)
        elif isinstance(value, ast.IfExp) and all(
                isinstance(v, ast.Constant) for v in (value.body, value.orelse)):
            kinds |= {str(value.body.value), str(value.orelse.value)}  # type: ignore[attr-defined]
        elif (file, ast.unparse(value), function) in PASSED_ON:
            continue
        elif (file, ast.unparse(value)) in DYNAMIC:
            listed = DYNAMIC[(file, ast.unparse(value))]
            if isinstance(value, ast.JoinedStr):  # each listed kind fits the f-string
                pattern = "".join(re.escape(str(p.value)) if isinstance(p, ast.Constant)
                                  else ".+" for p in value.values)
                assert all(re.fullmatch(pattern, k) for k in listed), (file, listed)
            kinds |= listed
        else:
            unknown.append(f"{file} ({function}): action={ast.unparse(value)}")
    assert not unknown, f"list what these can be in DYNAMIC: {unknown}"
    return {k for k in kinds if "." in k}  # "accept" etc. are ladders.respond's own words


def test_every_action_the_service_writes_has_a_sentence() -> None:
    kinds = written_kinds()
    assert len(kinds) > 60
    missing = sorted(kinds - set(KINDS))
    assert not missing, f"journal actions with no sentence in journal_texts.KINDS: {missing}"
    stale = sorted(set(KINDS) - kinds)
    assert not stale, f"sentences for actions nothing writes: {stale}"


def test_every_deadline_kind_has_a_name() -> None:
    deadlines._load_handlers()
    kinds = {kind for kind, fn in deadlines._HANDLERS.items()
             if fn.__module__.startswith("bot.")}  # other tests register kinds of their own
    assert len(kinds) >= 10 and kinds <= set(DEADLINES), kinds - set(DEADLINES)


@pytest.mark.parametrize("action", sorted(KINDS))
def test_a_line_with_its_detail_missing_still_reads(action: str) -> None:
    """A line written by an older version may lack a key: it still reads, with no braces
    or Python values in it."""
    from bot.store.events_repo import Event

    event = Event(1, "cup", "Cup", "single", "Asia/Singapore", "SGD", 500, "running", None,
                  "{}")
    entry = JournalEntry("cli", action, "match:1", {}, "", "2016-09-14T10:02:00+00:00")
    text = line(entry, Names(event))
    assert text.startswith("Wed 14 Sep 2016 18:02 (+08) TD (command line): ")
    assert what(entry, Names(event)) and "{" not in text and "None" not in text, text
    french = line(entry, Names(event), for_locale("fr"))  # each sentence is in the catalogue
    assert french.startswith("mer. 14 sept. 2016 18:02 (+08) Directeur (ligne de commande) : ")
    assert "{" not in french and "None" not in french, french


def test_a_match_forfeit_reads_in_plain_words() -> None:
    """An expelled player's match given by forfeit (SSSg para 26) says how many games
    were forfeited in words, not "game(s)"."""
    from bot.store.events_repo import Event

    event = Event(1, "cup", "Cup", "rounds", "Asia/Singapore", "SGD", 500, "running", None,
                  "{}")
    names = Names(event, matches={7: ("R2-1", "Dev Rao", "Hal Ng")})
    entry = JournalEntry("cli", "match.forfeit", "match:7", {"code": "R2-1", "to_side": 1,
                         "games": 1}, "", "2016-09-14T10:02:00+00:00")
    assert what(entry, names) == "gave R2-1 (Dev Rao v Hal Ng) to Hal Ng by forfeit (1 game forfeited)"


def test_an_unknown_action_reads_as_its_machine_form() -> None:
    from bot.store.events_repo import Event

    event = Event(1, "cup", "Cup", "single", "UTC", "SGD", 500, "running", None, "{}")
    entry = JournalEntry("system", "future.thing", "event:1", {"a": 1}, "", "2016-09-14T10:02:00")
    assert what(entry, Names(event)) == "future.thing event:1 a=1"


async def test_a_season_in_the_chat_reads_as_a_td_reads_it(bot: BotUnderTest) -> None:
    await say(bot, "Tara TD", "/paid Ann SF")
    await report_game(bot, "Ann Lee", "412-380", starter="I started")
    await tap(bot, "Dev Rao", "Agree")
    await report_game(bot, "Ann Lee", "401-390")
    await tap(bot, "Dev Rao", "Dispute")
    await say(bot, "Dev Rao", "I had 400")
    page = await journal.event_journal(bot.runtime.db, "club-cup", 200)
    lines = [text.split(" (+08) ", 1)[1] for text in page.lines()]
    for expected in (
        "Tara TD (TD): recorded Ann Lee's fee for SF, SGD 5.00; why: /paid in chat",
        "Ann Lee (player): entered game 1 of M1 (Ann Lee v Dev Rao): Ann Lee 412, Dev Rao 380, "
        "Ann Lee started (from the player's result slip)",
        "Dev Rao (player): agreed to the result of game 1 of M1 (Ann Lee v Dev Rao)",
        "Dev Rao (player): disputed game 2 of M1 (Ann Lee v Dev Rao)",
        "Dev Rao (player): said what is wrong in the dispute over M1 (Ann Lee v Dev Rao): "
        "I had 400",
        "TD (command line): opened SF, closing Mon 09 Mar 2026 23:59 (+08); not paid: "
        "Ann Lee, Ben Ong, Cai Wen, Dev Rao; why: fees at the venue",
    ):
        assert expected in lines, "\n".join(lines)
    assert all(re.match(r"^[A-Z][a-z]{2} \d\d [A-Z][a-z]{2} 2026 \d\d:\d\d \(\+08\) ", t)
               for t in page.lines())
    assert not any(re.search(r"\b(entry|match|person|round):\d", t) for t in page.lines())


def test_a_role_reads_the_same_in_the_journal_an_invite_list_and_a_refusal() -> None:
    """One table of role words (``platform/role_words``): a neutral adjudicator (SSSg
    Annex A para 19) is named so after their name in a journal line, in the invite list and
    in a refusal naming who may act, in English and in French."""
    from bot.service.people.invite_texts import invite_list
    from bot.service.platform.journal_texts import who
    from bot.store.events_repo import Event
    from bot.words.said import english, render

    event = Event(1, "cup", "Cup", "single", "UTC", "SGD", 500, "running", None, "{}")
    names = Names(event, people={4: "Rita Officer"}, roles={4: ["adjudicator", "td"]})
    line_of = who("person:4 (Rita)", names)
    assert not isinstance(line_of, str)
    assert english(line_of) == "Rita Officer (TD, neutral adjudicator)"
    assert render(line_of, for_locale("fr")) == "Rita Officer (arbitre, juge neutre)"
    invites = invite_list("Cup", [("adjudicator", "Rita Officer", "https://t.me/x", False)])
    assert english(invites).endswith("neutral adjudicator Rita Officer: https://t.me/x")
    assert render(invites, for_locale("fr")).endswith("juge neutre Rita Officer : https://t.me/x")
