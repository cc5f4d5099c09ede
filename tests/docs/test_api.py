"""docs/api.md's example runs as written, on the demo workbook, without importing click."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from hostkit.cli import main

ROOT = Path(__file__).parents[2]


def test_the_api_pages_example_runs(tmp_path):
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    example = re.search(r"```python\n(.*?)```", text, re.S)
    assert example is not None
    assert CliRunner().invoke(main, ["demo", "--book", str(tmp_path / "demo.xlsx")]).exit_code == 0
    check = "\nimport sys\nassert 'click' not in sys.modules\n"
    done = subprocess.run(
        [sys.executable, "-c", example.group(1) + check], cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Round 1") and lines[1].endswith("problems")
    assert lines[-1].startswith("over")


def test_the_api_page_names_exactly_the_public_face():
    import hostkit

    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`hostkit\.([A-Za-z][A-Za-z_]*)\b", text))
    assert named == set(hostkit.__all__), (sorted(named - set(hostkit.__all__)), sorted(set(hostkit.__all__) - named))
    assert all(getattr(hostkit, name) is not None for name in hostkit.__all__)


def test_every_season_refusal_is_the_one_refused():
    import hostkit
    from hostkit.core import season

    assert season.Refused is hostkit.Refused and hostkit.Refused.exit_code == 1
