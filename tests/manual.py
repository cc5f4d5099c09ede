"""The manual as a reader finds it: README.md and every page under docs/."""

from pathlib import Path

ROOT = Path(__file__).parents[1]


def manual_text() -> str:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)
