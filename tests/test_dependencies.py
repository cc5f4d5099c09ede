"""Every package the code imports is declared in pyproject.toml: hostkit's own imports among the dependencies,
the tests' and benchmarks' among those or the `test` extra. A package that only arrives through another
(requests through gspread, say) could vanish with that package's next release."""

import ast
import importlib.metadata
import re
import sys
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

ROOT = Path(__file__).parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
STDLIB = set(sys.stdlib_module_names) | {"tomllib"}  # in the standard library from Python 3.11
LOCAL = {"hostkit", "tests", "benchmarks"} | {p.stem for p in (ROOT / "benchmarks").glob("*.py")}
LOCAL |= {p.stem for p in (ROOT / "tests").rglob("*.py")}


def declared(requirements: list[str]) -> set[str]:
    return {_normal(re.split(r"[\s;<>=!~\[]", r, maxsplit=1)[0]) for r in requirements}


def imported(folder: str) -> dict[str, Path]:
    """Each top-level module imported anywhere under the folder (inside functions too), with one file naming it."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                found.setdefault(_top(name), path)
    return {m: p for m, p in found.items() if m not in STDLIB and m not in LOCAL}


def _top(name: str) -> str:
    """The import name that a distribution provides: `google.auth` for the google namespace, else the first part."""
    parts = name.split(".")
    return ".".join(parts[:2]) if parts[0] == "google" and len(parts) > 1 else parts[0]


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def distributions(module: str) -> set[str]:
    owners = importlib.metadata.packages_distributions()
    top, _, sub = module.partition(".")
    names = set(owners.get(top, ()))
    if sub:  # a namespace package: the distributions whose files hold this part of it
        names = {n for n in names if any(f"{top}/{sub}/" in str(f) for f in importlib.metadata.files(n) or ())}
    return {_normal(n) for n in names}


RUNTIME = declared(PROJECT["dependencies"])
TESTING = RUNTIME | declared(PROJECT["optional-dependencies"]["test"])


@pytest.mark.parametrize(("folder", "allowed"), [("hostkit", RUNTIME), ("tests", TESTING), ("benchmarks", TESTING)])
def test_every_imported_package_is_declared(folder, allowed):
    undeclared = {
        module: f"{path.relative_to(ROOT)} (from {', '.join(sorted(distributions(module))) or 'nowhere'})"
        for module, path in imported(folder).items()
        if not (distributions(module) | {_normal(module)}) & allowed  # tomli: declared for Pythons before 3.11
    }
    assert not undeclared, f"imported but not declared in pyproject.toml: {undeclared}"


def test_the_test_catches_an_undeclared_package():
    assert distributions("gspread") & RUNTIME
    assert not distributions("openpyxl") & RUNTIME  # the tests build workbooks with it; hostkit does not need it
    assert distributions("google.auth") == {"google-auth"}
