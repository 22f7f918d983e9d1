"""The service says what happened as records (``bot/words/said.py``), and one renderer writes
them as Telegram HTML in the reader's language (docs/architecture.md, Words): a service
module that escapes text itself or writes an HTML tag outside a record is making a message
the renderer cannot translate. ``NOT_YET`` lists the modules still doing so; it only
shrinks."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "bot" / "service"

#: Telegram HTML's tags (Bot API, "HTML style").
TAG = re.compile(r"</?(b|strong|i|em|u|ins|s|strike|del|code|pre|a|blockquote|tg-spoiler|"
                 r"tg-emoji|span)(\s[^>]*)?>")
#: The calls whose first arguments are a message's text: records, and the catalogue's marks.
MARKS = {"said": 1, "said_n": 2, "_": 1, "n_": 2, "N_": 1}

#: What escapes text for HTML, by the names the service gave it.
ESCAPES = {"escape", "esc"}

#: Service modules that still write HTML or escape by hand (each to become records).
NOT_YET: set[str] = set()


def _marked(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are a record's or a catalogue message's text."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                node.func, "id", "")
            for arg in node.args[:MARKS.get(name, 0)]:
                ids |= {id(n) for n in ast.walk(arg)}
    return ids


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                          | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def hand_made_html(source: str) -> list[str]:
    """What makes a module's messages by hand: importing ``html`` or calling an escape
    (``esc``, ``escape``), and each string with an HTML tag that is not a record's or a catalogue message's text."""
    tree = ast.parse(source)
    found = []
    skip = _marked(tree) | _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name == "html" for a in node.names):
            found.append(f"{node.lineno}: imports html")
        elif isinstance(node, ast.ImportFrom) and node.module == "html":
            found.append(f"{node.lineno}: imports from html")
        elif isinstance(node, ast.Call) and (
                node.func.attr if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", "")) in ESCAPES:
            found.append(f"{node.lineno}: escapes by hand")
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in skip and TAG.search(node.value)):
            found.append(f"{node.lineno}: HTML in {node.value[:40]!r}")
    return found


def test_the_check_finds_hand_made_html() -> None:
    assert hand_made_html("import html\nx = html.escape(name)") == ["1: imports html",
                                                                   "2: escapes by hand"]
    assert hand_made_html("from html import escape as esc") == ["1: imports from html"]
    assert hand_made_html('x = f"<b>{name}</b> won"') == ["1: HTML in '<b>'", "1: HTML in '</b> won'"]
    assert hand_made_html('x = "<a href=\\"u\\">link</a>"') != []
    assert hand_made_html('x = said("<b>{name}</b> won", name=n)') == []
    assert hand_made_html('x = said_n("<i>{n}</i> game", "<i>{n}</i> games", k)') == []
    assert hand_made_html('def f():\n    """Says <b>bold</b>."""') == []
    assert hand_made_html('x = "a < b and c > d"') == []
    assert hand_made_html("x = esc(name)") == ["1: escapes by hand"]


def test_the_service_says_records_and_writes_no_html() -> None:
    found = {}
    for path in sorted(SERVICE.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        lines = hand_made_html(path.read_text(encoding="utf-8"))
        if lines:
            found[where] = lines
    new = {where: lines for where, lines in found.items() if where not in NOT_YET}
    assert new == {}, "say it as a record (bot/words/said.py): said(...), no html.escape"
    done = sorted(NOT_YET - set(found))
    assert done == [], f"these now say records: take them off NOT_YET: {done}"


def _takes_wording(source: str) -> list[str]:
    """The functions of a module that take their answer's wording from their caller: a
    parameter named ``render`` (a callback from the adapter into the use-case)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args.args + node.args.kwonlyargs + node.args.posonlyargs
            if any(a.arg == "render" for a in args):
                found.append(node.name)
    return found


def test_the_check_finds_a_use_case_taking_its_wording() -> None:
    assert _takes_wording("async def expel(db, req, *, render=None):\n    pass\n") == ["expel"]
    assert _takes_wording("async def expel(db, req):\n    pass\n") == []


def test_no_use_case_takes_its_wording_from_the_adapter() -> None:
    """A use-case writes its own answer as records (``unit.answer``); the adapter passes it
    no wording to run inside its transaction."""
    offenders = {str(path.relative_to(ROOT)): names for path in sorted(SERVICE.rglob("*.py"))
                 if (names := _takes_wording(path.read_text(encoding="utf-8")))}
    assert offenders == {}
