"""No code outside a format's own package asks which format an event is: it asks the format
(``bot.service.formats.registry.format_of``), so that one format's rule cannot leak into
another's (a knockout's tie-break naming a winner in a Swiss). And no import circle in
``bot/service``: the formats use the shared services, which reach them only through the
registry.

The scan reads bot/ as syntax (``ast``), so ``str.format`` and ``datetime.isoformat`` are
never mistaken for a format: what it flags is a comparison whose operand is an event's
``.format`` (or a record's ``["format"]``), a comparison of a format's key ("sssg", "club"
...) with a name that holds a format (``fmt``, ``format``), and the old helpers that named
the knockouts (``is_knockout``, ``KNOCKOUTS``, ``DATED_ROUNDS``, ``ROUND_FORMATS``, a
module's ``FORMAT``) used outside their package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOT = ROOT / "bot"
#: The format packages: each may test its own formats (``sssg`` against ``single``).
PACKAGES = tuple(f"bot/service/formats/{p}/" for p in ("knockout", "rounds", "club", "ladder"))
#: The one module that maps a format's key to the format.
ALLOWED = frozenset({"bot/service/formats/registry.py"})
KEYS = frozenset({"sssg", "single", "double", "rounds", "club", "ladder", "knockout"})
HOLDERS = frozenset({"fmt", "format"})
HELPERS = frozenset({"is_knockout", "KNOCKOUTS", "DATED_ROUNDS", "ROUND_FORMATS", "FORMAT"})


def _is_format(node: ast.expr) -> bool:
    """An event's format: ``x.format`` (not called: ``"{}".format`` is), ``x["format"]``."""
    if isinstance(node, ast.Attribute) and node.attr == "format":
        return True
    return (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
            and node.slice.value == "format")


def _holds_format(node: ast.expr) -> bool:
    name = node.id if isinstance(node, ast.Name) else (
        node.attr if isinstance(node, ast.Attribute) else "")
    return name in HOLDERS


def _is_key(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in KEYS
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_is_key(e) for e in node.elts)
    return False


def checks(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Each check of a format in ``tree``: (line, what)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(_is_format(o) for o in operands):
                yield node.lineno, "compares an event's format"
            elif any(_is_key(o) for o in operands) and any(_holds_format(o) for o in operands):
                yield node.lineno, "compares a format with a format's key"
        elif isinstance(node, ast.Name) and node.id in HELPERS:
            yield node.lineno, f"uses {node.id}"
        elif isinstance(node, ast.Attribute) and node.attr in HELPERS:
            yield node.lineno, f"uses .{node.attr}"


def _found(root: Path = BOT) -> list[str]:
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in ALLOWED or rel.startswith(PACKAGES):
            continue
        for line, what in checks(ast.parse(path.read_text(encoding="utf-8"))):
            out.append(f"{rel}:{line}: {what}")
    return out


def test_no_check_of_an_events_format_outside_its_package() -> None:
    assert _found() == []


def test_the_scan_sees_each_kind_of_check_and_not_str_format() -> None:
    """The scan is not blind: each form of check is found, and ``str.format`` or
    ``isoformat`` is not."""
    code = '''
if event.format == "ladder": pass
if record["format"] in ("sssg", "single"): pass
if fmt != "club": pass
if is_knockout(e.format): pass
x = club_nights.FORMAT
y = "{} {}".format(1, 2) == "1 2"
z = when.isoformat() == "2026-01-01"
w = kind == "double"
'''
    assert sorted(line for line, _ in checks(ast.parse(code))) == [2, 3, 4, 5, 6]


def _imports(path: Path) -> set[str]:
    """The bot.service modules ``path`` imports when it runs (not those imported only for
    type checking), wherever the import stands."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {id(n) for top in ast.walk(tree) if isinstance(top, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(top.test) for n in ast.walk(top)}
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m.startswith("bot.service")}


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of ``graph``, or []."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt):], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return []

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return []


def test_no_import_circle_in_the_service() -> None:
    modules = {}
    for path in (BOT / "service").rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        modules[name.removesuffix(".__init__")] = path
    graph = {name: {m for m in _imports(path) if m in modules and m != name}
             for name, path in modules.items()}
    assert _cycle(graph) == []


def test_the_shared_service_reaches_no_format_package() -> None:
    """results, events, people, fees and platform import no format package: they ask the
    registry, which loads an event's format on first use (``formats.registry``)."""
    shared = [p for room in ("results", "events", "people", "fees", "platform")
              for p in (BOT / "service" / room).rglob("*.py")]
    reached = {f"{p.relative_to(ROOT)}: {m}" for p in shared for m in _imports(p)
               if m.startswith(tuple(p.replace("/", ".") for p in PACKAGES))}
    assert sorted(reached) == []
