"""docs/architecture.md names every module under hostkit/, each in the part of the page for its package, and no
module is longer than a reader holds in mind (400 lines)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parents[2]
LABEL = re.compile(r"^(hostkit/(?:\S+/)?|  [a-z_]+/)(?=\s)", re.M)


def sections() -> dict[str, str]:
    """Each package's label on the page (hostkit/, hostkit/core/, hap_tac_toe/ ...) and the text it heads."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    block = text.split("```")[1]
    found = list(LABEL.finditer(block))
    return {
        m.group(1).strip(): block[m.end() : found[i + 1].start() if i + 1 < len(found) else len(block)]
        for i, m in enumerate(found)
    }


def test_every_module_is_named_where_its_package_is_described():
    described = sections()
    missing = []
    for path in sorted((ROOT / "hostkit").rglob("*.py")):
        if path.name in ("__init__.py", "__main__.py"):
            continue
        package = path.parent.relative_to(ROOT).as_posix() + "/"
        label = package if package.count("/") <= 2 else path.parent.name + "/"
        if not re.search(rf"\b{re.escape(path.name)}\b", described.get(label, "")):
            missing.append(f"{label}{path.name}")
    assert missing == []


def test_no_module_is_over_400_lines():
    long = {
        str(path.relative_to(ROOT)): lines
        for path in (ROOT / "hostkit").rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 400
    }
    assert long == {}
