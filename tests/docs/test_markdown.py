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
