"""The import graph of ``bot/`` and ``core/`` has no circles, and the service, the store and
the core import at the top of a module, not inside a function.

A circle makes the order modules load in matter, and it is usually dodged by moving an
import into a function, which hides the circle from the reader (and from this test's first
check): so an import inside a function in ``bot/service``, ``bot/store`` or ``core`` must say
on its line why it must be lazy (``# lazy: heavy, only for pictures``). The command line
(``bot/cli``) and the Telegram adapter import inside their commands and handlers on purpose:
a command loads only what it needs (see ``bot/cli/__init__.py``).

The graph is read from the source with ``ast``: ``import X``, ``from X import Y`` (an edge
to ``X.Y`` when that is a module, else to ``X``) and ``from . import Y``, wherever they stand
(inside functions and ``if TYPE_CHECKING:`` blocks too: a circle of types is still a circle).
Importing ``a.b.c`` also runs the packages ``a`` and ``a.b``, but only their ``__init__``
files' own imports make edges, so a package is not in a circle merely for holding modules.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "core")
#: Where an import inside a function must carry its reason (``# lazy: ...``).
STRICT = ("bot/service", "bot/store", "core")

#: A circle this test lets pass while it is being broken (its modules exactly); none is left.
KNOWN_CIRCLE: frozenset[str] = frozenset()


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(module: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, ast.stmt]]:
    """The modules of ``bot``/``core`` that ``module`` imports, with the statement."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known_prefix(alias.name, known)
                if target:
                    yield target, node
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                here = module.split(".") if is_package else module.split(".")[:-1]
                here = here[:len(here) - (node.level - 1)]
                base = ".".join([*here, base] if base else here)
            for alias in node.names:
                target = _known_prefix(f"{base}.{alias.name}", known) or _known_prefix(base, known)
                if target:
                    yield target, node


def _known_prefix(name: str, known: dict[str, Path]) -> str | None:
    """``name`` if it is a module here, else the longest module it lies in (the package a
    ``from package import name`` takes a name from)."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in known:
            return candidate
        parts.pop()
    return None


def _graph() -> dict[str, set[str]]:
    known = _modules()
    return {module: {target for target, _ in _imports(module, path, known) if target != module}
            for module, path in known.items()}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative), each sorted, largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found, key=lambda c: (-len(c), c))


def _a_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One concrete circle through the component's first module, for the message."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph[node] & members):
            if child == start:
                return [*paths[node], start]
            if child not in paths:
                paths[child] = [*paths[node], child]
                queue.append(child)
    return component  # pragma: no cover - a component always has a cycle through each member


def test_the_import_graph_of_bot_and_core_has_no_circle() -> None:
    graph = _graph()
    problems = []
    for component in _circles(graph):
        if set(component) <= KNOWN_CIRCLE:
            continue
        problems.append(" -> ".join(_a_cycle(graph, component))
                        + f"\n    ({len(component)} modules: {', '.join(component)})")
    assert not problems, "import circles:\n" + "\n".join(problems)


def test_the_graph_sees_a_circle() -> None:
    """The finder itself: a made-up graph's circle is found, a chain is not."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _circles(graph) == [["a", "b", "c"]]
    assert _a_cycle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert _circles({"a": {"b"}, "b": set()}) == []


def _function_imports(path: Path) -> Iterator[ast.stmt]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    yield inner


def test_imports_inside_functions_say_why_they_are_lazy() -> None:
    known = _modules()
    waived = {known[module] for module in KNOWN_CIRCLE}
    bad = set()
    for folder in STRICT:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path in waived:
                continue
            lines = path.read_text(encoding="utf-8").splitlines()
            for node in _function_imports(path):
                end = node.end_lineno or node.lineno
                text = " ".join(lines[node.lineno - 1:end])
                if "# lazy:" not in text:
                    bad.add(f"{path.relative_to(ROOT)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    assert not bad, ("imports inside a function without a '# lazy: why' comment on the line "
                     "(move them to the top, breaking the circle they dodge):\n"
                     + "\n".join(sorted(bad)))
