"""The package's modules import one another without circles: no module imports, at any level (top, inside a
function, or for type checking), one that imports it back."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[1] / "hostkit"


def modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        name = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{target}.{alias.name}"
                found.add(full if full in known else target)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found & known - {name}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_no_module_imports_one_that_imports_it_back():
    found = modules()
    graph = {name: imports(name, path, set(found)) for name, path in found.items()}
    assert circles(graph) == []


def test_the_check_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


LAYERS = [
    ("hostkit.errors",),
    ("hostkit.core",),
    ("hostkit.storage", "hostkit.delivery", "hostkit.games"),
    ("hostkit.library",),
    ("hostkit", "hostkit.__main__", "hostkit.cli"),
]
"""From the bottom: errors, the pure core, then storage, delivery and the games, then the library, then the
package's front door and the command line on top. A module imports only modules of its own layer or below."""


def layer(name: str) -> int:
    for number, prefixes in enumerate(LAYERS):
        if any(name == p or name.startswith(p + ".") for p in prefixes if p != "hostkit") or name in prefixes:
            return number
    raise AssertionError(f"{name} is in no layer: add it to LAYERS")


def test_every_module_imports_only_its_own_layer_and_below():
    found = modules()
    upward = [
        (name, target)
        for name, path in found.items()
        for target in imports(name, path, set(found))
        if layer(target) > layer(name)
    ]
    assert upward == []


def test_no_game_imports_the_command_line():
    found = modules()
    games = {name: path for name, path in found.items() if name.startswith("hostkit.games")}
    assert games and not [
        (name, target)
        for name, path in games.items()
        for target in imports(name, path, set(found))
        if target.startswith("hostkit.cli")
    ]


def test_no_function_in_hostkit_is_longer_than_a_reader_holds_in_mind():
    root = Path(__file__).parents[1] / "hostkit"
    long = [
        f"{path.relative_to(root)}:{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for path in sorted(root.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > 60
    ]
    assert long == []
