"""The shape of the `tdbot` command line: a few nouns at the top (plus `run` and `demo`),
every command's short help one whole sentence, and every `tdbot ...` command line the
README, the guides in docs/ or the bot mention names a command that exists."""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from pathlib import Path

import typer
from typer.testing import CliRunner

import bot.cli  # noqa: F401  (registers every command module)
from bot.cli.app import ORDER, app

ROOT = Path(__file__).resolve().parents[2]

#: The top of the tree: the operator's two verbs, the operator's nouns (the database, the
#: live pages' site) and the nouns a TD acts on.
TOP = {"run", "demo", "db", "site", "event", "players", "round", "game", "rule", "fees",
       "club", "ladder", "files"}


def _root() -> typer.core.TyperGroup:
    command = typer.main.get_command(app)
    assert isinstance(command, typer.core.TyperGroup)
    return command


def _walk(command: typer.core.TyperCommand | typer.core.TyperGroup,
          path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], object]]:
    yield path, command
    if isinstance(command, typer.core.TyperGroup):
        for name, sub in command.commands.items():
            yield from _walk(sub, (*path, name))  # type: ignore[arg-type]


def test_the_top_level_holds_only_the_nouns_and_run_and_demo() -> None:
    assert set(_root().commands) <= TOP
    assert set(ORDER["tdbot"]) == TOP


def test_every_help_line_is_one_whole_sentence() -> None:
    """typer lists a command by the first paragraph of its help: one line, one sentence,
    ending with a full stop (a paragraph broken mid-sentence shows broken in --help)."""
    bad = []
    for path, command in _walk(_root()):
        if not path:
            continue
        text = inspect.cleandoc(getattr(command, "help", None) or "")
        first = text.split("\n\n")[0].strip()
        whole = (first and "\n" not in first and first.endswith(".")
                 and not first.endswith("..") and not re.search(r"[.;:] [A-Z][a-z]", first)
                 and "[" not in first)  # rich would read [word] as markup and drop it
        if not whole:
            bad.append(f"tdbot {' '.join(path)}: {first!r}")
    assert not bad, "\n".join(bad)


def test_help_lists_the_commands_in_order() -> None:
    result = CliRunner().invoke(app, ["--help"], terminal_width=100)
    shown = re.findall(r"^  ([a-z][\w-]*)  ", result.stdout, flags=re.MULTILINE)
    assert shown == list(ORDER["tdbot"])
    for heading in ("The bot:", "An event:", "A club:", "Files (no database):"):
        assert f"\n{heading}\n" in result.stdout
    result = CliRunner().invoke(app, ["event", "--help"], terminal_width=100)
    shown = re.findall(r"^  ([a-z][\w-]*)  ", result.stdout, flags=re.MULTILINE)
    assert shown == [name for name in ORDER["event"] if name in shown]
    assert shown[:4] == ["create", "list", "show", "draw"]


# --- every `tdbot ...` line mentioned names a command that exists ------------------------

#: The program's name followed, on the same line, by a word (a path such as /opt/tdbot
#: or a file tdbot.sqlite3 is not the program).
MENTION = re.compile(r"(?<![\w/.-])tdbot(?=[ \t]+\S)")


def _problem(words: list[str]) -> str | None:
    """Why ``tdbot WORDS...`` does not name a command, or None if it does (or is no command
    line at all: ``tdbot {version}``, the word tdbot in prose)."""
    command: object = _root()
    first = True
    for raw in words:
        ends = "`" in raw or raw != raw.rstrip("'\",;:.()")  # the mention ends with this word
        word = raw.split("`")[0].strip("'\",;:.()")
        if not isinstance(command, typer.core.TyperGroup):
            return None  # a command reached: the rest are its arguments
        if word.startswith("-") or not word:
            return None if first or word in ("--help", "") else f"{word} after a group"
        if not re.fullmatch(r"[a-z][a-z|-]*", word):
            return None if first else f"{word!r} is no command of the group"
        names = word.split("|")
        missing = [n for n in names if n not in command.commands]
        if missing:
            if first and len(words) == 1:
                return f"no command {word!r}"
            return f"no command {' '.join(missing)!r}"
        command = command.commands[names[0]]
        first = False
        if ends:
            return None
    return None


def _mentions(text: str) -> Iterator[tuple[str, str]]:
    for match in MENTION.finditer(text):
        words = text[match.end():match.end() + 200].split()[:4]
        if not words or not re.match(r"[a-z-]", words[0]) or words[0] == "tdbot":
            continue  # tdbot: error, tdbot {version}, compose's `exec tdbot tdbot ...`
        problem = _problem(words)
        if problem:
            yield "tdbot " + " ".join(words), problem


def _python_strings(path: Path) -> Iterator[str]:
    """Every string of a module, an f-string with {} for each value put in."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.JoinedStr):
            yield "".join(part.value if isinstance(part, ast.Constant) else "{}"
                          for part in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


#: Every document a person reads: the README, the guides and the reference in docs/, and
#: the READMEs of deploy/ and examples/.
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
             ROOT / "deploy" / "README.md", ROOT / "examples" / "README.md"]


def test_the_readme_names_only_commands_that_exist() -> None:
    assert len(DOCUMENTS) > 5
    wrong = [f"{path.relative_to(ROOT)}: {line}: {why}" for path in DOCUMENTS
             for line, why in _mentions(path.read_text(encoding="utf-8"))]
    assert not wrong, "\n".join(wrong)


def test_the_bot_names_only_commands_that_exist() -> None:
    wrong: set[str] = set()
    for path in sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "core").rglob("*.py")]):
        for text in _python_strings(path):
            wrong |= {f"{path.relative_to(ROOT)}: {line}: {why}"
                      for line, why in _mentions(text)}
    assert not wrong, "\n".join(sorted(wrong))


def test_a_wrong_mention_is_caught() -> None:
    """The checker itself: old names and a group without its command are found."""
    assert list(_mentions("run `tdbot draw-event sssg --seed 7`"))
    assert list(_mentions("(Command line: tdbot rule {} M1 --game 2)"))
    assert list(_mentions("tdbot held release|void EVENT ID"))
    assert not list(_mentions("tdbot rule held-release|held-void EVENT ID"))
    assert not list(_mentions("`tdbot event show sssg-2016` lists them; tdbot {}"))
    assert not list(_mentions("as user `tdbot` with the tdbot: prefix"))
