"""One way through: every workbook hostkit writes is written by one function, the commit's `write_all`."""

from __future__ import annotations

import ast
from pathlib import Path

import hostkit

PACKAGE = Path(hostkit.__file__).parent


FILES = {"open", "fdopen"}
"""Calls that open a plain file (a picture), whose handle's write is not a workbook's."""


def files_opened(function: ast.AST) -> set[str]:
    """The names a function binds to a plain file it opened (`with open(...) as file`)."""
    return {
        item.optional_vars.id
        for node in ast.walk(function)
        if isinstance(node, ast.With)
        for item in node.items
        if isinstance(item.optional_vars, ast.Name)
        and isinstance(item.context_expr, ast.Call)
        and getattr(item.context_expr.func, "attr", getattr(item.context_expr.func, "id", "")) in FILES
    }


def writers(root: Path = PACKAGE) -> set[tuple[str, str]]:
    """Every function outside storage/ (which implements the writing) that calls a workbook's write or create."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        if "storage" in path.relative_to(root).parts:
            continue
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            files = files_opened(function)
            for node in ast.walk(function):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                    receiver = node.func.value
                    if node.func.attr in ("write", "create") and not (
                        isinstance(receiver, ast.Name) and receiver.id in files
                    ):
                        found.add((path.relative_to(root).as_posix(), function.name))
    return found


def test_exactly_one_function_writes_to_a_workbook():
    assert {name for _, name in writers()} == {"write_all"}
    assert len(writers()) == 1


def test_the_scan_finds_a_write_outside_storage_only(tmp_path):
    (tmp_path / "storage").mkdir()
    (tmp_path / "stray.py").write_text("def sneak(book):\n    book.write({})\n", encoding="utf-8")
    (tmp_path / "storage" / "xlsx.py").write_text("def save(book):\n    book.create({})\n", encoding="utf-8")
    (tmp_path / "picture.py").write_text(
        "import os\ndef draw(fd, data):\n    with os.fdopen(fd, 'wb') as file:\n        file.write(data)\n",
        encoding="utf-8",
    )
    assert writers(tmp_path) == {("stray.py", "sneak")}
