"""A refusal is said to the person who asked in their language (``bot/service/platform/
errors.py``): a use-case refuses with a record, ``Invalid(said("..."))``, which the chat
writes in the reader's language, not with an English sentence, which every reader would
read in English. ``NOT_YET`` lists the service modules still refusing in a bare string or
an f-string; it only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "bot" / "service"

#: The refusals a use-case raises (``bot/service/platform/errors.py``).
REFUSALS = {"ServiceError", "NotAllowed", "NotFound", "Invalid", "OwnMatch"}

#: Service modules that still refuse in English text (each to say a record instead).
NOT_YET: set[str] = set()


def _is_text(node: ast.expr) -> bool:
    """A string written in the code: a literal, an f-string, their concatenation, or one
    formatted (``"...".format(...)``, ``"..." % x``)."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.BinOp):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        return node.func.attr == "format" and _is_text(node.func.value)
    return False


def english_refusals(source: str) -> list[str]:
    """The lines where a refusal is made with text written in English in the code."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(
                node.func, "id", "")
            if name in REFUSALS and node.args and _is_text(node.args[0]):
                found.append(f"{node.lineno}: {name} in English text")
    return found


def _modules() -> dict[str, list[str]]:
    return {str(path.relative_to(ROOT)): english_refusals(path.read_text(encoding="utf-8"))
            for path in sorted(SERVICE.rglob("*.py"))}


def test_the_check_finds_an_english_refusal() -> None:
    assert english_refusals('raise Invalid("No such match.")') == ["1: Invalid in English text"]
    assert english_refusals('raise NotFound(f"No match {code}.")')
    assert english_refusals('raise NotAllowed("Only TDs " + "may.")')
    assert english_refusals('raise Invalid("Use {x}.".format(x=1))')
    assert english_refusals('return OwnMatch(f"Your own match {code}.")')
    assert not english_refusals('raise Invalid(said("No such match {code}.", code=c))')
    assert not english_refusals('raise Invalid(say.too_many(3))')


def test_new_refusals_are_records() -> None:
    english = {module: lines for module, lines in _modules().items() if lines}
    new = {module: lines for module, lines in english.items() if module not in NOT_YET}
    assert not new, ("a refusal in English text: say it as a record, Invalid(said(...)), "
                     f"so it reads in the reader's language: {new}")


def test_not_yet_only_shrinks() -> None:
    done = {module for module, lines in _modules().items() if not lines} & NOT_YET
    missing = {m for m in NOT_YET if not (ROOT / m).exists()}
    assert not done, f"these refuse in records now: remove them from NOT_YET: {sorted(done)}"
    assert not missing, f"no such module: remove it from NOT_YET: {sorted(missing)}"
