"""Every Markdown page renders cleanly: fences closed, every table with its header row, relative links found."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).parents[2]
PAGES = sorted(
    [
        ROOT / "README.md",
        ROOT / "CHANGELOG.md",
        *(ROOT / "docs").rglob("*.md"),
        *(ROOT / "sheets_templates").glob("*.md"),
    ]
)
PARSER = MarkdownIt("commonmark").enable("table")


def names(page: Path) -> str:
    return str(page.relative_to(ROOT))


def blocks(page: Path) -> tuple[list, list[str]]:
    text = page.read_text(encoding="utf-8")
    return PARSER.parse(text), text.split("\n")


@pytest.mark.parametrize("page", PAGES, ids=names)
def test_every_fence_is_closed(page):
    tokens, lines = blocks(page)
    for token in tokens:
        if token.type == "fence" and token.map:
            last = lines[token.map[1] - 1].strip() if token.map[1] <= len(lines) else ""
            assert last.startswith(token.markup), (
                f"{names(page)} line {token.map[0] + 1}: the code fence is never closed"
            )


FENCE = re.compile(r"\s*(`{3,}|~{3,})(.*)")


def unclosed_fence(lines: list[str]) -> str | None:
    """Where a fence is left open, read line by line as a renderer does: a fence closes at the first fence line
    of its kind with no info string, so a line like ```sh met inside an open fence means one was never closed."""
    opened: tuple[int, str] | None = None
    for number, line in enumerate(lines, start=1):
        found = FENCE.fullmatch(line)
        if found is None:
            continue
        marker, info = found.groups()
        if opened is None:
            opened = (number, marker)
        elif marker[0] == opened[1][0] and len(marker) >= len(opened[1]):
            if info.strip():
                return f"line {opened[0]}: the code fence is never closed (line {number} opens another inside it)"
            opened = None
    return None if opened is None else f"line {opened[0]}: the code fence is never closed"


@pytest.mark.parametrize("page", PAGES, ids=names)
def test_no_fence_is_left_open_wherever_it_opens(page):
    found = unclosed_fence(page.read_text(encoding="utf-8").split("\n"))
    assert found is None, f"{names(page)} {found}"


def test_a_fence_left_open_is_found():
    assert unclosed_fence(["```sh", "a", "```", "text"]) is None
    assert unclosed_fence(["text", "```json", "{}"]) == "line 2: the code fence is never closed"
    assert unclosed_fence(["```text", "a", "b", "```sh", "c", "```"]).startswith("line 1: ")


@pytest.mark.parametrize("page", PAGES, ids=names)
def test_every_table_has_its_header_row(page):
    tokens, lines = blocks(page)
    covered = set()
    for token in tokens:
        if token.type in ("table_open", "fence", "code_block") and token.map:
            covered.update(range(token.map[0], token.map[1]))
    for number, line in enumerate(lines):
        if line.startswith("|") and number not in covered:
            raise AssertionError(f"{names(page)} line {number + 1}: a table row outside any table (no header row?)")


@pytest.mark.parametrize("page", PAGES, ids=names)
def test_every_relative_link_finds_its_page(page):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#")[0]).resolve()
        assert path.exists(), f"{names(page)} links to {target}, which does not exist"


def test_one_page_per_registered_game():
    from hostkit.games import GAMES

    assert {p.stem for p in (ROOT / "docs" / "games").glob("*.md")} == set(GAMES)


def test_the_readme_is_a_short_front_door():
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300


BUILDING = re.compile(r"\bissues?\b|\btests?\b|\bpytest\b|hostkit/(?:core|games|cli|storage|delivery)/", re.I)
"""How the project is built: spoken of only in docs/architecture.md (and the benchmarks' docs/performance.md)."""


@pytest.mark.parametrize(
    "page", [p for p in PAGES if p.name not in ("architecture.md", "performance.md", "CHANGELOG.md")], ids=names
)
def test_no_page_but_architecture_speaks_of_issues_tests_or_code(page):
    text = page.read_text(encoding="utf-8")
    if page.name == "README.md":  # its Set up section says how to install and run the tests
        text = re.sub(r"## Set up\n.*?(?=\n## )", "", text, flags=re.S)
    for line in text.split("\n"):
        found = BUILDING.search(line)
        assert found is None, f"{names(page)}: {found.group()!r} in {line.strip()!r}"
