"""The code's shape, kept: a state is compared through its enum, never as a bare string
(a typo such as ``"Open"`` or ``"decide"`` would otherwise compare False forever and
silently), and no two classes in bot/ and core/ share a name (two ``MatchView`` in one
call chain are read as one)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: Fields and variables that hold a stored state (the rows' ``state`` columns and the views
#: that carry them).
STATE_NAMES = {"state", "status", "round_state", "slip_state", "open_slip"}


def _sources() -> list[Path]:
    return sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "core").rglob("*.py")])


def _own_sources() -> list[Path]:
    """The project's code without the fake Telegram, whose states are Telegram's."""
    return [p for p in _sources() if "fakebot" not in p.parts]


def _names_state(node: ast.expr) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr in STATE_NAMES
    return isinstance(node, ast.Name) and node.id in STATE_NAMES


def _bare_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_bare_literal(e) for e in node.elts)
    return False


def bare_state_comparisons(source: str) -> list[int]:
    """Lines comparing a state field with a string literal (``x.state == "open"``,
    ``m.state in ("ready", "playing")``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        for left, right in zip(sides, sides[1:], strict=False):
            if (_names_state(left) and _bare_literal(right)) or \
                    (_names_state(right) and _bare_literal(left)):
                found.append(node.lineno)
    return found


def test_the_check_finds_bare_state_literals() -> None:
    assert bare_state_comparisons('x.state == "open"') == [1]
    assert bare_state_comparisons('m.state in ("ready", Stage.PLAYING)') == [1]
    assert bare_state_comparisons('"open" != state') == [1]
    assert bare_state_comparisons("x.state == State.OPEN") == []
    assert bare_state_comparisons('x.kind == "played"') == []


def test_states_are_compared_through_their_enums() -> None:
    bare = [f"{path.relative_to(ROOT)}:{line}" for path in _own_sources()
            for line in bare_state_comparisons(path.read_text())]
    assert bare == [], "compare states with their StrEnum members, e.g. RoundState.OPEN"


def test_no_two_classes_share_a_name() -> None:
    """One name, one concept: a reader (or an import) can never take one for the other."""
    where: dict[str, list[str]] = {}
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(str(path.relative_to(ROOT)))
    shared = {name: paths for name, paths in where.items() if len(paths) > 1}
    assert shared == {}, "rename one of each pair for what it holds"


def test_only_the_matches_repository_writes_matches() -> None:
    """Every INSERT and UPDATE of ``matches`` goes through bot/store/matches_repo.py, so
    that the stored match has one shape and one set of writes."""
    writers = sorted(
        str(path.relative_to(ROOT)) for path in _sources()
        if re.search(r"(INSERT\s+INTO|UPDATE)\s+matches\b", path.read_text(), re.IGNORECASE)
    )
    assert writers == ["bot/store/matches_repo.py"]
