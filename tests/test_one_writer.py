"""One way through: every workbook hostkit writes is written by one function, the commit's `write_all`."""

from __future__ import annotations

import ast
from pathlib import Path

import hostkit

PACKAGE = Path(hostkit.__file__).parent


def writers(root: Path = PACKAGE) -> set[tuple[str, str]]:
    """Every function outside storage/ (which implements the writing) that calls a workbook's write or create."""
    found = set()
    for path in sorted(root.rglob("*.py")):
        if "storage" in path.relative_to(root).parts:
            continue
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                    if node.func.attr in ("write", "create"):
                        found.add((path.relative_to(root).as_posix(), function.name))
    return found


def test_exactly_one_function_writes_to_a_workbook():
    assert {name for _, name in writers()} == {"write_all"}
    assert len(writers()) == 1


def test_the_scan_finds_a_write_outside_storage_only(tmp_path):
    (tmp_path / "storage").mkdir()
    (tmp_path / "stray.py").write_text("def sneak(book):\n    book.write({})\n", encoding="utf-8")
    (tmp_path / "storage" / "xlsx.py").write_text("def save(book):\n    book.create({})\n", encoding="utf-8")
    assert writers(tmp_path) == {("stray.py", "sneak")}
